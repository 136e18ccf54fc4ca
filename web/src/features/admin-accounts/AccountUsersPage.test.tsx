import { screen, waitFor, within } from '@testing-library/react';
import { aClientMe, anAdminMe, aPackage, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import type { AccountPurchase } from '@shared/schemas/licences';
import { formatDay } from './text';
import { anAccount, aUser, ulidOf } from './testData';

const account = anAccount('Acme Halls', { logo_url: 'https://files.test/acme.png' });
const usersPath = `/admin/accounts/${account.id}/users`;
const venue = aUser('Vera', { account_id: account.id });
const coordinator = aUser('Cole', {
  account_id: account.id,
  user_role: 'Event Coordinator',
  status: 'Inactive',
});

function signedInAdmin(): FakeApi {
  const api = fakeApi()
    .ok('GET', `/admin/account/${account.id}`, account)
    .ok('GET', `/admin/account/${account.id}/users`, [venue, coordinator]);
  signedInAs(api, anAdminMe(), 'admin-token');
  return api;
}

async function openRowMenu(user: ReturnType<typeof renderApp>['user'], name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('account users', () => {
  it('shows the account beside its users, with the account toggle', async () => {
    signedInAdmin();
    renderApp(usersPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Halls' })).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Account users');
    // The logo keeps its aspect ratio within a bounded box, never stretched to the sidebar's width.
    expect(screen.getByRole('img', { name: 'Acme Halls logo' })).toHaveStyle({
      objectFit: 'contain',
      maxWidth: '12rem',
      maxHeight: '4rem',
      alignSelf: 'flex-start',
    });
    expect(screen.getByText('1 Main St, Springfield, IL 62701, USA')).toBeInTheDocument();
    expect(screen.getByText('acmehalls.test')).toBeInTheDocument();
    expect(screen.getByText('Admin: olivia@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Account status' })).toBeChecked();
    const menu = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(menu).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('cell', { name: 'vera@acme.test' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status of Vera Smith' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Status of Cole Smith' })).not.toBeChecked();
  });

  it('searches the users', async () => {
    signedInAdmin();
    const { user } = renderApp(usersPath);
    await user.type(await screen.findByLabelText('Search users'), 'coordinator');
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'cole@acme.test' })).toBeInTheDocument();
  });

  it("adds a user with a role of the account's package", async () => {
    const created = aUser('Nina', { account_id: account.id });
    const api = signedInAdmin().ok('POST', `/admin/account/${account.id}/users`, created, 'User created');
    const { user } = renderApp(usersPath);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const panel = screen.getByRole('dialog', { name: 'Add user' });
    const roles = within(within(panel).getByLabelText('Role'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(roles).toEqual(['Choose a role', 'Account Admin', 'Venue Manager', 'Event Coordinator']);

    // The PIN is not shown to super admins (docs/product/admin-and-auth.md §6): the API chooses one.
    expect(within(panel).queryByLabelText('PIN')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Cell')).toBeInTheDocument();

    // The admin spec does not require a last name: first name, e-mail, password and role.
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect((await within(panel).findAllByText('Field is required')).length).toBe(4);
    expect(within(panel).getByLabelText('Last name')).not.toBeRequired();
    await user.type(within(panel).getByLabelText(/First name/), 'Nina');
    await user.type(within(panel).getByLabelText(/E-mail/), 'nina@acme.test');
    await user.type(within(panel).getByLabelText(/^Password/), 'weak');
    await user.selectOptions(within(panel).getByLabelText('Role'), 'Venue Manager');
    await user.tab();
    expect(await within(panel).findByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText(/^Password/));
    await user.type(within(panel).getByLabelText(/^Password/), 'Secret123');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(api.callsTo('POST', `/admin/account/${account.id}/users`)[0]?.body).toEqual({
      first_name: 'Nina',
      email: 'nina@acme.test',
      password: 'Secret123',
      user_role: 'Venue Manager',
    });
  });

  it('edits a user without a password, PIN or cell field, sending only what the API takes', async () => {
    const withCell = { ...venue, cell_no: '0700 123' };
    const api = signedInAdmin()
      .ok('GET', `/admin/account/${account.id}/users`, [withCell, coordinator])
      .ok('PUT', `/admin/users/${venue.id}`, { ...withCell, phone_no: '555-0199' }, 'User updated');
    const { user } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Edit');
    const panel = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(panel).queryByLabelText(/Password/)).not.toBeInTheDocument();
    // Not shown to super admins (docs/product/admin-and-auth.md §6), and PUT /admin/users/{id} takes no cell (§7).
    expect(within(panel).queryByLabelText('PIN')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Cell')).not.toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Phone'));
    await user.type(within(panel).getByLabelText('Phone'), '555-0199');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/admin/users/${venue.id}`)[0]?.body).toEqual({
      first_name: 'Vera',
      last_name: 'Smith',
      email: 'vera@acme.test',
      user_role: 'Venue Manager',
      phone_no: '555-0199',
    });
  });

  it('shows a user’s details without the PIN', async () => {
    signedInAdmin();
    const { user } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Details');
    const panel = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(panel).getByText('vera@acme.test')).toBeInTheDocument();
    expect(within(panel).queryByText('PIN')).not.toBeInTheDocument();
    expect(within(panel).queryByText(venue.pin_number)).not.toBeInTheDocument();
  });

  it('puts a taken e-mail under its field', async () => {
    signedInAdmin().on('POST', `/admin/account/${account.id}/users`, {
      status: 409,
      body: { message: { email: 'This e-mail address is already in use' } },
    });
    const { user } = renderApp(usersPath);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const panel = screen.getByRole('dialog', { name: 'Add user' });
    await user.type(within(panel).getByLabelText(/First name/), 'Nina');
    await user.type(within(panel).getByLabelText(/E-mail/), 'vera@acme.test');
    await user.type(within(panel).getByLabelText(/^Password/), 'Secret123');
    await user.selectOptions(within(panel).getByLabelText('Role'), 'Account Admin');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('This e-mail address is already in use')).toBeInTheDocument();
    expect(within(panel).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("toggles a user's status at once, and says so in one toast with the reason when it fails", async () => {
    const limit = 'This package allows at most 1 active Account Admin';
    const api = signedInAdmin()
      .ok(
        'GET',
        `/admin/users/${coordinator.id}/Active`,
        { ...coordinator, status: 'Active' },
        'User status updated',
      )
      .on(
        'GET',
        `/admin/users/${venue.id}/Inactive`,
        { status: 422, body: { message: { status: limit } } },
        { networkError: true },
      );
    const { user } = renderApp(usersPath);
    await user.click(await screen.findByRole('switch', { name: 'Status of Cole Smith' }));
    expect(await screen.findByText('User status updated')).toBeInTheDocument();
    expect(api.callsTo('GET', `/admin/users/${coordinator.id}/Active`)).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Status of Vera Smith' }));
    expect(await screen.findByText('Could not update status')).toBeInTheDocument();
    expect(shownToasts('error')).toEqual([{ title: 'Could not update status', description: limit }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Status of Vera Smith' })).toBeChecked());

    // No answer at all: the same toast, saying so.
    await user.click(screen.getByRole('switch', { name: 'Status of Vera Smith' }));
    await waitFor(() =>
      expect(shownToasts('error')).toEqual([
        { title: 'Could not update status', description: 'Network error' },
      ]),
    );
  });

  it("goes to a user's activity log", async () => {
    signedInAdmin();
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Activity Log');
    await waitFor(() => expect(location()).toBe(`${usersPath}/${venue.id}/activity-log`));
  });

  it('shows the general details and the billing: package, dates and the purchases as recorded', async () => {
    // Two purchases, as recorded: licences #8 and #9 have been deleted since (the licences are not read).
    const purchases: AccountPurchase[] = [
      {
        id: ulidOf(801),
        count: 1,
        first_licence_no: 12,
        last_licence_no: 12,
        amount: 15,
        purchase_date: '2026-03-01',
        created_at: '2026-03-01T09:00:00.000Z',
      },
      {
        id: ulidOf(800),
        count: 11,
        first_licence_no: 1,
        last_licence_no: 11,
        amount: 220,
        purchase_date: '2026-01-01',
        created_at: '2026-01-01T09:00:00.000Z',
      },
    ];
    const api = signedInAdmin().ok('GET', `/admin/account/${account.id}/purchases`, purchases);
    const { user } = renderApp(usersPath);
    const menu = await screen.findByRole('navigation', { name: 'Account sections' });
    await user.click(within(menu).getByRole('link', { name: 'General Details' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'General Details' })).toBeInTheDocument();
    expect(screen.getByText('Olivia Owner (olivia@acme.test)')).toBeInTheDocument();
    // The details' logo as well as the sidebar's keeps its aspect ratio.
    for (const logo of screen.getAllByRole('img', { name: 'Acme Halls logo' })) {
      expect(logo).toHaveStyle({ objectFit: 'contain', maxHeight: '4rem' });
    }

    await user.click(within(menu).getByRole('link', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByText('Gold')).toBeInTheDocument();
    // A level below Billing, as the theme draws it smaller.
    expect(screen.getByRole('heading', { level: 3, name: 'Licence purchases' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Licence purchases' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    const amount = (value: number) => value.toLocaleString(undefined, { minimumFractionDigits: 2 });
    expect(rows).toEqual([
      ['Purchase date', 'Licences', 'Numbers', 'Amount'],
      [formatDay('2026-03-01'), '1', '#12', amount(15)],
      [formatDay('2026-01-01'), '11', '#1–#11', amount(220)],
    ]);
    expect(api.callsTo('GET', `/admin/account/${account.id}/license`)).toHaveLength(0);
  });

  it('deactivates the account from its sidebar', async () => {
    const api = signedInAdmin().ok(
      'GET',
      `/admin/account/${account.id}/Inactive`,
      { ...account, status: 'Inactive', isActive: false },
      'Account updated',
    );
    const { user } = renderApp(usersPath);
    await user.click(await screen.findByRole('switch', { name: 'Account status' }));
    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Account status' })).not.toBeChecked());
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(api.callsTo('GET', `/admin/account/${account.id}/Inactive`)).toHaveLength(1);
  });
});

describe('impersonation', () => {
  /** The client calls of the user acted as, answered as their own. */
  function actingAs(api: FakeApi) {
    const olivia = aClientMe('Account Admin', { first_name: 'Olivia', last_name: 'Owner' });
    return api
      .ok('GET', `/admin/impersonate/${venue.id}`, {
        access_token: 'user-token',
        token_type: 'bearer',
        expires_in: 3600,
      })
      .ok('GET', '/client/me', { ...olivia, impersonated_by: { id: 'adm1', email: 'grace@example.com' } })
      .ok('GET', '/client/mypackage', aPackage)
      .ok('GET', '/client/aboutMe', { account: olivia.account, totals: null });
  }

  it('opens the client area as the user, with a bar that returns to the admin page', async () => {
    const api = actingAs(signedInAdmin()).ok('POST', '/client/auth/logout', null, 'Logged out');
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Impersonate');

    const bar = await screen.findByRole('region', { name: 'Impersonation' });
    expect(within(bar).getByText('Viewing as Olivia Owner')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/c/dashboard'));
    expect(localStorage.getItem('auth.token')).toBe('user-token');
    expect(localStorage.getItem('auth.area')).toBe('client');
    expect(api.callsTo('GET', '/client/me')[0]?.token).toBe('user-token');

    await user.click(within(bar).getByRole('button', { name: 'Return to admin' }));
    await waitFor(() => expect(location()).toBe(usersPath));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Halls' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
    expect(localStorage.getItem('auth.token')).toBe('admin-token');
    expect(localStorage.getItem('auth.area')).toBe('admin');
    expect(localStorage.getItem('auth.impersonator')).toBeNull();
    // The server forgets the impersonation's token only, not the user's own sessions.
    expect(api.callsTo('POST', '/client/auth/logout').map((c) => c.token)).toEqual(['user-token']);
    expect(api.callsTo('POST', '/admin/auth/logout')).toHaveLength(0);
  });

  it('brings the admin back when the session as the user ends by itself', async () => {
    const api = actingAs(signedInAdmin());
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Impersonate');
    await screen.findByRole('region', { name: 'Impersonation' });
    await waitFor(() => expect(location()).toBe('/c/dashboard'));

    // The hour is over: the API refuses the token, and there is no refresh for it. (A super admin
    // acting as the user may save their profile, though not refresh their PIN.)
    api.on('POST', '/client/profileChange', { status: 401, body: { message: 'Your session has ended' } });
    await user.click(screen.getByRole('button', { name: 'User menu of Olivia Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'My profile' })).getByRole('button', { name: 'Edit' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The session as the user has ended. You are back in your own session.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(usersPath));
    expect(localStorage.getItem('auth.token')).toBe('admin-token');
    expect(screen.queryByText('Please log in!')).not.toBeInTheDocument();
  });

  it("never takes a refreshed token for the user's: the browser's refresh cookie is someone else's", async () => {
    const api = actingAs(signedInAdmin()).ok('POST', '/client/auth/refresh', {
      access_token: 'someone-else',
      token_type: 'bearer',
      expires_in: 3600,
    });
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Impersonate');
    await waitFor(() => expect(location()).toBe('/c/dashboard'));
    api.on('POST', '/client/profileChange', { status: 401, body: { message: 'Your session has ended' } });
    await user.click(await screen.findByRole('button', { name: 'User menu of Olivia Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'My profile' })).getByRole('button', { name: 'Edit' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(usersPath));
    expect(localStorage.getItem('auth.token')).toBe('admin-token');
    expect(api.calls.some((c) => c.token === 'someone-else')).toBe(false);
  });

  it('ends only the impersonation when the user menu logs out', async () => {
    const api = actingAs(signedInAdmin()).ok('POST', '/client/auth/logout', null, 'Logged out');
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Impersonate');
    await user.click(await screen.findByRole('button', { name: 'User menu of Olivia Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe(usersPath));
    expect(localStorage.getItem('auth.token')).toBe('admin-token');
    expect(api.callsTo('POST', '/client/auth/logout').map((c) => c.token)).toEqual(['user-token']);
  });

  it('says why when the user cannot be acted as', async () => {
    signedInAdmin().on('GET', `/admin/impersonate/${venue.id}`, {
      status: 409,
      body: { message: 'This user is inactive' },
    });
    const { user, location } = renderApp(usersPath);
    await openRowMenu(user, 'Vera Smith', 'Impersonate');
    expect(await screen.findByText('This user is inactive')).toBeInTheDocument();
    expect(location()).toBe(usersPath);
    expect(localStorage.getItem('auth.token')).toBe('admin-token');
  });
});
