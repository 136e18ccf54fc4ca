import { Flex, SwitchField, Text } from '@aws-amplify/ui-react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * The Active/Inactive toggle of an edit form (docs/product/admin-and-auth.md §2: shown only when editing), saved
 * with the form. `note` says why it is disabled; a server error for the status shows under it.
 */
export function StatusField<T extends FieldValues, O>({
  control,
  name,
  isDisabled = false,
  note,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  isDisabled?: boolean;
  note?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Flex direction="column" gap="xxs">
          <SwitchField
            label={`Status: ${field.value ?? 'Active'}`}
            labelPosition="end"
            isChecked={field.value === 'Active'}
            isDisabled={isDisabled}
            onChange={(event) => field.onChange(event.target.checked ? 'Active' : 'Inactive')}
            name={field.name}
            hasError={!!fieldState.error}
            errorMessage={fieldState.error?.message}
          />
          {note && (
            <Text fontSize="small" color="font.secondary">
              {note}
            </Text>
          )}
        </Flex>
      )}
    />
  );
}
