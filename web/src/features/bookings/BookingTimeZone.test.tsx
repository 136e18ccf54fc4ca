import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useHostTimeZone } from '@shared/testing/host-time-zone';
import { renderApp } from '@web/test/renderApp';
import { anOccurrence, bookingApi, pier, windowPath, withPierChosen } from './testData';

/**
 * The calendar shows a venue's bookings at the venue's wall-clock times, whatever the browser's
 * time zone: here the venue is in Europe/London and the browser elsewhere.
 */

const board = anOccurrence(1, 'Board', { start: '2026-12-10 14:30:00', end: '2026-12-10 15:30:00' });
const late = anOccurrence(2, 'Late show', { start: '2026-12-12 23:00:00', end: '2026-12-12 23:30:00' });
/** 07:40 in London on the 10th: 23:40 on the 9th in Los Angeles, 16:40 on the 10th in Tokyo. */
const NOW = new Date('2026-12-10T07:40:00.000Z');

beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

describe.each(['America/Los_Angeles', 'Asia/Tokyo'])('booking calendar with the browser in %s', (zone) => {
  useHostTimeZone(zone);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    withPierChosen();
  });

  it("draws the month and its today at the venue's times", async () => {
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).not.toBe(0);
    bookingApi('Account Admin', { occurrences: [board, late] });
    renderApp('/c/booking');
    expect(await screen.findByRole('button', { name: '2:30pm – 3:30pm Board (Room A)' })).toHaveTextContent(
      '2:30pm Board',
    );
    expect(document.querySelector('.rbc-date-cell.rbc-now')).toHaveTextContent('10');
    expect(screen.getByRole('button', { name: '11:00pm – 11:30pm Late show (Room A)' })).toBeInTheDocument();
  });

  it('puts events in their wall-clock day and hour in the week and the day', async () => {
    const api = bookingApi('Account Admin', { occurrences: [board, late] })
      .ok('GET', windowPath(pier, '2026-12-07', '2026-12-13'), [board, late])
      .ok('GET', windowPath(pier, '2026-12-12', '2026-12-12'), [late]);
    const { user } = renderApp('/c/booking');
    await screen.findByRole('button', { name: /Board/ });
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const boardEvent = await screen.findByRole('button', { name: /2:30pm – 3:30pm.*Board/ });
    // Thursday's column, 14:30 of 24 hours down.
    const columns = [...document.querySelectorAll('.rbc-time-content .rbc-day-slot')];
    expect(columns.indexOf(boardEvent.closest('.rbc-day-slot')!)).toBe(3);
    expect(parseFloat(boardEvent.style.top)).toBeCloseTo((14.5 / 24) * 100, 3);
    const lateEvent = screen.getByRole('button', { name: /11:00pm – 11:30pm.*Late show/ });
    expect(columns.indexOf(lateEvent.closest('.rbc-day-slot')!)).toBe(5);

    fireEvent.change(
      within(screen.getByRole('group', { name: 'Calendar controls' })).getByLabelText('Date'),
      {
        target: { value: '2026-12-12' },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByRole('heading', { name: 'Saturday, 12th Dec, 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Late show/ })).toBeInTheDocument();
    expect(api.callsTo('GET', windowPath(pier, '2026-12-12', '2026-12-12')).length).toBeGreaterThan(0);
  });

  it('shows and saves the times as the venue reads them', async () => {
    const api = bookingApi('Account Admin', { occurrences: [board] }).ok(
      'PUT',
      `/client/booking/${board.id}`,
      {},
      'Success',
    );
    const { user } = renderApp('/c/booking');
    await user.click(await screen.findByRole('button', { name: /Board/ }));
    const details = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(details).getByText('10th Dec, 2026 | 2:30pm – 3:30pm')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Edit event' }));
    expect(form.getByLabelText(/^Start date/)).toHaveValue('2026-12-10');
    expect(form.getByLabelText('Start time')).toHaveValue('14:30');
    expect(form.getByText('Times in Europe/London')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `/client/booking/${board.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/client/booking/${board.id}`)[0]!.body).toMatchObject({
      start_date: '2026-12-10 14:30:00',
      end_date: '2026-12-10 15:30:00',
    });
  });

  it("starts a new event at the venue's next half hour", async () => {
    bookingApi('Account Admin');
    const { user } = renderApp('/c/booking');
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const form = within(await screen.findByRole('form', { name: 'Add new event' }));
    expect(form.getByLabelText(/^Start date/)).toHaveValue('2026-12-10');
    expect(form.getByLabelText('Start time')).toHaveValue('08:00');
    expect(form.getByLabelText('End time')).toHaveValue('09:00');
  });
});
