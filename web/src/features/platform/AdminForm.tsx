import { Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { newAdminSchema, updateAdminSchema, type AdminUser } from '@shared/schemas/admins';
import { platformRoutes } from '@shared/api/platform-routes';
import { platformPaths } from './api';
import { callRoute } from '@web/api/call';
import { useAuth } from '@web/auth/AuthProvider';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { PhotoPicker, uploadPhoto, type PendingPhoto } from '@web/components/photo/PhotoPicker';
import { StatusField } from '../configuration/StatusField';
import { adminInitials } from './adminText';

type AdminInput = z.input<typeof updateAdminSchema>;
type AdminOutput = z.output<typeof updateAdminSchema>;

const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'designation',
  'phone_no',
  'cell_no',
  'password',
  'status',
] as const;

/**
 * Add or edit a super admin (docs/product/admin-and-auth.md §3 Admin user, §5): names, e-mail, designation, phone,
 * cell and photo; a password when adding, and an optional new one when editing someone else; the
 * status only when editing, and never for oneself (no one can lock themself out; the API refuses
 * it too, and one's own password changes in one's profile, with the current one).
 * Blank optional fields are sent blank, which clears them; the photo is sent only when a new one
 * was chosen.
 */
export function AdminForm({
  admin,
  onSaved,
  onCancel,
}: {
  admin: AdminUser | null;
  onSaved: (saved: AdminUser) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const { me } = useAuth();
  const [photo, setPhoto] = useState<PendingPhoto | null>(null);
  const isSelf = !!admin && admin.id === me?.id;
  const form = useForm<AdminInput, unknown, AdminOutput>({
    // Adding needs a password; editing takes one only to replace it.
    resolver: zodResolver(admin ? updateAdminSchema : newAdminSchema) as Resolver<
      AdminInput,
      unknown,
      AdminOutput
    >,
    mode: 'onTouched',
    defaultValues: {
      first_name: admin?.first_name ?? '',
      last_name: admin?.last_name ?? '',
      email: admin?.email ?? '',
      designation: admin?.designation ?? '',
      phone_no: admin?.phone_no ?? '',
      cell_no: admin?.cell_no ?? '',
      password: '',
      status: admin?.status ?? 'Active',
    },
  });
  const { control, handleSubmit, setError } = form;

  const save = handleSubmit(async ({ status, password, ...values }) => {
    try {
      const photo_uri = photo ? await uploadPhoto('admin', photo) : undefined;
      const fields = {
        first_name: values.first_name,
        last_name: values.last_name ?? '',
        email: values.email,
        designation: values.designation ?? '',
        phone_no: values.phone_no ?? '',
        cell_no: values.cell_no ?? '',
        ...(photo_uri ? { photo_uri } : {}),
        ...(password ? { password } : {}),
      };
      const reply = admin
        ? await callRoute(platformRoutes['update-admin'], {
            params: { id: admin.id },
            body: { ...fields, status },
          })
        : // The add form requires the password (its schema); blank would be refused as required.
          await callRoute(platformRoutes['create-admin'], { body: { ...fields, password: password ?? '' } });
      toast.success(reply.message ?? (admin ? 'User updated' : 'User created'));
      await mutate(platformPaths.admins);
      onSaved(reply.result);
    } catch (error) {
      showServerErrors(error, setError, fieldNames, 'email');
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save}>
      <PhotoPicker
        currentUrl={admin?.photo_url ?? null}
        fallback={admin ? adminInitials(admin) : ''}
        onChange={setPhoto}
      />
      <TextField label="First name" isRequired maxLength={30} {...fieldProps(form, 'first_name')} />
      <TextField label="Last name" maxLength={30} {...fieldProps(form, 'last_name')} />
      <TextField
        label="E-mail"
        type="email"
        isRequired
        maxLength={100}
        autoComplete="off"
        {...fieldProps(form, 'email')}
      />
      <TextField label="Designation" maxLength={100} {...fieldProps(form, 'designation')} />
      <TextField label="Phone" type="tel" maxLength={20} {...fieldProps(form, 'phone_no')} />
      <TextField label="Cell" type="tel" maxLength={20} {...fieldProps(form, 'cell_no')} />
      {isSelf ? (
        <Text fontSize="small" color="font.secondary">
          Your own password changes in your profile (Account in the user menu), with your current one.
        </Text>
      ) : admin ? (
        <PasswordField
          label="New password"
          autoComplete="new-password"
          maxLength={50}
          descriptiveText="Leave it blank to keep the current password. A new one signs the user out everywhere."
          {...fieldProps(form, 'password')}
        />
      ) : (
        <PasswordField
          label="Password"
          isRequired
          autoComplete="new-password"
          maxLength={50}
          {...fieldProps(form, 'password')}
        />
      )}
      {admin && (
        <StatusField
          control={control}
          name="status"
          isDisabled={isSelf}
          note={isSelf ? 'You cannot deactivate your own user: another admin can.' : undefined}
        />
      )}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
