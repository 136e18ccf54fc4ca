import type { BoundDeviceState } from '@shared/schemas/devices';
import { alertsInForce, localDate, roomNow, timeLeft } from './room';

/** What the display makes of its state as the clock moves, in the venue's zone whatever the host's. */

const NOW = Date.parse('2026-03-28T22:30:00Z');
const iso = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function aState(
  occurrences: Array<[title: string, from: number, to: number, checkedIn?: boolean]>,
  overrides: Partial<BoundDeviceState> = {},
): BoundDeviceState {
  return {
    bound: true,
    active: true,
    screen: { id: 's1', name: null },
    space: null,
    venue: { id: 'v1', name: 'Hall', timezone: 'Europe/London' },
    occurrences: occurrences.map(([title, from, to, checkedIn = false]) => ({
      booking_id: title,
      recurrence_id: 'r',
      title,
      start_utc: iso(from),
      end_utc: iso(to),
      checked_in: checkedIn,
      source: 'spaces' as const,
    })),
    check_in: { enabled: true, before_event: 10, after_event: 5 },
    slideshow: null,
    alerts: [],
    branding: null,
    poll_interval_seconds: 15,
    push: null,
    ...overrides,
  };
}

describe('roomNow', () => {
  it.each([
    [0, 'busy'], // the meeting's first minute
    [-1, 'soon'], // a minute before it: within 15 minutes
    [-15, 'soon'],
    [-16, 'available'],
    [30, 'available'], // its end: free again
  ] as const)('at %i minutes from the start the room is %s', (offset, status) => {
    expect(roomNow(aState([['Stand-up', 0, 30]]), NOW + offset * 60_000).status).toBe(status);
  });

  it('opens check-in from before_event minutes before the start to after_event after it', () => {
    const state = aState([['Stand-up', 0, 30]]);
    const checkIn = (offset: number) => roomNow(state, NOW + offset * 60_000).checkIn?.title;
    expect(checkIn(-11)).toBeUndefined();
    expect(checkIn(-10)).toBe('Stand-up');
    expect(checkIn(5)).toBe('Stand-up');
    expect(checkIn(6)).toBeUndefined();
    expect(roomNow(aState([['Stand-up', 0, 30, true]]), NOW).checkIn).toBeUndefined();
    expect(roomNow(aState([['Stand-up', 0, 30, true]]), NOW).checkedIn?.title).toBe('Stand-up');
    const off = aState([['Stand-up', 0, 30]], {
      check_in: { enabled: false, before_event: 10, after_event: 5 },
    });
    expect(roomNow(off, NOW).checkIn).toBeUndefined();
  });

  it('offers Book now only while no meeting is in progress', () => {
    const state = aState([['Stand-up', 10, 40]]);
    expect(roomNow(state, NOW).canBookNow).toBe(true);
    expect(roomNow(state, NOW + 10 * 60_000).canBookNow).toBe(false);
  });

  it("offers Book now only within the room's hours, in the venue's zone", () => {
    const space = {
      id: 'sp1',
      title: 'Boardroom',
      capacity: null,
      calendar_color: '#0B8043',
      photo_url: null,
      availability: { start: '08:00', end: '22:00' },
    };
    // 22:30 in London: closed; 08:00 the next morning: open; 07:59: not yet.
    expect(roomNow(aState([], { space }), NOW).canBookNow).toBe(false);
    expect(roomNow(aState([], { space }), Date.parse('2026-03-29T07:00:00Z')).canBookNow).toBe(true); // 08:00 BST
    expect(roomNow(aState([], { space }), Date.parse('2026-03-29T06:59:00Z')).canBookNow).toBe(false);
    // Until midnight.
    const late = { ...space, availability: { start: '08:00', end: '00:00' } };
    expect(roomNow(aState([], { space: late }), NOW).canBookNow).toBe(true);
  });

  it.each([
    // 22:30 UTC on the last Saturday of March: 22:30 in London (still GMT), 23:30 in Berlin, 18:30 in
    // New York. 'Late' is 23:30 UTC, 'Tomorrow' 00:30 UTC.
    ['Europe/London', ['Now', 'Late']],
    ['Europe/Berlin', ['Now']],
    ['America/New_York', ['Now', 'Late', 'Tomorrow']],
  ])("lists what is left of the venue's day in %s", (timezone, titles) => {
    const state = aState(
      [
        ['Over', -60, -30],
        ['Now', -10, 20],
        ['Late', 60, 80],
        ['Tomorrow', 120, 180],
      ],
      { venue: { id: 'v1', name: 'Hall', timezone } },
    );
    expect(roomNow(state, NOW).today.map((m) => m.title)).toEqual(titles);
  });

  it('reads local dates across the spring-forward night', () => {
    // London skips 01:00–02:00 on 29 March 2026; 00:59:59 UTC is still the 29th's first hour.
    expect(localDate(Date.parse('2026-03-28T23:59:59Z'), 'Europe/London')).toBe('2026-03-28');
    expect(localDate(Date.parse('2026-03-29T00:00:00Z'), 'Europe/London')).toBe('2026-03-29');
    expect(localDate(Date.parse('2026-03-28T23:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDate(Date.parse('2026-03-29T03:59:00Z'), 'America/New_York')).toBe('2026-03-28');
  });
});

describe('timeLeft', () => {
  it.each([
    [30_000, '1 min'],
    [25 * 60_000, '25 min'],
    [25 * 60_000 + 1, '26 min'],
    [60 * 60_000, '1 h'],
    [125 * 60_000, '2 h 5 min'],
  ])('%i ms is %s', (ms, text) => expect(timeLeft(ms)).toBe(text));
});

describe('alertsInForce', () => {
  it('drops the alerts that expired since the last poll, and keeps those without an end', () => {
    const alert = (id: string, expires: string | null) => ({ id, expires }) as never;
    expect(
      alertsInForce(
        [alert('past', iso(-1)), alert('now', iso(0)), alert('later', iso(1)), alert('open', null)],
        NOW,
      ).map((a: { id: string }) => a.id),
    ).toEqual(['later', 'open']);
  });
});
