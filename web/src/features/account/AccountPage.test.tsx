import { screen, waitFor, within } from '@testing-library/react';
import type { AccountUser } from '@shared/schemas/accounts';
import type { ActivityEntry } from '@shared/schemas/activity';
import { formatActivityTime, localDay } from '@web/activityTime';
import { aClientMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';

const me = aClientMe('Account Admin', { id: 'u1' });

function aUser(id: string, first: string, overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id,
    account_id: 'a1',
    first_name: first,
    last_name: 'Smith',
    email: `${first.toLowerCase()}@example.com`,
    designation: null,
    user_role: 'Venue Manager',
    phone_no: null,
    cell_no: '0700 000',
    status: 'Active',
    photo_uri: null,
    photo_url: null,
    pin_number: '1234',
    user_group: null,
    created_source: 'account',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const owner = aUser('u1', 'Ada', {
  last_name: 'Lovelace',
  email: 'ada@example.com',
  user_role: 'Account Admin',
});
const vera = aUser('u2', 'Vera');

function anEntry(
  id: string,
  activity: string,
  who = 'Ada',
  time = '2026-11-20T14:05:00.000Z',
): ActivityEntry {
  return {
    id,
    user: {
      first_name: who,
      last_name: 'Lovelace',
      user_role: 'Account Admin',
      photo_uri: null,
      photo_url: null,
      email: 'ada@example.com',
    },
    impersonated_by: null,
    component: 'User',
    component_id: 'u2',
    activity,
    time,
  };
}

/** The table's body rows as the text of their cells. */
function rows(name: string): string[][] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** Captures the files the page hands to the browser's downloads, with their names. */
function captureDownloads(): { blob: Blob; name: string }[] {
  const files: { blob: Blob; name: string }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:x';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ blob: pending!, name: this.download });
  });
  return files;
}

function signedIn(role: Parameters<typeof aClientMe>[0] = 'Account Admin'): FakeApi {
  const api = fakeApi();
  signedInAs(api, role === 'Account Admin' ? me : aClientMe(role));
  return api.ok('GET', '/client/allusers', [vera, owner]).ok('GET', '/client/userproperties/u2', []);
}

afterEach(() => vi.restoreAllMocks());

describe('account section: users', () => {
  it('lists the users; the own status toggle is disabled, another user’s saves at once', async () => {
    const api = signedIn().ok(
      'GET',
      '/client/user/u2/Inactive',
      { ...vera, status: 'Inactive' },
      'User updated',
    );
    const { user } = renderApp('/c/account-management');
    await screen.findByRole('cell', { name: 'vera@example.com' });
    expect(screen.getByRole('heading', { name: 'Account Info' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status of Ada Lovelace' })).toBeDisabled();
    const toggle = screen.getByRole('switch', { name: 'Status of Vera Smith' });
    await user.click(toggle);
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(api.callsTo('GET', '/client/user/u2/Inactive')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Status of Vera Smith' })).not.toBeChecked(),
    );
  });

  it('says a failed status change in one toast: the spec’s title, the server’s message', async () => {
    const limit = 'This package allows at most 1 active Account Admin';
    signedIn().on('GET', '/client/user/u2/Inactive', { status: 422, body: { message: { status: limit } } });
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('switch', { name: 'Status of Vera Smith' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: 'Could not update status', description: limit }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Status of Vera Smith' })).toBeChecked());
  });

  it("lists a Venue Manager's venues with their permission in the user panel", async () => {
    signedIn().ok('GET', '/client/userproperties/u2', [
      { permission: 'Approved', venue: { id: 'v1', name: 'Riverside Conference Centre' }, space: null },
      { permission: 'Denied', venue: { id: 'v2', name: 'Harbour House' }, space: null },
    ]);
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Vera Smith' }));
    const venues = await screen.findByRole('region', { name: 'Venues' });
    expect(await within(venues).findByText(/Riverside Conference Centre/)).toHaveTextContent(
      'Riverside Conference Centre — Approved',
    );
    expect(within(venues).getByText(/Harbour House/)).toHaveTextContent('Harbour House — Denied');
  });

  it('opens a user read-only, then edits and saves them, with the spec’s messages', async () => {
    const api = signedIn().ok('PUT', '/client/user/u2', { ...vera, first_name: 'Veronica' }, 'User updated');
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Vera Smith' }));
    const panel = screen.getByRole('dialog', { name: 'Vera Smith' });
    expect(within(panel).getByText('vera@example.com')).toBeInTheDocument();
    // The client area shows the PIN (only super admins do not see it).
    expect(within(panel).getByText('PIN')).toBeInTheDocument();
    expect(within(panel).getByText(vera.pin_number)).toBeInTheDocument();
    expect(
      await within(panel).findByText('None assigned yet: they are assigned on the Venues page.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));

    const form = await screen.findByRole('form', { name: 'Edit user' });
    expect(within(form).queryByLabelText('New password')).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/PIN/)).toHaveValue(vera.pin_number);
    await user.clear(within(form).getByLabelText(/First name/));
    await user.tab();
    expect(await within(form).findByText('Field is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/First name/), 'Veronica');
    // The last name is required here (docs/product/client-area.md §5).
    expect(within(form).getByLabelText(/Last name/)).toBeRequired();
    await user.clear(within(form).getByLabelText(/Last name/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field is required')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Last name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText(/Last name/), 'Smith');

    // The Account Admin may set the user's password here.
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await user.type(within(form).getByLabelText(/^New password/), 'NewPass99');
    await user.type(within(form).getByLabelText(/Repeat new password/), 'NewPass98');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field should be same as Password')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/client/user/u2')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Repeat new password/));
    await user.type(within(form).getByLabelText(/Repeat new password/), 'NewPass99');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/client/user/u2')[0]!.body).toMatchObject({
      first_name: 'Veronica',
      last_name: 'Smith',
      pin_number: vera.pin_number,
      password: 'NewPass99',
      password_confirmation: 'NewPass99',
    });
  });

  it('offers no password change for yourself: that is the profile’s, with the current password', async () => {
    signedIn();
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Ada Lovelace' })).getByRole('button', { name: 'Edit' }),
    );
    const form = await screen.findByRole('form', { name: 'Edit user' });
    expect(within(form).getByLabelText(/First name/)).toHaveValue('Ada');
    expect(within(form).queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('adds a user with a password and a role of the package', async () => {
    const api = signedIn().ok('POST', '/client/newuser', aUser('u3', 'Nora'), 'User created');
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const form = await screen.findByRole('form', { name: 'Add user' });
    expect(within(form).queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    const roles = within(within(form).getByLabelText(/Role/))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).toEqual(['Choose a role', ...me.package.allowed_user_roles]);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Field is required')).not.toHaveLength(0);
    // First name, last name (docs/product/client-area.md §5), e-mail, password and role.
    expect(within(form).getAllByText('Field is required')).toHaveLength(5);
    expect(within(form).getByLabelText(/Last name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText(/First name/), 'Nora');
    await user.type(within(form).getByLabelText(/Last name/), 'North');
    await user.type(within(form).getByLabelText(/E-mail/), 'nora@example.com');
    await user.type(within(form).getByLabelText(/^Password/), 'Secret123');
    const role = me.package.allowed_user_roles.at(-1)!;
    await user.selectOptions(within(form).getByLabelText(/Role/), role);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/newuser')[0]!.body).toMatchObject({
      first_name: 'Nora',
      last_name: 'North',
      email: 'nora@example.com',
      password: 'Secret123',
      user_role: me.package.allowed_user_roles.at(-1),
    });
  });

  it('shows 10 users a page, sorts by a column, and searches the shown columns with the text trimmed', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      aUser(`u${i + 10}`, `User${String.fromCharCode(65 + i)}`, {
        email: `person${i}@example.com`,
        cell_no: `07${i}`,
        user_role: i % 2 ? 'Event Coordinator' : 'Venue Manager',
      }),
    );
    const api = fakeApi();
    signedInAs(api, me);
    api.ok('GET', '/client/allusers', [owner, ...many]);
    const { user } = renderApp('/c/account-management');
    await screen.findByRole('table', { name: 'Users' });
    expect(rows('Users')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(rows('Users')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /^E-mail/ }));
    await user.click(screen.getByRole('button', { name: /previous page/i }));
    expect(rows('Users')[0]![2]).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: /^E-mail/ }));
    expect(rows('Users')[0]![2]).toBe('person11@example.com');
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByLabelText('Search users'), '  PERSON3@example  ');
    await waitFor(() => expect(rows('Users')).toHaveLength(1));
    expect(rows('Users')[0]![1]).toBe('UserD Smith');
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'coordinator');
    await waitFor(() => expect(rows('Users')).toHaveLength(6));
    // The cellphone and the status are shown, so searched…
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), '0711');
    await waitFor(() => expect(rows('Users')).toHaveLength(1));
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'active');
    await waitFor(() => expect(rows('Users')).toHaveLength(10));
    // …what the table does not show is not: the creation date, the PIN, the ids.
    for (const hidden of ['2026-11-01', '1234', 'a1', 'u1']) {
      await user.clear(screen.getByLabelText('Search users'));
      await user.type(screen.getByLabelText('Search users'), hidden);
      await waitFor(() => expect(rows('Users'), hidden).toEqual([['No users found']]));
    }
  });

  it('hides the plus button and the toggles from a role that may see the users but not add', async () => {
    const viewer = aClientMe('Account Admin', { id: 'u1' });
    viewer.rolesAttr = { ...viewer.rolesAttr, account: { visible: true, permission: { add: false } } };
    const api = fakeApi();
    signedInAs(api, viewer);
    api.ok('GET', '/client/allusers', [vera, owner]);
    const { user } = renderApp('/c/account-management');
    await screen.findByRole('cell', { name: 'vera@example.com' });
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account Info' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status of Vera Smith' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Vera Smith' }));
    const panel = screen.getByRole('dialog', { name: 'Vera Smith' });
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('saves the Account Info with "Success", after the field errors are put right', async () => {
    const api = signedIn().ok(
      'PUT',
      '/client/account',
      { ...me.account, name: 'Harbour Halls', address: '1 Quay', city: 'Leeds', country: 'UK' },
      'Success',
    );
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Account Info' });
    await user.clear(within(form).getByLabelText(/Account name/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Field is required')).not.toHaveLength(0);
    expect(api.callsTo('PUT', '/client/account')).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/Account name/));
    await user.type(within(form).getByLabelText(/Account name/), 'Harbour Halls');
    for (const [label, value] of [
      [/Street address/, '1 Quay'],
      [/City/, 'Leeds'],
      [/Country/, 'UK'],
    ] as const) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/client/account')[0]!.body).toEqual({
      name: 'Harbour Halls',
      address: '1 Quay',
      city: 'Leeds',
      country: 'UK',
      state: me.account.state,
      zipcode: me.account.zipcode,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Account Info' })).toBeNull());
  });
});

describe('account section: activity', () => {
  const entries = [
    anEntry('e2', 'Deactivated user Vera Smith'),
    anEntry('e1', 'Created user Vera Smith, "Lobby"'),
  ];

  it('asks for the last 30 days, today included, and exports the rows the search leaves as CSV', async () => {
    const api = signedIn().ok('POST', '/client/activityLog', { data: entries, next_cursor: null });
    const files = captureDownloads();
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    // 30 days counting today: today − 29 … today.
    expect(screen.getByLabelText('From date')).toHaveValue(localDay(29));
    expect(screen.getByLabelText('To date')).toHaveValue(localDay(0));
    expect(api.callsTo('POST', '/client/activityLog')[0]!.body).toMatchObject({
      from_date: localDay(29),
      to_date: localDay(),
      time_zone: expect.any(String),
    });
    await user.type(screen.getByLabelText('Search activity'), 'created');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Deactivated user Vera Smith' })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files.map((file) => file.name)).toEqual([`ActivityLog_${localDay(29)}_${localDay()}.csv`]);
    // The table's text columns, the time as shown; no column the table does not have.
    expect(await files[0]!.blob.text()).toBe(
      [
        'User,Role,Category,Activity,Time',
        `Ada Lovelace,Account Admin,User,"Created user Vera Smith, ""Lobby""","${formatActivityTime(entries[1]!.time)}"`,
      ].join('\r\n'),
    );
    // The search reads the shown columns only: the e-mail is not one.
    await user.clear(screen.getByLabelText('Search activity'));
    await user.type(screen.getByLabelText('Search activity'), 'ada@example.com');
    await waitFor(() => expect(rows('Activity')).toEqual([['No activity in this period']]));
  });

  it('exports every page of the range, loading those not loaded yet, then the search', async () => {
    const first = [0, 1, 2].map((i) =>
      anEntry(
        `e${10 - i}`,
        `Refreshed the PIN of Vera Smith (${i})`,
        'Ada',
        `2026-11-2${5 - i}T10:00:00.000Z`,
      ),
    );
    const second = [
      anEntry('e2', 'Deactivated user Vera Smith', 'Ada', '2026-11-02T10:00:00.000Z'),
      anEntry('e1', 'Created user Vera Smith', 'Ada', '2026-11-01T10:00:00.000Z'),
    ];
    const api = signedIn().on('POST', '/client/activityLog', ({ body }) => ({
      body: {
        result:
          (body as { cursor?: string }).cursor === 'c1'
            ? { data: second, next_cursor: null }
            : { data: first, next_cursor: 'c1' },
      },
    }));
    const files = captureDownloads();
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Refreshed the PIN of Vera Smith (0)' });
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search activity'), 'vera smith');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const cursors = api
      .callsTo('POST', '/client/activityLog')
      .map((c) => (c.body as { cursor?: string }).cursor);
    expect(cursors).toEqual([undefined, 'c1']);
    const lines = (await files[0]!.blob.text()).split('\r\n');
    expect(lines.map((line) => line.split(',')[3])).toEqual([
      'Activity',
      'Refreshed the PIN of Vera Smith (0)',
      'Refreshed the PIN of Vera Smith (1)',
      'Refreshed the PIN of Vera Smith (2)',
      'Deactivated user Vera Smith',
      'Created user Vera Smith',
    ]);
    // The table has them all now.
    expect(await screen.findByRole('cell', { name: 'Created user Vera Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // The search narrows the export of the whole range; nothing more to load.
    await user.clear(screen.getByLabelText('Search activity'));
    await user.type(screen.getByLabelText('Search activity'), 'deactivated');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect((await files[1]!.blob.text()).split('\r\n')).toEqual([
      'User,Role,Category,Activity,Time',
      `Ada Lovelace,Account Admin,User,Deactivated user Vera Smith,"${formatActivityTime(second[0]!.time)}"`,
    ]);
    expect(api.callsTo('POST', '/client/activityLog')).toHaveLength(2);
  });

  it('exports the whole range as a PDF, its library loaded when pressed', async () => {
    const refreshed = anEntry('e0', 'Refreshed the PIN of Vera Smith');
    signedIn().on(
      'POST',
      '/client/activityLog',
      { body: { result: { data: [entries[0]], next_cursor: 'c1' } } },
      { body: { result: { data: [entries[1], refreshed], next_cursor: null } } },
    );
    const files = captureDownloads();
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    await user.type(screen.getByLabelText('Search activity'), 'vera smith,');
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('ActivityLog.pdf');
    const pdf = new TextDecoder('latin1').decode(await files[0]!.blob.arrayBuffer());
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const text of [
      'Activity log',
      `From ${localDay(29)} to ${localDay()}`,
      'Role',
      // On the second page of the log, and matching the search.
      'Created user Vera Smith, "Lobby"',
      'Ada Lovelace',
    ]) {
      expect(pdf).toContain(`(${text})`);
    }
    expect(pdf).not.toContain('(E-mail)');
    expect(pdf).not.toContain('ada@example.com');
    expect(pdf).not.toContain('Deactivated user Vera Smith');
    expect(pdf).not.toContain('Refreshed the PIN');
  });

  it('shows the photo of each entry’s user, or their initials without one', async () => {
    const withPhoto: ActivityEntry = {
      ...entries[0]!,
      user: {
        ...entries[0]!.user,
        photo_uri: 'accounts/a1/users/u1/profile-photo/x',
        photo_url: 'https://files.test/ada.png',
      },
    };
    signedIn().ok('POST', '/client/activityLog', {
      data: [withPhoto, anEntry('e1', 'Created user Vera Smith', 'Bo')],
      next_cursor: null,
    });
    renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute(
      'src',
      'https://files.test/ada.png',
    );
    expect(screen.queryByRole('img', { name: 'Photo of Bo Lovelace' })).not.toBeInTheDocument();
    expect(screen.getByText('BL')).toBeInTheDocument();
  });

  it('loads the next page of the log on Load more', async () => {
    const api = signedIn()
      .ok('POST', '/client/activityLog', { data: [entries[0]], next_cursor: 'c1' })
      .on(
        'POST',
        '/client/activityLog',
        { body: { result: { data: [entries[0]], next_cursor: 'c1' } } },
        {
          body: { result: { data: [entries[1]], next_cursor: null } },
        },
      );
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Created user Vera Smith, "Lobby"' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/activityLog').at(-1)!.body).toMatchObject({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('refuses a range that ends before it starts, with the API’s message', async () => {
    signedIn().ok('POST', '/client/activityLog', { data: entries, next_cursor: null });
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    await user.clear(screen.getByLabelText('To date'));
    await user.type(screen.getByLabelText('To date'), '2000-01-01');
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

describe('account section: the Account Info box', () => {
  it('shows the logo at its own aspect ratio, within a bounded box', async () => {
    const api = fakeApi();
    const account = { ...me.account, logo_url: 'https://files.test/logo.png' };
    signedInAs(api, aClientMe('Account Admin', { id: 'u1', account }));
    api.ok('GET', '/client/allusers', [vera, owner]);
    renderApp('/c/account-management');
    const box = (await screen.findByRole('heading', { name: 'Account Info' })).closest('.amplify-card');
    expect(within(box as HTMLElement).getByRole('img', { name: 'Acme Halls logo' })).toHaveStyle({
      objectFit: 'contain',
      maxWidth: '12rem',
      maxHeight: '4rem',
      alignSelf: 'flex-start',
    });
  });
});

describe('account section: who sees it', () => {
  it('sends a Venue Manager back: the section is not theirs', async () => {
    signedIn('Venue Manager');
    const { location } = renderApp('/c/account-management');
    await waitFor(() => expect(location()).not.toMatch(/account-management/));
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
  });
});
