import { act, screen, waitFor, within } from '@testing-library/react';
import { rolesAttrFor } from '../../../shared/roles';
import { aClientMe, anAdminMe, signedInAs } from '../test/builders';
import { fakeApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

describe('route guards', () => {
  it('sends a guest from a client page to the client login with the wanted path', async () => {
    fakeApi();
    const { location } = renderApp('/c/venues?tab=spaces');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/venues?tab=spaces')}`);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a guest from an admin page to the admin login', async () => {
    fakeApi();
    const { location } = renderApp('/admin/configuration/amenities');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    expect(location()).toBe(`/admin/login?redirect=${encodeURIComponent('/admin/configuration/amenities')}`);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
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
    expect(screen.getByText('This section is coming soon.')).toBeInTheDocument();
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

  it('forgets a stored token whose profile does not load, and asks to log in', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    api.on('GET', '/client/me', { status: 500, body: { message: 'Something broke' } });
    const { location } = renderApp('/c/dashboard');
    expect(await screen.findByText('Please log in!')).toBeInTheDocument();
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/dashboard')}`);
    expect(localStorage.getItem('auth.token')).toBeNull();
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
    expect(location()).toBe(`/login?redirect=${encodeURIComponent('/c/dashboard')}`);
  });
});
