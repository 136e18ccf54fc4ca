import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Toaster } from 'sonner';
import type { LoginInput } from '@shared/schemas/auth';
import { lazyResolver } from './form';

const loadLoginResolver = () =>
  import('@shared/schemas/auth').then(({ loginSchema }) => zodResolver(loginSchema));

function LoginLikeForm({
  resolver,
  onValid,
}: {
  resolver: ReturnType<typeof lazyResolver<Awaited<ReturnType<typeof loadLoginResolver>>>>;
  onValid: (values: LoginInput) => void;
}) {
  const form = useForm<LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} onFocus={resolver.preload} noValidate>
      <label>
        Email <input {...form.register('email')} />
      </label>
      {errors.email && <p>{errors.email.message}</p>}
      <label>
        Password <input type="password" {...form.register('password')} />
      </label>
      <button type="submit">Login</button>
    </form>
  );
}

describe('a form whose schema loads on first use', () => {
  it('loads the schema once, then validates and submits with it', async () => {
    const load = vi.fn(loadLoginResolver);
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<LoginLikeForm resolver={lazyResolver(load)} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.com', password: 'Secret123' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading when the form gets focus', async () => {
    const load = vi.fn(loadLoginResolver);
    const user = userEvent.setup();
    render(<LoginLikeForm resolver={lazyResolver(load)} onValid={() => {}} />);
    await user.click(screen.getByLabelText('Email'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says Network error when the schema cannot be downloaded, does not submit, and tries again', async () => {
    let online = false;
    const load = vi.fn(() =>
      online
        ? loadLoginResolver()
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <LoginLikeForm resolver={lazyResolver(load)} onValid={onValid} />
        <Toaster />
      </>,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    online = true;
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });
});
