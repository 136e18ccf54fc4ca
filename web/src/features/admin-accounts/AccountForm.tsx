import { Flex, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { newAccountSchema, updateAccountSchema, type Account } from '@shared/schemas/accounts';
import { accountsRoutes } from '@shared/api/accounts-routes';
import { accountChanged } from './api';
import { usePackages } from '../platform/api';
import { callRoute } from '@web/api/call';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { LogoPicker, uploadLogo, type PendingLogo } from '@web/components/LogoPicker';

type AccountInput = z.input<typeof newAccountSchema>;
type AccountOutput = z.output<typeof newAccountSchema>;

const fields: Path<AccountInput>[] = [
  'name',
  'package_id',
  'package_start_date',
  'package_end_date',
  'address',
  'city',
  'state',
  'country',
  'zipcode',
  'domain',
  'admin_first_name',
  'admin_last_name',
  'admin_email',
  'admin_password',
];

/**
 * Add or edit an account (docs/product/admin-and-auth.md §2 "Accounts list", §5): name, package (an active one;
 * an account keeps its current package even when that is no longer active), package dates,
 * address, domain and logo; a new account also names its first Account Admin, whose password is
 * optional — without one they are e-mailed a link to set it. Blank optional fields are cleared;
 * the logo is sent only when a new one was chosen. Saving is blocked while the form has errors.
 */
export function AccountForm({
  account,
  onSaved,
  onCancel,
}: {
  account: Account | null;
  onSaved: (saved: Account) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const { data: packages } = usePackages();
  const [logo, setLogo] = useState<PendingLogo | null>(null);
  // One form for both: the edit schema knows no admin fields, and drops them.
  const resolver = (account ? zodResolver(updateAccountSchema) : zodResolver(newAccountSchema)) as Resolver<
    AccountInput,
    unknown,
    AccountOutput
  >;
  const form = useForm<AccountInput, unknown, AccountOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      name: account?.name ?? '',
      package_id: account?.package_id ?? '',
      package_start_date: account?.package_start_date ?? '',
      package_end_date: account?.package_end_date ?? '',
      address: account?.address ?? '',
      city: account?.city ?? '',
      state: account?.state ?? '',
      country: account?.country ?? '',
      zipcode: account?.zipcode ?? '',
      domain: account?.domain ?? '',
      admin_first_name: '',
      admin_last_name: '',
      admin_email: '',
      admin_password: '',
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });

  const choices = (packages ?? []).filter((p) => p.status === 'Active' || p.id === account?.package_id);

  const save = form.handleSubmit(async (values) => {
    try {
      const logo_uri = logo ? await uploadLogo(logo, 'admin') : undefined;
      const body = { ...values, ...(logo_uri ? { logo_uri } : {}) };
      const reply = account
        ? await callRoute(accountsRoutes['update-account'], { params: { id: account.id }, body })
        : await callRoute(accountsRoutes['create-account'], { body });
      toast.success(reply.message ?? (account ? 'Account updated' : 'Account created'));
      await accountChanged(mutate, reply.result);
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client; field errors (a taken e-mail or domain) go under their fields.
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
      aria-label={account ? 'Edit account' : 'Add account'}
    >
      <TextField label="Account name" isRequired maxLength={30} {...fieldProps(form, 'name')} />
      {/* Controlled: the packages arrive after the form, and the choice must show once they do. */}
      <Controller
        control={form.control}
        name="package_id"
        render={({ field, fieldState }) => (
          <SelectField
            label="Package"
            isRequired
            placeholder={packages ? 'Choose a package' : 'Loading packages…'}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            hasError={!!fieldState.error}
            errorMessage={fieldState.error?.message}
          >
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.status === 'Active' ? p.name : `${p.name} (inactive)`}
              </option>
            ))}
          </SelectField>
        )}
      />
      <Flex gap="small" wrap="wrap">
        <TextField
          label="Package start date"
          type="date"
          isRequired
          flex="1"
          {...fieldProps(form, 'package_start_date')}
        />
        <TextField
          label="Package end date"
          type="date"
          isRequired
          flex="1"
          {...fieldProps(form, 'package_end_date')}
        />
      </Flex>
      <TextField label="Address" maxLength={25} {...fieldProps(form, 'address')} />
      <Flex gap="small" wrap="wrap">
        <TextField label="City" maxLength={25} flex="1" {...fieldProps(form, 'city')} />
        <TextField label="State" maxLength={25} flex="1" {...fieldProps(form, 'state')} />
      </Flex>
      <Flex gap="small" wrap="wrap">
        <TextField label="Country" maxLength={25} flex="1" {...fieldProps(form, 'country')} />
        <TextField label="Zip code" maxLength={20} flex="1" {...fieldProps(form, 'zipcode')} />
      </Flex>
      <TextField label="Domain" placeholder="example.com" maxLength={100} {...fieldProps(form, 'domain')} />
      <LogoPicker currentUrl={account?.logo_url ?? null} accountName={name} onChange={setLogo} />
      {!account && (
        <Flex as="fieldset" direction="column" gap="medium" padding="0" margin="0" style={{ border: 'none' }}>
          <Text as="legend" fontWeight="bold" padding="0" marginBottom="small">
            Account Admin
          </Text>
          <TextField label="First name" isRequired maxLength={30} {...fieldProps(form, 'admin_first_name')} />
          <TextField label="Last name" maxLength={30} {...fieldProps(form, 'admin_last_name')} />
          <TextField
            label="E-mail"
            type="email"
            isRequired
            maxLength={100}
            {...fieldProps(form, 'admin_email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            maxLength={50}
            descriptiveText="Optional. Without a password, the Account Admin receives an e-mail with a link to set one, valid for 72 hours."
            {...fieldProps(form, 'admin_password')}
          />
        </Flex>
      )}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
