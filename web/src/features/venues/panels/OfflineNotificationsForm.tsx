import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import {
  offlineNotificationSchema,
  type OfflineNotificationInput,
  type Screen,
} from '@shared/schemas/venues';
import { OFFLINE_FREQUENCIES } from '@shared/venues';
import { screensRoutes } from '@shared/api/screens-routes';
import { callRoute } from '@web/api/call';
import { revalidateAfter } from '../api';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { ControlledSelect } from './fields';

type Output = z.output<typeof offlineNotificationSchema>;

const fields: Path<OfflineNotificationInput>[] = [
  'offline_notification_recipient',
  'offline_notification_frequency',
];

/**
 * Who is e-mailed when a screen goes offline, and how often (docs/product/client-area.md §2 "Screen offline
 * notifications panel"): addresses separated by commas, sent as one comma string.
 */
export function OfflineNotificationsForm({
  screen,
  onSaved,
  onCancel,
}: {
  screen: Screen;
  onSaved: (saved: Screen) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<OfflineNotificationInput, unknown, Output>({
    resolver: zodResolver(offlineNotificationSchema) as Resolver<OfflineNotificationInput, unknown, Output>,
    mode: 'onTouched',
    defaultValues: {
      offline_notification_recipient: screen.offline_notification_recipient,
      offline_notification_frequency: screen.offline_notification_frequency,
    },
  });

  const save = form.handleSubmit(async (values) => {
    try {
      const reply = await callRoute(screensRoutes['update-offline-notification'], {
        params: { id: screen.id },
        body: {
          offline_notification_recipient: values.offline_notification_recipient.join(','),
          offline_notification_frequency: values.offline_notification_frequency,
        },
      });
      toast.success(reply.message ?? 'Updated offline notification settings');
      await revalidateAfter(mutate, 'screen');
      onSaved(reply.result);
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={save}
      aria-label="Screen Offline Notifications"
    >
      <TextField
        label="Recipients"
        autoComplete="off"
        descriptiveText="E-mail addresses, separated by commas."
        {...fieldProps(form, 'offline_notification_recipient')}
      />
      <ControlledSelect control={form.control} name="offline_notification_frequency" label="Frequency">
        {OFFLINE_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {frequency}
          </option>
        ))}
      </ControlledSelect>
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
