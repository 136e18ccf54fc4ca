import { act, screen, waitFor } from '@testing-library/react';
import { aClientMe, anAdminMe, aPackage } from '../../test/builders';
import { fakeApi, type FakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const loginResult = { access_token: 'fresh-token', token_type: 'bearer', expires_in: 3600 };

function fakeClientLogin(api: FakeApi) {
  api.ok('POST', '/client/auth/login', loginResult);
  api.ok('GET', '/client/me', aClientMe('Venue Manager'));
  api.ok('GET', '/client/mypackage', aPackage);
  api.ok('GET', '/client/aboutMe', { account: aClientMe().account, totals: null });
}

describe('login', () => {
  it('shows the product and its tagline', async () => {
    fakeApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Spaces', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Bookings made simple')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
    expect(document.title).toBe('Spaces | Login');
  });

  it('welcomes the user by name and goes to the page they wanted', async () => {
    const api = fakeApi();
    fakeClientLogin(api);
    const { user, location } = renderApp(`/login?redirect=${encodeURIComponent('/c/venues')}`);
    await user.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(await screen.findByText('Logged in as Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/c/venues'));
    expect(await screen.findByRole('heading', { name: 'Venues', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Already logged in!')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
    });
    expect(api.callsTo('GET', '/client/me')[0]?.token).toBe('fresh-token');
    expect(localStorage.getItem('auth.token')).toBe('fresh-token');
    expect(localStorage.getItem('auth.area')).toBe('client');
  });

  it('ignores a redirect to another site and goes home instead', async () => {
    const api = fakeApi();
    fakeClientLogin(api);
    const { user, location } = renderApp(`/login?redirect=${encodeURIComponent('//evil.example/')}`);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/c/dashboard'));
  });

  it('takes a super admin to the admin dashboard', async () => {
    const api = fakeApi();
    api.ok('POST', '/admin/auth/login', loginResult);
    api.ok('GET', '/admin/me', anAdminMe());
    const { user, location } = renderApp('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged in as Grace Hopper')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem('auth.area')).toBe('admin');
  });

  it('shows the server message for wrong credentials and stays', async () => {
    const api = fakeApi();
    api.on('POST', '/client/auth/login', { status: 401, body: { message: 'Incorrect e-mail or password' } });
    const { user, location } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect e-mail or password')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('asks for both fields before sending anything', async () => {
    const api = fakeApi();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(api.callsTo('POST', '/client/auth/login')).toHaveLength(0);
  });

  it('asks for a real e-mail address', async () => {
    const api = fakeApi();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Field should be an email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/login')).toHaveLength(0);
  });
});

describe('the second factor', () => {
  const codeChallenge = {
    challenge: 'mfa_code',
    mfa_token: 'pending-sign-in',
    expires_in: 300,
    otpauth_uri: null,
    secret: null,
  };
  const setupChallenge = {
    challenge: 'mfa_setup',
    mfa_token: 'first-sign-in',
    expires_in: 900,
    otpauth_uri:
      'otpauth://totp/Spaces%20Admin:grace%40example.com?issuer=Spaces%20Admin&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  };

  async function passwordStep(challenge: object) {
    const api = fakeApi();
    api.ok('POST', '/admin/auth/login', challenge);
    api.ok('GET', '/admin/me', anAdminMe());
    const rendered = renderApp('/admin/login');
    await rendered.user.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await rendered.user.type(screen.getByLabelText('Password'), 'Secret123');
    await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
    return { api, ...rendered };
  }

  it('asks a super admin for the 6-digit code after the password, then signs them in', async () => {
    const { api, user, location } = await passwordStep(codeChallenge);
    api.ok('POST', '/admin/auth/mfa', loginResult);
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(localStorage.getItem('auth.token')).toBeNull();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Logged in as Grace Hopper')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(api.callsTo('POST', '/admin/auth/mfa')[0]?.body).toEqual({
      mfa_token: 'pending-sign-in',
      code: '123456',
    });
    expect(api.callsTo('GET', '/admin/me')[0]?.token).toBe('fresh-token');
    expect(localStorage.getItem('auth.token')).toBe('fresh-token');
  });

  it('says under the field why a code was refused, and takes another', async () => {
    const { api, user, location } = await passwordStep(codeChallenge);
    api.on(
      'POST',
      '/admin/auth/mfa',
      {
        status: 401,
        body: { message: 'The code is not correct. Enter the current code from your authenticator app' },
      },
      { body: { result: loginResult } },
    );
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The code is not correct. Enter the current code from your authenticator app'),
    ).toBeInTheDocument();
    expect(location()).toBe('/admin/login');
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('checks the code has six digits before sending it, and goes back to the login form', async () => {
    const { api, user } = await passwordStep(codeChallenge);
    await user.type(await screen.findByLabelText('Code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/auth/mfa')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sets the authenticator app up the first time: a QR code and the key, then its code', async () => {
    const { api, user, location } = await passwordStep(setupChallenge);
    api.ok('POST', '/admin/auth/mfa', loginResult);
    expect(await screen.findByText(/Two-factor authentication is required/)).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    // Drawn as SVG squares, with its quiet zone.
    expect(qr.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByTestId('mfa-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(api.callsTo('POST', '/admin/auth/mfa')[0]?.body).toEqual({
      mfa_token: 'first-sign-in',
      code: '246810',
    });
  });
});

describe('forgot password', () => {
  it('sends the e-mail, keeps the server message on screen and returns to login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    api.ok('POST', '/client/auth/recovery', null, 'We have e-mailed your password reset link');
    const { user } = renderApp('/login', { fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    expect(screen.getByRole('heading', { name: 'Recover password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send email' }));

    expect(await screen.findByText('We have e-mailed your password reset link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/recovery')[0]?.body).toEqual({ email: 'ada@example.com' });
    // Persistent: still there long after an ordinary toast would have gone.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('We have e-mailed your password reset link')).toBeInTheDocument();
  });

  it('keeps an error on screen too, and closes the form', async () => {
    const api = fakeApi();
    api.on('POST', '/admin/auth/recovery', { status: 429, body: { message: 'Too many requests' } });
    const { user } = renderApp('/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('validates the e-mail and can be cancelled', async () => {
    const api = fakeApi();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password' }));
    await user.click(screen.getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/recovery')).toHaveLength(0);
  });
});
