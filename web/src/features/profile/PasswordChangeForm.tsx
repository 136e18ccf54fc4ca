import { Flex, PasswordField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type * as z from 'zod';
import { passwordChangeSchema } from '@shared/schemas/auth';
import { meRoutes } from '@shared/api/me-routes';
import { callRoute } from '../../api/call';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import type { Area } from '../../auth/session';
import { fieldProps, FormActions } from '../../components/form';

type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Current, new and repeated password; on success 'Password changed' and back to login. */
export function PasswordChangeForm({ area, onCancel }: { area: Area; onCancel: () => void }) {
  const { logout } = useAuth();
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { handleSubmit, setError } = form;

  const change = handleSubmit(async (values) => {
    try {
      const reply = await callRoute(
        { client: meRoutes['client-password-change'], admin: meRoutes['admin-password-change'] }[area],
        { body: values },
      );
      toast.success(reply.message ?? 'Password changed');
      await logout();
    } catch (error) {
      // Toasted by the fetch client; a field error also goes under its field.
      const fields = error instanceof ApiError ? error.fields : null;
      for (const name of ['current_password', 'password', 'password_confirmation'] as const) {
        const message = fields?.[name];
        if (message) setError(name, { message });
      }
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={change} aria-label="Change password">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        maxLength={50}
        {...fieldProps(form, 'current_password')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        maxLength={50}
        {...fieldProps(form, 'password')}
      />
      <PasswordField
        label="Repeat password"
        autoComplete="new-password"
        maxLength={50}
        {...fieldProps(form, 'password_confirmation')}
      />
      <FormActions form={form} onCancel={onCancel}>
        Change password
      </FormActions>
    </Flex>
  );
}
