import { Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { passwordChangeSchema } from '../../../../shared/schemas/auth';
import { api, ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import type { Area } from '../../auth/session';

type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Current, new and repeated password; on success 'Password changed' and back to login. */
export function PasswordChangeForm({ area, onCancel }: { area: Area; onCancel: () => void }) {
  const { logout } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const hasErrors = Object.keys(errors).length > 0;

  const change = handleSubmit(async (values) => {
    try {
      const reply = await api.post<null>(`/${area}/passwordChange`, values);
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
        hasError={!!errors.current_password}
        errorMessage={errors.current_password?.message}
        {...register('current_password')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        maxLength={50}
        hasError={!!errors.password}
        errorMessage={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Repeat password"
        autoComplete="new-password"
        maxLength={50}
        hasError={!!errors.password_confirmation}
        errorMessage={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Flex gap="small">
        <Button
          type="submit"
          variation="primary"
          isDisabled={hasErrors}
          isLoading={isSubmitting}
          loadingText="Saving"
        >
          Change password
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Flex>
    </Flex>
  );
}
