import { screen, waitFor, within } from '@testing-library/react';
import type { Banner } from '@shared/schemas/banners';
import type { Package } from '@shared/schemas/packages';
import { anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';

const goldId = '01J00000000000000000000GD1';
const silverId = '01J00000000000000000000SV1';

function aPackage(id: string, name: string): Package {
  return {
    id,
    name,
    allowed_user_roles: 'Account Admin',
    venue_limit: 1,
    spaces_limit: 1,
    admin_limit: 1,
    storage_limit_gb: 5,
    third_party_integration: 'Yes',
    custom_integration: 'Yes',
    on_screen_branding: 'Yes',
    booking_approval: 'Yes',
    status: 'Active',
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
  };
}

function aBanner(title: string, overrides: Partial<Banner> = {}): Banner {
  return {
    id: `b-${title.toLowerCase().replace(/\W+/g, '-')}`,
    title,
    message: 'We will be down for maintenance on Sunday.',
    expiration_date: '2099-12-31',
    on_login_page: true,
    for_login_page: true,
    for_packages: '',
    hideable: true,
    position: 'top-center',
    status: 'Active',
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function signedInAdmin(): FakeApi {
  const api = fakeApi();
  signedInAs(api, anAdminMe());
  return api.ok('GET', '/admin/packages', [aPackage(goldId, 'Gold'), aPackage(silverId, 'Silver')]);
}

describe('banner announcements tab', () => {
  it('lists banners with their position, login page, packages and expiry', async () => {
    signedInAdmin().ok('GET', '/admin/banner', [
      aBanner('Maintenance'),
      aBanner('New screens', {
        position: 'bottom-right',
        on_login_page: false,
        for_login_page: false,
        for_packages: `${goldId},${silverId}`,
      }),
    ]);
    renderApp('/admin/configuration/banners');
    const maintenance = (await screen.findByRole('cell', { name: 'Maintenance' })).closest('tr')!;
    expect(within(maintenance).getByText('Top centre')).toBeInTheDocument();
    expect(within(maintenance).getByText('All packages')).toBeInTheDocument();
    expect(within(maintenance).getByText('Yes')).toBeInTheDocument();
    const screens = screen.getByRole('cell', { name: 'New screens' }).closest('tr')!;
    expect(within(screens).getByText('Bottom right')).toBeInTheDocument();
    expect(await within(screens).findByText('Gold, Silver')).toBeInTheDocument();
    expect(within(screens).getByText('No')).toBeInTheDocument();
  });

  it('adds a banner, asking for title, message and expiration date first', async () => {
    const created = aBanner('Maintenance');
    const api = signedInAdmin()
      .on('GET', '/admin/banner', { body: { result: [] } }, { body: { result: [created] } })
      .ok('POST', '/admin/banner', created, 'Banner created');
    const { user } = renderApp('/admin/configuration/banners');
    await user.click(await screen.findByRole('button', { name: 'Add Banner Announcement' }));
    const panel = screen.getByRole('dialog', { name: 'Add Banner Announcement' });
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText(/Position/)).toHaveValue('top-center');
    expect(
      [...(within(panel).getByLabelText(/Position/) as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['top-left', 'bottom-left', 'top-right', 'bottom-right', 'top-center', 'bottom-center']);
    expect(within(panel).getByRole('checkbox', { name: /Hideable/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Show on the login pages' })).not.toBeChecked();

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findAllByText('Field is required')).toHaveLength(3);

    const title = within(panel).getByLabelText(/Title/);
    title.removeAttribute('maxlength');
    await user.type(title, 'x'.repeat(256));
    expect(await within(panel).findByText('Field should be less than 255 characters')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Maintenance');
    await user.type(within(panel).getByLabelText(/Message/), 'We will be down on Sunday.');
    await user.type(within(panel).getByLabelText(/Expiration date/), '2099-12-31');
    await user.click(within(panel).getByRole('checkbox', { name: 'Show on the login pages' }));
    const packages = within(panel).getByRole('group', { name: 'Packages' });
    await user.click(within(packages).getByRole('checkbox', { name: 'Silver' }));
    await user.click(within(panel).getByRole('checkbox', { name: /Hideable/ }));
    await user.selectOptions(within(panel).getByLabelText(/Position/), 'bottom-left');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Banner created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/banner')[0]?.body).toEqual({
      title: 'Maintenance',
      message: 'We will be down on Sunday.',
      expiration_date: '2099-12-31',
      on_login_page: true,
      for_packages: silverId,
      hideable: false,
      position: 'bottom-left',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Maintenance' })).toBeInTheDocument();
  });

  it('edits a banner with its values and the status toggle', async () => {
    const banner = aBanner('Maintenance', { id: 'b-7', for_packages: goldId, position: 'top-right' });
    const api = signedInAdmin()
      .ok('GET', '/admin/banner', [banner])
      .ok('PUT', '/admin/banner/b-7', { ...banner, status: 'Inactive' }, 'Banner updated');
    const { user } = renderApp('/admin/configuration/banners');
    await user.click(await screen.findByRole('button', { name: 'Actions for Maintenance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Banner Announcement' });
    expect(within(panel).getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Silver' })).not.toBeChecked();
    await user.click(within(panel).getByRole('switch', { name: 'Status: Active' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/banner/b-7')[0]?.body).toEqual({
      title: 'Maintenance',
      message: banner.message,
      expiration_date: '2099-12-31',
      on_login_page: true,
      for_packages: goldId,
      hideable: true,
      position: 'top-right',
      status: 'Inactive',
    });
  });

  it('deletes a banner only once the question is answered Yes', async () => {
    const banner = aBanner('Maintenance', { id: 'b-7' });
    const api = signedInAdmin()
      .on('GET', '/admin/banner', { body: { result: [banner] } }, { body: { result: [] } })
      .ok('DELETE', '/admin/banner/b-7', null, 'Banner Announcement deleted');
    const { user } = renderApp('/admin/configuration/banners');
    await user.click(await screen.findByRole('button', { name: 'Actions for Maintenance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveAccessibleDescription(
      'Are you sure you want to delete the Banner Announcement "Maintenance"?',
    );
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/admin/banner/b-7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for Maintenance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Banner Announcement deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/admin/banner/b-7')).toHaveLength(1);
    expect(await screen.findByText('No banner announcements found')).toBeInTheDocument();
  });

  it('shows details read-only', async () => {
    signedInAdmin().ok('GET', '/admin/banner', [aBanner('Maintenance', { hideable: false })]);
    const { user } = renderApp('/admin/configuration/banners');
    await user.click(await screen.findByRole('button', { name: 'Actions for Maintenance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Banner Announcement details' });
    expect(within(details).getByText('We will be down for maintenance on Sunday.')).toBeInTheDocument();
    expect(within(details).getByText('All packages')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Banner Announcement' })).toBeInTheDocument();
  });
});
