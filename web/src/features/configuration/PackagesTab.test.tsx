import { screen, waitFor, within } from '@testing-library/react';
import type { Package } from '@shared/schemas/packages';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';

function aPackage(name: string, overrides: Partial<Package> = {}): Package {
  return {
    id: `pkg-${name.toLowerCase()}`,
    name,
    allowed_user_roles: 'Account Admin,Venue Manager',
    venue_limit: 5,
    spaces_limit: 'Unlimited',
    admin_limit: 1,
    storage_limit_gb: 5,
    third_party_integration: 'Yes',
    custom_integration: 'No',
    on_screen_branding: 'Yes',
    booking_approval: 'No',
    status: 'Active',
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function signedInAdmin(): FakeApi {
  const api = fakeApi();
  signedInAs(api, anAdminMe());
  return api;
}

describe('packages tab', () => {
  it('lists each package with its roles, limits, flags and status', async () => {
    signedInAdmin().ok('GET', '/admin/packages', [
      aPackage('Gold'),
      aPackage('Basic', { status: 'Inactive' }),
    ]);
    renderApp('/admin/configuration/packages');
    const gold = (await screen.findByRole('cell', { name: 'Gold' })).closest('tr')!;
    expect(within(gold).getByText('Account Admin, Venue Manager')).toBeInTheDocument();
    expect(within(gold).getAllByRole('cell')[2]).toHaveTextContent('Venues 5Spaces UnlimitedAdmins 1');
    expect(within(gold).getByText('Third party integration, On screen branding')).toBeInTheDocument();
    expect(within(gold).getByText('Active')).toBeInTheDocument();
    const basic = screen.getByRole('cell', { name: 'Basic' }).closest('tr')!;
    expect(within(basic).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Packages' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds a package: roles required, limits 1 and flags Yes by default, no status toggle', async () => {
    const created = aPackage('Silver');
    const api = signedInAdmin()
      .on('GET', '/admin/packages', { body: { result: [] } }, { body: { result: [created] } })
      .ok('POST', '/admin/packages', created, 'Package created');
    const { user } = renderApp('/admin/configuration/packages');
    await user.click(await screen.findByRole('button', { name: 'Add Package' }));
    const panel = screen.getByRole('dialog', { name: 'Add Package' });
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();

    // The spec's choices and defaults.
    const venues = within(panel).getByLabelText(/Venue limit/);
    expect(venues).toHaveValue('1');
    expect(
      within(venues)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unlimited', ...Array.from({ length: 10 }, (_, i) => String(i + 1))]);
    expect(within(panel).getByLabelText(/Spaces limit/)).toHaveValue('1');
    expect(within(panel).getByLabelText(/Admin limit/)).toHaveValue('1');
    for (const flag of [
      'Third party integration',
      'Custom integration',
      'On screen branding',
      'Booking approval',
    ]) {
      const group = within(panel).getByRole('radiogroup', { name: flag });
      expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
    }
    const roles = within(panel).getByRole('group', { name: 'Allowed user roles' });
    expect(
      within(roles)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findAllByText('Field is required')).toHaveLength(2);
    expect(api.callsTo('POST', '/admin/packages')).toHaveLength(0);

    await user.type(within(panel).getByLabelText(/Name/), 'Silver');
    await user.click(within(roles).getByRole('checkbox', { name: 'Viewer' }));
    await user.click(within(roles).getByRole('checkbox', { name: 'Account Admin' }));
    await user.selectOptions(venues, 'Unlimited');
    await user.selectOptions(within(panel).getByLabelText(/Admin limit/), '3');
    await user.click(
      within(within(panel).getByRole('radiogroup', { name: 'Custom integration' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Package created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/packages')[0]?.body).toEqual({
      name: 'Silver',
      allowed_user_roles: 'Account Admin,Viewer',
      venue_limit: 'Unlimited',
      spaces_limit: 1,
      admin_limit: 3,
      storage_limit_gb: 5,
      third_party_integration: 'Yes',
      custom_integration: 'No',
      on_screen_branding: 'Yes',
      booking_approval: 'Yes',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Silver' })).toBeInTheDocument();
  });

  it('edits a package with its values and the status toggle', async () => {
    const gold = aPackage('Gold', { id: 'p-7' });
    const api = signedInAdmin()
      .ok('GET', '/admin/packages', [gold])
      .ok('PUT', '/admin/packages/p-7', { ...gold, status: 'Inactive' }, 'Package updated');
    const { user } = renderApp('/admin/configuration/packages');
    await user.click(await screen.findByRole('button', { name: 'Actions for Gold' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Package' });
    expect(within(panel).getByLabelText(/Name/)).toHaveValue('Gold');
    expect(within(panel).getByRole('checkbox', { name: 'Account Admin' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Venue Manager' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Viewer' })).not.toBeChecked();
    expect(within(panel).getByLabelText(/Venue limit/)).toHaveValue('5');
    expect(within(panel).getByLabelText(/Spaces limit/)).toHaveValue('Unlimited');

    await user.click(within(panel).getByRole('switch', { name: 'Status: Active' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Package updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/packages/p-7')[0]?.body).toEqual({
      name: 'Gold',
      allowed_user_roles: 'Account Admin,Venue Manager',
      venue_limit: 5,
      spaces_limit: 'Unlimited',
      admin_limit: 1,
      storage_limit_gb: 5,
      third_party_integration: 'Yes',
      custom_integration: 'No',
      on_screen_branding: 'Yes',
      booking_approval: 'No',
      status: 'Inactive',
    });
  });

  it("sets the accounts' storage in whole GB, 1 to 1000", async () => {
    const gold = aPackage('Gold', { id: 'p-8', storage_limit_gb: 20 });
    const api = signedInAdmin()
      .ok('GET', '/admin/packages', [gold])
      .ok('PUT', '/admin/packages/p-8', { ...gold, storage_limit_gb: 50 }, 'Package updated');
    const { user } = renderApp('/admin/configuration/packages');
    await user.click(await screen.findByRole('button', { name: 'Actions for Gold' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Package' });
    const storage = within(panel).getByLabelText(/Storage \(GB\)/);
    expect(storage).toHaveValue(20);

    await user.clear(storage);
    await user.type(storage, '0');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Field should be larger than 0')).toBeInTheDocument();
    await user.clear(storage);
    await user.type(storage, '1001');
    expect(await within(panel).findByText('Field should be smaller than 1001')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/packages/p-8')).toHaveLength(0);

    await user.clear(storage);
    await user.type(storage, '50');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Package updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/packages/p-8')[0]?.body).toMatchObject({ storage_limit_gb: 50 });
  });

  it('refuses to save without a role once one was unticked', async () => {
    signedInAdmin().ok('GET', '/admin/packages', [aPackage('Gold', { allowed_user_roles: 'Viewer' })]);
    const { user } = renderApp('/admin/configuration/packages');
    await user.click(await screen.findByRole('button', { name: 'Actions for Gold' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Package' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Viewer' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Field is required')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows details read-only, and puts a name already in use under the field', async () => {
    signedInAdmin()
      .ok('GET', '/admin/packages', [aPackage('Gold')])
      .on('POST', '/admin/packages', { status: 409, body: { message: 'This name is already in use' } });
    const { user } = renderApp('/admin/configuration/packages');
    await user.click(await screen.findByRole('button', { name: 'Actions for Gold' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Package details' });
    expect(within(details).getByText('Account Admin, Venue Manager')).toBeInTheDocument();
    expect(within(details).getByText('Unlimited')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    const panel = screen.getByRole('dialog', { name: 'Add Package' });
    await user.type(within(panel).getByLabelText(/Name/), 'gold');
    await user.click(within(panel).getByRole('checkbox', { name: 'Account Admin' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('This name is already in use')).toBeInTheDocument();
    expect(within(panel).getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
