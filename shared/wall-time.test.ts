import fc from 'fast-check';
import { DateTime, IANAZone, Settings } from 'luxon';
import {
  addLocalMonths,
  instantToLocalDate,
  formatLocalDate,
  formatTimeOfDay,
  formatWallTime,
  instantToWallTime,
  isValidTimeZone,
  parseLocalDate,
  parseTimeOfDay,
  parseWallTime,
  toUtcIso,
  wallTimeToInstant,
} from './wall-time';
import { HOST_TIME_ZONES, hostOffsetInJanuary, useHostTimeZone } from './testing/host-time-zone';

const HOST_OFFSETS: Record<(typeof HOST_TIME_ZONES)[number], number> = {
  UTC: 0,
  'America/Los_Angeles': 480,
  'Asia/Tokyo': -540,
};

function toUtc(local: string, zone: string): string {
  const floating = parseWallTime(local);
  if (floating === undefined) throw new Error(`bad fixture ${local}`);
  return toUtcIso(wallTimeToInstant(floating, zone));
}

function toLocal(iso: string, zone: string): string {
  return formatWallTime(instantToWallTime(Date.parse(iso), zone));
}

describe('luxon around DST changes (why wallTimeToInstant does not use DateTime.fromObject)', () => {
  const summer = Date.parse('2026-07-01T12:00:00Z');
  const winter = Date.parse('2026-01-15T12:00:00Z');
  const originalNow = Settings.now;

  function fromObjectAt(now: number, hour: number, day: number, month: number): string | null {
    Settings.now = () => now;
    Settings.resetCaches();
    return DateTime.fromObject({ year: 2026, month, day, hour, minute: 30 }, { zone: 'America/New_York' })
      .toUTC()
      .toISO();
  }

  afterEach(() => {
    Settings.now = originalNow;
    Settings.resetCaches();
  });

  it('moves a wall time skipped by spring-forward ahead by the gap, whatever the date today', () => {
    expect(fromObjectAt(summer, 2, 8, 3)).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(fromObjectAt(winter, 2, 8, 3)).toBe('2026-03-08T07:30:00.000Z');
  });

  it('picks either instant of a repeated wall time depending on when the process first used the zone', () => {
    expect(fromObjectAt(summer, 1, 1, 11)).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    expect(fromObjectAt(winter, 1, 1, 11)).toBe('2026-11-01T06:30:00.000Z'); // 01:30 EST
  });

  it('wallTimeToInstant takes the earlier instant whatever the date today', () => {
    for (const now of [summer, winter]) {
      Settings.now = () => now;
      Settings.resetCaches();
      expect(toUtc('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    }
  });
});

describe.each(HOST_TIME_ZONES)('wall times with the host in %s', (hostZone) => {
  useHostTimeZone(hostZone);

  it('runs with that host zone', () => {
    expect(hostOffsetInJanuary()).toBe(HOST_OFFSETS[hostZone]);
  });

  it.each([
    // zone, local wall time, instant — offsets from the zones' published rules
    ['America/New_York', '2026-01-15 09:00:00', '2026-01-15T14:00:00.000Z'], // EST −5
    ['America/New_York', '2026-07-15 09:00:00', '2026-07-15T13:00:00.000Z'], // EDT −4
    ['America/New_York', '2026-03-08 01:59:59', '2026-03-08T06:59:59.000Z'], // last second of EST
    ['America/New_York', '2026-03-08 02:30:00', '2026-03-08T07:30:00.000Z'], // skipped: 03:30 EDT
    ['America/New_York', '2026-03-08 03:00:00', '2026-03-08T07:00:00.000Z'], // first EDT wall time
    ['America/New_York', '2026-11-01 01:30:00', '2026-11-01T05:30:00.000Z'], // repeated: the EDT one
    ['America/New_York', '2026-11-01 02:00:00', '2026-11-01T07:00:00.000Z'], // EST again
    ['Europe/London', '2026-03-29 01:30:00', '2026-03-29T01:30:00.000Z'], // skipped: 02:30 BST
    ['Europe/London', '2026-10-25 01:30:00', '2026-10-25T00:30:00.000Z'], // repeated: the BST one
    ['Australia/Sydney', '2026-04-05 02:30:00', '2026-04-04T15:30:00.000Z'], // repeated: the AEDT one
    ['Australia/Sydney', '2026-10-04 02:30:00', '2026-10-03T16:30:00.000Z'], // skipped: 03:30 AEDT
    ['Asia/Kolkata', '2026-06-01 09:00:00', '2026-06-01T03:30:00.000Z'], // +05:30
  ])('%s %s is %s', (zone, local, utc) => {
    expect(toUtc(local, zone)).toBe(utc);
  });

  it.each([
    ['America/New_York', '2026-03-08T07:30:00.000Z', '2026-03-08 03:30:00'],
    ['America/New_York', '2026-11-01T06:30:00.000Z', '2026-11-01 01:30:00'],
    ['Australia/Sydney', '2026-04-04T16:30:00.000Z', '2026-04-05 02:30:00'],
    ['Asia/Kolkata', '2026-12-31T18:30:00.000Z', '2027-01-01 00:00:00'],
  ])('in %s the instant %s shows %s', (zone, utc, local) => {
    expect(toLocal(utc, zone)).toBe(local);
  });
});

describe('wire formats', () => {
  it('parses and formats date-times, dates and times of day', () => {
    const floating = parseWallTime('2028-02-29 23:59:58');
    expect(floating).toBe(Date.UTC(2028, 1, 29, 23, 59, 58));
    expect(formatWallTime(Date.UTC(2028, 1, 29, 23, 59, 58))).toBe('2028-02-29 23:59:58');
    expect(parseLocalDate('2026-12-31')).toBe(Date.UTC(2026, 11, 31));
    expect(formatLocalDate(Date.UTC(2026, 11, 31, 15))).toBe('2026-12-31');
    expect(parseTimeOfDay('08:30')).toBe(510);
    expect(formatTimeOfDay(510)).toBe('08:30');
  });

  it.each([
    '2026-02-29 10:00:00',
    '2026-04-31 10:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01 10:60:00',
    '2026-01-01T10:00:00',
    '2026-1-1 10:00:00',
    '',
  ])('rejects %j as a date-time', (text) => {
    expect(parseWallTime(text)).toBeUndefined();
  });

  it('rejects impossible dates and times of day', () => {
    expect(parseLocalDate('2027-02-29')).toBeUndefined();
    expect(parseLocalDate('2026-13-01')).toBeUndefined();
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('8:00')).toBeUndefined();
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => wallTimeToInstant(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatting from cached texts', () => {
  const byDate = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return { wall: `${iso.slice(0, 10)} ${iso.slice(11, 19)}`, date: iso.slice(0, 10), iso };
  };

  it('gives the texts Date gives, for whole seconds of the years 0000–9999', () => {
    const days = {
      min: new Date(0).setUTCFullYear(0, 0, 1) / 86_400_000,
      max: Date.UTC(9999, 11, 31) / 86_400_000,
    };
    const second = fc.oneof(fc.constantFrom(0, 1, 86_398, 86_399), fc.integer({ min: 0, max: 86_399 }));
    fc.assert(
      fc.property(fc.integer(days), second, (day, secondOfDay) => {
        const ms = (day * 86_400 + secondOfDay) * 1000;
        const expected = byDate(ms);
        expect(formatWallTime(ms)).toBe(expected.wall);
        expect(formatLocalDate(ms)).toBe(expected.date);
        expect(toUtcIso(ms)).toBe(expected.iso);
      }),
      { numRuns: 2000 },
    );
  });

  it('formats other values with Date', () => {
    expect(toUtcIso(Date.UTC(2026, 2, 8, 7, 30, 0, 250))).toBe('2026-03-08T07:30:00.250Z');
    expect(toUtcIso(1.5)).toBe('1970-01-01T00:00:00.001Z');
    expect(toUtcIso(Date.UTC(10000, 0, 2, 9))).toBe('+010000-01-02T09:00:00.000Z');
    expect(formatWallTime(Date.UTC(10000, 0, 2, 9))).toBe('10000-01-02 09:00:00');
    expect(formatLocalDate(-0.5)).toBe('1970-01-01');
    expect(formatWallTime(-1000)).toBe('1969-12-31 23:59:59');
  });
});

describe('offsets read from the caches', () => {
  /** Every change of offset in `zone` during `years`: the first second with the new offset. */
  function changes(zone: string, years: [number, number]): number[] {
    const exact = (instant: number) => IANAZone.create(zone).offset(instant);
    const found: number[] = [];
    for (let day = Date.UTC(years[0], 0, 1); day < Date.UTC(years[1] + 1, 0, 1); day += 86_400_000) {
      let before = day;
      let after = day + 86_400_000;
      if (exact(before) === exact(after)) continue;
      while (after - before > 1000) {
        const middle = before + Math.floor((after - before) / 2000) * 1000;
        if (exact(middle) === exact(before)) before = middle;
        else after = middle;
      }
      found.push(after);
    }
    return found;
  }

  it.each<[string, [number, number], number]>([
    ['America/New_York', [2025, 2027], 6],
    ['Australia/Lord_Howe', [2025, 2027], 6], // a 30-minute shift
    ['America/Santiago', [2025, 2027], 6], // at midnight
    ['Africa/Casablanca', [2025, 2027], 5], // around Ramadan
    ['Antarctica/Troll', [2025, 2027], 6], // +00 to +02
    ['Pacific/Apia', [2011, 2011], 3], // skipped 2011-12-30 whole
  ])('are luxon’s on both sides of every change in %s during %j', (zone, years, count) => {
    const found = changes(zone, years);
    expect(found).toHaveLength(count);
    for (const change of found) {
      for (const instant of [
        change - 3_600_000,
        change - 1001,
        change - 1,
        change,
        change + 999,
        change + 3_600_000,
      ]) {
        const offset = IANAZone.create(zone).offset(instant) * 60_000;
        expect(instantToWallTime(instant, zone), new Date(instant).toISOString()).toBe(instant + offset);
      }
    }
  });
});

describe('local dates', () => {
  it('the date a zone shows at an instant', () => {
    // London keeps UTC in winter; Berlin is an hour ahead, Los Angeles eight behind.
    expect(instantToLocalDate(Date.UTC(2026, 11, 31, 23, 30), 'Europe/London')).toBe('2026-12-31');
    expect(instantToLocalDate(Date.UTC(2026, 11, 31, 23, 30), 'Europe/Berlin')).toBe('2027-01-01');
    expect(instantToLocalDate(Date.UTC(2026, 0, 1, 3), 'America/Los_Angeles')).toBe('2025-12-31');
  });

  it('months away keep the day of the month, or take the last day of a shorter month', () => {
    const day = (text: string) =>
      Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8)));
    const text = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(text(addLocalMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(text(addLocalMonths(day('2028-01-31'), 1))).toBe('2028-02-29');
    expect(text(addLocalMonths(day('2026-03-15'), -1))).toBe('2026-02-15');
    expect(text(addLocalMonths(day('2026-11-25'), 12))).toBe('2027-11-25');
    expect(text(addLocalMonths(day('2026-01-10'), -1))).toBe('2025-12-10');
  });
});
