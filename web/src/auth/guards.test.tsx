import { act, screen, waitFor, within } from '@testing-library/react';
import { rolesAttrFor } from '@shared/roles';
import { REQUEST_TIMEOUT_MS } from '../api/client';
import { aClientMe, anAdminMe, signedInAs } from '../test/builders';
import { fakeApi, type FakeAnswer } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

describe('route guards', () => {
  it('sends a guest from a client page to the client login with the wanted path', async () => {
    fakeApi();
    const { location } = renderApp('/c/venues?tab=spaces');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    await waitFor(() =>
      expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/venues?tab=spaces')}`),
    );
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a guest from an admin page to the admin login', async () => {
    fakeApi();
    const { location } = renderApp('/admin/configuration/amenities');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    await waitFor(() =>
      expect(location()).toBe(
        `/admin/login?redirect=${encodeURIComponent('/admin/configuration/amenities')}`,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });

  it('tells a signed-in user on a guest page that they are logged in, and takes them home', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe('Account Admin'));
    const { location } = renderApp('/login');
    expect(await screen.findByText('Already logged in!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/c/dashboard'));
  });

  it('tells a signed-in super admin on the reset page that they are logged in', async () => {
    const api = fakeApi();
    signedInAs(api, anAdminMe());
    const { location } = renderApp('/admin/password-reset/tok/grace%40example.com/');
    expect(await screen.findByText('Already logged in!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it.each([
    ['Account Admin', ['Dashboard', 'Account', 'Venues', 'Events']],
    ['Venue Manager', ['Dashboard', 'Venues', 'Events']],
    ['Event Coordinator', ['Dashboard', 'Venues', 'Events']],
    ['Viewer', ['Dashboard', 'Events']],
  ] as const)('shows a %s the menu of their sections', async (role, entries) => {
    const api = fakeApi();
    signedInAs(api, aClientMe(role));
    renderApp('/c');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(entries);
  });

  it('takes /c to the first section the role may see', async () => {
    const api = fakeApi();
    const attrs = rolesAttrFor('Account Admin');
    signedInAs(
      api,
      aClientMe('Account Admin', {
        rolesAttr: { ...attrs, dashboard: { ...attrs.dashboard, visible: false } },
      }),
    );
    const { location } = renderApp('/c');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/c/account-management');
  });

  it('sends a user away from a section their role does not show', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe('Viewer'));
    const { location } = renderApp('/c/venues');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/c/dashboard');
  });

  it('shows a section the role may see, with its title', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe('Venue Manager'));
    renderApp('/c/venues');
    expect(await screen.findByRole('heading', { name: 'Venues', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Spaces | Venues'));
  });

  it.each([
    ['a guest', null, '/login'],
    ['a client user', aClientMe('Event Coordinator'), '/c/dashboard'],
    ['a super admin', anAdminMe(), '/admin'],
  ] as const)('sends %s from / to their start', async (_who, me, start) => {
    const api = fakeApi();
    if (me) signedInAs(api, me);
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe(start));
  });

  it('keeps a client user out of the admin area', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    const { location } = renderApp('/admin/configuration');
    await waitFor(() => expect(location()).toBe('/c/dashboard'));
  });

  it('shows the not-found page for an unknown path', async () => {
    fakeApi();
    const { location } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it.each([
    ['a 500', { status: 500, body: { message: 'Something broke' } }, 'Something broke'],
    ['a 503 with a field message', { status: 503, body: { message: { service: 'Try later' } } }, 'Try later'],
    ['a network failure', { networkError: true }, 'Network error'],
    ['a cancelled request', { aborted: true }, 'Network error'],
  ] satisfies Array<[string, FakeAnswer, string]>)(
    'keeps the user signed in when the profile fails with %s, and loads it again on Retry',
    async (_what, failure, message) => {
      const api = fakeApi();
      signedInAs(api, aClientMe());
      api.on('GET', '/client/me', failure, { body: { result: aClientMe() } });
      const { location, user } = renderApp('/c/dashboard');
      expect(
        await screen.findByRole('heading', { name: 'Your profile could not be loaded' }),
      ).toBeInTheDocument();
      // The toast, and the reason on the page.
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      expect(screen.getByText('You are still signed in. Try again, or log out.')).toBeInTheDocument();
      expect(location()).toBe('/c/dashboard');
      expect(localStorage.getItem('auth.token')).toBe('token-1');
      expect(screen.queryByText('Please log in!')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
      expect(api.callsTo('GET', '/client/me')).toHaveLength(2);
    },
  );

  it('keeps the user signed in when the profile has not answered in 30 s', async () => {
    vi.useFakeTimers();
    const api = fakeApi();
    signedInAs(api, anAdminMe());
    api.on('GET', '/admin/me', { hang: true });
    const { location } = renderApp('/admin', { fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1));
    expect(
      screen.queryByRole('heading', { name: 'Your profile could not be loaded' }),
    ).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('heading', { name: 'Your profile could not be loaded' })).toBeInTheDocument();
    expect(screen.getAllByText('Network error')).toHaveLength(2);
    expect(location()).toBe('/admin');
    expect(localStorage.getItem('auth.token')).toBe('token-1');
  });

  it('ends the session when the profile answers 401 and the refresh is refused', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    api
      .on('GET', '/client/me', { status: 401, body: { message: 'Unauthorized' } })
      .on('POST', '/client/auth/refresh', { status: 401, body: { message: 'No session' } });
    const { location } = renderApp('/c/dashboard');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/dashboard')}`));
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('ends a super admin session when the profile answers 401', async () => {
    const api = fakeApi();
    signedInAs(api, anAdminMe());
    api.on('GET', '/admin/me', { status: 401, body: { message: 'Unauthorized' } });
    const { location } = renderApp('/admin');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/admin/login?redirect=${encodeURIComponent('/admin')}`));
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('lets a user whose profile does not load log out', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    api.on('GET', '/client/me', { networkError: true }).ok('POST', '/client/auth/logout', null);
    const { location, user } = renderApp('/c/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem('auth.token')).toBeNull();
    expect(api.callsTo('POST', '/client/auth/logout')).toHaveLength(1);
  });

  it('neither toasts nor signs out when the profile request is cancelled because the page is left', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    let cancel!: () => void;
    api.on('GET', '/client/me', {
      until: new Promise<void>((resolve) => (cancel = resolve)),
      aborted: true,
    });
    renderApp('/c/dashboard');
    await waitFor(() => expect(api.callsTo('GET', '/client/me')).toHaveLength(1));
    try {
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'));
        cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const toasts = screen.getByRole('region', { name: /^Notifications/ });
      expect(within(toasts).queryByText('Network error')).not.toBeInTheDocument();
      expect(localStorage.getItem('auth.token')).toBe('token-1');
      expect(screen.queryByText('Please log in!')).not.toBeInTheDocument();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('follows a logout in another tab', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    const { location } = renderApp('/c/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    localStorage.removeItem('auth.token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth.token' }));
    });
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/dashboard')}`));
  });
});
