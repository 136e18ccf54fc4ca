import { act, screen, waitFor, within } from '@testing-library/react';
import { SCREENS_REFRESH_MS } from './api';
import { renderApp } from '@web/test/renderApp';
import { anAssignment, anItem, aScreen, aSpace, aVenue, venuesApi } from './testData';

const hall = aVenue(1, 'Hall A');
const annex = aVenue(2, 'Annex');
const roomA = aSpace(1, 'Room A', hall);
const roomB = aSpace(2, 'Room B', hall, { availability: 'Busy' });
// The lookups venuesApi answers.
const [projector, whiteboard, studio] = [
  anItem(1, 'Projector'),
  anItem(2, 'Whiteboard'),
  anItem(4, 'Studio'),
];

/** GET /client/capAlerts/{id} of a space whose feeds say nothing. */
const noAlertsInForce = { space_id: roomA.id, cap_alert_status: 'Inactive', alerts: [], feeds: [] };

/** The names of the cards shown, in order. */
function cardNames(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

/** The add buttons of the left menu. */
function menu() {
  return within(screen.getByRole('navigation', { name: 'Venues area' }));
}

describe('venues area: lists and permissions', () => {
  it('lists venues ten a page for an Account Admin, with every add button', async () => {
    const venues = Array.from({ length: 12 }, (_, i) =>
      aVenue(i + 10, `Venue ${String(i + 1).padStart(2, '0')}`),
    );
    venuesApi('Account Admin', { venues });
    const { user } = renderApp('/c/venues');
    await screen.findByRole('heading', { name: 'Venue 01' });
    expect(cardNames()).toHaveLength(10);
    expect(menu().getByRole('link', { name: 'VENUES' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'SPACES' })).toBeInTheDocument();
    expect(menu().getByRole('link', { name: 'SCREENS' })).toBeInTheDocument();
    for (const add of ['Add venue', 'Add space', 'Add screen']) {
      expect(menu().getByRole('button', { name: add })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: /page 2/ }));
    expect(cardNames()).toEqual(['Venue 11', 'Venue 12']);
  });

  it('narrows the list to what the search finds, from its first page', async () => {
    const venues = Array.from({ length: 12 }, (_, i) =>
      aVenue(i + 10, `Venue ${String(i + 1).padStart(2, '0')}`),
    );
    venuesApi('Account Admin', { venues: [...venues, aVenue(30, 'Pier Hall', { city: 'Brighton' })] });
    const { user } = renderApp('/c/venues');
    await screen.findByRole('heading', { name: 'Venue 01' });
    await user.click(screen.getByRole('button', { name: /page 2/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search venues' }), '  brighton ');
    expect(cardNames()).toEqual(['Pier Hall']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search venues' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search venues' }), 'nowhere');
    expect(screen.getByText('No venues found.')).toBeInTheDocument();
  });

  it('shows a venue card with its address, time zone and spaces; a space opens its panel', async () => {
    const venue = { ...hall, spaces: [{ id: roomA.id, title: 'Room A' }] };
    const api = venuesApi('Account Admin', { venues: [venue] }).ok('GET', `/client/space/${roomA.id}`, roomA);
    const { user } = renderApp('/c/venues');
    const card = await screen.findByRole('article', { name: 'Hall A' });
    expect(within(card).getByText('1 High Street, Leeds, UK')).toBeInTheDocument();
    expect(within(card).getByText('Europe/London')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Room A' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Space' });
    expect(await within(panel).findByText('Floor 1')).toBeInTheDocument();
    expect(api.callsTo('GET', `/client/space/${roomA.id}`)).toHaveLength(1);
  });

  it('gives a Venue Manager no add-venue button, and edit only where they are approved', async () => {
    const denied = aVenue(3, 'Denied Hall', { permission: 'Denied' });
    venuesApi('Venue Manager', { venues: [hall, denied] });
    renderApp('/c/venues');
    await screen.findByRole('article', { name: 'Hall A' });
    expect(menu().queryByRole('button', { name: 'Add venue' })).not.toBeInTheDocument();
    expect(menu().getByRole('button', { name: 'Add space' })).toBeInTheDocument();
    expect(menu().getByRole('button', { name: 'Add screen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Hall A' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Denied Hall' })).not.toBeInTheDocument();
  });

  it('lands an Event Coordinator on spaces only, with nothing to add or edit', async () => {
    venuesApi('Event Coordinator', { spaces: [roomA] });
    const { user } = renderApp('/c/venues');
    const card = await screen.findByRole('article', { name: 'Room A' });
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['SPACES']);
    expect(menu().queryAllByRole('button')).toHaveLength(0);
    expect(within(card).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    // No slideshow note for the role (Account Admin and Venue Manager only).
    expect(within(card).queryByText(/slideshow/i)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Room A' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Space' });
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Event coordinators' })).not.toBeInTheDocument();
  });

  it('shows a space card as the spec lists it', async () => {
    const space = aSpace(3, 'Studio 3', hall, {
      amenities: `${projector.id},${whiteboard.id}`,
      space_type: studio.id,
      screens: 2,
      next_schedule: [{ start_date: '2026-12-05 14:30:00', end_date: '2026-12-05 15:30:00', title: 'Board' }],
    });
    venuesApi('Account Admin', { spaces: [space, roomB] });
    renderApp('/c/venues?list=spaces');
    const card = await screen.findByRole('article', { name: 'Studio 3' });
    expect(within(card).getByText('Available')).toBeInTheDocument();
    expect(await within(card).findByText('Projector, Whiteboard')).toBeInTheDocument();
    expect(within(card).getByText('Studio')).toBeInTheDocument();
    expect(within(card).getByText('5th Dec, 2026 | 2:30pm')).toBeInTheDocument();
    // The slideshow state, on the button that opens the space's slideshows.
    expect(
      within(card).getByRole('button', { name: 'Slideshows of Studio 3: No slideshow' }),
    ).toHaveTextContent('No slideshow');
    expect(within(screen.getByRole('article', { name: 'Room B' })).getByText('Busy')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Room B' })).getByText('None')).toBeInTheDocument();
  });

  it('lists screens twelve a page, in thirds, with the licence expiry marked within 30 days', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const screens = Array.from({ length: 14 }, (_, i) =>
      aScreen(i + 1, `Screen ${String(i + 1).padStart(2, '0')}`, roomA),
    );
    screens[0] = aScreen(1, 'Screen 01', roomA, {
      licence: { id: 'l1', licence_no: 1, expiration_date: soon },
      device_status: 'Online',
      last_check_in: '2026-11-20T09:00:00.000Z',
      app_version: '2.4.1',
    });
    venuesApi('Account Admin', { screens });
    const { user } = renderApp('/c/venues?list=screens');
    const first = await screen.findByRole('article', { name: 'Screen 01' });
    expect(cardNames()).toHaveLength(12);
    expect(within(first).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(first).getByText('Online')).toBeInTheDocument();
    expect(within(first).getByText('2.4.1')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Screen 02' })).queryByText(/^Expires /)).toBeNull();
    await user.click(screen.getByRole('button', { name: /page 2/ }));
    expect(cardNames()).toEqual(['Screen 13', 'Screen 14']);
  });
});

describe('venues area: screens as their devices report', () => {
  it('shows a screen going online without a reload, reading the screens again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const door = aScreen(1, 'Door', roomA, { device_status: 'Offline', app_version: null });
    const api = venuesApi('Account Admin', { screens: [door] }).on(
      'GET',
      '/client/allscreens',
      { body: { result: [door] } },
      { body: { result: [{ ...door, device_status: 'Online', app_version: '3.0.0' }] } },
    );
    renderApp('/c/venues?list=screens', { fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Door' });
    expect(within(card).queryByText('Online')).toBeNull();
    const asked = api.callsTo('GET', '/client/allscreens').length;
    await act(() => vi.advanceTimersByTimeAsync(SCREENS_REFRESH_MS + 10));
    expect(
      await within(screen.getByRole('article', { name: 'Door' })).findByText('Online'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Door' })).getByText('3.0.0')).toBeInTheDocument();
    expect(api.callsTo('GET', '/client/allscreens').length).toBeGreaterThan(asked);
  });
});

describe('venues area: the header’s sort menu', () => {
  it('sets the key in lower case from the page’s options, and resets when they change', async () => {
    venuesApi('Account Admin', {
      venues: [aVenue(5, 'Zeta', { status: 'Inactive' }), aVenue(6, 'Alpha'), aVenue(7, 'Mid')],
      spaces: [roomB, roomA],
    });
    const { user } = renderApp('/c/venues');
    await screen.findByRole('article', { name: 'Zeta' });
    expect(cardNames()).toEqual(['Zeta', 'Alpha', 'Mid']);
    const header = screen.getByRole('banner');

    await user.click(within(header).getByRole('button', { name: 'Sort' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Alphabetical',
      'Status',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Alphabetical' }));
    expect(cardNames()).toEqual(['Alpha', 'Mid', 'Zeta']);
    expect(within(header).getByRole('button', { name: 'Sort by Alphabetical' })).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Sort by Alphabetical' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Status' }));
    expect(cardNames()).toEqual(['Alpha', 'Mid', 'Zeta']);

    // Spaces supply other options: the choice resets.
    await user.click(menu().getByRole('link', { name: 'SPACES' }));
    await screen.findByRole('article', { name: 'Room A' });
    expect(cardNames()).toEqual(['Room B', 'Room A']);
    await user.click(within(header).getByRole('button', { name: 'Sort' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Alphabetical',
      'Status',
      'Availability',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Availability' }));
    expect(cardNames()).toEqual(['Room A', 'Room B']);
  });

  it('is not in the header of a page without sort options', async () => {
    venuesApi('Account Admin');
    renderApp('/c/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /^Sort/ })).toBeNull();
  });
});

describe('venues area: venue panel', () => {
  it('adds a venue in the default time zone, asking for its name first', async () => {
    const created = aVenue(9, 'Pier Hall', { timezone: 'America/New_York' });
    const api = venuesApi('Account Admin').ok('POST', '/client/newvenue', created, 'Venue created');
    const { user } = renderApp('/c/venues');
    await screen.findByText('No venues yet.');
    const aboutMeCalls = api.callsTo('GET', '/client/aboutMe').length;
    await user.click(menu().getByRole('button', { name: 'Add venue' }));
    const form = await screen.findByRole('form', { name: 'Add new venue' });
    expect(screen.getByRole('dialog', { name: 'Add new venue' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/Time zone/)).toHaveValue('America/New_York');
    // No status toggle on a new venue.
    expect(within(form).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/newvenue')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Name/), 'Pier Hall');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Venue created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/newvenue')[0]!.body).toEqual({
      name: 'Pier Hall',
      timezone: 'America/New_York',
    });
    // The header's totals follow.
    await waitFor(() => expect(api.callsTo('GET', '/client/aboutMe').length).toBeGreaterThan(aboutMeCalls));
    // The panel now shows the venue read-only, with its managers.
    const panel = screen.getByRole('dialog', { name: 'Edit venue' });
    expect(within(panel).getByText('Pier Hall')).toBeInTheDocument();
  });

  it('opens a venue read-only, lists its managers with their switches, and adds one', async () => {
    const mia = anAssignment(1, 'Mia', 'Approved');
    const noah = anAssignment(2, 'Noah', 'Approved');
    const api = venuesApi('Account Admin', { venues: [hall] })
      .on(
        'GET',
        `/client/venuemanagers/${hall.id}`,
        { body: { result: [mia] } },
        { body: { result: [{ ...mia, permission: 'Denied' }] } },
        { body: { result: [{ ...mia, permission: 'Denied' }, noah] } },
      )
      .on(
        'GET',
        `/client/availablemanager/${hall.id}`,
        { body: { result: [noah.user] } },
        { body: { result: [noah.user] } },
        { body: { result: [] } },
      )
      .ok(
        'GET',
        `/client/venuemanager/${hall.id}/${mia.user.id}/Denied`,
        { ...mia, permission: 'Denied' },
        'Permission updated',
      )
      .ok('GET', `/client/venuemanager/assign/${hall.id}/${noah.user.id}`, noah, 'Venue manager assigned');
    const { user } = renderApp('/c/venues');
    await user.click(await screen.findByRole('button', { name: 'Hall A' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit venue' });
    expect(within(panel).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const toggle = await within(panel).findByRole('switch', { name: 'Permission of Mia Smith' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Permission updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByRole('switch', { name: 'Permission of Mia Smith' })).not.toBeChecked(),
    );

    await user.selectOptions(within(panel).getByLabelText('Add venue manager'), noah.user.id);
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Venue manager assigned')).toBeInTheDocument();
    expect(await within(panel).findByRole('switch', { name: 'Permission of Noah Smith' })).toBeChecked();
    expect(api.callsTo('GET', `/client/venuemanager/assign/${hall.id}/${noah.user.id}`)).toHaveLength(1);
  });
});

describe('venues area: space panel', () => {
  it('validates a new space with the spec’s messages, then saves it with its ids as comma lists', async () => {
    const api = venuesApi('Account Admin', { venues: [hall, annex] }).ok(
      'POST',
      `/client/newspace/${annex.id}`,
      aSpace(7, 'Loft', annex),
      'Space created',
    );
    const { user } = renderApp('/c/venues?list=spaces');
    await screen.findByText('No spaces yet.');
    await user.click(menu().getByRole('button', { name: 'Add space' }));
    const form = await screen.findByRole('form', { name: 'Add new space' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Field is required')).toHaveLength(2); // venue, title

    await user.selectOptions(within(form).getByLabelText(/Venue/), annex.id);
    await user.type(within(form).getByLabelText(/Title/), 'Loft');
    await user.selectOptions(within(form).getByLabelText('Availability start'), '10:00');
    await user.selectOptions(within(form).getByLabelText('Availability end'), '09:30');
    await user.click(within(form).getByRole('switch', { name: 'Event check-in' }));
    await user.type(within(form).getByLabelText(/Minutes before/), '0');
    await user.type(within(form).getByLabelText(/Minutes after/), '31');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Availability End must be greater than Availability Start'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Field should be larger than 0')).toBeInTheDocument();
    expect(within(form).getByText('Field should be smaller than 31')).toBeInTheDocument();
    expect(api.callsTo('POST', `/client/newspace/${annex.id}`)).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Availability end'), '18:00');
    await user.clear(within(form).getByLabelText(/Minutes before/));
    await user.type(within(form).getByLabelText(/Minutes before/), '15');
    await user.clear(within(form).getByLabelText(/Minutes after/));
    await user.type(within(form).getByLabelText(/Minutes after/), '10');
    await user.click(within(form).getByRole('checkbox', { name: 'Projector' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Whiteboard' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Studio' }));
    expect(within(form).getByRole('radio', { name: 'Basil' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Peacock' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Space created')).toBeInTheDocument();
    expect(api.callsTo('POST', `/client/newspace/${annex.id}`)[0]!.body).toEqual({
      title: 'Loft',
      handicap_accessible: 'No',
      amenities: `${projector.id},${whiteboard.id}`,
      space_type: studio.id,
      availiblity_start: '10:00',
      availiblity_end: '18:00',
      check_in_window: 'Yes',
      before_event: 15,
      after_event: 10,
      calendar_color: '#039BE5',
    });
  });

  it('saves the CAP alert status at once from its toggle, and reads the reply’s data.message', async () => {
    const api = venuesApi('Account Admin', { spaces: [roomA] })
      .ok('GET', `/client/capAlertURL/${roomA.id}`, {
        cap_alert_urls: [{ url: 'https://alerts.example.com/feed' }],
        cap_alert_status: 'Inactive',
      })
      .ok('GET', `/client/capAlerts/${roomA.id}`, noAlertsInForce)
      .on('POST', `/client/capAlertURL/${roomA.id}`, {
        body: {
          result: {
            cap_alert_urls: [{ url: 'https://alerts.example.com/feed' }],
            cap_alert_status: 'Active',
          },
          message: 'Alert settings saved',
          data: { message: 'Alert settings saved' },
        },
      });
    const { user } = renderApp('/c/venues?list=spaces');
    await user.click(await screen.findByRole('button', { name: 'Alerts of Room A' }));
    const panel = await screen.findByRole('dialog', { name: 'CAP Alert | Room A' });
    expect(await within(panel).findByDisplayValue('https://alerts.example.com/feed')).toBeInTheDocument();
    await user.click(within(panel).getByRole('switch', { name: /Status/ }));
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    expect(api.callsTo('POST', `/client/capAlertURL/${roomA.id}`)[0]!.body).toEqual({
      cap_alert_urls: '[{"url":"https://alerts.example.com/feed"}]',
      cap_alert_status: 'Active',
    });
    await waitFor(() => expect(within(panel).getByRole('switch', { name: /Status/ })).toBeChecked());

    // A URL row is added and checked before it is saved.
    await user.click(within(panel).getByRole('button', { name: 'Add URL' }));
    await user.type(within(panel).getByLabelText('Feed URL 2'), 'not a url');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Field should be an http or https URL')).toBeInTheDocument();
    expect(api.callsTo('POST', `/client/capAlertURL/${roomA.id}`)).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Remove feed URL 2' }));
    expect(within(panel).queryByLabelText('Feed URL 2')).not.toBeInTheDocument();
  });
  it('shows the CAP alert status asked for while it saves, and the saved one after a failure', async () => {
    let answer = () => {};
    const api = venuesApi('Account Admin', { spaces: [roomA] })
      .ok('GET', `/client/capAlertURL/${roomA.id}`, { cap_alert_urls: [], cap_alert_status: 'Inactive' })
      .ok('GET', `/client/capAlerts/${roomA.id}`, noAlertsInForce)
      .on('POST', `/client/capAlertURL/${roomA.id}`, {
        until: new Promise<void>((resolve) => (answer = resolve)),
        status: 500,
        body: { message: 'Alerts are down' },
      });
    const { user } = renderApp('/c/venues?list=spaces');
    await user.click(await screen.findByRole('button', { name: 'Alerts of Room A' }));
    const panel = await screen.findByRole('dialog', { name: 'CAP Alert | Room A' });
    const toggle = await within(panel).findByRole('switch', { name: 'Status: Inactive' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const pending = await within(panel).findByRole('switch', { name: 'Status: Active' });
    expect(pending).toBeChecked();
    expect(pending).toBeDisabled();
    expect(api.callsTo('POST', `/client/capAlertURL/${roomA.id}`)).toHaveLength(1);

    answer();
    expect(await screen.findByText('Alerts are down')).toBeInTheDocument();
    const saved = await within(panel).findByRole('switch', { name: 'Status: Inactive' });
    expect(saved).not.toBeChecked();
    expect(saved).toBeEnabled();
  });
});

describe('venues area: screen panels', () => {
  it('shows the licences, and choosing a venue selects its first space', async () => {
    const loft = aSpace(5, 'Loft', annex);
    const cellar = aSpace(6, 'Cellar', annex);
    const created = aScreen(9, 'Door', loft);
    const api = venuesApi('Account Admin', {
      venues: [hall, annex],
      spaces: [roomA, loft, cellar],
    }).ok('POST', '/client/screen', created, 'Screen created');
    const { user } = renderApp('/c/venues?list=screens');
    await screen.findByText('No screens yet.');
    await user.click(menu().getByRole('button', { name: 'Add screen' }));
    const form = await screen.findByRole('form', { name: 'Add new screen' });
    expect(await within(form).findByText('2 / 5')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Field is required')).toHaveLength(3);

    await user.selectOptions(within(form).getByLabelText(/Venue/), annex.id);
    expect(within(form).getByLabelText(/Space/)).toHaveValue(loft.id);
    expect(
      within(within(form).getByLabelText(/Space/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a space', 'Loft', 'Cellar']);
    await user.selectOptions(within(form).getByLabelText(/Venue/), hall.id);
    expect(within(form).getByLabelText(/Space/)).toHaveValue(roomA.id);

    await user.type(within(form).getByLabelText(/Screen ID number/), 'ab12cd');
    await user.type(within(form).getByLabelText(/^Name/), 'Door');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Screen created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/screen')[0]!.body).toEqual({
      screen_id_no: 'AB12CD',
      venue: hall.id,
      space: roomA.id,
      name: 'Door',
      status: 'Active',
    });
  });

  it('saves the offline notification settings, checking each address', async () => {
    const door = aScreen(1, 'Door', roomA);
    const api = venuesApi('Account Admin', { screens: [door] }).ok(
      'PUT',
      `/client/screen/${door.id}/offlineNotification`,
      { ...door, offline_notification_recipient: 'a@example.com,b@example.com' },
      'Updated offline notification settings',
    );
    const { user } = renderApp('/c/venues?list=screens');
    await user.click(await screen.findByRole('button', { name: 'Offline notifications of Door' }));
    const form = await screen.findByRole('form', { name: 'Screen Offline Notifications' });
    await user.type(within(form).getByLabelText(/Recipients/), 'a@example.com, nope');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field should be an email address')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Recipients/));
    await user.type(within(form).getByLabelText(/Recipients/), 'a@example.com, B@example.com');
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Once a day');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated offline notification settings')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/client/screen/${door.id}/offlineNotification`)[0]!.body).toEqual({
      offline_notification_recipient: 'a@example.com,b@example.com',
      offline_notification_frequency: 'Once a day',
    });
  });
});
