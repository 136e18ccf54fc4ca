import { Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { LoginInput } from '@shared/schemas/auth';
import { useAuth } from '../../auth/AuthProvider';
import type { Area } from '../../auth/session';
import { fieldProps, lazyResolver } from '../../components/form';

// The schema (and zod) load when the form is first used, so that the sign-in page draws sooner.
const resolver = lazyResolver(() =>
  import('@shared/schemas/auth').then(({ loginSchema }) => zodResolver(loginSchema)),
);

/** E-mail and password. On success the guest guard takes the user on (redirect query or home). */
export function LoginForm({ area, onForgot }: { area: Area; onForgot: () => void }) {
  const { login } = useAuth();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onFocus={resolver.preload}
      onSubmit={handleSubmit((values) => login(area, values))}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={100}
        {...fieldProps(form, 'email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        maxLength={50}
        {...fieldProps(form, 'password')}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Logging in">
        Login
      </Button>
      <Button variation="link" size="small" onClick={onForgot}>
        Forgot password
      </Button>
    </Flex>
  );
}
