import { act, screen, waitFor } from '@testing-library/react';
import type { SocialProvider } from '@shared/social';
import type { SocialConfig } from '@shared/schemas/auth';
import { popupFlows } from '../../auth/popupFlows';
import { aClientMe, anAdminMe, aPackage } from '../../test/builders';
import { fakeApi, type FakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { aPopup, receive, stubOpen } from '../../test/popup';

const endpoint = 'http://127.0.0.1:9229/oauth2/authorize';
const SOCIAL_KEY = popupFlows.signIn.key;
const loginResult = { access_token: 'social-token', token_type: 'bearer', expires_in: 3600 };

function aSocialConfig(overrides: Partial<SocialConfig> = {}): SocialConfig {
  return {
    authorization_endpoint: endpoint,
    client_id: 'spaces-client',
    scope: 'openid email profile',
    providers: ['google', 'facebook', 'microsoft', 'linkedin'],
    ...overrides,
  };
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fakeClientProfile(api: FakeApi) {
  api.ok('GET', '/client/me', aClientMe('Venue Manager'));
  api.ok('GET', '/client/mypackage', aPackage);
  api.ok('GET', '/client/aboutMe', { account: aClientMe().account, totals: null });
}

/** The client login with the broker configured, and the Google button ready to be pressed. */
async function clientLoginWithGoogle(api: FakeApi) {
  api.ok('GET', '/client/auth/social', aSocialConfig());
  const view = renderApp('/login');
  const google = await screen.findByRole('button', { name: 'Sign in with Google' });
  await waitFor(() => expect(google).toBeEnabled());
  return { ...view, google };
}

const buttonNames = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => name?.startsWith('Sign in with'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('social sign-in buttons', () => {
  it('shows Google, Facebook and Microsoft on the client login, not LinkedIn, asking without a token', async () => {
    const api = fakeApi();
    api.ok('GET', '/client/auth/social', aSocialConfig());
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in with Microsoft' });
    expect(buttonNames()).toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Microsoft']);
    expect(api.callsTo('GET', '/client/auth/social')[0]?.token).toBeNull();
  });

  it('shows Google alone on the admin login', async () => {
    const api = fakeApi();
    api.ok('GET', '/admin/auth/social', aSocialConfig());
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(buttonNames()).toEqual(['Sign in with Google']);
  });

  it('shows only the providers the API takes for the area', async () => {
    const api = fakeApi();
    api.ok('GET', '/client/auth/social', aSocialConfig({ providers: ['microsoft', 'linkedin'] }));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in with Microsoft' });
    expect(buttonNames()).toEqual(['Sign in with Microsoft']);
  });

  it.each([
    ['the broker is not configured', { body: { result: aSocialConfig({ authorization_endpoint: null }) } }],
    ['the API has no client id', { body: { result: aSocialConfig({ client_id: null }) } }],
    ['the request fails', { status: 500, body: { message: 'Internal error' } }],
    ['no answer comes', { networkError: true }],
  ])('shows no social button when %s, and no error', async (_case, answer) => {
    const api = fakeApi();
    api.on('GET', '/client/auth/social', answer);
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(api.callsTo('GET', '/client/auth/social')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(buttonNames()).toEqual([]);
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
  });

  it('hides the buttons while recovering the password', async () => {
    const api = fakeApi();
    const { user } = await clientLoginWithGoogle(api);
    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(buttonNames()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });
});

describe('social sign-in popup', () => {
  it('opens a 400 × 400 popup on the proxy page with an S256 PKCE request, and signs in with the code', async () => {
    const api = fakeApi();
    api.ok('POST', '/client/auth/socialLogin', loginResult);
    fakeClientProfile(api);
    const popup = aPopup();
    const open = stubOpen(popup);
    const { user, google, location } = await clientLoginWithGoogle(api);

    await user.click(google);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0]!;
    const opened = new URL(String(url), window.location.origin);
    expect(opened.pathname).toBe('/auth/google/proxy');
    expect(name).toBe('spaces-social-sign-in');
    expect(features).toMatch(/^popup,width=400,height=400,left=-?\d+,top=-?\d+$/);
    const query = Object.fromEntries(opened.searchParams);
    expect(query).toEqual({
      response_type: 'code',
      client_id: 'spaces-client',
      redirect_uri: `${window.location.origin}/auth/google`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      identity_provider: 'Google',
    });
    expect(JSON.parse(localStorage.getItem(SOCIAL_KEY)!)).toEqual({
      state: query.state,
      provider: 'google',
      area: 'client',
      endpoint,
    });
    // While the popup is open, no second attempt.
    expect(screen.getByRole('button', { name: 'Signing in with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();

    receive({ provider: 'google', code: 'the-code' });
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(await screen.findByText('Logged in as Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/c/dashboard'));

    const body = api.callsTo('POST', '/client/auth/socialLogin')[0]?.body as Record<string, string>;
    expect(body).toEqual({
      token: 'the-code',
      provider: 'google',
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
      nonce: query.nonce,
    });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body.code_verifier));
    expect(base64url(digest)).toBe(query.code_challenge);
    expect(api.callsTo('GET', '/client/me')[0]?.token).toBe('social-token');
    expect(localStorage.getItem('auth.token')).toBe('social-token');
    expect(localStorage.getItem('auth.area')).toBe('client');
  });

  it('signs a super admin in on the admin login', async () => {
    const api = fakeApi();
    api.ok('GET', '/admin/auth/social', aSocialConfig({ providers: ['google'] }));
    api.ok('POST', '/admin/auth/socialLogin', loginResult);
    api.ok('GET', '/admin/me', anAdminMe());
    const open = stubOpen();
    const { user, location } = renderApp('/admin/login');
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    expect(JSON.parse(localStorage.getItem(SOCIAL_KEY)!)).toMatchObject({
      provider: 'google',
      area: 'admin',
    });
    expect(String(open.mock.calls[0]![0])).toContain('identity_provider=Google');

    receive({ provider: 'google', code: 'admin-code' });
    expect(await screen.findByText('Logged in as Grace Hopper')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(api.callsTo('POST', '/admin/auth/socialLogin')[0]?.body).toMatchObject({
      token: 'admin-code',
      provider: 'google',
    });
    expect(localStorage.getItem('auth.area')).toBe('admin');
  });

  it.each<[SocialProvider, string]>([
    ['facebook', 'Facebook'],
    ['microsoft', 'Microsoft'],
  ])('asks the broker for %s by its name', async (provider, name) => {
    const api = fakeApi();
    const open = stubOpen();
    const { user } = await clientLoginWithGoogle(api);
    await user.click(screen.getByRole('button', { name: `Sign in with ${name}` }));
    const opened = new URL(String(open.mock.calls[0]![0]), window.location.origin);
    expect(opened.pathname).toBe(`/auth/${provider}/proxy`);
    expect(opened.searchParams.get('identity_provider')).toBe(name);
    expect(opened.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/${provider}`);
  });

  it("refuses a message from another origin with 'Event from unknown source' and starts no session", async () => {
    const api = fakeApi();
    api.ok('POST', '/client/auth/socialLogin', loginResult);
    const popup = aPopup();
    stubOpen(popup);
    const { user, google, location } = await clientLoginWithGoogle(api);
    await user.click(google);

    receive({ provider: 'google', code: 'stolen-code' }, 'https://evil.example');
    expect(await screen.findByText('Event from unknown source')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    // The attempt is over: the genuine code arriving later is not used either.
    receive({ provider: 'google', code: 'late-code' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('POST', '/client/auth/socialLogin')).toHaveLength(0);
    expect(localStorage.getItem('auth.token')).toBeNull();
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('refuses a message from another origin when no popup is open too', async () => {
    const api = fakeApi();
    await clientLoginWithGoogle(api);
    receive({ provider: 'google', code: 'x' }, 'null');
    expect(await screen.findByText('Event from unknown source')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/socialLogin')).toHaveLength(0);
  });

  it('ignores messages that are not from the popup, and a code no popup was opened for', async () => {
    const api = fakeApi();
    const { user, google } = await clientLoginWithGoogle(api);
    receive('a string', 'https://elsewhere.example');
    receive({ code: 'no-provider' }, 'https://elsewhere.example');
    receive({ provider: 'google', code: 'unasked' });
    stubOpen();
    await user.click(google);
    receive({ provider: 'facebook', code: 'other-provider' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Event from unknown source')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/socialLogin')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Signing in with Google' })).toBeDisabled();
  });

  it("toasts the provider's error and makes the buttons usable again", async () => {
    const api = fakeApi();
    stubOpen();
    const { user, google } = await clientLoginWithGoogle(api);
    await user.click(google);
    receive({ provider: 'google', error: 'The user cancelled the sign-in' });
    expect(await screen.findByText('The user cancelled the sign-in')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/auth/socialLogin')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it("shows the API's refusal and stays on the login page", async () => {
    const api = fakeApi();
    api.on('POST', '/client/auth/socialLogin', {
      status: 403,
      body: { message: 'No active user has this e-mail address' },
    });
    stubOpen();
    const { user, google, location } = await clientLoginWithGoogle(api);
    await user.click(google);
    receive({ provider: 'google', code: 'the-code' });
    expect(await screen.findByText('No active user has this e-mail address')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(location()).toBe('/login');
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('is usable again once the user closes the popup, with fresh secrets for the next attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    const popup = aPopup();
    const open = stubOpen(popup);
    api.ok('GET', '/client/auth/social', aSocialConfig());
    const { user } = renderApp('/login', { fakeTimers: true });
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    expect(screen.getByRole('button', { name: 'Signing in with Google' })).toBeDisabled();

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(1500));
    const again = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(again).toBeEnabled();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(localStorage.getItem(SOCIAL_KEY)).toBeNull();

    await user.click(again);
    expect(open).toHaveBeenCalledTimes(2);
    const state = (call: number) =>
      new URL(String(open.mock.calls[call]![0]), window.location.origin).searchParams.get('state');
    expect(state(1)).not.toBe(state(0));
  });

  it('says so when the browser blocks the popup', async () => {
    const api = fakeApi();
    stubOpen(null);
    const { user, google } = await clientLoginWithGoogle(api);
    await user.click(google);
    expect(
      await screen.findByText('The sign-in window was blocked. Allow pop-ups for this site and try again'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(SOCIAL_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
  });
});
