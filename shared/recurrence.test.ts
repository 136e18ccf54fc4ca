import fc from 'fast-check';
import { DateTime } from 'luxon';
import * as rruleModule from 'rrule';
import {
  OCCURRENCE_LIMIT,
  RecurrenceError,
  countOccurrences,
  expandOccurrences,
  parseRecurOn,
  recurrenceMessages,
  toRRule,
} from './recurrence';
import type { EventTiming, Occurrence } from './recurrence';
import { HOST_TIME_ZONES, inHostTimeZone, useHostTimeZone } from './testing/host-time-zone';

const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

/** A recurring event; every field can be overridden. */
function anEvent(overrides: Partial<EventTiming> = {}): EventTiming {
  return {
    start_date: '2026-01-05 09:00:00',
    end_date: '2026-01-05 10:00:00',
    timezone: 'America/New_York',
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'DAILY',
    recur_end_type: 'AFTER',
    recur_end: 3,
    ...overrides,
  };
}

const starts = (occurrences: Occurrence[]) => occurrences.map((o) => [o.start_date, o.start_utc]);
const localStarts = (occurrences: Occurrence[]) => occurrences.map((o) => o.start_date);

function expectError(run: () => unknown, field: string, message: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RecurrenceError);
    expect(error).toMatchObject({ field, message });
    return;
  }
  expect.fail('expected a RecurrenceError');
}

/** The table: scenario, event, expected [local start, UTC start] pairs (from the zones' published rules). */
const cases: Array<[string, Partial<EventTiming>, string[][]]> = [
  [
    'daily across US spring-forward keeps 09:00',
    { start_date: '2026-03-06 09:00:00', end_date: '2026-03-06 10:00:00', recur_end: 4 },
    [
      ['2026-03-06 09:00:00', '2026-03-06T14:00:00.000Z'],
      ['2026-03-07 09:00:00', '2026-03-07T14:00:00.000Z'],
      ['2026-03-08 09:00:00', '2026-03-08T13:00:00.000Z'],
      ['2026-03-09 09:00:00', '2026-03-09T13:00:00.000Z'],
    ],
  ],
  [
    'weekly on Mondays across US fall-back, ending ON the last Monday',
    {
      start_date: '2026-10-19 18:30:00',
      end_date: '2026-10-19 19:30:00',
      recur_type: 'WEEKLY',
      recur_end_type: 'ON',
      recur_end: '2026-11-09',
    },
    [
      ['2026-10-19 18:30:00', '2026-10-19T22:30:00.000Z'],
      ['2026-10-26 18:30:00', '2026-10-26T22:30:00.000Z'],
      ['2026-11-02 18:30:00', '2026-11-02T23:30:00.000Z'],
      ['2026-11-09 18:30:00', '2026-11-09T23:30:00.000Z'],
    ],
  ],
  [
    'daily in London across both EU changes',
    {
      timezone: 'Europe/London',
      start_date: '2026-03-28 08:00:00',
      end_date: '2026-03-28 09:00:00',
      recur_end: 2,
    },
    [
      ['2026-03-28 08:00:00', '2026-03-28T08:00:00.000Z'],
      ['2026-03-29 08:00:00', '2026-03-29T07:00:00.000Z'],
    ],
  ],
  [
    'daily in London across the autumn change',
    {
      timezone: 'Europe/London',
      start_date: '2026-10-24 08:00:00',
      end_date: '2026-10-24 09:00:00',
      recur_end: 2,
    },
    [
      ['2026-10-24 08:00:00', '2026-10-24T07:00:00.000Z'],
      ['2026-10-25 08:00:00', '2026-10-25T08:00:00.000Z'],
    ],
  ],
  [
    'weekly on Sundays in Sydney across the April end of DST',
    {
      timezone: 'Australia/Sydney',
      start_date: '2026-03-29 10:00:00',
      end_date: '2026-03-29 11:00:00',
      recur_type: 'WEEKLY',
      recur_end: 2,
    },
    [
      ['2026-03-29 10:00:00', '2026-03-28T23:00:00.000Z'],
      ['2026-04-05 10:00:00', '2026-04-05T00:00:00.000Z'],
    ],
  ],
  [
    'weekly on Sundays in Sydney across the October start of DST',
    {
      timezone: 'Australia/Sydney',
      start_date: '2026-09-27 10:00:00',
      end_date: '2026-09-27 11:00:00',
      recur_type: 'WEEKLY',
      recur_on: 'SU',
      recur_end: 2,
    },
    [
      ['2026-09-27 10:00:00', '2026-09-27T00:00:00.000Z'],
      ['2026-10-04 10:00:00', '2026-10-03T23:00:00.000Z'],
    ],
  ],
  [
    'monthly on the 15th in Kolkata (+05:30)',
    {
      timezone: 'Asia/Kolkata',
      start_date: '2026-01-15 09:00:00',
      end_date: '2026-01-15 10:00:00',
      recur_type: 'MONTHLY',
      recur_on: '15',
    },
    [
      ['2026-01-15 09:00:00', '2026-01-15T03:30:00.000Z'],
      ['2026-02-15 09:00:00', '2026-02-15T03:30:00.000Z'],
      ['2026-03-15 09:00:00', '2026-03-15T03:30:00.000Z'],
    ],
  ],
  [
    'a start skipped by spring-forward moves ahead by the gap (New York)',
    { start_date: '2026-03-07 02:30:00', end_date: '2026-03-07 03:00:00' },
    [
      ['2026-03-07 02:30:00', '2026-03-07T07:30:00.000Z'],
      ['2026-03-08 03:30:00', '2026-03-08T07:30:00.000Z'],
      ['2026-03-09 02:30:00', '2026-03-09T06:30:00.000Z'],
    ],
  ],
  [
    'a start skipped by spring-forward moves ahead by the gap (London)',
    {
      timezone: 'Europe/London',
      start_date: '2026-03-28 01:30:00',
      end_date: '2026-03-28 02:00:00',
      recur_end: 2,
    },
    [
      ['2026-03-28 01:30:00', '2026-03-28T01:30:00.000Z'],
      ['2026-03-29 02:30:00', '2026-03-29T01:30:00.000Z'],
    ],
  ],
  [
    'a start skipped by spring-forward moves ahead by the gap (Sydney)',
    {
      timezone: 'Australia/Sydney',
      start_date: '2026-10-03 02:30:00',
      end_date: '2026-10-03 03:00:00',
      recur_end: 2,
    },
    [
      ['2026-10-03 02:30:00', '2026-10-02T16:30:00.000Z'],
      ['2026-10-04 03:30:00', '2026-10-03T16:30:00.000Z'],
    ],
  ],
  [
    'a repeated start in New York takes EDT, the earlier instant',
    { start_date: '2026-10-31 01:30:00', end_date: '2026-10-31 01:45:00', recur_end: 2 },
    [
      ['2026-10-31 01:30:00', '2026-10-31T05:30:00.000Z'],
      ['2026-11-01 01:30:00', '2026-11-01T05:30:00.000Z'],
    ],
  ],
  [
    'a repeated start in London takes BST',
    {
      timezone: 'Europe/London',
      start_date: '2026-10-25 01:30:00',
      end_date: '2026-10-25 01:45:00',
      recur_end: 1,
    },
    [['2026-10-25 01:30:00', '2026-10-25T00:30:00.000Z']],
  ],
  [
    'a repeated start in Sydney takes AEDT',
    {
      timezone: 'Australia/Sydney',
      start_date: '2026-04-05 02:30:00',
      end_date: '2026-04-05 02:45:00',
      recur_end: 1,
    },
    [['2026-04-05 02:30:00', '2026-04-04T15:30:00.000Z']],
  ],
  [
    'yearly on Feb 29 only in leap years',
    {
      timezone: 'Asia/Kolkata',
      start_date: '2024-02-29 09:00:00',
      end_date: '2024-02-29 10:00:00',
      recur_type: 'YEARLY',
    },
    [
      ['2024-02-29 09:00:00', '2024-02-29T03:30:00.000Z'],
      ['2028-02-29 09:00:00', '2028-02-29T03:30:00.000Z'],
      ['2032-02-29 09:00:00', '2032-02-29T03:30:00.000Z'],
    ],
  ],
  [
    'monthly from the 31st skips shorter months',
    {
      timezone: 'Asia/Kolkata',
      start_date: '2026-01-31 09:00:00',
      end_date: '2026-01-31 10:00:00',
      recur_type: 'MONTHLY',
      recur_end: 4,
    },
    [
      ['2026-01-31 09:00:00', '2026-01-31T03:30:00.000Z'],
      ['2026-03-31 09:00:00', '2026-03-31T03:30:00.000Z'],
      ['2026-05-31 09:00:00', '2026-05-31T03:30:00.000Z'],
      ['2026-07-31 09:00:00', '2026-07-31T03:30:00.000Z'],
    ],
  ],
  [
    'monthly on the 5th Tuesday skips months that lack one',
    {
      timezone: 'Asia/Kolkata',
      start_date: '2026-01-01 09:00:00',
      end_date: '2026-01-01 10:00:00',
      recur_type: 'MONTHLY',
      recur_on: '5TU',
      recur_end: 4,
    },
    [
      ['2026-03-31 09:00:00', '2026-03-31T03:30:00.000Z'],
      ['2026-06-30 09:00:00', '2026-06-30T03:30:00.000Z'],
      ['2026-09-29 09:00:00', '2026-09-29T03:30:00.000Z'],
      ['2026-12-29 09:00:00', '2026-12-29T03:30:00.000Z'],
    ],
  ],
];

describe.each(HOST_TIME_ZONES)('expandOccurrences with the host in %s', (hostZone) => {
  useHostTimeZone(hostZone);

  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(starts(expandOccurrences(anEvent(overrides)))).toEqual(expected);
  });

  it('monthly on the 2nd Tuesday, from a start that is not one', () => {
    const event = anEvent({ start_date: '2026-01-01 09:00:00', end_date: '2026-01-01 10:00:00' });
    expect(localStarts(expandOccurrences({ ...event, recur_type: 'MONTHLY', recur_on: '2TU' }))).toEqual([
      '2026-01-13 09:00:00',
      '2026-02-10 09:00:00',
      '2026-03-10 09:00:00',
    ]);
  });

  it('every other week on Mon/Wed/Fri', () => {
    const event = anEvent({ recur_type: 'WEEKLY', recur_interval: 2, recur_on: 'MO,WE,FR', recur_end: 6 });
    expect(localStarts(expandOccurrences(event))).toEqual([
      '2026-01-05 09:00:00',
      '2026-01-07 09:00:00',
      '2026-01-09 09:00:00',
      '2026-01-19 09:00:00',
      '2026-01-21 09:00:00',
      '2026-01-23 09:00:00',
    ]);
  });

  it('weeks start on Monday: every other week on Mon/Sun from a Sunday', () => {
    // With weeks from Sunday it would be 01-04, 01-05, 01-18, 01-19.
    const event = anEvent({
      start_date: '2026-01-04 09:00:00',
      end_date: '2026-01-04 10:00:00',
      recur_type: 'WEEKLY',
      recur_interval: 2,
      recur_on: 'MO,SU',
      recur_end: 4,
    });
    expect(localStarts(expandOccurrences(event))).toEqual([
      '2026-01-04 09:00:00',
      '2026-01-12 09:00:00',
      '2026-01-18 09:00:00',
      '2026-01-26 09:00:00',
    ]);
  });

  it('a start that does not match the rule is not an occurrence', () => {
    const event = anEvent({ recur_type: 'WEEKLY', recur_on: 'TU', recur_end: 2 }); // starts on Monday 01-05
    expect(localStarts(expandOccurrences(event))).toEqual(['2026-01-06 09:00:00', '2026-01-13 09:00:00']);
  });

  it('ON includes an occurrence late on the end date', () => {
    const event = anEvent({
      start_date: '2026-01-01 23:30:00',
      end_date: '2026-01-01 23:45:00',
      recur_end_type: 'ON',
      recur_end: '2026-01-02',
    });
    expect(localStarts(expandOccurrences(event))).toEqual(['2026-01-01 23:30:00', '2026-01-02 23:30:00']);
  });

  it('interval 0 means every day', () => {
    expect(localStarts(expandOccurrences(anEvent({ recur_interval: 0 })))).toEqual([
      '2026-01-05 09:00:00',
      '2026-01-06 09:00:00',
      '2026-01-07 09:00:00',
    ]);
  });

  it('keeps the wall-clock length across spring-forward (01:00–03:00 lasts one real hour that night)', () => {
    const event = anEvent({
      start_date: '2026-03-07 01:00:00',
      end_date: '2026-03-07 03:00:00',
      recur_end: 2,
    });
    expect(expandOccurrences(event)).toEqual([
      {
        start_date: '2026-03-07 01:00:00',
        end_date: '2026-03-07 03:00:00',
        start_utc: '2026-03-07T06:00:00.000Z',
        end_utc: '2026-03-07T08:00:00.000Z',
      },
      {
        start_date: '2026-03-08 01:00:00',
        end_date: '2026-03-08 03:00:00',
        start_utc: '2026-03-08T06:00:00.000Z',
        end_utc: '2026-03-08T07:00:00.000Z',
      },
    ]);
  });

  it('a start moved out of the gap keeps the length from where it now starts', () => {
    const event = anEvent({
      start_date: '2026-03-08 02:00:00',
      end_date: '2026-03-08 03:00:00',
      recur_end: 1,
    });
    expect(expandOccurrences(event)).toEqual([
      {
        start_date: '2026-03-08 03:00:00',
        end_date: '2026-03-08 04:00:00',
        start_utc: '2026-03-08T07:00:00.000Z',
        end_utc: '2026-03-08T08:00:00.000Z',
      },
    ]);
  });

  it('a single event yields itself', () => {
    const event = anEvent({
      recurring: 'No',
      start_date: '2026-06-01 22:00:00',
      end_date: '2026-06-02 01:00:00',
    });
    expect(expandOccurrences(event)).toEqual([
      {
        start_date: '2026-06-01 22:00:00',
        end_date: '2026-06-02 01:00:00',
        start_utc: '2026-06-02T02:00:00.000Z',
        end_utc: '2026-06-02T05:00:00.000Z',
      },
    ]);
  });
});

describe('occurrence limit', () => {
  it(`allows exactly ${OCCURRENCE_LIMIT} daily occurrences`, () => {
    const event = anEvent({ start_date: '2026-01-01 09:00:00', end_date: '2026-01-01 10:00:00' });
    const onLastDay = expandOccurrences({ ...event, recur_end_type: 'ON', recur_end: '2028-09-26' });
    expect(onLastDay).toHaveLength(1000);
    expect(onLastDay.at(-1)?.start_date).toBe('2028-09-26 09:00:00');
    expect(expandOccurrences({ ...event, recur_end: 1000 })).toHaveLength(1000);
  });

  it('rejects a series of more, with a message for recur_end', () => {
    const event = anEvent({ start_date: '2026-01-01 09:00:00', end_date: '2026-01-01 10:00:00' });
    const message = 'A series may have at most 1000 occurrences';
    expectError(
      () => expandOccurrences({ ...event, recur_end_type: 'ON', recur_end: '2028-09-27' }),
      'recur_end',
      message,
    );
    expectError(() => expandOccurrences({ ...event, recur_end: 1001 }), 'recur_end', message);
  });

  it('bounds an ON end far in the future', () => {
    const event = anEvent({ recur_end_type: 'ON', recur_end: '9999-12-31' });
    expectError(() => expandOccurrences(event), 'recur_end', recurrenceMessages.limit);
    expect(countOccurrences(event)).toBe(OCCURRENCE_LIMIT + 1);
  });

  it('a window over such a series reads only its first 1000 occurrences', () => {
    const event = anEvent({ start_date: '2026-01-01 09:00:00', end_date: '2026-01-01 10:00:00' });
    const farEnd = { ...event, recur_end_type: 'ON' as const, recur_end: '2099-12-31' };
    expect(localStarts(expandOccurrences(farEnd, { from: '2028-09-26', to: '2028-09-30' }))).toEqual([
      '2028-09-26 09:00:00',
    ]);
  });

  it('counts occurrences without a zone', () => {
    const { timezone: _zone, ...rule } = anEvent({ recur_type: 'WEEKLY', recur_on: 'MO,TH', recur_end: 7 });
    expect(countOccurrences(rule)).toBe(7);
    expect(countOccurrences({ ...rule, recurring: 'No' })).toBe(1);
    expect(countOccurrences({ ...rule, recur_end_type: 'ON', recur_end: '2026-01-04' })).toBe(0);
  });
});

describe('windows', () => {
  const weekly = anEvent({
    start_date: '2026-01-05 22:00:00',
    end_date: '2026-01-06 00:30:00',
    recur_type: 'WEEKLY',
    recur_end: 10,
  });

  it('returns occurrences that overlap the local dates, inclusive', () => {
    expect(localStarts(expandOccurrences(weekly, { from: '2026-01-12', to: '2026-01-19' }))).toEqual([
      '2026-01-12 22:00:00',
      '2026-01-19 22:00:00',
    ]);
  });

  it('includes an occurrence that started the day before and runs into the window', () => {
    expect(localStarts(expandOccurrences(weekly, { from: '2026-01-13', to: '2026-01-14' }))).toEqual([
      '2026-01-12 22:00:00',
    ]);
  });

  it('excludes an occurrence that ends exactly as the window starts', () => {
    const event = anEvent({ start_date: '2026-01-05 22:00:00', end_date: '2026-01-06 00:00:00' });
    expect(localStarts(expandOccurrences(event, { from: '2026-01-06', to: '2026-01-06' }))).toEqual([
      '2026-01-06 22:00:00',
    ]);
  });

  it('reads the window in the venue zone, not in UTC', () => {
    // 2026-01-06 20:00 in Tokyo is 11:00Z; a UTC reading of "2026-01-06" would also catch 01-07 08:00 Tokyo.
    const event = anEvent({
      timezone: 'Asia/Tokyo',
      start_date: '2026-01-06 20:00:00',
      end_date: '2026-01-06 21:00:00',
      recur_end: 3,
    });
    expect(localStarts(expandOccurrences(event, { from: '2026-01-06', to: '2026-01-06' }))).toEqual([
      '2026-01-06 20:00:00',
    ]);
  });

  it('leaves a side open when it is not given', () => {
    expect(expandOccurrences(weekly, { from: '2026-03-09' }).map((o) => o.start_date)).toEqual([
      '2026-03-09 22:00:00',
    ]);
    expect(expandOccurrences(weekly, { to: '2026-01-05' }).map((o) => o.start_date)).toEqual([
      '2026-01-05 22:00:00',
    ]);
  });

  it('applies to a single event too', () => {
    const single = anEvent({ recurring: 'No' });
    expect(expandOccurrences(single, { from: '2026-01-06' })).toEqual([]);
    expect(expandOccurrences(single, { from: '2026-01-05', to: '2026-01-05' })).toHaveLength(1);
  });
});

describe('malformed timings', () => {
  it.each<[string, Partial<EventTiming>, string, string]>([
    ['an unknown zone', { timezone: 'Nowhere/Else' }, 'timezone', 'Invalid value'],
    ['a malformed start', { start_date: '2026-01-05T09:00' }, 'start_date', 'Invalid value'],
    ['an end before the start', { end_date: '2026-01-05 08:00:00' }, 'end_date', 'Invalid value'],
    ['no type', { recur_type: undefined }, 'recur_type', 'Field is required'],
    [
      'a weekly day that is not a weekday',
      { recur_type: 'WEEKLY', recur_on: 'MO,XX' },
      'recur_on',
      'Invalid value',
    ],
    ['a 6th weekday', { recur_type: 'MONTHLY', recur_on: '6TU' }, 'recur_on', 'Invalid value'],
    ['a day of month 32', { recur_type: 'MONTHLY', recur_on: '32' }, 'recur_on', 'Invalid value'],
    ['no end', { recur_end: undefined }, 'recur_end', 'Field is required'],
    [
      'an ON end that is no date',
      { recur_end_type: 'ON', recur_end: '2026-02-30' },
      'recur_end',
      'Invalid value',
    ],
    ['an AFTER end of 0', { recur_end: 0 }, 'recur_end', 'Invalid value'],
    ['a negative interval', { recur_interval: -1 }, 'recur_interval', 'Invalid value'],
  ])('rejects %s', (_name, overrides, field, message) => {
    expectError(() => expandOccurrences(anEvent(overrides)), field, message);
  });

  it('rejects a malformed window date', () => {
    expectError(() => expandOccurrences(anEvent(), { from: '2026-13-01' }), 'from', 'Invalid value');
  });
});

describe('parseRecurOn', () => {
  it.each([
    ['WEEKLY', 'WE, MO,WE', { kind: 'weekdays', days: ['MO', 'WE'] }],
    ['WEEKLY', '', { kind: 'default' }],
    ['MONTHLY', '31', { kind: 'monthDay', day: 31 }],
    ['MONTHLY', '1', { kind: 'monthDay', day: 1 }],
    ['MONTHLY', '5SU', { kind: 'nthWeekday', nth: 5, day: 'SU' }],
    ['DAILY', 'MO', { kind: 'default' }],
    ['YEARLY', '15', { kind: 'default' }],
  ] as const)('%s %j', (type, text, expected) => {
    expect(parseRecurOn(type, text)).toEqual(expected);
  });

  it.each([
    ['WEEKLY', 'mo'],
    ['WEEKLY', 'MO,,TU'],
    ['WEEKLY', '15'],
    ['MONTHLY', '0'],
    ['MONTHLY', '05'],
    ['MONTHLY', '0TU'],
    ['MONTHLY', '2XX'],
    ['MONTHLY', 'TU'],
  ] as const)('rejects %s %j', (type, text) => {
    expect(parseRecurOn(type, text)).toBeUndefined();
  });
});

describe('toRRule', () => {
  it.each<[string, Partial<EventTiming>, string]>([
    [
      'weekly, every other week, until the end of the ON date in New York',
      {
        recur_type: 'WEEKLY',
        recur_interval: 2,
        recur_on: 'WE,MO',
        recur_end_type: 'ON',
        recur_end: '2027-01-30',
      },
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270131T045959Z',
    ],
    ['daily with a count', { recur_end: 10 }, 'FREQ=DAILY;COUNT=10'],
    ['interval 0 is left out', { recur_interval: 0 }, 'FREQ=DAILY;COUNT=3'],
    [
      'monthly on an ordinal weekday',
      { recur_type: 'MONTHLY', recur_on: '2TU' },
      'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
    ],
    ['monthly on a day', { recur_type: 'MONTHLY', recur_on: '15' }, 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3'],
    ['monthly from the start', { recur_type: 'MONTHLY' }, 'FREQ=MONTHLY;COUNT=3'],
    [
      'yearly until a summer date in Sydney (AEDT, +11)',
      { timezone: 'Australia/Sydney', recur_type: 'YEARLY', recur_end_type: 'ON', recur_end: '2027-01-15' },
      'FREQ=YEARLY;UNTIL=20270115T125959Z',
    ],
    [
      'until a date in Kolkata (+05:30)',
      { timezone: 'Asia/Kolkata', recur_end_type: 'ON', recur_end: '2026-06-30' },
      'FREQ=DAILY;UNTIL=20260630T182959Z',
    ],
  ])('%s', (_name, overrides, expected) => {
    const text = toRRule(anEvent(overrides));
    expect(text).toBe(expected);
    expect(() => RRule.parseString(text ?? '')).not.toThrow();
  });

  it('gives nothing for a single event', () => {
    expect(toRRule(anEvent({ recurring: 'No' }))).toBeUndefined();
  });
});

describe('independence from the host time zone', () => {
  it('gives identical results under every host zone', () => {
    const events = [
      ...cases.map(([, overrides]) => anEvent(overrides)),
      anEvent({ recur_type: 'WEEKLY', recur_on: 'MO,FR', recur_end_type: 'ON', recur_end: '2027-12-31' }),
    ];
    const run = () => ({
      all: events.map((event) => expandOccurrences(event)),
      windowed: events.map((event) => expandOccurrences(event, { from: '2026-03-01', to: '2026-11-30' })),
      rules: events.map((event) => toRRule(event)),
    });
    const [first, ...others] = HOST_TIME_ZONES.map((zone) => inHostTimeZone(zone, run));
    for (const other of others) expect(other).toEqual(first);
  });
});

// Property tests. luxon's getPossibleOffsets is the oracle for "the earliest instant showing this wall time"; luxon
// moves a skipped wall time forward by the gap (checked in wall-time.test.ts).
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Australia/Lord_Howe', // a 30-minute DST shift
  'America/Santiago', // changes at midnight
];

function earliestInstant(local: string, zone: string): string {
  const dt = DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm:ss', { zone });
  const instants = dt.getPossibleOffsets().map((candidate) => candidate.toMillis());
  return new Date(Math.min(...instants)).toISOString();
}

function wallOf(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');
}

const two = (n: number) => String(n).padStart(2, '0');

const timingArbitrary = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    day: fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    lengthMinutes: fc.integer({ min: 15, max: 600 }),
    type: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY' as const),
    interval: fc.integer({ min: 0, max: 4 }),
    weekdays: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']),
    monthly: fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1, max: 31 }).map(String),
      fc.tuple(fc.integer({ min: 1, max: 5 }), fc.constantFrom('MO', 'TU', 'SU')).map(([n, d]) => `${n}${d}`),
    ),
    end: fc.oneof(
      fc
        .integer({ min: 1, max: 60 })
        .map((count) => ({ type: 'AFTER' as const, value: count as string | number })),
      fc
        .integer({ min: 0, max: 1200 })
        .map((days) => ({ type: 'ON' as const, value: days as string | number })),
    ),
  })
  .map((r): EventTiming => {
    const date = r.day.toISOString().slice(0, 10);
    const start = new Date(`${date}T${two(r.hour)}:${two(r.minute)}:00Z`);
    const end = new Date(start.getTime() + r.lengthMinutes * 60_000);
    const text = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const onDate = new Date(start.getTime() + Number(r.end.value) * 86_400_000).toISOString().slice(0, 10);
    return {
      start_date: text(start),
      end_date: text(end),
      timezone: r.zone,
      recurring: 'Yes',
      recur_interval: r.interval,
      recur_type: r.type,
      recur_on: r.type === 'WEEKLY' ? r.weekdays.join(',') : r.type === 'MONTHLY' ? r.monthly : undefined,
      recur_end_type: r.end.type,
      recur_end: r.end.type === 'ON' ? onDate : r.end.value,
    };
  });

function expandOrLimit(event: EventTiming): Occurrence[] | 'limit' {
  try {
    return expandOccurrences(event);
  } catch (error) {
    if (error instanceof RecurrenceError && error.message === recurrenceMessages.limit) return 'limit';
    throw error;
  }
}

describe('properties', () => {
  it('occurrences are sorted, at the start wall time (or moved out of a gap), and never more than the limit', () => {
    fc.assert(
      fc.property(timingArbitrary, (event) => {
        const result = expandOrLimit(event);
        if (result === 'limit') return;
        expect(result.length).toBeLessThanOrEqual(OCCURRENCE_LIMIT);
        const startTime = event.start_date.slice(11);
        const lengthMs = Date.parse(`${event.end_date}Z`) - Date.parse(`${event.start_date}Z`);
        for (const [i, occurrence] of result.entries()) {
          const nominal = `${occurrence.start_date.slice(0, 10)} ${startTime}`;
          expect(occurrence.start_utc).toBe(earliestInstant(nominal, event.timezone));
          expect(occurrence.start_date).toBe(wallOf(occurrence.start_utc, event.timezone));
          const wallEnd = new Date(Date.parse(`${occurrence.start_date}Z`) + lengthMs).toISOString();
          expect(occurrence.end_date).toBe(wallEnd.slice(0, 19).replace('T', ' '));
          expect(occurrence.end_utc).toBe(earliestInstant(occurrence.end_date, event.timezone));
          if (i > 0) expect(occurrence.start_utc > (result[i - 1]?.start_utc ?? '')).toBe(true);
        }
        if (event.recur_end_type === 'AFTER') expect(result).toHaveLength(Number(event.recur_end));
        else
          for (const occurrence of result)
            expect(occurrence.start_date.slice(0, 10) <= String(event.recur_end)).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 30_000); // hundreds of luxon checks: seconds on a loaded two-core machine

  it('a window returns exactly the occurrences that overlap it', () => {
    const windowArbitrary = fc.tuple(fc.integer({ min: -30, max: 900 }), fc.integer({ min: 0, max: 60 }));
    fc.assert(
      fc.property(timingArbitrary, windowArbitrary, (event, [offsetDays, lengthDays]) => {
        const all = expandOrLimit(event);
        if (all === 'limit') return;
        const startDay = Date.parse(`${event.start_date.slice(0, 10)}T00:00:00Z`);
        const day = (n: number) => new Date(startDay + n * 86_400_000).toISOString().slice(0, 10);
        const window = { from: day(offsetDays), to: day(offsetDays + lengthDays) };
        const lo = DateTime.fromISO(window.from, { zone: event.timezone }).toMillis();
        const hi = DateTime.fromISO(window.to, { zone: event.timezone }).plus({ days: 1 }).toMillis();
        const expected = all.filter((o) => Date.parse(o.start_utc) < hi && Date.parse(o.end_utc) > lo);
        expect(expandOccurrences(event, window)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('a far ON end is either within the limit or rejected', () => {
    fc.assert(
      fc.property(timingArbitrary, (event) => {
        const farEnd = { ...event, recur_end_type: 'ON' as const, recur_end: '2099-12-31' };
        const result = expandOrLimit(farEnd);
        if (result !== 'limit') expect(result.length).toBeLessThanOrEqual(OCCURRENCE_LIMIT);
      }),
      { numRuns: 100 },
    );
  });
});
