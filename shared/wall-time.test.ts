import { DateTime, Settings } from 'luxon';
import {
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
