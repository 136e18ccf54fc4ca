import fc from 'fast-check';
import { countOccurrences, expandOccurrences, parseRecurOn, RecurrenceError } from './recurrence';
import type * as Recurrence from './recurrence';
import type { EventTiming } from './recurrence';
import { arithmeticStarts, rruleStarts } from './rule-starts';
import type * as RuleStarts from './rule-starts';
import type { Rule, StartWindow } from './rule-starts';
import { DAY_MS, formatWallTime } from './wall-time';

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const floating = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(0).setUTCFullYear(year, month - 1, day) + (hour * 60 + minute) * 60_000;
const texts = (starts: number[] | undefined) => starts?.map(formatWallTime);

/** A DAILY or WEEKLY rule as the engine reads one from a timing. */
const ruleArbitrary = fc
  .record({
    type: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
    interval: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 365 })),
    weekdays: fc.subarray(WEEKDAYS),
    end: fc.oneof(
      fc.integer({ min: 1, max: 1100 }).map((count) => ({ count })),
      // any instant of a day from 3 before the start to 4,000 after; the engine's own is 23:59:59
      fc.tuple(fc.integer({ min: -3, max: 4000 }), fc.integer({ min: 0, max: DAY_MS - 1 })),
    ),
  })
  .map(({ type, interval, weekdays, end }) => (start: number): Rule => {
    const recurOn = parseRecurOn(type, weekdays.join(','));
    if (!recurOn) throw new Error('the weekdays come from the list');
    const until = Array.isArray(end) ? Math.floor(start / DAY_MS + end[0]) * DAY_MS + end[1] : undefined;
    return { type, interval, recurOn, end: until === undefined ? (end as { count: number }) : { until } };
  });

/** Whole seconds, mostly in this century, sometimes anywhere from the year 100 on, sometimes in 9999's last weeks. */
const startArbitrary = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: floating(2020, 1, 1), max: floating(2035, 12, 31) }) },
      { weight: 1, arbitrary: fc.integer({ min: floating(100, 1, 1), max: floating(9999, 12, 31) }) },
      { weight: 1, arbitrary: fc.integer({ min: floating(9999, 11, 1), max: floating(9999, 12, 31) }) },
    ),
    fc.integer({ min: 0, max: DAY_MS / 1000 - 1 }),
  )
  .map(([ms, second]) => Math.floor(ms / DAY_MS) * DAY_MS + second * 1000);

/** No window, or one placed anywhere from 40 days before the start to 4,000 after, up to 400 days long. */
const windowArbitrary = fc.option(
  fc
    .tuple(fc.integer({ min: -40 * DAY_MS, max: 4000 * DAY_MS }), fc.integer({ min: 0, max: 400 * DAY_MS }))
    .map(([from, length]) => (start: number): StartWindow => ({
      from: start + from,
      to: start + from + length,
    })),
  { nil: undefined },
);

describe('rule starts by day arithmetic', () => {
  it('are the starts rrule gives, for random DAILY and WEEKLY rules, starts, caps and windows', () => {
    fc.assert(
      fc.property(
        startArbitrary,
        ruleArbitrary,
        fc.oneof(fc.constantFrom(1000, 1001), fc.integer({ min: 1, max: 60 })),
        windowArbitrary,
        (start, ruleAt, cap, windowAt) => {
          const rule = ruleAt(start);
          const window = windowAt?.(start);
          expect(texts(arithmeticStarts(start, rule, cap, window))).toEqual(
            texts(rruleStarts(start, rule, cap, window)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finish a week begun in 9999, as rrule does, and stop', () => {
    const rule: Rule = {
      type: 'WEEKLY',
      interval: 1,
      recurOn: { kind: 'weekdays', days: ['FR', 'SU'] },
      end: { count: 10 },
    };
    const start = floating(9999, 12, 20, 9);
    const expected = [
      '9999-12-24 09:00:00',
      '9999-12-26 09:00:00',
      '9999-12-31 09:00:00',
      '10000-01-02 09:00:00',
    ];
    expect(texts(rruleStarts(start, rule, 1001))).toEqual(expected);
    expect(texts(arithmeticStarts(start, rule, 1001))).toEqual(expected);
  });

  it('stop a daily rule on 9999-12-31, as rrule does', () => {
    const rule: Rule = { type: 'DAILY', interval: 1, recurOn: { kind: 'default' }, end: { count: 10 } };
    const start = floating(9999, 12, 30, 9);
    expect(texts(rruleStarts(start, rule, 1001))).toEqual(['9999-12-30 09:00:00', '9999-12-31 09:00:00']);
    expect(texts(arithmeticStarts(start, rule, 1001))).toEqual([
      '9999-12-30 09:00:00',
      '9999-12-31 09:00:00',
    ]);
  });

  it('leave MONTHLY and YEARLY rules, starts before the year 100 and intervals below 1 to rrule', () => {
    const rule: Rule = { type: 'DAILY', interval: 1, recurOn: { kind: 'default' }, end: { count: 3 } };
    expect(arithmeticStarts(floating(99, 12, 31, 9), rule, 1001)).toBeUndefined();
    expect(arithmeticStarts(floating(2026, 1, 1), { ...rule, type: 'MONTHLY' }, 1001)).toBeUndefined();
    expect(arithmeticStarts(floating(2026, 1, 1), { ...rule, type: 'YEARLY' }, 1001)).toBeUndefined();
    expect(arithmeticStarts(floating(2026, 1, 1), { ...rule, interval: 0 }, 1001)).toBeUndefined();
  });
});

// The whole engine twice: as it runs, and with every rule sent to rrule.
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Lord_Howe', // a 30-minute DST shift
  'America/Santiago', // changes at midnight
  'Africa/Casablanca', // leaves DST for Ramadan
  'Asia/Kolkata',
];

/** DAILY and WEEKLY timings through 2025–2027, often at hours that DST changes skip or repeat. */
const timingArbitrary = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    day: fc.integer({ min: floating(2025, 1, 1) / DAY_MS, max: floating(2027, 12, 31) / DAY_MS }),
    hour: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 23 })),
    minute: fc.constantFrom(0, 15, 30, 45),
    lengthMinutes: fc.integer({ min: 15, max: 1500 }),
    type: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
    interval: fc.integer({ min: 0, max: 4 }),
    weekdays: fc.subarray(WEEKDAYS),
    end: fc.oneof(
      fc.integer({ min: 1, max: 400 }).map((count) => ({ type: 'AFTER' as const, days: count })),
      fc.integer({ min: 0, max: 800 }).map((days) => ({ type: 'ON' as const, days })),
    ),
  })
  .map((r): EventTiming => {
    const start = r.day * DAY_MS + (r.hour * 60 + r.minute) * 60_000;
    return {
      start_date: formatWallTime(start),
      end_date: formatWallTime(start + r.lengthMinutes * 60_000),
      timezone: r.zone,
      recurring: 'Yes',
      recur_interval: r.interval,
      recur_type: r.type,
      recur_on: r.type === 'WEEKLY' ? r.weekdays.join(',') : undefined,
      recur_end_type: r.end.type,
      recur_end: r.end.type === 'ON' ? formatWallTime(start + r.end.days * DAY_MS).slice(0, 10) : r.end.days,
    };
  });

function outcome<T>(run: () => T): T | string {
  try {
    return run();
  } catch (error) {
    if (error instanceof RecurrenceError) return `${error.field}: ${error.message}`;
    throw error;
  }
}

describe('the engine with DAILY and WEEKLY rules by day arithmetic', () => {
  let viaRrule: typeof Recurrence;
  let rruleCalls = 0;

  beforeAll(async () => {
    vi.resetModules();
    vi.doMock('./rule-starts', async (importOriginal) => {
      const original = await importOriginal<typeof RuleStarts>();
      const ruleStarts: typeof original.ruleStarts = (...args) => {
        rruleCalls += 1;
        return original.rruleStarts(...args);
      };
      return { ...original, ruleStarts };
    });
    viaRrule = await import('./recurrence');
    vi.doUnmock('./rule-starts');
  });

  it('gives what it gives with rrule, in DST zones, with and without windows', () => {
    const windowArbitrary = fc.option(
      fc.tuple(fc.integer({ min: -10, max: 800 }), fc.integer({ min: 0, max: 60 })),
    );
    fc.assert(
      fc.property(timingArbitrary, windowArbitrary, (event, placement) => {
        const startDay = Date.parse(`${event.start_date.slice(0, 10)}T00:00:00Z`);
        const date = (days: number) => formatWallTime(startDay + days * DAY_MS).slice(0, 10);
        const window = placement
          ? { from: date(placement[0]), to: date(placement[0] + placement[1]) }
          : undefined;
        expect(outcome(() => expandOccurrences(event, window))).toEqual(
          outcome(() => viaRrule.expandOccurrences(event, window)),
        );
        expect(countOccurrences(event)).toBe(viaRrule.countOccurrences(event));
      }),
      { numRuns: 200 },
    );
    expect(rruleCalls).toBeGreaterThan(0);
  });
});
