import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Clock, formatClock } from '../components/Clock';
import { aClientMe, anAdminMe, signedInAs } from '../test/builders';
import { fakeApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';

describe('client header', () => {
  it('shows the account and, for a role with statistics, its totals', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe('Account Admin'));
    renderApp('/c/dashboard');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Acme Halls')).toBeInTheDocument();
    expect(within(header).getByText('1 Main St, Springfield, IL 62701, USA')).toBeInTheDocument();
    const totals = await within(header).findByLabelText('Account totals');
    expect(totals).toHaveTextContent('Users7');
    expect(totals).toHaveTextContent('Venues3');
    expect(totals).toHaveTextContent('Spaces12');
    expect(totals).toHaveTextContent('Screens9');
  });

  it('shows no totals to a role without statistics', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe('Event Coordinator'));
    renderApp('/c/dashboard');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Acme Halls')).toBeInTheDocument();
    expect(within(header).queryByLabelText('Account totals')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/client/aboutMe')).toHaveLength(0);
  });

  it('has the landmarks of a page', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    renderApp('/c/dashboard');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs a client out to the client login', async () => {
    const api = fakeApi().ok('POST', '/client/auth/logout', null, 'Logged out');
    signedInAs(api, aClientMe());
    const { user, location } = renderApp('/c/dashboard');
    await user.click(await screen.findByRole('button', { name: 'User menu of Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.callsTo('POST', '/client/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('auth.token')).toBeNull();
    expect(screen.queryByText('Please log in!')).not.toBeInTheDocument();
  });

  it('logs a super admin out to the admin login, even when the server call fails', async () => {
    const api = fakeApi().on('POST', '/admin/auth/logout', { networkError: true });
    signedInAs(api, anAdminMe());
    const { user, location } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'User menu of Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/admin/login'));
    expect(localStorage.getItem('auth.token')).toBeNull();
  });
});

describe('clock', () => {
  it('ticks every second', () => {
    vi.useFakeTimers({ now: new Date(2025, 2, 14, 9, 30, 0) });
    render(<Clock />);
    const clock = screen.getByRole('timer', { name: 'Current time' });
    expect(clock).toHaveTextContent(formatClock(new Date(2025, 2, 14, 9, 30, 0)));
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent(formatClock(new Date(2025, 2, 14, 9, 30, 1)));
    act(() => vi.advanceTimersByTime(59_000));
    expect(clock).toHaveTextContent(formatClock(new Date(2025, 2, 14, 9, 31, 0)));
  });
});
