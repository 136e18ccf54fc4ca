import { Alert, Badge, Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type * as z from 'zod';
import { resetSchema } from '@shared/schemas/auth';
import { authRoutes } from '@shared/api/auth-routes';
import { callRoute } from '../../api/call';
import { areaLogin, type Area } from '../../auth/session';
import { fieldProps } from '../../components/form';
import { AuthShell } from './AuthShell';

type ResetInput = z.input<typeof resetSchema>;
/** The reset page of each area; the links e-mailed carry their values in its fragment. */
const resetPath: Record<Area, string> = {
  client: '/password-reset',
  admin: '/admin/password-reset',
};

interface LinkValues {
  token: string;
  email: string;
}

/**
 * The token and e-mail of the reset link: in its fragment (`#token=…&email=…`), or in the path of
 * a link sent before links carried them there; once moved out of the address, in the history
 * entry's state, which a reload keeps and no request carries.
 */
function useLinkValues(area: Area): LinkValues {
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const kept = location.state as Partial<LinkValues> | null;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromAddress =
    fragment.has('token') || fragment.has('email')
      ? { token: fragment.get('token') ?? '', email: fragment.get('email') ?? '' }
      : params.token !== undefined
        ? { token: params.token, email: params.email ?? '' }
        : undefined;
  const values = fromAddress ?? { token: kept?.token ?? '', email: kept?.email ?? '' };
  const { token, email } = values;
  const inAddress = fromAddress !== undefined;
  useEffect(() => {
    if (inAddress) void navigate(resetPath[area], { replace: true, state: { token, email } });
  }, [inAddress, area, token, email, navigate]);
  return values;
}

/**
 * /password-reset#token=…&email=… (and the admin one): new password twice. The page takes token
 * and e-mail out of the address at once. Success shows a 'Password reset success' tag and a link
 * to login; failure marks the form as failed without a message (docs/product/admin-and-auth.md §2).
 */
export function PasswordResetPage({ area }: { area: Area }) {
  const { token, email } = useLinkValues(area);
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
      await callRoute(
        { client: authRoutes['client-reset'], admin: authRoutes['admin-reset'] }[area],
        { body: values },
        { token: null, toastErrors: false },
      );
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
