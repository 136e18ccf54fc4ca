import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BOOKINGS_REFRESH_MS } from './api';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import {
  aBookingOf,
  annex,
  anOccurrence,
  atNow,
  aWeeklyOccurrence,
  bookingApi,
  december,
  pier,
  roomA,
  roomB,
  windowPath,
  withPierChosen,
  withScopes,
} from './testData';

const board = anOccurrence(1, 'Board', { start: '2026-12-10 14:30:00', end: '2026-12-10 15:30:00' });
const standUp = anOccurrence(
  2,
  'Stand-up',
  { start: '2026-12-11 09:00:00', end: '2026-12-11 09:30:00' },
  { space: { id: roomB.id, title: 'Room B', calendar_color: roomB.calendar_color, photo_url: null } },
);

/** The event buttons the calendar shows, by their text. */
function shownEvents(): string[] {
  return [...document.querySelectorAll('[data-event-key]')].map((event) => event.textContent ?? '');
}

/** The page's date, venue, space and view. */
const controls = () => within(screen.getByRole('group', { name: 'Calendar controls' }));

/** The calendar's event `title`, as a button. */
const eventButton = (name: RegExp) => screen.findByRole('button', { name });

beforeEach(atNow);
// What react-big-calendar asks of the page on a mouse press; jsdom draws nothing, so nothing is there.
beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

describe('booking calendar: venue and space', () => {
  it('asks for a venue first, and loads nothing until there is one', async () => {
    const api = bookingApi('Account Admin');
    const { user } = renderApp('/c/booking');
    expect(await screen.findByText('Please select venue to load bookings')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/client/bookings/'))).toHaveLength(0);
    const venue = controls().getByLabelText('Venue');
    expect(
      within(venue)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select venue', 'Annex', 'Pier Hall']);
    expect(controls().getByLabelText('Space')).toBeDisabled();

    await user.selectOptions(venue, pier.id);
    expect(screen.queryByText('Please select venue to load bookings')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, december.from, december.to))).toHaveLength(1),
    );
    expect(screen.getByText('Times in Europe/London')).toBeInTheDocument();
  });

  it('keeps the venue and space in the browser, and loads the chosen space alone', async () => {
    const api = bookingApi('Account Admin', { occurrences: [board] }).ok(
      'GET',
      windowPath(pier, december.from, december.to, roomB),
      [standUp],
    );
    const first = renderApp('/c/booking');
    await first.user.selectOptions(await screen.findByLabelText('Venue'), pier.id);
    const space = controls().getByLabelText('Space');
    expect(
      within(space)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All spaces', 'Room A', 'Room B']);
    await first.user.selectOptions(space, roomB.id);
    expect(await eventButton(/Stand-up/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('booking.filters')!)).toEqual({ venue: pier.id, space: roomB.id });
    first.unmount();

    // Back another time: the same venue and space.
    renderApp('/c/booking');
    expect(await eventButton(/Stand-up/)).toBeInTheDocument();
    expect(controls().getByLabelText('Venue')).toHaveValue(pier.id);
    expect(controls().getByLabelText('Space')).toHaveValue(roomB.id);
    expect(api.callsTo('GET', windowPath(pier, december.from, december.to, roomB)).length).toBeGreaterThan(0);
  });

  it('forgets a kept venue the person may no longer book in', async () => {
    bookingApi('Venue Manager', { venues: [annex] });
    withPierChosen();
    renderApp('/c/booking');
    expect(await screen.findByText('Please select venue to load bookings')).toBeInTheDocument();
    expect(controls().getByLabelText('Venue')).toHaveValue('');
  });
});

describe('booking calendar: views', () => {
  it('opens on the month, moves by months, weeks from Monday and days, loading each window', async () => {
    const api = bookingApi('Account Admin', { occurrences: [board] })
      .ok('GET', windowPath(pier, '2026-12-28', '2027-01-31'), [])
      .ok('GET', windowPath(pier, '2026-12-07', '2026-12-13'), [board])
      .ok('GET', windowPath(pier, '2026-12-14', '2026-12-20'), [])
      .ok('GET', windowPath(pier, '2026-12-10', '2026-12-10'), [board]);
    withPierChosen();
    const { user } = renderApp('/c/booking');
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    // Weeks start on Monday.
    const weekdays = [...document.querySelectorAll('.rbc-month-header .rbc-header')].map(
      (h) => h.textContent,
    );
    expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, '2026-12-28', '2027-01-31'))).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Previous month' }));

    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByRole('heading', { name: '7th Dec – 13th Dec, 2026' })).toBeInTheDocument();
    const days = [...document.querySelectorAll('.rbc-time-header .rbc-header')].map((h) => h.textContent);
    expect(days[0]).toBe('Mon 7');
    // Two-hour groups of half-hour slots: 12am, 2am … 10pm.
    const gutter = [...document.querySelectorAll('.rbc-time-gutter .rbc-timeslot-group')];
    expect(gutter).toHaveLength(12);
    expect(gutter.map((group) => group.textContent)).toEqual([
      '12am',
      '2am',
      '4am',
      '6am',
      '8am',
      '10am',
      '12pm',
      '2pm',
      '4pm',
      '6pm',
      '8pm',
      '10pm',
    ]);
    expect(await eventButton(/Board/)).toBeInTheDocument();
    expect(screen.getByText('2:30pm – 3:30pm')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: '14th Dec – 20th Dec, 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, '2026-12-14', '2026-12-20'))).toHaveLength(1),
    );

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-10' } });
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByRole('heading', { name: 'Thursday, 10th Dec, 2026' })).toBeInTheDocument();
    expect(await eventButton(/Board/)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, '2026-12-10', '2026-12-10'))).toHaveLength(1),
    );
  });

  it("colours each event by its space's calendar colour", async () => {
    bookingApi('Account Admin', { occurrences: [board, standUp] });
    withPierChosen();
    renderApp('/c/booking');
    const boardEvent = (await eventButton(/Board/)).closest('.rbc-event') as HTMLElement;
    expect(boardEvent.style.backgroundColor).toBe('rgb(213, 0, 0)');
    expect(boardEvent.style.color).toBe('rgb(255, 255, 255)');
    // Banana is light: dark text on it.
    const standUpEvent = (await eventButton(/Stand-up/)).closest('.rbc-event') as HTMLElement;
    expect(standUpEvent.style.backgroundColor).toBe('rgb(246, 191, 38)');
    expect(standUpEvent.style.color).toBe('rgb(26, 26, 26)');
  });

  it('shows at most five events a day, then "+N more"', async () => {
    const busy = Array.from({ length: 7 }, (_, i) =>
      anOccurrence(10 + i, `Meeting ${i + 1}`, {
        start: `2026-12-15 ${String(9 + i).padStart(2, '0')}:00:00`,
        end: `2026-12-15 ${String(9 + i).padStart(2, '0')}:30:00`,
      }),
    );
    bookingApi('Account Admin', { occurrences: busy });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await eventButton(/Meeting 1/);
    expect(shownEvents()).toEqual([
      '9:00am Meeting 1',
      '10:00am Meeting 2',
      '11:00am Meeting 3',
      '12:00pm Meeting 4',
      '1:00pm Meeting 5',
    ]);
    await user.click(screen.getByRole('button', { name: '+2 more' }));
    expect(await eventButton(/Meeting 7/)).toBeInTheDocument();
  });
});

describe('booking calendar: events', () => {
  it('opens the details on a click and closes them on a second', async () => {
    const detailed = {
      ...board,
      description: 'Quarterly figures',
      space: { ...board.space, photo_url: 'https://files.example/room-a.jpg' },
      invites_list: [
        { name: 'Grace Hopper', email: 'grace@example.com' },
        { name: null, email: 'team@example.com' },
      ],
    };
    bookingApi('Account Admin', { occurrences: [detailed] });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await eventButton(/Board/));
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(panel).getByRole('img', { name: 'Photo of Room A' })).toHaveAttribute(
      'src',
      'https://files.example/room-a.jpg',
    );
    expect(within(panel).getByText('10th Dec, 2026 | 2:30pm – 3:30pm')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Board' })).toBeInTheDocument();
    expect(within(panel).getByText('Quarterly figures')).toBeInTheDocument();
    expect(within(panel).getByText('Grace Hopper <grace@example.com>')).toBeInTheDocument();
    expect(within(panel).getByText('team@example.com')).toBeInTheDocument();
    expect((await eventButton(/Board/)).closest('.rbc-event')).toHaveClass('spaces-event-selected');

    await user.click(await eventButton(/Board/));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Event details' })).not.toBeInTheDocument(),
    );
    expect((await eventButton(/Board/)).closest('.rbc-event')).not.toHaveClass('spaces-event-selected');
  });

  it("marks what happened at the room's screen: checked in, or released when nobody came", async () => {
    bookingApi('Account Admin', {
      occurrences: [board, { ...standUp, check_in: 'Released' as const }],
    });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await eventButton(/Stand-up/);
    expect(shownEvents()).toEqual(expect.arrayContaining([expect.stringMatching(/Stand-up · Released$/)]));
    expect(shownEvents().find((text) => text.includes('Board'))).not.toMatch(/Released|Checked in/);
    const released = await eventButton(/Stand-up/);
    expect(released.closest('.rbc-event')).toHaveClass('spaces-event-released');
    await user.click(released);
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(
      within(panel).getByText('Released: nobody checked in at the room in time, so the room was freed'),
    ).toBeInTheDocument();
  });

  it('marks an event made in a linked Google calendar, and keeps it read-only here', async () => {
    const external = anOccurrence(
      5,
      'Supplier call',
      { start: '2026-12-15 10:00:00', end: '2026-12-15 11:00:00' },
      {
        source: 'google',
        editPermission: false,
        deletePermission: false,
        organizer: { id: '', name: 'ada@example.com' },
      },
    );
    bookingApi('Account Admin', { occurrences: [board, external] });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    // Said in words, in the event's text and its accessible name: no legend needed.
    const event = await eventButton(/Supplier call \(Room A\) · From Google Calendar/);
    expect(shownEvents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Supplier call · From Google Calendar$/)]),
    );
    expect(shownEvents().find((text) => text.includes('Board'))).not.toMatch(/From/);
    expect(event.closest('.rbc-event')).toHaveClass('spaces-event-external');
    expect((await eventButton(/Board/)).closest('.rbc-event')).not.toHaveClass('spaces-event-external');
    // Neither dragged nor given a menu.
    expect(event.closest('.rbc-addons-dnd-resizable')).toBeNull();
    fireEvent.contextMenu(event, { clientX: 10, clientY: 10 });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(event);
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(
      within(panel).getByText('Made in the linked Google calendar. Change it there.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('reads the calendar again every 30 s: an event made in a linked calendar shows without a reload', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      now: Date.now(),
      shouldAdvanceTime: true,
    });
    const pulled = anOccurrence(
      6,
      'Booked in Outlook',
      { start: '2026-12-17 14:00:00', end: '2026-12-17 15:00:00' },
      { source: 'microsoft', editPermission: false, deletePermission: false },
    );
    const path = windowPath(pier, december.from, december.to);
    // The first read has the board meeting; the pull job then brings in the Outlook meeting.
    const api = bookingApi('Account Admin').on(
      'GET',
      path,
      { body: { result: [board] } },
      { body: { result: [board, pulled] } },
    );
    withPierChosen();
    renderApp('/c/booking', { fakeTimers: true });
    await eventButton(/Board/);
    expect(shownEvents().some((text) => text.includes('Booked in Outlook'))).toBe(false);
    const asked = api.callsTo('GET', path).length;
    await act(() => vi.advanceTimersByTimeAsync(BOOKINGS_REFRESH_MS + 10));
    await eventButton(/Booked in Outlook \(Room A\) · From Microsoft Calendar/);
    expect(api.callsTo('GET', path).length).toBeGreaterThan(asked);
  });

  it('keeps an event from a linked Microsoft calendar read-only even if the API offered more', async () => {
    const external = anOccurrence(
      5,
      'Team lunch',
      { start: '2026-12-16 12:00:00', end: '2026-12-16 13:00:00' },
      { source: 'microsoft' },
    );
    bookingApi('Account Admin', { occurrences: [external] });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    const event = await eventButton(/Team lunch \(Room A\) · From Microsoft Calendar/);
    fireEvent.contextMenu(event, { clientX: 10, clientY: 10 });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(event);
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(
      within(panel).getByText('Made in the linked Microsoft calendar. Change it there.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers Edit and Delete on a right-click; Delete removes this occurrence', async () => {
    const monday = aWeeklyOccurrence(3, 'Weekly sync', {
      start: '2026-12-14 10:00:00',
      end: '2026-12-14 11:00:00',
    });
    const api = bookingApi('Account Admin', { occurrences: [monday] }).ok(
      'DELETE',
      `/client/booking/${monday.id}`,
      null,
      'Success',
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    const event = await eventButton(/Weekly sync/);
    const windowCalls = api.callsTo('GET', windowPath(pier, december.from, december.to)).length;
    fireEvent.contextMenu(event, { clientX: 200, clientY: 300 });
    const menu = await screen.findByRole('menu', { name: 'Actions for Weekly sync' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('Delete this occurrence of the event?')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    const [call] = api.callsTo('DELETE', `/client/booking/${monday.id}`);
    expect(call!.query).toEqual({ applicable: 'THIS', occurrence_start: '2026-12-14 10:00:00' });
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, december.from, december.to)).length).toBeGreaterThan(
        windowCalls,
      ),
    );
  });

  it('opens the edit form from the right-click menu', async () => {
    bookingApi('Account Admin', { occurrences: [board] });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    fireEvent.contextMenu(await eventButton(/Board/), { clientX: 10, clientY: 10 });
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Board');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows a Viewer the events without Add, Edit, Delete or a menu', async () => {
    bookingApi('Viewer', { occurrences: [board] });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    const event = await eventButton(/Board/);
    expect(screen.queryByRole('button', { name: 'Add event' })).not.toBeInTheDocument();
    fireEvent.contextMenu(event);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(event);
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("offers only what the event itself allows, even with the role's flags", async () => {
    bookingApi('Event Coordinator', {
      occurrences: [
        { ...board, editPermission: true, deletePermission: false },
        { ...standUp, editPermission: false, deletePermission: false },
      ],
    });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await eventButton(/Board/));
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(panel).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    fireEvent.contextMenu(await eventButton(/Stand-up/));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // An event the person may not change cannot be dragged.
    expect((await eventButton(/Stand-up/)).closest('.rbc-addons-dnd-resizable')).toBeNull();
    expect((await eventButton(/Board/)).closest('.rbc-addons-dnd-resizable')).not.toBeNull();
  });

  it('deletes an occurrence of a series THIS, FOLLOWING or ALL from its details', async () => {
    const monday = aWeeklyOccurrence(3, 'Weekly sync', {
      start: '2026-12-14 10:00:00',
      end: '2026-12-14 11:00:00',
    });
    const api = withScopes(bookingApi('Account Admin', { occurrences: [monday] }), monday).ok(
      'DELETE',
      `/client/booking/${monday.id}`,
      null,
      'Success',
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await eventButton(/Weekly sync/));
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(panel).getByText('Every week on Monday, 10 times')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete event' });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['This event', 'This and following events', 'All events']);
    await user.click(within(question).getByRole('radio', { name: 'This and following events' }));
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/client/booking/${monday.id}`)[0]!.query).toEqual({
      applicable: 'FOLLOWING',
      occurrence_start: '2026-12-14 10:00:00',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Event details' })).not.toBeInTheDocument(),
    );
  });

  it('offers only the scopes the API takes: THIS alone when later occurrences are elsewhere', async () => {
    const monday = aWeeklyOccurrence(3, 'Weekly sync', {
      start: '2026-12-14 10:00:00',
      end: '2026-12-14 11:00:00',
    });
    // An Event Coordinator of Room A; a later occurrence was moved to a room that is not theirs.
    const api = withScopes(bookingApi('Event Coordinator', { occurrences: [monday] }), monday, ['THIS']).ok(
      'DELETE',
      `/client/booking/${monday.id}`,
      null,
      'Success',
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await eventButton(/Weekly sync/));
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete event' });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['This event']);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    // The form asks for the same answer, once.

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Edit event' }));
    expect(form.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'This event',
    ]);
    expect(api.callsTo('GET', `/client/booking/${monday.id}`)[0]!.query).toEqual({
      occurrence_start: '2026-12-14 10:00:00',
    });
  });

  it('says the server’s message when a delete fails, and keeps the details', async () => {
    bookingApi('Account Admin', { occurrences: [board] }).on('DELETE', `/client/booking/${board.id}`, {
      status: 404,
      body: { message: 'Booking not found' },
    });
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await eventButton(/Board/));
    const panel = await screen.findByRole('dialog', { name: 'Event details' });
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(shownToasts('error')).toEqual([{ title: 'Booking not found', description: null }]),
    );
    expect(screen.getByRole('dialog', { name: 'Event details' })).toBeInTheDocument();
  });
});

describe('booking calendar: the URL', () => {
  it('opens the add form with ?openAddEvent, and leaves the URL when it closes', async () => {
    bookingApi('Account Admin');
    withPierChosen();
    const { user, location } = renderApp('/c/booking?openAddEvent');
    const form = await screen.findByRole('form', { name: 'Add new event' });
    expect(within(form).getByLabelText(/^Venue/)).toHaveValue(pier.id);
    // Now is 11:47 in London: the next half hour, for an hour.
    expect(within(form).getByLabelText(/^Start date/)).toHaveValue('2026-12-10');
    expect(within(form).getByLabelText('Start time')).toHaveValue('12:00');
    expect(within(form).getByLabelText('End time')).toHaveValue('13:00');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/c/booking'));
    expect(screen.queryByRole('form', { name: 'Add new event' })).not.toBeInTheDocument();
  });

  it('does not open the add form for a role that may not add', async () => {
    bookingApi('Viewer');
    renderApp('/c/booking?openAddEvent');
    await screen.findByText('Please select venue to load bookings');
    expect(screen.queryByRole('form', { name: 'Add new event' })).not.toBeInTheDocument();
  });

  it('opens /c/booking/{eventId} for edit, on its venue and day', async () => {
    const retreat = anOccurrence(4, 'Retreat', { start: '2027-01-20 09:00:00', end: '2027-01-20 17:00:00' });
    const api = bookingApi('Account Admin')
      .ok('GET', `/client/booking/${retreat.id}`, aBookingOf(retreat))
      .ok('GET', windowPath(pier, '2026-12-28', '2027-01-31'), [retreat]);
    const { user, location } = renderApp(`/c/booking/${retreat.id}`);
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Retreat');
    expect(within(form).getByLabelText(/^Start date/)).toHaveValue('2027-01-20');
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    expect(controls().getByLabelText('Venue')).toHaveValue(pier.id);
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, '2026-12-28', '2027-01-31')).length).toBe(1),
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/c/booking'));
  });

  it('opens /c/booking/{eventId} on its venue when the venues come after the booking', async () => {
    const retreat = anOccurrence(4, 'Retreat', { start: '2027-01-20 09:00:00', end: '2027-01-20 17:00:00' });
    let venuesCome = () => {};
    const venuesHeld = new Promise<void>((resolve) => (venuesCome = resolve));
    const api = bookingApi('Account Admin')
      .on('GET', '/client/calendarvenues', { until: venuesHeld, body: { result: [annex, pier] } })
      // Read at once; the venues come only after it.
      .on('GET', `/client/booking/${retreat.id}`, () => {
        setTimeout(venuesCome, 50);
        return { body: { result: aBookingOf(retreat) } };
      })
      .ok('GET', windowPath(annex, december.from, december.to), [])
      .ok('GET', windowPath(pier, '2026-12-28', '2027-01-31'), [retreat]);
    localStorage.setItem('booking.filters', JSON.stringify({ venue: annex.id, space: null }));
    // The panels are loaded already, as after an earlier one: nothing delays reading the booking.
    await import('./panels/EventPanels');
    renderApp(`/c/booking/${retreat.id}`);
    expect(await screen.findByRole('option', { name: 'Loading venues…' })).toBeInTheDocument();
    // A page that reads the booking only once it has the venues gets them in a while.
    setTimeout(venuesCome, 300);

    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Retreat');
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    expect(controls().getByLabelText('Venue')).toHaveValue(pier.id);
    expect(await eventButton(/Retreat/)).toBeInTheDocument();
    expect(screen.queryByText('Please select venue to load bookings')).not.toBeInTheDocument();
    expect(api.callsTo('GET', windowPath(pier, '2026-12-28', '2027-01-31')).length).toBeGreaterThan(0);
  });

  it('opens ?editEventId= at the occurrence named', async () => {
    const monday = aWeeklyOccurrence(
      3,
      'Weekly sync',
      { start: '2026-12-21 10:00:00', end: '2026-12-21 11:00:00' },
      {
        occurrence_start: '2026-12-21 10:00:00',
      },
    );
    const path = `/client/booking/${monday.id}?occurrence_start=2026-12-21+10%3A00%3A00`;
    const api = bookingApi('Account Admin');
    api.on('GET', `/client/booking/${monday.id}`, (call) =>
      call.query.occurrence_start === '2026-12-21 10:00:00'
        ? { body: { result: aBookingOf(monday, true) } }
        : { status: 400, body: { message: 'No occurrence' } },
    );
    renderApp(
      `/c/booking?editEventId=${monday.id}&occurrence_start=${encodeURIComponent('2026-12-21 10:00:00')}`,
    );
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Start date/)).toHaveValue('2026-12-21');
    expect(within(form).getByRole('radio', { name: 'This event' })).toBeChecked();
    expect(path).toContain(monday.id);
  });

  it('says when the event asked for is not found', async () => {
    bookingApi('Account Admin').on('GET', `/client/booking/${roomA.id}`, {
      status: 404,
      body: { message: 'Booking not found' },
    });
    renderApp(`/c/booking/${roomA.id}`);
    expect(await screen.findByText('This event could not be found.')).toBeInTheDocument();
  });
});
