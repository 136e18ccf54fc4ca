import { screen, waitFor, within } from '@testing-library/react';
import type { AccountUser } from '../../../../../shared/schemas/accounts';
import type { ActivityEntry } from '../../../../../shared/schemas/activity';
import { formatActivityTime, localDay } from '../../../activityTime';
import { aClientMe, signedInAs } from '../../../test/builders';
import { fakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

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

function anEntry(id: string, activity: string, who = 'Ada'): ActivityEntry {
  return {
    id,
    user: {
      first_name: who,
      last_name: 'Lovelace',
      user_role: 'Account Admin',
      photo_uri: null,
      email: 'ada@example.com',
    },
    impersonated_by: null,
    component: 'User',
    component_id: 'u2',
    activity,
    time: '2026-11-20T14:05:00.000Z',
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
  return api.ok('GET', '/client/allusers', [vera, owner]);
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

  it('opens a user read-only, then edits and saves them, with the spec’s messages', async () => {
    const api = signedIn().ok('PUT', '/client/user/u2', { ...vera, first_name: 'Veronica' }, 'User updated');
    const { user } = renderApp('/c/account-management');
    await user.click(await screen.findByRole('button', { name: 'Vera Smith' }));
    const panel = screen.getByRole('dialog', { name: 'Vera Smith' });
    expect(within(panel).getByText('vera@example.com')).toBeInTheDocument();
    expect(
      within(panel).getByText('None assigned yet: they are assigned on the Venues page.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));

    const form = await screen.findByRole('form', { name: 'Edit user' });
    expect(within(form).queryByLabelText('New password')).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/First name/));
    await user.tab();
    expect(await within(form).findByText('Field is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/First name/), 'Veronica');

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
      password: 'NewPass99',
      password_confirmation: 'NewPass99',
    });
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
    await user.type(within(form).getByLabelText(/First name/), 'Nora');
    await user.type(within(form).getByLabelText(/E-mail/), 'nora@example.com');
    await user.type(within(form).getByLabelText(/^Password/), 'Secret123');
    const role = me.package.allowed_user_roles.at(-1)!;
    await user.selectOptions(within(form).getByLabelText(/Role/), role);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/newuser')[0]!.body).toMatchObject({
      first_name: 'Nora',
      email: 'nora@example.com',
      password: 'Secret123',
      user_role: me.package.allowed_user_roles.at(-1),
    });
  });

  it('shows 10 users a page, sorts by a column, and searches any field with the text trimmed', async () => {
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

  it('asks for the last 30 days, and exports the rows the search leaves as CSV', async () => {
    const api = signedIn().ok('POST', '/client/activityLog', { data: entries, next_cursor: null });
    const files = captureDownloads();
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    expect(api.callsTo('POST', '/client/activityLog')[0]!.body).toMatchObject({
      from_date: localDay(30),
      to_date: localDay(),
      time_zone: expect.any(String),
    });
    await user.type(screen.getByLabelText('Search activity'), 'created');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Deactivated user Vera Smith' })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files.map((file) => file.name)).toEqual([`ActivityLog_${localDay(30)}_${localDay()}.csv`]);
    expect(await files[0]!.blob.text()).toBe(
      [
        'User,E-mail,Role,Category,Activity,Time',
        `Ada Lovelace,ada@example.com,Account Admin,User,"Created user Vera Smith, ""Lobby""","${formatActivityTime(entries[1]!.time)}"`,
      ].join('\r\n'),
    );
  });

  it('exports the rows shown as a PDF, its library loaded when pressed', async () => {
    signedIn().ok('POST', '/client/activityLog', { data: entries, next_cursor: null });
    const files = captureDownloads();
    const { user } = renderApp('/c/account-management/activity-log');
    await screen.findByRole('cell', { name: 'Deactivated user Vera Smith' });
    await user.type(screen.getByLabelText('Search activity'), 'deactivated');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Created user Vera Smith, "Lobby"' })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('ActivityLog.pdf');
    const pdf = new TextDecoder('latin1').decode(await files[0]!.blob.arrayBuffer());
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const text of [
      'Activity log',
      `From ${localDay(30)} to ${localDay()}`,
      'Deactivated user Vera Smith',
      'Ada Lovelace',
    ]) {
      expect(pdf).toContain(`(${text})`);
    }
    expect(pdf).not.toContain('Lobby');
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

describe('account section: who sees it', () => {
  it('sends a Venue Manager back: the section is not theirs', async () => {
    signedIn('Venue Manager');
    const { location } = renderApp('/c/account-management');
    await waitFor(() => expect(location()).not.toMatch(/account-management/));
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
  });
});
