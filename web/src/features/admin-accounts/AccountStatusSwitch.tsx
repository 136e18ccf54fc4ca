import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Account } from '@shared/schemas/accounts';
import { accountChanged, setAccountStatus } from './api';
import { StatusSwitch } from '@web/components/StatusSwitch';

/** The account's status toggle, saved at once: GET /admin/account/{id}/{status}. */
export function AccountStatusSwitch({ account, label }: { account: Account; label?: string }) {
  const { mutate } = useSWRConfig();
  return (
    <StatusSwitch
      status={account.status}
      label={label ?? `Status of ${account.name}`}
      save={async (next) => {
        const reply = await setAccountStatus(account.id, next);
        toast.success(reply.message ?? 'Account updated');
        await accountChanged(mutate, reply.result);
      }}
    />
  );
}
