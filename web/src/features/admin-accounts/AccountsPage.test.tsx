import { screen, waitFor, within } from '@testing-library/react';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { anAccount, goldId, packages, silverId } from './testData';

function signedInAdmin(): FakeApi {
  const api = fakeApi().ok('GET', '/admin/packages', packages);
  signedInAs(api, anAdminMe());
  return api;
}

const acme = anAccount('Acme Halls');
const globex = anAccount('Globex', {
  package_id: silverId,
  package: { id: silverId, name: 'Silver', allowed_user_roles: 'Account Admin,Viewer' },
  status: 'Inactive',
  isActive: false,
  address: '9 Elm Road',
  city: 'Shelbyville',
});

/** The account names in the table's body, in order. */
function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Accounts' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

async function openRowMenu(user: ReturnType<typeof renderApp>['user'], name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('accounts list', () => {
  it('shows logo, account, address, domain, package and a status toggle per account', async () => {
    signedInAdmin().ok('GET', '/admin/accounts', [
      { ...acme, logo_url: 'https://files.test/acme.png' },
      globex,
    ]);
    renderApp('/admin/accounts');
    expect(await screen.findByRole('cell', { name: 'Acme Halls' })).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Accounts');
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Accounts' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual(['Logo', 'Account', 'Address', 'Domain', 'Package', 'Status', 'Actions']);
    expect(screen.getByRole('img', { name: 'Acme Halls logo' })).toHaveAttribute(
      'src',
      'https://files.test/acme.png',
    );
    expect(screen.getByRole('cell', { name: '1 Main St, Springfield, IL 62701, USA' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'acmehalls.test' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Status of Acme Halls' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Status of Globex' })).not.toBeChecked();
  });

  it('searches the shown fields, the package and the admin e-mail included', async () => {
    signedInAdmin().ok('GET', '/admin/accounts', [
      acme,
      { ...globex, admin: { ...acme.admin!, email: 'gina@globex.test' } },
    ]);
    const { user } = renderApp('/admin/accounts');
    const search = await screen.findByLabelText('Search accounts');
    await user.type(search, ' silver ');
    expect(rowNames()).toEqual(['Globex']);
    await user.clear(search);
    await user.type(search, 'Springfield');
    expect(rowNames()).toEqual(['Acme Halls']);
    await user.clear(search);
    await user.type(search, 'gina@');
    expect(rowNames()).toEqual(['Globex']);
  });

  it('adds an account with its Account Admin, offering only active packages', async () => {
    const created = anAccount('Initech', { package_id: goldId });
    const api = signedInAdmin()
      .on('GET', '/admin/accounts', { body: { result: [acme] } }, { body: { result: [created, acme] } })
      .ok('POST', '/admin/account', created, 'Account created');
    const { user } = renderApp('/admin/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const panel = screen.getByRole('dialog', { name: 'Add account' });
    expect(
      within(panel).getByText(/Without a password, the Account Admin receives an e-mail/),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect((await within(panel).findAllByText('Field is required')).length).toBeGreaterThanOrEqual(5);
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.callsTo('POST', '/admin/account')).toHaveLength(0);

    const packageSelect = within(panel).getByLabelText('Package');
    const offered = within(packageSelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['Choose a package', 'Gold', 'Silver']);

    await user.type(within(panel).getByLabelText(/Account name/), 'Initech');
    await user.selectOptions(packageSelect, 'Gold');
    await user.type(within(panel).getByLabelText(/Package start date/), '2026-03-01');
    await user.type(within(panel).getByLabelText(/Package end date/), '2027-02-28');
    await user.type(within(panel).getByLabelText('City'), 'Austin');
    await user.type(within(panel).getByLabelText('Domain'), 'Initech.TEST');
    await user.type(within(panel).getByLabelText(/First name/), 'Bill');
    await user.type(within(panel).getByLabelText('Last name'), 'Lumbergh');
    await user.type(within(panel).getByLabelText(/E-mail/), 'Bill@Initech.test');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/account')[0]?.body).toEqual({
      name: 'Initech',
      package_id: goldId,
      package_start_date: '2026-03-01',
      package_end_date: '2027-02-28',
      city: 'Austin',
      domain: 'initech.test',
      admin_first_name: 'Bill',
      admin_last_name: 'Lumbergh',
      admin_email: 'bill@initech.test',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Initech' })).toBeInTheDocument();
  });

  it('refuses an end date before the start date', async () => {
    signedInAdmin().ok('GET', '/admin/accounts', []);
    const { user } = renderApp('/admin/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const panel = screen.getByRole('dialog', { name: 'Add account' });
    await user.type(within(panel).getByLabelText(/Package start date/), '2026-03-01');
    await user.type(within(panel).getByLabelText(/Package end date/), '2026-02-01');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(
      await within(panel).findByText('The package end date must not be before its start date'),
    ).toBeInTheDocument();
  });

  it('uploads a chosen logo and sends its key with the account', async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/accounts', [acme])
      .ok('POST', '/admin/uploads', {
        url: 'https://uploads.test/bucket',
        fields: { key: 'platform/logos/1.png', policy: 'p' },
        key: 'platform/logos/1.png',
      })
      .on('POST', 'https://uploads.test/bucket', { status: 204 })
      .ok('PUT', `/admin/account/${acme.id}`, acme, 'Account updated');
    // jsdom has no object URLs: a stand-in URL class that makes one for the preview.
    class PreviewURL extends URL {
      static override createObjectURL = () => 'blob:logo';
      static override revokeObjectURL = () => {};
    }
    vi.stubGlobal('URL', PreviewURL);
    const { user } = renderApp('/admin/accounts');
    await openRowMenu(user, 'Acme Halls', 'Edit');
    const panel = await screen.findByRole('dialog', { name: 'Edit account' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'acme.png', { type: 'image/png' });
    await user.upload(within(panel).getByLabelText('Logo file'), file);
    expect(within(panel).getByRole('img', { name: 'Acme Halls logo' })).toHaveAttribute('src', 'blob:logo');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/uploads')[0]?.body).toEqual({
      purpose: 'account-logo',
      content_type: 'image/png',
      size: 4,
    });
    expect(api.callsTo('POST', 'https://uploads.test/bucket')).toHaveLength(1);
    expect(api.callsTo('PUT', `/admin/account/${acme.id}`)[0]?.body).toMatchObject({
      logo_uri: 'platform/logos/1.png',
    });
  });

  it('edits an account: no admin fields, and a taken domain goes under its field', async () => {
    const api = signedInAdmin()
      .ok('GET', '/admin/accounts', [acme])
      .on('PUT', `/admin/account/${acme.id}`, {
        status: 409,
        body: { message: { domain: 'This domain is already used by another account' } },
      });
    const { user } = renderApp('/admin/accounts');
    await openRowMenu(user, 'Acme Halls', 'Edit');
    const panel = await screen.findByRole('dialog', { name: 'Edit account' });
    expect(within(panel).getByLabelText(/Account name/)).toHaveValue('Acme Halls');
    expect(within(panel).getByLabelText('Package')).toHaveValue(goldId);
    expect(within(panel).queryByText('Account Admin')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Address'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(
      await within(panel).findByText('This domain is already used by another account'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', `/admin/account/${acme.id}`)[0]?.body).toEqual({
      name: 'Acme Halls',
      package_id: goldId,
      package_start_date: '2026-01-01',
      package_end_date: '2026-12-31',
      city: 'Springfield',
      state: 'IL',
      country: 'USA',
      zipcode: '62701',
      domain: 'acmehalls.test',
    });
  });

  it('shows the details read-only first, then edits', async () => {
    signedInAdmin().ok('GET', '/admin/accounts', [acme]);
    const { user } = renderApp('/admin/accounts');
    await openRowMenu(user, 'Acme Halls', 'Details');
    const panel = await screen.findByRole('dialog', { name: 'Account details' });
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    for (const text of ['Gold', '62701', 'Olivia Owner (olivia@acme.test)']) {
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toggles the status at once, and says so when it fails', async () => {
    const activated = { ...globex, status: 'Active' as const, isActive: true };
    const api = signedInAdmin()
      .on(
        'GET',
        '/admin/accounts',
        { body: { result: [acme, globex] } },
        { body: { result: [acme, activated] } },
      )
      .ok('GET', `/admin/account/${globex.id}/Active`, activated, 'Account updated')
      .on('GET', `/admin/account/${acme.id}/Inactive`, {
        status: 503,
        body: { message: 'Service unavailable' },
      });
    const { user } = renderApp('/admin/accounts');
    await user.click(await screen.findByRole('switch', { name: 'Status of Globex' }));
    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Status of Globex' })).toBeChecked());
    expect(api.callsTo('GET', `/admin/account/${globex.id}/Active`)).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Status of Acme Halls' }));
    expect(await screen.findByText('Could not update status')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Status of Acme Halls' })).toBeChecked());
  });

  it('goes to the screen licences and the users of an account', async () => {
    signedInAdmin().ok('GET', '/admin/accounts', [acme]);
    const { user, location } = renderApp('/admin/accounts');
    await openRowMenu(user, 'Acme Halls', 'Screen Licences');
    await waitFor(() => expect(location()).toBe(`/admin/accounts/${acme.id}/licenses`));
  });
});
