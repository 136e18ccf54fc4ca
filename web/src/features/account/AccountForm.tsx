import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import type { ClientMe } from '@shared/schemas/me';
import { clientAccountSchema } from '@shared/schemas/team';
import { updateAccount } from './api';
import { keys } from '@web/api/hooks';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { LogoPicker, uploadLogo, type PendingLogo } from '@web/components/LogoPicker';

type AccountInput = z.input<typeof clientAccountSchema>;
type AccountOutput = z.output<typeof clientAccountSchema>;
const fields: Path<AccountInput>[] = ['name', 'address', 'city', 'state', 'country', 'zipcode', 'logo_uri'];

/** The Account Info form: saved with PUT /client/account; the header shows the change at once. */
export function AccountForm({ me, onDone }: { me: ClientMe; onDone: () => void }) {
  const { mutate } = useSWRConfig();
  const { account } = me;
  const [logo, setLogo] = useState<PendingLogo | null>(null);
  const form = useForm<AccountInput, unknown, AccountOutput>({
    resolver: zodResolver(clientAccountSchema),
    mode: 'onTouched',
    defaultValues: {
      name: account.name,
      address: account.address ?? '',
      city: account.city ?? '',
      state: account.state ?? '',
      country: account.country ?? '',
      zipcode: account.zipcode ?? '',
    },
  });
  const save = form.handleSubmit(async (values) => {
    try {
      const logo_uri = logo ? await uploadLogo(logo, 'client') : undefined;
      const reply = await updateAccount({
        ...values,
        ...(logo_uri ? { logo_uri } : {}),
      });
      toast.success(reply.message ?? 'Success');
      await Promise.all([
        mutate(keys.me('client'), (current: ClientMe | undefined) =>
          current ? { ...current, account: reply.result } : current,
        ),
        mutate(keys.aboutMe),
      ]);
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });
  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save} aria-label="Account Info">
      <TextField label="Account name" isRequired maxLength={30} {...fieldProps(form, 'name')} />
      <TextField label="Package" value={me.package.name} isReadOnly />
      <TextField label="Street address" isRequired maxLength={25} {...fieldProps(form, 'address')} />
      <TextField label="City" isRequired maxLength={25} {...fieldProps(form, 'city')} />
      <TextField label="State" maxLength={25} {...fieldProps(form, 'state')} />
      <TextField label="Zip code" maxLength={20} {...fieldProps(form, 'zipcode')} />
      <TextField label="Country" isRequired maxLength={25} {...fieldProps(form, 'country')} />
      <LogoPicker currentUrl={account.logo_url} accountName={account.name} onChange={setLogo} />
      <FormActions form={form} onCancel={onDone}>
        Save
      </FormActions>
    </Flex>
  );
}
