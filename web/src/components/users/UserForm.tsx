import { Button, Flex, PasswordField, SelectField, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type * as z from 'zod';
import type { ClientRole } from '@shared/roles';
import { newAccountUserSchema, updateAccountUserSchema, type AccountUser } from '@shared/schemas/accounts';
import { newTeamUserSchema, teamUserChangesSchema, updateTeamUserSchema } from '@shared/schemas/team';
import type { ApiReply } from '../../api/client';
import type { Area } from '../../auth/session';
import { initials } from '../../format';
import { fieldProps, FormActions, showServerErrors } from '../form';
import { PhotoPicker, uploadPhoto, type PendingPhoto } from '../photo/PhotoPicker';

type UserInput = z.input<typeof newAccountUserSchema> & { password_confirmation?: string };
type UserOutput = z.output<typeof newAccountUserSchema>;

const fields: Path<UserInput>[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'user_role',
  'phone_no',
  'cell_no',
  'pin_number',
];

/** What the form's save is sent as: the form's values, and the photo's upload key when one was chosen. */
export type UserBody = UserOutput & { photo_uri?: string };

/** How the form saves: `create` a new user, `update(id)` an existing one (each its area's route). */
export interface UserEndpoints {
  create: (body: UserBody) => Promise<ApiReply<AccountUser>>;
  update: (id: string, body: UserBody) => Promise<ApiReply<AccountUser>>;
}

/**
 * The schema of each save, by area: the client area's require last_name (docs/product/client-area.md §5); the
 * admin area's do not (docs/product/admin-and-auth.md §5), take no PIN (not shown to super admins, §6; the API
 * chooses one on add) and, on edit, no cell (PUT /admin/users/{id} takes none, §7). The edit
 * schemas know no password unless one is being set; each drops what it does not know.
 */
const schemas = {
  client: {
    add: newTeamUserSchema,
    edit: teamUserChangesSchema,
    editWithPassword: updateTeamUserSchema,
  },
  admin: {
    add: newAccountUserSchema.omit({ pin_number: true }),
    edit: updateAccountUserSchema.omit({ pin_number: true }),
    editWithPassword: null,
  },
} as const;

/**
 * Add or edit a user of an account (docs/product/client-area.md §2 "User panel", §5; docs/product/admin-and-auth.md §2 "Account
 * users screen"): names, e-mail, password (on add), a role the account's package allows, phone,
 * cell and, in the client area, the PIN (four digits; left blank on add, a free one is chosen)
 * and a photo. The admin area's form has no PIN (docs/product/admin-and-auth.md §6) and no cell on edit. Blank
 * optional fields are cleared. With `canSetPassword` (an Account Admin editing another user), a
 * Change password action adds the new password and its repeat to the save. A photo chosen is
 * cropped; Save uploads it through the client area's presigned upload and sends its key (left
 * unchanged, the photo stays). Saving is blocked while the form has errors; `revalidate`
 * refreshes what the save changed.
 */
export function UserForm({
  area,
  user,
  roles,
  endpoints,
  revalidate,
  canSetPassword = false,
  onSaved,
  onCancel,
}: {
  /** Whose form it is: the client area's Account section, or the admin area's account users. */
  area: Area;
  user: AccountUser | null;
  /** The roles the account's package allows. */
  roles: readonly ClientRole[];
  endpoints: UserEndpoints;
  revalidate: () => Promise<unknown>;
  /** Offer Change password on edit (client area only: an Account Admin editing another user). */
  canSetPassword?: boolean;
  onSaved: (saved: AccountUser) => void;
  onCancel: () => void;
}) {
  const [settingPassword, setSettingPassword] = useState(false);
  const [photo, setPhoto] = useState<PendingPhoto | null>(null);
  const client = area === 'client';
  const mayChangePassword = client && canSetPassword && user !== null;
  const { add, edit, editWithPassword } = schemas[area];
  const schema = !user
    ? add
    : mayChangePassword && settingPassword && editWithPassword
      ? editWithPassword
      : edit;
  const resolver = zodResolver(schema) as unknown as Resolver<UserInput, unknown, UserOutput>;
  const form = useForm<UserInput, unknown, UserOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      password: '',
      password_confirmation: '',
      user_role: user?.user_role ?? ('' as ClientRole),
      phone_no: user?.phone_no ?? '',
      cell_no: user?.cell_no ?? '',
      ...(client ? { pin_number: user?.pin_number ?? '' } : {}),
    },
  });
  const showsCell = client || !user;
  // A user keeps a role the package no longer allows until it is changed.
  const choices = user && !roles.includes(user.user_role) ? [...roles, user.user_role] : roles;

  const save = form.handleSubmit(async (values) => {
    try {
      const photo_uri = photo && client ? await uploadPhoto(area, photo) : undefined;
      const body = { ...values, ...(photo_uri ? { photo_uri } : {}) };
      const reply = user ? await endpoints.update(user.id, body) : await endpoints.create(body);
      toast.success(reply.message ?? (user ? 'User updated' : 'User created'));
      await revalidate();
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
      {client && (
        <PhotoPicker
          currentUrl={user?.photo_url ?? null}
          fallback={user ? initials(user) : ''}
          onChange={setPhoto}
        />
      )}
      <TextField label="First name" isRequired maxLength={30} {...fieldProps(form, 'first_name')} />
      <TextField label="Last name" isRequired={client} maxLength={30} {...fieldProps(form, 'last_name')} />
      <TextField label="E-mail" type="email" isRequired maxLength={100} {...fieldProps(form, 'email')} />
      {(!user || settingPassword) && (
        <PasswordField
          label={user ? 'New password' : 'Password'}
          isRequired
          autoComplete="new-password"
          maxLength={50}
          {...fieldProps(form, 'password')}
        />
      )}
      {user && settingPassword && (
        <PasswordField
          label="Repeat new password"
          isRequired
          autoComplete="new-password"
          maxLength={50}
          {...fieldProps(form, 'password_confirmation')}
        />
      )}
      {mayChangePassword && !settingPassword && (
        <Button alignSelf="flex-start" size="small" onClick={() => setSettingPassword(true)}>
          Change password
        </Button>
      )}
      <SelectField label="Role" isRequired placeholder="Choose a role" {...fieldProps(form, 'user_role')}>
        {choices.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </SelectField>
      <TextField label="Phone" type="tel" maxLength={20} {...fieldProps(form, 'phone_no')} />
      {showsCell && <TextField label="Cell" type="tel" maxLength={20} {...fieldProps(form, 'cell_no')} />}
      {client && (
        <TextField
          label="PIN"
          inputMode="numeric"
          maxLength={4}
          descriptiveText={
            user ? 'Four digits, unique in the account.' : 'Four digits. Left blank, one is chosen.'
          }
          {...fieldProps(form, 'pin_number')}
        />
      )}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
