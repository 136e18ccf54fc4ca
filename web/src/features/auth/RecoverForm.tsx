import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type * as z from 'zod';
import type { recoverySchema } from '@shared/schemas/auth';
import { authRoutes } from '@shared/api/auth-routes';
import { callRoute } from '../../api/call';
import { ApiError } from '../../api/client';
import type { Area } from '../../auth/session';
import { fieldProps, lazyResolver } from '../../components/form';

type RecoveryInput = z.input<typeof recoverySchema>;

// Part of the sign-in page: like the login form, its schema loads on first use.
const resolver = lazyResolver(() =>
  import('@shared/schemas/auth').then(({ recoverySchema }) => zodResolver(recoverySchema)),
);

/**
 * Recover password: sends the e-mail; the server's answer (or error) stays on screen until
 * dismissed, and the form closes either way (docs/product/admin-and-auth.md §4).
 */
export function RecoverForm({ area, onClose }: { area: Area; onClose: () => void }) {
  const form = useForm<RecoveryInput, unknown, z.output<typeof recoverySchema>>({
    resolver,
    defaultValues: { email: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const send = handleSubmit(async (values) => {
    try {
      const reply = await callRoute(
        { client: authRoutes['client-recovery'], admin: authRoutes['admin-recovery'] }[area],
        { body: values },
        { token: null, toastErrors: false },
      );
      toast.success(reply.message ?? 'Check your e-mail for a link to reset your password', {
        duration: Infinity,
      });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Network error', { duration: Infinity });
    }
    onClose();
  });

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onFocus={resolver.preload}
      onSubmit={send}
      aria-labelledby="recover-heading"
    >
      <Heading level={2} id="recover-heading">
        Recover password
      </Heading>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={100}
        {...fieldProps(form, 'email')}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Sending">
        Send email
      </Button>
      <Button onClick={onClose}>Cancel</Button>
    </Flex>
  );
}
