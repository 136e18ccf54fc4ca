import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { ClientMe } from '@shared/schemas/me';
import { resetOwnPin } from '../account/api';
import { keys } from '../../api/hooks';

/** The read-only PIN with a Refresh button that asks the server for a new unique PIN. */
export function PinField({ me }: { me: ClientMe }) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  const refreshPin = async () => {
    setBusy(true);
    try {
      const reply = await resetOwnPin();
      await mutate(keys.me('client'), { ...me, pin_number: reply.result.pin_number }, { revalidate: false });
      toast.success(reply.message ?? 'PIN updated');
    } catch {
      // Toasted by the fetch client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex alignItems="flex-end" gap="small">
      <TextField label="PIN" value={me.pin_number ?? ''} isReadOnly flex="1" />
      {/* A super admin acting as the user may not change their PIN: the server refuses it. */}
      {!me.impersonated_by && (
        <Button onClick={() => void refreshPin()} isLoading={busy} loadingText="Refreshing">
          Refresh PIN
        </Button>
      )}
    </Flex>
  );
}
