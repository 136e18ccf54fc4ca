import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { aScreen, aSpace, aVenue, venuesApi } from '../venues/testData';

const hall = aVenue(1, 'Hall A');
const roomA = aSpace(1, 'Room A', hall);
const door = aScreen(1, 'Door', roomA);

describe('client dashboard', () => {
  it('lists the recently added venues, spaces and screens, and keeps a place for upcoming events', async () => {
    venuesApi('Account Admin', { venues: [hall], spaces: [roomA], screens: [door] });
    renderApp('/c/dashboard');
    const venues = await screen.findByRole('list', { name: 'Recently added venues' });
    expect(within(venues).getByRole('button', { name: 'Hall A' })).toBeInTheDocument();
    expect(within(venues).getByRole('switch', { name: 'Status of Hall A' })).toBeChecked();
    const spaces = await screen.findByRole('list', { name: 'Recently added spaces' });
    expect(within(spaces).getByText('Hall A')).toBeInTheDocument();
    const screens = await screen.findByRole('list', { name: 'Recently added screens' });
    expect(within(screens).getByText('Hall A · Room A')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Upcoming events' });
    expect(within(events).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows an Event Coordinator no venues, and their rows without a switch they may use', async () => {
    const api = venuesApi('Event Coordinator', { venues: [hall], spaces: [roomA], screens: [door] });
    renderApp('/c/dashboard');
    const spaces = await screen.findByRole('list', { name: 'Recently added spaces' });
    expect(within(spaces).getByRole('switch', { name: 'Status of Room A' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Recently added venues' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/client/recentvenues')).toHaveLength(0);
  });

  it('switches a space off at once, and opens a row in the same panel as the Venues area', async () => {
    const api = venuesApi('Account Admin', { venues: [hall], spaces: [roomA], screens: [door] }).ok(
      'GET',
      `/client/space/${roomA.id}/Inactive`,
      { ...roomA, status: 'Inactive' },
      'Space updated',
    );
    const { user } = renderApp('/c/dashboard');
    const spaces = await screen.findByRole('list', { name: 'Recently added spaces' });
    await user.click(within(spaces).getByRole('switch', { name: 'Status of Room A' }));
    expect(await screen.findByText('Space updated')).toBeInTheDocument();
    expect(api.callsTo('GET', `/client/space/${roomA.id}/Inactive`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/client/recentspaces').length).toBeGreaterThan(1));

    await user.click(
      within(screen.getByRole('list', { name: 'Recently added screens' })).getByRole('button', {
        name: 'Door',
      }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Edit screen' });
    expect(within(panel).getByText('CODE1')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit screen' });
    expect(within(form).getByLabelText(/Screen ID number/)).toHaveValue('CODE1');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Edit screen' })).getByRole('button', { name: 'Edit' }),
    ).toBeInTheDocument();
  });
});
