import { Alert, Badge, Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import type * as z from 'zod';
import { resetSchema } from '../../../../shared/schemas/auth';
import { api } from '../../api/client';
import { areaLogin, type Area } from '../../auth/session';
import { fieldProps } from '../../components/form';
import { AuthShell } from './AuthShell';

type ResetInput = z.input<typeof resetSchema>;

/**
 * /password-reset/:token/:email/ (and the admin one): new password twice. Success shows a
 * 'Password reset success' tag and a link to login; failure marks the form as failed without
 * a message (admin-and-auth §2).
 */
export function PasswordResetPage({ area }: { area: Area }) {
  const { token = '', email = '' } = useParams();
  const [state, setState] = useState<'form' | 'success' | 'error'>('form');
  const form = useForm<ResetInput, unknown, z.output<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });
  const {
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const linkBroken = !!(errors.email || errors.token);

  const reset = handleSubmit(async (values) => {
    try {
      await api.post<null>(`/${area}/auth/reset`, values, { token: null, toastErrors: false });
      setState('success');
    } catch {
      setState('error');
    }
  });

  if (state === 'success') {
    return (
      <AuthShell subtitle="Reset password">
        <Flex direction="column" alignItems="center" gap="medium">
          <Badge variation="success" size="large">
            Password reset success
          </Badge>
          <Link to={areaLogin[area]}>Go to login</Link>
        </Flex>
      </AuthShell>
    );
  }

  const failed = state === 'error';
  /** A password field: shown in error while the last reset failed; typing clears that. */
  const passwordProps = (name: 'password' | 'password_confirmation') => {
    const props = fieldProps(form, name, { onChange: () => setState('form') });
    return { ...props, hasError: failed || props.hasError };
  };
  return (
    <AuthShell subtitle="Reset password">
      <Flex
        as="form"
        direction="column"
        gap="medium"
        noValidate
        onSubmit={reset}
        aria-label="Reset password"
        aria-invalid={failed || undefined}
      >
        {linkBroken && <Alert variation="error">This reset link is not valid.</Alert>}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          maxLength={50}
          {...passwordProps('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={50}
          {...passwordProps('password_confirmation')}
        />
        <Button
          type="submit"
          variation={failed ? 'destructive' : 'primary'}
          isLoading={isSubmitting}
          loadingText="Resetting"
        >
          Reset
        </Button>
      </Flex>
    </AuthShell>
  );
}
