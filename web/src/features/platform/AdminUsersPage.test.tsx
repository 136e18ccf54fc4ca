import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@shared/schemas/admins';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';

function anAdmin(first: string, last: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `adm-${first.toLowerCase()}`,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@spaces.test`,
    designation: 'Support',
    phone_no: '555-0100',
    cell_no: null,
    photo_uri: null,
    photo_url: null,
    status: 'Active',
    created_by: { id: 'adm1', email: 'grace@example.com' },
    modified_by: null,
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** Signed in as Grace Hopper (id adm1), who is in the list too. */
function signedInAdmin(): FakeApi {
  const api = fakeApi();
  signedInAs(api, anAdminMe());
  return api;
}

const grace = anAdmin('Grace', 'Hopper', { id: 'adm1', email: 'grace@example.com', designation: 'Operator' });
const alan = anAdmin('Alan', 'Turing', { id: 'adm2', phone_no: null });

describe('admin users', () => {
  it('lists the admins: image, names, designation, phone, e-mail and status', async () => {
    signedInAdmin().ok('GET', '/admin/admins', [grace, alan]);
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admin users', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Admin users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Image', 'First name', 'Last name', 'Designation', 'Phone', 'Email', 'Status', 'Actions']);
    const row = within(table).getByRole('cell', { name: 'Alan' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['AT', 'Alan', 'Turing', 'Support', '—', 'alan@spaces.test', 'Active', '⋯']);
    expect(document.title).toBe('Spaces | Admin users');
  });

  it('opens the activity log from the row menu', async () => {
    signedInAdmin()
      .ok('GET', '/admin/admins', [grace, alan])
      .ok('GET', '/admin/admins/adm2', alan)
      .ok('POST', '/admin/admins/adm2/activityLog', []);
    const { user, location } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Activity Log' }));
    await waitFor(() => expect(location()).toBe('/admin/users/adm2/activity-log'));
    expect(await screen.findByRole('heading', { name: 'Activity log' })).toBeInTheDocument();
  });

  it("resets another admin's two-factor authentication after asking, never one's own", async () => {
    const withApp = { ...alan, mfa_enabled: true };
    const api = signedInAdmin()
      .on(
        'GET',
        '/admin/admins',
        { body: { result: [{ ...grace, mfa_enabled: true }, withApp] } },
        { body: { result: [{ ...grace, mfa_enabled: true }, alan] } },
      )
      .ok('POST', '/admin/admins/adm2/mfa/reset', null, 'Two-factor authentication reset');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
    expect(
      screen.queryByRole('menuitem', { name: 'Reset two-factor authentication' }),
    ).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-factor authentication' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Reset the two-factor authentication of Alan Turing? Their sessions end, and their next sign-in sets up an authenticator app again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Two-factor authentication reset')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/admins/adm2/mfa/reset')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/admin/admins').length).toBeGreaterThan(1));
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    expect(
      screen.queryByRole('menuitem', { name: 'Reset two-factor authentication' }),
    ).not.toBeInTheDocument();
  });

  it('adds an admin with a password, and no status toggle', async () => {
    const created = anAdmin('Ada', 'Lovelace');
    const api = signedInAdmin()
      .on('GET', '/admin/admins', { body: { result: [grace] } }, { body: { result: [grace, created] } })
      .ok('POST', '/admin/admins', created, 'User created');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const panel = screen.getByRole('dialog', { name: 'Add User' });
    expect(within(panel).queryByRole('switch', { name: /Status/ })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findAllByText('Field is required')).toHaveLength(3);

    await user.type(within(panel).getByLabelText(/First name/), 'Ada');
    await user.type(within(panel).getByLabelText(/Last name/), 'Lovelace');
    await user.type(within(panel).getByLabelText(/E-mail/), 'not-an-email');
    await user.type(within(panel).getByLabelText(/^Password/), 'short');
    await user.tab();
    expect(await within(panel).findByText('Field should be an email address')).toBeInTheDocument();
    expect(within(panel).getByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    const phone = within(panel).getByLabelText(/Phone/);
    phone.removeAttribute('maxlength');
    await user.type(phone, '1'.repeat(21));
    await user.tab();
    expect(await within(panel).findByText('Field should be less than 20 characters')).toBeInTheDocument();

    await user.clear(phone);
    await user.clear(within(panel).getByLabelText(/E-mail/));
    await user.type(within(panel).getByLabelText(/E-mail/), 'Ada@Spaces.test');
    await user.clear(within(panel).getByLabelText(/^Password/));
    await user.type(within(panel).getByLabelText(/^Password/), 'Secret123');
    await user.type(within(panel).getByLabelText(/Designation/), 'Analyst');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/admins')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@spaces.test',
      designation: 'Analyst',
      phone_no: '',
      cell_no: '',
      password: 'Secret123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  });

  it('puts an e-mail already in use under the field', async () => {
    signedInAdmin()
      .ok('GET', '/admin/admins', [grace])
      .on('POST', '/admin/admins', {
        status: 409,
        body: { message: 'This e-mail address is already in use' },
      });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const panel = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(panel).getByLabelText(/First name/), 'Grace');
    await user.type(within(panel).getByLabelText(/E-mail/), 'grace@example.com');
    await user.type(within(panel).getByLabelText(/^Password/), 'Secret123');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('This e-mail address is already in use')).toBeInTheDocument();
    expect(within(panel).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits another admin with the status toggle, sending no password when none is typed', async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/admins', [grace, alan])
      .ok('PUT', '/admin/admins/adm2', { ...alan, status: 'Inactive' }, 'User updated');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(panel).getByLabelText(/First name/)).toHaveValue('Alan');
    expect(within(panel).getByLabelText(/New password/)).toHaveValue('');
    const toggle = within(panel).getByRole('switch', { name: 'Status: Active' });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    await user.clear(within(panel).getByLabelText(/Designation/));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/admins/adm2')[0]?.body).toEqual({
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@spaces.test',
      designation: '',
      phone_no: '',
      cell_no: '',
      status: 'Inactive',
    });
  });

  it("sets another admin's new password when one is typed", async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/admins', [grace, alan])
      .ok('PUT', '/admin/admins/adm2', alan, 'User updated');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit User' });
    const password = within(panel).getByLabelText(/New password/);
    await user.type(password, 'weak');
    await user.tab();
    expect(await within(panel).findByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'NewSecret1');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/admins/adm2')[0]?.body).toMatchObject({ password: 'NewSecret1' });
  });

  it("keeps one from deactivating oneself or setting one's own password here, and says why", async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/admins', [grace, alan])
      .ok('PUT', '/admin/admins/adm1', grace, 'User updated');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit User' });
    const toggle = within(panel).getByRole('switch', { name: 'Status: Active' });
    expect(toggle).toBeDisabled();
    expect(within(panel).getByText('You cannot deactivate your own user: another admin can.')).toBeVisible();
    expect(within(panel).queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(within(panel).getByText(/Your own password changes in your profile/)).toBeVisible();
    await user.clear(within(panel).getByLabelText(/Designation/));
    await user.type(within(panel).getByLabelText(/Designation/), 'Chief operator');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    const sent = api.callsTo('PUT', '/admin/admins/adm1')[0]?.body;
    expect(sent).toMatchObject({ designation: 'Chief operator', status: 'Active' });
    expect(sent).not.toHaveProperty('password');
  });

  it("shows the server's refusal of a status change under the toggle", async () => {
    signedInAdmin()
      .ok('GET', '/admin/admins', [grace, alan])
      .on('PUT', '/admin/admins/adm2', {
        status: 409,
        body: { message: { status: 'The last active admin cannot be deactivated' } },
      });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(panel).getByRole('switch', { name: 'Status: Active' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('The last active admin cannot be deactivated')).toBeInTheDocument();
  });

  it('shows details with who created the admin', async () => {
    signedInAdmin().ok('GET', '/admin/admins', [grace, alan]);
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(details).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(details).getByText(/by grace@example\.com/)).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
