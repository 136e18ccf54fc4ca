import { screen, waitFor, within } from '@testing-library/react';
import { activityComponents, type ActivityEntry } from '@shared/schemas/activity';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { localDay } from '@web/activityTime';

function anEntry(n: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: `act-${n}`,
    user: {
      first_name: 'Alan',
      last_name: 'Turing',
      user_role: 'Super Admin',
      photo_uri: null,
      photo_url: null,
      email: 'alan@spaces.test',
    },
    impersonated_by: null,
    component: 'Package',
    component_id: `pkg-${n}`,
    activity: `Package Gold ${n} created`,
    time: new Date(2025, 2, 5, 15, 4 + n).toISOString(),
    ...overrides,
  };
}

const alan = {
  id: 'adm2',
  first_name: 'Alan',
  last_name: 'Turing',
  email: 'alan@spaces.test',
  designation: null,
  phone_no: null,
  cell_no: null,
  photo_uri: null,
  photo_url: null,
  status: 'Active',
  created_by: null,
  modified_by: null,
  created_at: '2025-01-15T10:00:00.000Z',
  updated_at: '2025-01-15T10:00:00.000Z',
};

function signedInAdmin(): FakeApi {
  const api = fakeApi();
  signedInAs(api, anAdminMe());
  return api;
}

/** The table's body rows as the text of their cells. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Activity' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('activity log', () => {
  it("shows an admin's last 30 days (today included) in pages of 10, with a way back", async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/admins/adm2', alan)
      .ok(
        'POST',
        '/admin/admins/adm2/activityLog',
        Array.from({ length: 12 }, (_, i) => anEntry(i)),
      );
    const { user, location } = renderApp('/admin/users/adm2/activity-log');
    expect(await screen.findByRole('heading', { name: 'Activity log', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Alan Turing (alan@spaces.test)')).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Activity log');

    expect(screen.getByLabelText('From date')).toHaveValue(localDay(29));
    expect(screen.getByLabelText('To date')).toHaveValue(localDay(0));
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(api.callsTo('POST', '/admin/admins/adm2/activityLog')[0]?.body).toEqual({
      from_date: localDay(29),
      to_date: localDay(0),
    });

    await screen.findByRole('table', { name: 'Activity' });
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toEqual([
      'AT',
      'Alan Turing',
      'Super Admin',
      'Package',
      'Package Gold 0 created',
      '5th Mar, 2025 | 3:04pm',
      '—',
    ]);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(rows()).toHaveLength(2);

    await user.click(screen.getByRole('link', { name: /Back to admin users/ }));
    await waitFor(() => expect(location()).toBe('/admin/users'));
  });

  it('asks again when the category or the dates change, never for a blank or backwards range', async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/admins/adm2', alan)
      .on('POST', '/admin/admins/adm2/activityLog', (call) => ({
        body: {
          result:
            (call.body as { component?: string }).component === 'Admin'
              ? [anEntry(1, { component: 'Admin', activity: 'Admin Ada Lovelace created' })]
              : [anEntry(1)],
        },
      }));
    const { user } = renderApp('/admin/users/adm2/activity-log');
    expect(await screen.findByRole('cell', { name: 'Package Gold 1 created' })).toBeInTheDocument();

    const category = screen.getByLabelText('Category');
    const offered = within(category)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // Every component the API's filter takes, the spec's and 'Banner' (under which banners are logged).
    expect(offered).toEqual(['All categories', ...activityComponents]);
    expect(offered).toEqual(
      expect.arrayContaining([
        'Account',
        'User',
        'License',
        'Package',
        'Banner',
        'Amenities',
        'Space Type',
        'Venue Type',
        'Admin',
      ]),
    );
    // Banner changes are logged as 'Banner': the filter offers it, and the API takes it.
    await user.selectOptions(category, 'Banner');
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/admins/adm2/activityLog').at(-1)?.body).toEqual({
        from_date: localDay(29),
        to_date: localDay(0),
        component: 'Banner',
      }),
    );
    await screen.findByRole('cell', { name: 'Package Gold 1 created' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Admin');
    expect(await screen.findByRole('cell', { name: 'Admin Ada Lovelace created' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/admins/adm2/activityLog').at(-1)?.body).toEqual({
      from_date: localDay(29),
      to_date: localDay(0),
      component: 'Admin',
    });

    const calls = api.callsTo('POST', '/admin/admins/adm2/activityLog').length;
    const from = screen.getByLabelText('From date');
    await user.clear(from);
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.type(from, '2025-02-01');
    const to = screen.getByLabelText('To date');
    await user.clear(to);
    await user.type(to, '2025-01-01');
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    // The last good answer stays; only the valid range was asked for meanwhile.
    expect(screen.getByRole('cell', { name: 'Admin Ada Lovelace created' })).toBeInTheDocument();
    const asked = api.callsTo('POST', '/admin/admins/adm2/activityLog').slice(calls);
    for (const { body } of asked) {
      const { from_date, to_date } = body as { from_date: string; to_date: string };
      expect(from_date && to_date && to_date >= from_date).toBeTruthy();
    }

    await user.clear(to);
    await user.type(to, '2025-02-28');
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/admins/adm2/activityLog').at(-1)?.body).toEqual({
        from_date: '2025-02-01',
        to_date: '2025-02-28',
        component: 'Admin',
      }),
    );
  });

  it("shows an account user's log with who impersonated them, and links back to the account's users", async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/users/u9', {
        ...alan,
        id: 'u9',
        first_name: 'Olivia',
        last_name: 'Owner',
        email: 'owner@demo.test',
      })
      .ok('POST', '/admin/users/u9/activityLog', [
        anEntry(1, {
          user: {
            first_name: 'Olivia',
            last_name: 'Owner',
            user_role: 'Account Admin',
            photo_uri: null,
            photo_url: null,
            email: 'owner@demo.test',
          },
          component: 'User',
          activity: 'User Ada Lovelace created',
          impersonated_by: { id: 'adm1', email: 'grace@example.com' },
        }),
      ]);
    const { user, location } = renderApp('/admin/accounts/a1/users/u9/activity-log');
    expect(await screen.findByText('Olivia Owner (owner@demo.test)')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'grace@example.com' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/users/u9/activityLog')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: /Back to the account’s users/ }));
    await waitFor(() => expect(location()).toBe('/admin/accounts/a1/users'));
  });
});
