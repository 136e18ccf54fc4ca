import { screen, waitFor, within } from '@testing-library/react';
import { aConfigItem, anAdminMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';

const titles = [
  'Wi-Fi',
  'Projector',
  'Whiteboard',
  'Coffee',
  'Parking',
  'Stage',
  'Sound system',
  'Lectern',
  'Catering',
  'Air conditioning',
  'Gym',
  'Locker room',
];

function signedInAdmin(): FakeApi {
  const api = fakeApi();
  signedInAs(api, anAdminMe());
  return api;
}

/** The titles in the table's body, in order. */
function rowTitles(): string[] {
  const table = screen.getByRole('table', { name: 'Amenities' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('configuration', () => {
  it('opens the amenities tab from the configuration root', async () => {
    const api = signedInAdmin().ok('GET', '/admin/amenities', [aConfigItem('Wi-Fi')]);
    const { location } = renderApp('/admin/configuration');
    expect(await screen.findByRole('cell', { name: 'Wi-Fi' })).toBeInTheDocument();
    expect(location()).toBe('/admin/configuration/amenities');
    expect(screen.getByRole('tab', { name: 'Amenities' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Spaces | Configuration');
    expect(api.callsTo('GET', '/admin/amenities')).toHaveLength(1);
  });

  it('switches tabs by path', async () => {
    signedInAdmin()
      .ok('GET', '/admin/amenities', [aConfigItem('Wi-Fi')])
      .ok('GET', '/admin/venueType', [aConfigItem('Conference centre')])
      .ok('GET', '/admin/packages', [])
      .ok('GET', '/admin/banner', []);
    const { user, location } = renderApp('/admin/configuration/amenities');
    await user.click(await screen.findByRole('tab', { name: 'Venue Type' }));
    expect(await screen.findByRole('cell', { name: 'Conference centre' })).toBeInTheDocument();
    expect(location()).toBe('/admin/configuration/venue-types');
    await user.click(screen.getByRole('tab', { name: 'Packages' }));
    expect(await screen.findByText('No packages found')).toBeInTheDocument();
    expect(location()).toBe('/admin/configuration/packages');
    await user.click(screen.getByRole('tab', { name: 'Banner Announcements' }));
    expect(await screen.findByText('No banner announcements found')).toBeInTheDocument();
    expect(location()).toBe('/admin/configuration/banners');
  });

  it('shows pages of 10 rows', async () => {
    signedInAdmin().ok(
      'GET',
      '/admin/amenities',
      titles.map((t) => aConfigItem(t)),
    );
    const { user } = renderApp('/admin/configuration/amenities');
    await screen.findByRole('cell', { name: 'Wi-Fi' });
    expect(rowTitles()).toHaveLength(10);
    expect(rowTitles()).not.toContain('Gym');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(rowTitles()).toEqual(['Gym', 'Locker room']);
  });

  it('searches any field, trimmed and case-insensitive', async () => {
    signedInAdmin().ok('GET', '/admin/amenities', [
      ...titles.map((t) => aConfigItem(t)),
      aConfigItem('Piano', { status: 'Inactive' }),
    ]);
    const { user } = renderApp('/admin/configuration/amenities');
    const search = await screen.findByLabelText('Search amenities');
    await user.type(search, '  PROJ ');
    expect(rowTitles()).toEqual(['Projector']);
    await user.clear(search);
    await user.type(search, 'inactive');
    expect(rowTitles()).toEqual(['Piano']);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No amenities found')).toBeInTheDocument();
  });

  it('sorts by a column header', async () => {
    signedInAdmin().ok(
      'GET',
      '/admin/amenities',
      ['Coffee', 'Air conditioning', 'Wi-Fi'].map((t) => aConfigItem(t)),
    );
    const { user } = renderApp('/admin/configuration/amenities');
    await screen.findByRole('cell', { name: 'Coffee' });
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(rowTitles()).toEqual(['Air conditioning', 'Coffee', 'Wi-Fi']);
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Title/ }));
    expect(rowTitles()).toEqual(['Wi-Fi', 'Coffee', 'Air conditioning']);
  });

  it('adds an item without a status toggle, blocking save while the title is wrong', async () => {
    const api = signedInAdmin()
      .on('GET', '/admin/amenities', { body: { result: [] } }, { body: { result: [aConfigItem('Wi-Fi')] } })
      .ok('POST', '/admin/amenities', aConfigItem('Wi-Fi'), 'Amenity created');
    const { user } = renderApp('/admin/configuration/amenities');
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const panel = screen.getByRole('dialog', { name: 'Add Amenity' });
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Field is required')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();

    const title = within(panel).getByLabelText(/Title/);
    title.removeAttribute('maxlength');
    await user.type(title, 'x'.repeat(81));
    expect(await within(panel).findByText('Field should be less than 80 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/amenities')).toHaveLength(0);

    await user.clear(title);
    await user.type(title, '  Wi-Fi ');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Amenity created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/amenities')[0]?.body).toEqual({ title: 'Wi-Fi' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Wi-Fi' })).toBeInTheDocument();
  });

  it('edits an item from its row menu, with the status toggle', async () => {
    const item = aConfigItem('Stage', { id: 'am-7' });
    const api = signedInAdmin()
      .ok('GET', '/admin/venueType', [item])
      .ok('PUT', '/admin/venueType/am-7', { ...item, status: 'Inactive' }, 'Venue Type updated');
    const { user } = renderApp('/admin/configuration/venue-types');
    await user.click(await screen.findByRole('button', { name: 'Actions for Stage' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Venue Type' });
    expect(within(panel).getByLabelText(/Title/)).toHaveValue('Stage');
    const toggle = within(panel).getByRole('switch', { name: 'Status: Active' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(within(panel).getByRole('switch', { name: 'Status: Inactive' })).not.toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Venue Type updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/admin/venueType/am-7')[0]?.body).toEqual({
      title: 'Stage',
      status: 'Inactive',
    });
  });

  it('shows details from the row menu, and edits from there', async () => {
    signedInAdmin().ok('GET', '/admin/spaceType', [aConfigItem('Boardroom')]);
    const { user } = renderApp('/admin/configuration/space-types');
    await user.click(await screen.findByRole('button', { name: 'Actions for Boardroom' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Space Type details' });
    expect(within(details).getByText('Boardroom')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Space Type' })).toBeInTheDocument();
  });

  it("puts the server's field error under the title", async () => {
    signedInAdmin()
      .ok('GET', '/admin/amenities', [])
      .on('POST', '/admin/amenities', {
        status: 409,
        body: { message: { title: 'Amenity already exists' } },
      });
    const { user } = renderApp('/admin/configuration/amenities');
    await user.click(await screen.findByRole('button', { name: 'Add Amenity' }));
    const panel = screen.getByRole('dialog', { name: 'Add Amenity' });
    await user.type(within(panel).getByLabelText(/Title/), 'Wi-Fi');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Amenity already exists')).toBeInTheDocument();
  });

  it('puts a duplicate title under the field', async () => {
    signedInAdmin()
      .ok('GET', '/admin/spaceType', [aConfigItem('Boardroom')])
      .on('POST', '/admin/spaceType', { status: 409, body: { message: 'This title is already in use' } });
    const { user } = renderApp('/admin/configuration/space-types');
    await user.click(await screen.findByRole('button', { name: 'Add Space Type' }));
    const panel = screen.getByRole('dialog', { name: 'Add Space Type' });
    await user.type(within(panel).getByLabelText(/Title/), 'boardroom');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('This title is already in use')).toBeInTheDocument();
    expect(within(panel).getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
  });
});
