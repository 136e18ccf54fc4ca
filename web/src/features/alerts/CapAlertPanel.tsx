import { Button, Flex, Loader, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import type { Status } from '@shared/schemas/common';
import { capAlertInputSchema, type CapAlertSettings, type Space } from '@shared/schemas/venues';
import { MAX_CAP_ALERT_URLS } from '@shared/venues';
import { spacesRoutes } from '@shared/api/spaces-routes';
import { callRoute } from '@web/api/call';
import { revalidateAfter, useCapAlerts, venuePaths } from '../venues/api';
import { showServerErrors } from '@web/components/form';
import { StatusBadge } from '@web/components/StatusBadge';
import { CapAlertsInForce } from './CapAlertsInForce';

/** The form holds the URLs; the status is the switch's and goes with every save. */
const urlsSchema = capAlertInputSchema.pick({ cap_alert_urls: true });
interface CapForm {
  cap_alert_urls: { url: string }[];
}
type CapOutput = z.output<typeof urlsSchema>;

/** The save reply carries its message at `data.message` (docs/product/client-area.md §7 "Alerts"). */
type CapReply = { result: CapAlertSettings; data?: { message?: string } };

/**
 * A space's emergency alert feeds (docs/product/client-area.md §2 "CAP alert panel"): a list of feed URLs with
 * add and remove, and an Active/Inactive toggle that saves the settings at once. Saved as
 * `cap_alert_urls` (JSON text of `[{ url }]`) and `cap_alert_status`; the reply's message is read
 * from `data.message`. Read-only for a person who may not edit the space. Below, the alerts in
 * force and how each feed last read (CapAlertsInForce).
 */
export function CapAlertPanel({ space, canEdit }: { space: Space; canEdit: boolean }) {
  return (
    <Flex direction="column" gap="large">
      <CapAlertSettingsView space={space} canEdit={canEdit} />
      <CapAlertsInForce spaceId={space.id} />
    </Flex>
  );
}

function CapAlertSettingsView({ space, canEdit }: { space: Space; canEdit: boolean }) {
  const { data } = useCapAlerts(space.id);
  if (!data) return <Loader ariaLabel="Loading alert settings" />;
  if (!canEdit) {
    return (
      <Flex direction="column" gap="small">
        <Flex alignItems="center" gap="small">
          <Text>Status</Text>
          <StatusBadge status={data.cap_alert_status} />
        </Flex>
        {data.cap_alert_urls.length === 0 ? (
          <Text color="font.secondary">No alert feeds.</Text>
        ) : (
          <Flex as="ul" direction="column" gap="xxs" margin="0" aria-label="Alert feed URLs">
            {data.cap_alert_urls.map((entry) => (
              <li key={entry.url}>{entry.url}</li>
            ))}
          </Flex>
        )}
      </Flex>
    );
  }
  return <CapAlertForm space={space} settings={data} />;
}

function CapAlertForm({ space, settings }: { space: Space; settings: CapAlertSettings }) {
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState<{ what: 'urls' | 'status'; status: Status } | null>(null);
  const form = useForm<CapForm, unknown, CapOutput>({
    resolver: zodResolver(urlsSchema) as unknown as Resolver<CapForm, unknown, CapOutput>,
    mode: 'onTouched',
    defaultValues: { cap_alert_urls: settings.cap_alert_urls },
  });
  // The rows are controlled fields of one array (not useFieldArray, which would add its code to
  // the shared form chunk the sign-in page loads): removing a row re-reads the values below it.
  const urls = useWatch({ control: form.control, name: 'cap_alert_urls' });
  const setUrls = (next: CapForm['cap_alert_urls']) => {
    form.clearErrors('cap_alert_urls');
    form.setValue('cap_alert_urls', next, { shouldDirty: true });
  };

  /** Saves the form's URLs with `nextStatus` (the toggle saves too, docs/product/client-area.md §2). */
  const send = (nextStatus: Status, what: 'urls' | 'status') =>
    form.handleSubmit(async (values) => {
      setSaving({ what, status: nextStatus });
      try {
        const reply = (await callRoute(spacesRoutes['save-cap-alerts'], {
          params: { spaceId: space.id },
          body: {
            cap_alert_urls: JSON.stringify(values.cap_alert_urls.map(({ url }) => ({ url }))),
            cap_alert_status: nextStatus,
          },
        })) as CapReply;
        toast.success(reply.data?.message || 'Saved');
        form.reset({ cap_alert_urls: reply.result.cap_alert_urls });
        // The settings (and with them the switch) come from the swr entry, which holds the reply.
        await Promise.all([
          mutate(venuePaths.capAlerts(space.id), reply.result, { revalidate: false }),
          revalidateAfter(mutate, 'space'),
          // The feeds' list follows the URLs saved.
          mutate(venuePaths.capAlertsInForce(space.id)),
        ]);
      } catch (error) {
        // Toasted by the fetch client; a URL's error goes under it.
        showServerErrors(error, form.setError, ['cap_alert_urls']);
      } finally {
        setSaving(null);
      }
    })();
  // While the switch's save runs, the status it asks for.
  const shown = saving?.what === 'status' ? saving.status : settings.cap_alert_status;

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      aria-label="Alert feeds"
      onSubmit={(event) => {
        event.preventDefault();
        void send(settings.cap_alert_status, 'urls');
      }}
    >
      <SwitchField
        label={`Status: ${shown}`}
        labelPosition="end"
        isChecked={shown === 'Active'}
        isDisabled={saving !== null}
        onChange={(event) => void send(event.target.checked ? 'Active' : 'Inactive', 'status')}
        trackCheckedColor="green.60"
      />
      <Flex as="fieldset" direction="column" gap="small" padding="0" margin="0" style={{ border: 'none' }}>
        <Text as="legend" fontWeight="bold" padding="0" marginBottom="xs">
          Alert feed URLs
        </Text>
        {urls.length === 0 && <Text color="font.secondary">No alert feeds yet.</Text>}
        {urls.map((_, index) => (
          <Flex key={index} alignItems="flex-start" gap="small">
            <Controller
              control={form.control}
              name={`cap_alert_urls.${index}.url`}
              render={({ field, fieldState }) => (
                <TextField
                  label={`Feed URL ${index + 1}`}
                  type="url"
                  placeholder="https://"
                  flex="1"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  hasError={!!fieldState.error}
                  errorMessage={fieldState.error?.message}
                />
              )}
            />
            <Button
              marginTop="xl"
              aria-label={`Remove feed URL ${index + 1}`}
              onClick={() => setUrls(form.getValues('cap_alert_urls').filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </Flex>
        ))}
        {urls.length < MAX_CAP_ALERT_URLS && (
          <Button
            alignSelf="flex-start"
            size="small"
            onClick={() => setUrls([...form.getValues('cap_alert_urls'), { url: '' }])}
          >
            Add URL
          </Button>
        )}
      </Flex>
      <Flex gap="small">
        <Button type="submit" variation="primary" isLoading={saving?.what === 'urls'} loadingText="Saving">
          Save
        </Button>
      </Flex>
    </Flex>
  );
}
