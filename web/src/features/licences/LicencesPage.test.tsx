import { screen, waitFor, within } from '@testing-library/react';
import type { Licence } from '@shared/schemas/licences';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi, type FakeCall } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { aLicence, anAccount } from '../admin-accounts/testData';

const account = anAccount('Acme Halls');
const licencesPath = `/admin/account/${account.id}/license`;
const page = `/admin/accounts/${account.id}/licenses`;

/** Licences #1…#n, newest number first, paged by 10 and searched like the API does. */
function licencesApi(licences: Licence[]) {
  return ({ query }: FakeCall) => {
    const needle = (query.search ?? '').toLowerCase();
    const found = licences.filter(
      (l) => !needle || [`#${l.licence_no}`, l.status, l.order_no].join(' ').toLowerCase().includes(needle),
    );
    const n = Number(query.page ?? '1');
    return {
      body: {
        result: { data: found.slice((n - 1) * 10, n * 10), total: found.length, page: n, per_page: 10 },
      },
    };
  };
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => aLicence(count - i, { status: i === 0 ? 'Expired' : 'Active' }));

function signedInAdmin(licences: Licence[] = numbered(3)): FakeApi {
  const api = fakeApi()
    .ok('GET', `/admin/account/${account.id}`, account)
    .on('GET', licencesPath, licencesApi(licences));
  signedInAs(api, anAdminMe());
  return api;
}

/** The licence numbers in the table's body, in order. */
function rowNumbers(): string[] {
  const table = screen.getByRole('table', { name: 'Licenses' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

async function openRowMenu(user: ReturnType<typeof renderApp>['user'], no: number, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for License #${no}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('licences', () => {
  it('shows the pages the API gives, Active in the active style and other statuses not', async () => {
    const api = signedInAdmin(numbered(12));
    const { user } = renderApp(page);
    expect(await screen.findByRole('cell', { name: '#12' })).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Licences');
    expect(screen.getByRole('heading', { level: 1, name: 'Screen licences' })).toBeInTheDocument();
    expect(await screen.findByText('Acme Halls')).toBeInTheDocument();
    expect(rowNumbers()).toHaveLength(10);
    const expired = screen.getByText('Expired');
    const active = screen.getAllByText('Active')[0]!;
    expect(active).toHaveClass('amplify-badge--success');
    expect(expired).not.toHaveClass('amplify-badge--success');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(rowNumbers()).toEqual(['#2', '#1']));
    expect(api.callsTo('GET', licencesPath).map((c) => c.query.page)).toEqual(['1', '2']);
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const api = signedInAdmin(numbered(12));
    const { user } = renderApp(page);
    await screen.findByRole('cell', { name: '#12' });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(rowNumbers()).toEqual(['#2', '#1']), { timeout: 8000 });
    await user.type(screen.getByLabelText('Search licenses'), '  expired ');
    // Typing is slow when every test file of CI runs at once: give the last search time to land.
    await waitFor(() => expect(rowNumbers()).toEqual(['#12']), { timeout: 8000 });
    const searches = api.callsTo('GET', licencesPath).map((c) => c.query);
    expect(searches.at(-1)).toEqual({ search: 'expired', page: '1' });
    // Not one request per keystroke.
    expect(searches.length).toBeLessThanOrEqual(4);
  }, 20_000);

  it('adds licences in bulk: 1 to 49, dates required', async () => {
    const api = signedInAdmin().ok('POST', licencesPath, [aLicence(4), aLicence(5)], 'Licenses added');
    const { user } = renderApp(page);
    await user.click(await screen.findByRole('button', { name: 'Add license' }));
    const panel = screen.getByRole('dialog', { name: 'Add licenses' });
    const counts = within(within(panel).getByLabelText('Number of licenses'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(counts).toHaveLength(49);
    expect(counts[0]).toBe('1');
    expect(counts.at(-1)).toBe('49');

    await user.clear(within(panel).getByLabelText(/Purchase date/));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findAllByText('Field is required')).toHaveLength(2);
    expect(api.callsTo('POST', licencesPath)).toHaveLength(0);

    await user.selectOptions(within(panel).getByLabelText('Number of licenses'), '2');
    await user.type(within(panel).getByLabelText(/Purchase date/), '2026-03-01');
    await user.type(within(panel).getByLabelText(/Expiration date/), '2027-02-28');
    await user.type(within(panel).getByLabelText('Order number'), 'A-1');
    await user.tab();
    expect(await within(panel).findByText('Field should be a number')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Order number'));
    await user.type(within(panel).getByLabelText('Order number'), '3003');
    await user.type(within(panel).getByLabelText('Amount per license'), '19.5');
    await user.type(within(panel).getByLabelText('Note'), 'Lobby screens');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Licenses added')).toBeInTheDocument();
    expect(api.callsTo('POST', licencesPath)[0]?.body).toEqual({
      no_of_licence: 2,
      purchase_date: '2026-03-01',
      expiration_date: '2027-02-28',
      order_no: '3003',
      amount: 19.5,
      note: 'Lobby screens',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a licence after asking', async () => {
    const licences = numbered(3);
    const api = signedInAdmin(licences).ok(
      'DELETE',
      `${licencesPath}/${licences[1]!.id}`,
      null,
      'License deleted',
    );
    const { user } = renderApp(page);
    await openRowMenu(user, 2, 'Delete');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete License #2?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `${licencesPath}/${licences[1]!.id}`)).toHaveLength(0);

    await openRowMenu(user, 2, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('License deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${licencesPath}/${licences[1]!.id}`)).toHaveLength(1);
  });

  it('says why a licence a screen uses cannot be deleted', async () => {
    const licences = numbered(3);
    signedInAdmin(licences).on('DELETE', `${licencesPath}/${licences[0]!.id}`, {
      status: 409,
      body: { message: 'License #3 is used by screen Lobby' },
    });
    const { user } = renderApp(page);
    await openRowMenu(user, 3, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('License #3 is used by screen Lobby')).toBeInTheDocument();
  });

  it('shows details read-only, then edits the licence', async () => {
    const licences = numbered(3);
    const target = licences[2]!;
    const api = signedInAdmin(licences).ok(
      'PUT',
      `${licencesPath}/${target.id}`,
      { ...target, status: 'Declined' },
      'License updated',
    );
    const { user } = renderApp(page);
    await openRowMenu(user, 1, 'Details');
    const details = await screen.findByRole('dialog', { name: 'License #1' });
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(details).getByText('1001')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit License #1' });
    expect(within(panel).getByLabelText('Amount per license')).toHaveValue(20);
    await user.selectOptions(within(panel).getByLabelText('Status'), 'Declined');
    await user.clear(within(panel).getByLabelText('Amount per license'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('License updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${licencesPath}/${target.id}`)[0]?.body).toEqual({
      purchase_date: '2026-01-01',
      expiration_date: '2027-12-31',
      order_no: '1001',
      status: 'Declined',
    });
  });

  it('links back to the accounts', async () => {
    signedInAdmin();
    const { user, location } = renderApp(page);
    await user.click(await screen.findByRole('link', { name: '← Accounts' }));
    await waitFor(() => expect(location()).toBe('/admin/accounts'));
  });
});
