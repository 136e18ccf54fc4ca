import { screen, waitFor, within } from '@testing-library/react';
import { aClientMe, signedInAs } from '@web/test/builders';
import { fakeApi } from '@web/test/fakeApi';
import { shownToasts } from '@web/test/toasts';
import { renderApp } from '@web/test/renderApp';
import { aScreen, aSpace, aVenue, venuesApi } from '../venues/testData';
import { anOccurrence } from './testData';

const hall = aVenue(1, 'Hall A');
const roomA = aSpace(1, 'Room A', hall);
const door = aScreen(1, 'Door', roomA);

describe('client dashboard', () => {
  it('lists the recently added venues, spaces and screens', async () => {
    venuesApi('Account Admin', { venues: [hall], spaces: [roomA], screens: [door] }).ok(
      'GET',
      '/client/upcomingbookings',
      [],
    );
    renderApp('/c/dashboard');
    const venues = await screen.findByRole('list', { name: 'Recently added venues' });
    expect(within(venues).getByRole('button', { name: 'Hall A' })).toBeInTheDocument();
    expect(within(venues).getByRole('switch', { name: 'Status of Hall A' })).toBeChecked();
    const spaces = await screen.findByRole('list', { name: 'Recently added spaces' });
    expect(within(spaces).getByText('Hall A')).toBeInTheDocument();
    const screens = await screen.findByRole('list', { name: 'Recently added screens' });
    expect(within(screens).getByText('Hall A · Room A')).toBeInTheDocument();
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

describe('client dashboard: upcoming events', () => {
  const board = anOccurrence(1, 'Board meeting', {
    start: '2026-12-05 14:30:00',
    end: '2026-12-05 16:00:00',
  });
  const retreat = anOccurrence(
    2,
    'Winter retreat',
    { start: '2026-12-31 22:00:00', end: '2027-01-01 02:00:00' },
    {
      venue: { id: hall.id, name: 'Lakeside', timezone: 'America/New_York' },
      space: { id: roomA.id, title: 'Terrace', calendar_color: '#D50000', photo_url: null },
    },
  );

  it("lists the caller's next occurrences: month/day, title, time range, venue and space", async () => {
    const api = venuesApi('Account Admin').ok('GET', '/client/upcomingbookings', [board, retreat]);
    renderApp('/c/dashboard');
    const events = await screen.findByRole('list', { name: 'Upcoming events' });
    const rows = within(events).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dec5Board meeting5th Dec, 2026 | 2:30pm – 4:00pmHall A · Room A',
      'Dec31Winter retreat31st Dec, 2026 | 10:00pm – 1st Jan, 2027 | 2:00amLakeside · Terrace',
    ]);
    expect(api.callsTo('GET', '/client/upcomingbookings').length).toBeGreaterThan(0);
  });

  it("shows the venue's wall-clock times whatever the browser's zone", async () => {
    // 01:30 on the morning London's clocks skip it, in a browser in London: still 01:30.
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      const early = anOccurrence(3, 'Early', { start: '2026-03-29 01:30:00', end: '2026-03-29 02:30:00' });
      venuesApi('Account Admin').ok('GET', '/client/upcomingbookings', [early]);
      renderApp('/c/dashboard');
      const events = await screen.findByRole('list', { name: 'Upcoming events' });
      expect(within(events).getByText('29th Mar, 2026 | 1:30am – 2:30am')).toBeInTheDocument();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('opens the add-event panel from the plus button of a role that may add events', async () => {
    venuesApi('Account Admin').ok('GET', '/client/upcomingbookings', []);
    const { user, location } = renderApp('/c/dashboard');
    const section = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(await within(section).findByText('No upcoming events.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(location()).toBe('/c/booking?openAddEvent'));
  });

  it('has no plus button for a role that may not add events', async () => {
    venuesApi('Viewer').ok('GET', '/client/upcomingbookings', [board]);
    renderApp('/c/dashboard');
    const events = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(within(events).getByText('Board meeting')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Upcoming events' });
    expect(within(section).queryByRole('button', { name: 'Add event' })).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded, without a toast', async () => {
    venuesApi('Account Admin').on('GET', '/client/upcomingbookings', {
      status: 503,
      body: { message: 'Down' },
    });
    renderApp('/c/dashboard');
    const section = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(await within(section).findByText('Upcoming events could not be loaded.')).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(shownToasts().map((toast) => toast.title)).not.toContain('Down');
  });

  it('is not shown, nor asked for, without the dashboard flag', async () => {
    const api = fakeApi().ok('GET', '/client/upcomingbookings', [board]);
    const me = aClientMe('Event Coordinator');
    signedInAs(api, {
      ...me,
      rolesAttr: { ...me.rolesAttr, dashboard: { ...me.rolesAttr.dashboard, recentbookings: false } },
    });
    api.ok('GET', '/client/recentspaces', []).ok('GET', '/client/recentscreens', []);
    renderApp('/c/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upcoming events' })).not.toBeInTheDocument();
    // The header still shows the next event; the dashboard asks nothing of its own.
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Board meeting')).toBeInTheDocument();
    expect(shownToasts()).toEqual([]);
  });
});
