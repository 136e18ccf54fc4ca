import { screen, waitFor, within } from '@testing-library/react';
import { anAdminMe, signedInAs } from '../../test/builders';
import { fakeApi, type FakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { anAccount, aRecentUser, goldId, packages } from '../admin-accounts/testData';

const acme = anAccount('Acme Halls', {
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
});

function signedInAdmin({ screens = [] as unknown[] } = {}): FakeApi {
  const api = fakeApi()
    .ok('GET', '/admin/dashboard', {
      total_accounts: 12,
      total_users: 48,
      active_accounts: 10,
      active_venues: 7,
    })
    .ok('GET', '/admin/recentAccounts', [acme])
    .ok('GET', '/admin/recentUsers', [aRecentUser('Vera', acme)])
    .ok('GET', '/admin/recentScreens', screens)
    .ok('GET', '/admin/recentPayments', [
      {
        id: 'p1',
        account: { id: acme.id, name: 'Acme Halls' },
        count: 5,
        amount: 100,
        purchase_date: '2026-01-01',
        created_at: '2026-01-01T09:00:00.000Z',
      },
    ])
    .ok('GET', '/admin/packages', packages);
  signedInAs(api, anAdminMe());
  return api;
}

describe('admin dashboard', () => {
  it('shows the totals and the recent lists, screens empty until there are some', async () => {
    signedInAdmin();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Dashboard');
    for (const [label, value] of [
      ['Total accounts', '12'],
      ['Total users', '48'],
      ['Active accounts', '10'],
      ['Active venues', '7'],
    ] as const) {
      const term = await screen.findByText(label);
      await waitFor(() => expect(term.nextElementSibling).toHaveTextContent(value));
    }
    expect(await screen.findByRole('button', { name: 'Acme Halls' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vera Smith' })).toBeInTheDocument();
    expect(
      screen.getByText('No screens have been added yet. They appear here once accounts add them.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acme Halls' })).toHaveAttribute(
      'href',
      `/admin/accounts/${acme.id}/licenses`,
    );
  });

  it('opens a recent account in a panel with its package, dates and address', async () => {
    signedInAdmin();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Acme Halls' }));
    const panel = await screen.findByRole('dialog', { name: 'Account details' });
    for (const [label, value] of [
      ['Name', 'Acme Halls'],
      ['Package', 'Gold'],
      ['Address', '1 Main St'],
      ['City', 'Springfield'],
      ['State', 'IL'],
      ['Zip code', '62701'],
    ] as const) {
      expect(within(panel).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(panel).getByText('Package start date').nextElementSibling).not.toHaveTextContent('—');
    expect(within(panel).getByText('Package end date').nextElementSibling).not.toHaveTextContent('—');
  });

  it('opens a recent user and a recent screen in their panels', async () => {
    signedInAdmin({
      screens: [
        {
          id: 's1',
          screen_id_no: 'K7Q2',
          name: 'Lobby screen',
          hardware: 'Raspberry Pi',
          venue: { id: 'v1', name: 'Main building' },
          space: { id: 'p1', title: 'Boardroom' },
          status: 'Active',
          device_status: 'Online',
          app_version: '2026.11.25',
          last_check_in: '2026-11-25T09:00:00.000Z',
          account: { id: 'a1', name: 'Acme Halls' },
          created_at: '2026-11-20T09:00:00.000Z',
        },
      ],
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Vera Smith' }));
    const userPanel = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(userPanel).getByText('vera@acme.test')).toBeInTheDocument();
    expect(within(userPanel).getByText('Account').nextElementSibling).toHaveTextContent('Acme Halls');
    // Not shown to super admins (docs/product/admin-and-auth.md §6).
    expect(within(userPanel).queryByText('PIN')).not.toBeInTheDocument();
    expect(within(userPanel).queryByText('0421')).not.toBeInTheDocument();
    await user.click(within(userPanel).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Lobby screen' }));
    const screenPanel = await screen.findByRole('dialog', { name: 'Screen details' });
    for (const [label, value] of [
      ['Screen ID number', 'K7Q2'],
      ['Venue', 'Main building'],
      ['Space', 'Boardroom'],
      ['Name', 'Lobby screen'],
      ['Hardware', 'Raspberry Pi'],
      ['Status', 'Active'],
      ['Account', 'Acme Halls'],
      ['Device', 'Online'],
      ['App version', '2026.11.25'],
      ['Last check-in', 'Nov 25, 2026'],
    ] as const) {
      expect(within(screenPanel).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
  });

  it('adds an account from its box', async () => {
    signedInAdmin();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const panel = await screen.findByRole('dialog', { name: 'Add account' });
    expect(await within(panel).findByLabelText(/Account name/)).toHaveValue('');
    expect(within(panel).getByText('Account Admin')).toBeInTheDocument();
  });

  it('lists the new account’s Account Admin among the recent users once the account is added', async () => {
    const initech = anAccount('Initech', { package_id: goldId });
    const api = signedInAdmin()
      .on(
        'GET',
        '/admin/recentUsers',
        { body: { result: [aRecentUser('Vera', acme)] } },
        { body: { result: [aRecentUser('Bill', initech), aRecentUser('Vera', acme)] } },
      )
      .ok('POST', '/admin/account', initech, 'Account created');
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Vera Smith' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const panel = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(await within(panel).findByLabelText(/Account name/), 'Initech');
    await user.selectOptions(within(panel).getByLabelText('Package'), 'Gold');
    await user.type(within(panel).getByLabelText(/Package start date/), '2026-03-01');
    await user.type(within(panel).getByLabelText(/Package end date/), '2027-02-28');
    await user.type(within(panel).getByLabelText(/First name/), 'Bill');
    await user.type(within(panel).getByLabelText(/E-mail/), 'bill@initech.test');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account created')).toBeInTheDocument();

    const recent = screen.getByRole('list', { name: 'Recent users' });
    expect(await within(recent).findByRole('button', { name: 'Bill Smith' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/recentUsers')).toHaveLength(2);
  });
});
