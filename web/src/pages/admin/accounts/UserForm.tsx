import { Flex, PasswordField, SelectField, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import type { ClientRole } from '../../../../../shared/roles';
import {
  newAccountUserSchema,
  updateAccountUserSchema,
  type AccountUser,
} from '../../../../../shared/schemas/accounts';
import { accountPaths } from '../../../api/admin-accounts';
import { showServerErrors } from '../../../api/admin-platform';
import { api } from '../../../api/client';
import { fieldProps, FormActions } from '../../../components/form';

type UserInput = z.input<typeof newAccountUserSchema>;
type UserOutput = z.output<typeof newAccountUserSchema>;

const fields: Path<UserInput>[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'user_role',
  'phone_no',
  'cell_no',
  'pin_number',
];

/**
 * Add or edit a user of an account (admin-and-auth §2 "Account users screen", §5): names,
 * e-mail, password (on add only: the API sets no other user's password), a role the account's
 * package allows, phone, cell and PIN (four digits; left blank on add, a free one is chosen).
 * Blank optional fields are cleared. Saving is blocked while the form has errors.
 */
export function UserForm({
  accountId,
  user,
  roles,
  onSaved,
  onCancel,
}: {
  accountId: string;
  user: AccountUser | null;
  /** The roles the account's package allows. */
  roles: readonly ClientRole[];
  onSaved: (saved: AccountUser) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  // One form for both: the edit schema knows no password, and drops it.
  const resolver = (
    user ? zodResolver(updateAccountUserSchema) : zodResolver(newAccountUserSchema)
  ) as Resolver<UserInput, unknown, UserOutput>;
  const form = useForm<UserInput, unknown, UserOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      password: '',
      user_role: user?.user_role ?? ('' as ClientRole),
      phone_no: user?.phone_no ?? '',
      cell_no: user?.cell_no ?? '',
      pin_number: user?.pin_number ?? '',
    },
  });
  // A user keeps a role the package no longer allows until it is changed.
  const choices = user && !roles.includes(user.user_role) ? [...roles, user.user_role] : roles;

  const save = form.handleSubmit(async (values) => {
    try {
      const reply = user
        ? await api.put<AccountUser>(accountPaths.user(user.id), values)
        : await api.post<AccountUser>(accountPaths.accountUsers(accountId), values);
      toast.success(reply.message ?? (user ? 'User updated' : 'User created'));
      await Promise.all([
        mutate(accountPaths.accountUsers(accountId)),
        mutate(accountPaths.account(accountId)),
        mutate(accountPaths.dashboard),
        mutate(accountPaths.recentUsers),
      ]);
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client; field errors (a taken e-mail or PIN, a role) go under their fields.
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
      aria-label={user ? 'Edit user' : 'Add user'}
    >
      <TextField label="First name" isRequired maxLength={30} {...fieldProps(form, 'first_name')} />
      <TextField label="Last name" maxLength={30} {...fieldProps(form, 'last_name')} />
      <TextField label="E-mail" type="email" isRequired maxLength={100} {...fieldProps(form, 'email')} />
      {!user && (
        <PasswordField
          label="Password"
          isRequired
          autoComplete="new-password"
          maxLength={50}
          {...fieldProps(form, 'password')}
        />
      )}
      <SelectField label="Role" isRequired placeholder="Choose a role" {...fieldProps(form, 'user_role')}>
        {choices.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </SelectField>
      <TextField label="Phone" type="tel" maxLength={20} {...fieldProps(form, 'phone_no')} />
      <TextField label="Cell" type="tel" maxLength={20} {...fieldProps(form, 'cell_no')} />
      <TextField
        label="PIN"
        inputMode="numeric"
        maxLength={4}
        descriptiveText={
          user ? 'Four digits, unique in the account.' : 'Four digits. Left blank, one is chosen.'
        }
        {...fieldProps(form, 'pin_number')}
      />
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
