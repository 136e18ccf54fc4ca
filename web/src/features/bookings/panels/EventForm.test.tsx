import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import {
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
} from '../testData';

beforeEach(atNow);
beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

/** Opens the add form from the page's button (Pier Hall chosen unless `chosen` is false). */
async function openAddForm(chosen = true) {
  if (chosen) withPierChosen();
  const app = renderApp('/c/booking');
  await app.user.click(await screen.findByRole('button', { name: 'Add event' }));
  const form = await screen.findByRole('form', { name: 'Add new event' });
  return { ...app, form, within: within(form) };
}

/** The text under a field (Amplify's error message, linked by aria-describedby). */
function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby');
  if (!ids) return null;
  return (
    ids
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || null
  );
}

const success = () =>
  waitFor(() => expect(shownToasts('success')).toEqual([{ title: 'Success', description: null }]));

describe('event form: checks', () => {
  it("shows the spec's messages under the fields and sends nothing", async () => {
    const api = bookingApi('Account Admin');
    const { user, within: form } = await openAddForm(false);
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(form.getByLabelText(/^Venue/))).toBe('Field is required'));
    expect(errorOf(form.getByLabelText(/^Space/))).toBe('Field is required');
    expect(errorOf(form.getByLabelText(/^Title/))).toBe('Field is required');
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.selectOptions(form.getByLabelText(/^Venue/), pier.id);
    await user.selectOptions(form.getByLabelText(/^Space/), roomA.id);
    await user.type(form.getByLabelText(/^Title/), 'Board');
    await user.selectOptions(form.getByLabelText('End time'), '09:00');
    await waitFor(() =>
      expect(errorOf(form.getByLabelText(/^End date/))).toBe('End date must be greater than start date'),
    );
    expect(api.callsTo('POST', '/client/booking')).toHaveLength(0);
  });

  it("checks the space's hours as the API does", async () => {
    bookingApi('Account Admin');
    const { user, within: form } = await openAddForm();
    await user.selectOptions(form.getByLabelText(/^Space/), roomB.id);
    await user.type(form.getByLabelText(/^Title/), 'Early');
    await user.selectOptions(form.getByLabelText('Start time'), '07:00');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(form.getByLabelText(/^Start date/))).toBe('Space is available between 08:00 - 18:00'),
    );
    // A new start keeps the event's hour: 07:00–08:00, the end within the hours.
    expect(form.getByLabelText('End time')).toHaveValue('08:00');
    expect(errorOf(form.getByLabelText(/^End date/))).toBeNull();
  });
});

describe('event form: saving', () => {
  it('books a weekly event with invitees, says Success and reloads the calendar', async () => {
    const api = bookingApi('Account Admin').ok('POST', '/client/booking', {}, 'Success');
    const { user, within: form } = await openAddForm();
    const windowCalls = api.callsTo('GET', windowPath(pier, december.from, december.to)).length;
    await user.selectOptions(form.getByLabelText(/^Space/), roomA.id);
    await user.type(form.getByLabelText(/^Title/), 'Weekly sync');
    await user.type(form.getByLabelText('Description'), 'Plans for the week');

    await user.click(form.getByRole('switch', { name: 'Recurring' }));
    // A weekly rule on the start's weekday (Thursday), ten times.
    expect(form.getByLabelText('Repeats')).toHaveValue('WEEKLY');
    expect(form.getByLabelText('Repeat every')).toHaveValue(1);
    expect(form.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
    expect(form.getByRole('radio', { name: 'After a number of occurrences' })).toBeChecked();
    expect(form.getByLabelText('Number of occurrences')).toHaveValue(10);
    expect(form.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await user.click(form.getByRole('checkbox', { name: 'Monday' }));
    await user.clear(form.getByLabelText('Number of occurrences'));
    await user.type(form.getByLabelText('Number of occurrences'), '6');

    // Invitees: one row kept; a known address fills its name; a typed one is taken as it is.
    expect(form.getByRole('button', { name: 'Remove invitee 1' })).toBeDisabled();
    await user.type(form.getByLabelText('Invitee 1 e-mail'), 'grace@example.com');
    expect(form.getByLabelText('Invitee 1 name')).toHaveValue('Grace Hopper');
    await user.click(form.getByRole('button', { name: 'Add invitee' }));
    await user.type(form.getByLabelText('Invitee 2 e-mail'), 'not-an-address');
    await user.click(form.getByRole('button', { name: 'Add invitee' }));
    await user.type(form.getByLabelText('Invitee 3 e-mail'), 'x@example.com');
    await user.click(form.getByRole('button', { name: 'Remove invitee 3' }));
    expect(form.queryByLabelText('Invitee 3 e-mail')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(form.getByLabelText('Invitee 2 e-mail'))).toBe('Field should be an email address'),
    );
    await user.clear(form.getByLabelText('Invitee 2 e-mail'));
    await user.type(form.getByLabelText('Invitee 2 e-mail'), 'Ops@Example.com');
    await user.type(form.getByLabelText('Invitee 2 name'), 'Ops');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await success();
    expect(api.callsTo('POST', '/client/booking')[0]!.body).toEqual({
      venue: pier.id,
      space: roomA.id,
      title: 'Weekly sync',
      description: 'Plans for the week',
      start_date: '2026-12-10 12:00:00',
      end_date: '2026-12-10 13:00:00',
      recurring: 'Yes',
      recur_interval: 1,
      recur_type: 'WEEKLY',
      recur_on: 'MO,TH',
      recur_end_type: 'AFTER',
      recur_end: 6,
      invites_list: [
        { name: 'Grace Hopper', email: 'grace@example.com' },
        { name: 'Ops', email: 'ops@example.com' },
      ],
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Add new event' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', windowPath(pier, december.from, december.to)).length).toBeGreaterThan(
        windowCalls,
      ),
    );
  });

  it('repeats monthly on a day of the month or on the nth weekday, until a date', async () => {
    const api = bookingApi('Account Admin').ok('POST', '/client/booking', {}, 'Success');
    const { user, within: form } = await openAddForm();
    await user.selectOptions(form.getByLabelText(/^Space/), roomA.id);
    await user.type(form.getByLabelText(/^Title/), 'Review');
    await user.click(form.getByRole('switch', { name: 'Recurring' }));
    await user.selectOptions(form.getByLabelText('Repeats'), 'MONTHLY');
    expect(form.getByRole('radio', { name: 'A day of the month' })).toBeChecked();
    expect(form.getByLabelText('Day of the month')).toHaveValue('10');

    await user.click(form.getByRole('radio', { name: 'A weekday of the month' }));
    // The 10th of December 2026 is its second Thursday.
    expect(form.getByLabelText('Week of the month')).toHaveValue('2');
    expect(form.getByLabelText('Weekday')).toHaveValue('TH');
    expect(
      within(form.getByLabelText('Week of the month'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    await user.selectOptions(form.getByLabelText('Week of the month'), '1');
    await user.selectOptions(form.getByLabelText('Weekday'), 'TU');

    await user.click(form.getByRole('radio', { name: 'On a date' }));
    expect(form.getByLabelText('Repeat until')).toHaveValue('2027-03-10');
    fireEvent.change(form.getByLabelText('Repeat until'), { target: { value: '2027-06-30' } });
    await user.clear(form.getByLabelText('Repeat every'));
    await user.type(form.getByLabelText('Repeat every'), '2');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await success();
    expect(api.callsTo('POST', '/client/booking')[0]!.body).toMatchObject({
      recurring: 'Yes',
      recur_interval: 2,
      recur_type: 'MONTHLY',
      recur_on: '1TU',
      recur_end_type: 'ON',
      recur_end: '2027-06-30',
    });
  });

  it('sends no weekday for a daily rule', async () => {
    const api = bookingApi('Account Admin').ok('POST', '/client/booking', {}, 'Success');
    const { user, within: form } = await openAddForm();
    await user.selectOptions(form.getByLabelText(/^Space/), roomA.id);
    await user.type(form.getByLabelText(/^Title/), 'Daily');
    await user.click(form.getByRole('switch', { name: 'Recurring' }));
    await user.selectOptions(form.getByLabelText('Repeats'), 'DAILY');
    expect(form.queryByRole('checkbox', { name: 'Monday' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await success();
    const body = api.callsTo('POST', '/client/booking')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ recur_type: 'DAILY', recur_end_type: 'AFTER', recur_end: 10 });
    expect(body).not.toHaveProperty('recur_on');
  });

  it("shows a clash under the start, and the server's field errors under their fields", async () => {
    const clash = 'Room A is already booked from 10th Dec, 2026 | 12:00pm to 10th Dec, 2026 | 1:00pm';
    const api = bookingApi('Account Admin').on(
      'POST',
      '/client/booking',
      { status: 409, body: { message: clash } },
      { status: 422, body: { message: { title: 'Field should be less than 255 characters' } } },
    );
    const { user, within: form } = await openAddForm();
    await user.selectOptions(form.getByLabelText(/^Space/), roomA.id);
    await user.type(form.getByLabelText(/^Title/), 'Board');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownToasts('error')).toEqual([{ title: clash, description: null }]));
    expect(errorOf(form.getByLabelText(/^Start date/))).toBe(clash);

    await user.selectOptions(form.getByLabelText('Start time'), '14:00');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(form.getByLabelText(/^Title/))).toBe('Field should be less than 255 characters'),
    );
    expect(api.callsTo('POST', '/client/booking')).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'Add new event' })).toBeInTheDocument();
  });
});

describe('event form: changing an event', () => {
  it('changes THIS occurrence of a series by default, or FOLLOWING ones with the rule', async () => {
    const monday = aWeeklyOccurrence(
      3,
      'Weekly sync',
      { start: '2026-12-14 10:00:00', end: '2026-12-14 11:00:00' },
      { invites_list: [{ name: 'Grace Hopper', email: 'grace@example.com' }] },
    );
    const api = withScopes(bookingApi('Account Admin', { occurrences: [monday] }), monday).ok(
      'PUT',
      `/client/booking/${monday.id}`,
      {},
      'Success',
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await screen.findByRole('button', { name: /Weekly sync/ }));
    const details = await screen.findByRole('dialog', { name: 'Event details' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    let form = within(await screen.findByRole('form', { name: 'Edit event' }));
    expect(form.getByRole('radio', { name: 'This event' })).toBeChecked();
    expect(
      form.getByText('Only this occurrence changes; the series keeps its repeat rule.'),
    ).toBeInTheDocument();
    expect(form.queryByRole('switch', { name: 'Recurring' })).not.toBeInTheDocument();
    expect(form.getByLabelText('Invitee 1 e-mail')).toHaveValue('grace@example.com');

    // Cancel goes back to the details.
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Event details' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    form = within(await screen.findByRole('form', { name: 'Edit event' }));

    // Offered once the API has answered the scopes this caller may apply.
    await user.click(await form.findByRole('radio', { name: 'This and following events' }));
    expect(form.getByRole('switch', { name: 'Recurring' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await user.clear(form.getByLabelText(/^Title/));
    await user.type(form.getByLabelText(/^Title/), 'Weekly planning');
    await user.selectOptions(form.getByLabelText('Start time'), '10:30');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await success();
    expect(api.callsTo('PUT', `/client/booking/${monday.id}`)[0]!.body).toEqual({
      venue: pier.id,
      space: roomA.id,
      title: 'Weekly planning',
      start_date: '2026-12-14 10:30:00',
      end_date: '2026-12-14 11:30:00',
      recurring: 'Yes',
      recur_interval: 1,
      recur_type: 'WEEKLY',
      recur_on: 'MO',
      recur_end_type: 'AFTER',
      recur_end: 10,
      invites_list: [{ name: 'Grace Hopper', email: 'grace@example.com' }],
      applicable: 'FOLLOWING',
      occurrence_start: '2026-12-14 10:00:00',
    });
  });

  // Fifty rows of two fields each: a heavy render in jsdom, hence the longer timeout.
  it('stops adding invitees at 50, and shows a message about the whole list', async () => {
    const message = 'A booking may invite at most 50 people';
    const invites_list = Array.from({ length: 49 }, (_, n) => ({ name: null, email: `p${n}@example.com` }));
    const board = anOccurrence(
      1,
      'Board',
      { start: '2026-12-10 14:30:00', end: '2026-12-10 15:30:00' },
      { invites_list },
    );
    const api = bookingApi('Account Admin', { occurrences: [board] }).on(
      'PUT',
      `/client/booking/${board.id}`,
      {
        status: 422,
        body: { message: { invites_list: message } },
      },
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await screen.findByRole('button', { name: /Board/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Event details' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = within(await screen.findByRole('form', { name: 'Edit event' }));
    const add = form.getByRole('button', { name: 'Add invitee' });
    expect(add).toBeEnabled();
    fireEvent.click(add);
    expect(form.getAllByLabelText(/^Invitee \d+ e-mail$/)).toHaveLength(50);
    expect(add).toBeDisabled();

    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('PUT', `/client/booking/${board.id}`)).toHaveLength(1);
  }, 90_000);

  it('changes a single event as a whole, without asking', async () => {
    const board = anOccurrence(1, 'Board', { start: '2026-12-10 14:30:00', end: '2026-12-10 15:30:00' });
    const api = bookingApi('Account Admin', { occurrences: [board] }).ok(
      'PUT',
      `/client/booking/${board.id}`,
      {},
      'Success',
    );
    withPierChosen();
    const { user } = renderApp('/c/booking');
    await user.click(await screen.findByRole('button', { name: /Board/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Event details' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = within(await screen.findByRole('form', { name: 'Edit event' }));
    expect(form.queryByRole('radio', { name: 'This event' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await success();
    expect(api.callsTo('PUT', `/client/booking/${board.id}`)[0]!.body).toMatchObject({
      start_date: '2026-12-10 14:30:00',
      end_date: '2026-12-10 15:30:00',
      recurring: 'No',
      applicable: 'ALL',
      occurrence_start: '2026-12-10 14:30:00',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit event' })).not.toBeInTheDocument());
  });
});
