import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_INVITEES, type EventInput } from '@shared/schemas/event';
import { useInvitees } from '../api';
import { fieldProps } from '@web/components/form';
import type { EventFormFields } from './formFields';

/**
 * The invitees of the event form (docs/product/client-area.md §2 "Event form"): rows of an e-mail, picked from the
 * account's earlier invitees or typed, and a name; add and remove buttons, one row always kept.
 * Picking a known address fills an empty name. Rows stop at the most a booking may invite, and a
 * message about the list as a whole shows under it.
 */
export function InviteeRows({ form }: { form: UseFormReturn<EventFormFields, unknown, EventInput> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'invites_list' });
  const { data: known } = useInvitees();
  const listId = useId();
  const listError = form.formState.errors.invites_list;
  const listMessage = listError?.message ?? listError?.root?.message;

  const picked = (index: number, email: string) => {
    const match = known?.find((invitee) => invitee.email.toLowerCase() === email.trim().toLowerCase());
    if (match?.name && !form.getValues(`invites_list.${index}.name`))
      form.setValue(`invites_list.${index}.name`, match.name);
  };

  return (
    <Flex as="fieldset" direction="column" gap="small" padding="0" margin="0" style={{ border: 'none' }}>
      <Text as="legend" padding="0" marginBottom="xxs" fontWeight="bold">
        Invitees
      </Text>
      <datalist id={listId}>
        {(known ?? []).map((invitee) => (
          <option key={invitee.email} value={invitee.email}>
            {invitee.name ?? invitee.email}
          </option>
        ))}
      </datalist>
      {fields.map((row, index) => {
        const email = fieldProps(form, `invites_list.${index}.email`);
        return (
          <Flex key={row.id} gap="small" alignItems="flex-start">
            <TextField
              label={`Invitee ${index + 1} e-mail`}
              type="email"
              list={listId}
              autoComplete="off"
              maxLength={100}
              flex="2"
              {...email}
              onChange={(event) => {
                void email.onChange(event);
                picked(index, event.target.value);
              }}
            />
            <TextField
              label={`Invitee ${index + 1} name`}
              maxLength={100}
              flex="2"
              {...fieldProps(form, `invites_list.${index}.name`)}
            />
            <Button
              aria-label={`Remove invitee ${index + 1}`}
              variation="link"
              alignSelf="flex-end"
              isDisabled={fields.length === 1}
              onClick={() => remove(index)}
            >
              ×
            </Button>
          </Flex>
        );
      })}
      {listMessage && (
        <Text role="alert" color="font.error" fontSize="small">
          {listMessage}
        </Text>
      )}
      <Button
        size="small"
        alignSelf="flex-start"
        aria-label="Add invitee"
        isDisabled={fields.length >= MAX_INVITEES}
        onClick={() => append({ email: '', name: '' })}
      >
        + Invitee
      </Button>
    </Flex>
  );
}
