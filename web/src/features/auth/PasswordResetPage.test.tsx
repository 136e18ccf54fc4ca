import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const resetPath = `/password-reset#token=abc123&email=${encodeURIComponent('ada+1@example.com')}`;

describe('password reset', () => {
  it('resets with the token and e-mail of the link, then offers the login', async () => {
    const api = fakeApi();
    api.ok('POST', '/client/auth/reset', null, 'Password reset success');
    const { user, router } = renderApp(resetPath);
    // Token and e-mail leave the address before anything is typed: the address bar, history and
    // any later request's Referer are without them.
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: '/password-reset', hash: '' }),
    );
    await user.type(await screen.findByLabelText('Password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Password reset success')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST', '/client/auth/reset')[0]?.body).toEqual({
      email: 'ada+1@example.com',
      token: 'abc123',
      password: 'NewSecret1',
      password_confirmation: 'NewSecret1',
    });
  });

  it('still resets with a link of the older form, token and e-mail in the path, taken out of it', async () => {
    const api = fakeApi();
    api.ok('POST', '/admin/auth/reset', null, 'Password reset success');
    const { user, router } = renderApp(
      `/admin/password-reset/old456/${encodeURIComponent('bo@example.com')}/`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/password-reset'));
    await user.type(await screen.findByLabelText('Password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Password reset success')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/auth/reset')[0]?.body).toMatchObject({
      email: 'bo@example.com',
      token: 'old456',
    });
  });

  it('says the link is not valid when its fragment lacks the token', async () => {
    const api = fakeApi();
    const { user } = renderApp('/password-reset#email=ada%40example.com');
    await user.type(await screen.findByLabelText('Password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('This reset link is not valid.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('links the admin reset to the admin login', async () => {
    const api = fakeApi();
    api.ok('POST', '/admin/auth/reset', null, 'Password reset success');
    const { user } = renderApp(`/admin${resetPath}`);
    await user.type(await screen.findByLabelText('Password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/admin/login');
  });

  it('marks the form as failed without a message when the server refuses', async () => {
    const api = fakeApi();
    api.on('POST', '/client/auth/reset', { status: 400, body: { message: 'Invalid or expired token' } });
    const { user } = renderApp(resetPath);
    await user.type(await screen.findByLabelText('Password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(await screen.findByRole('form', { name: 'Reset password' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Password reset success')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid or expired token')).not.toBeInTheDocument();
  });

  it('asks for a strong password repeated exactly', async () => {
    const api = fakeApi();
    const { user } = renderApp(resetPath);
    await user.type(await screen.findByLabelText('Password'), 'weak');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText(
        'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Field should be same as Password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
