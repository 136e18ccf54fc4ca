import { HOST_TIME_ZONES, inHostTimeZone } from '@shared/testing/host-time-zone';
import { textColourOn } from './BookingCalendar';
import { describeRule } from './text';
import {
  dayOf,
  floatingDate,
  minutesBetween,
  nextHalfHour,
  shiftWallTime,
  timeOf,
  venueNow,
  wallTimeOf,
} from './wallTime';

describe.each(HOST_TIME_ZONES)('wall times on the calendar, with the browser in %s', (zone) => {
  const run = <T>(body: () => T) => inHostTimeZone(zone, body);

  it('reads a wall time as a date that says the same on the browser’s clock, and back', () =>
    run(() => {
      for (const wall of [
        '2026-12-10 14:30:00',
        '2026-03-29 01:30:00',
        '2026-10-25 01:30:00',
        '2026-12-31 23:59:59',
      ]) {
        const date = floatingDate(wall)!;
        expect([dayOf(date), timeOf(date)]).toEqual([wall.slice(0, 10), wall.slice(11, 16)]);
        expect(wallTimeOf(date)).toBe(wall);
      }
      expect(floatingDate('2026-12-10')).toBeNull();
    }));

  it("tells the venue's time now, whatever the browser's zone", () =>
    run(() => {
      const instant = new Date('2026-12-10T07:30:15.000Z');
      expect(wallTimeOf(venueNow('Europe/London', instant))).toBe('2026-12-10 07:30:15');
      expect(wallTimeOf(venueNow('America/Los_Angeles', instant))).toBe('2026-12-09 23:30:15');
      expect(wallTimeOf(venueNow('Asia/Tokyo', instant))).toBe('2026-12-10 16:30:15');
      // Summer time in London.
      expect(wallTimeOf(venueNow('Europe/London', new Date('2026-07-01T11:00:00Z')))).toBe(
        '2026-07-01 12:00:00',
      );
    }));

  it('moves wall times by the wall clock, across any DST change', () =>
    run(() => {
      expect(shiftWallTime('2026-03-29 00:30:00', 60)).toBe('2026-03-29 01:30:00');
      expect(shiftWallTime('2026-03-08 01:30:00', 60)).toBe('2026-03-08 02:30:00');
      expect(shiftWallTime('2026-12-31 23:30:00', 60)).toBe('2027-01-01 00:30:00');
      expect(minutesBetween('2026-03-08 01:00:00', '2026-03-08 04:00:00')).toBe(180);
      expect(shiftWallTime('soon', 60)).toBeNull();
    }));
});

describe('the next half hour', () => {
  it('rounds up to the half hour, keeping one that is exact', () => {
    const at = (time: string) => wallTimeOf(nextHalfHour(floatingDate(`2026-12-10 ${time}`)!));
    expect(at('14:17:00')).toBe('2026-12-10 14:30:00');
    expect(at('14:30:00')).toBe('2026-12-10 14:30:00');
    expect(at('14:30:01')).toBe('2026-12-10 15:00:00');
    expect(at('09:00:00')).toBe('2026-12-10 09:00:00');
    expect(at('23:45:00')).toBe('2026-12-11 00:00:00');
  });
});

describe('event colours and rules', () => {
  it('writes dark text on light colours and white on dark ones', () => {
    expect(textColourOn('#F6BF26')).toBe('#1a1a1a');
    expect(textColourOn('#0B8043')).toBe('#ffffff');
    expect(textColourOn('#D50000')).toBe('#ffffff');
    expect(textColourOn('teal')).toBe('#ffffff');
  });

  it('describes a repeat rule', () => {
    const rule = {
      start_date: '2026-12-10 09:00:00',
      recur_interval: 1,
      recur_on: null,
      recur_end_type: null,
      recur_end: null,
    } as const;
    expect(describeRule({ ...rule, recur_type: 'DAILY' })).toBe('Every day');
    expect(
      describeRule({
        ...rule,
        recur_interval: 2,
        recur_type: 'WEEKLY',
        recur_on: 'MO,WE',
        recur_end_type: 'AFTER',
        recur_end: 6,
      }),
    ).toBe('Every 2 weeks on Monday, Wednesday, 6 times');
    expect(
      describeRule({
        ...rule,
        recur_type: 'MONTHLY',
        recur_on: '2TU',
        recur_end_type: 'ON',
        recur_end: '2027-06-30',
      }),
    ).toBe('Every month on the second Tuesday, until 30th Jun, 2027');
    expect(describeRule({ ...rule, recur_type: 'MONTHLY', recur_on: '15' })).toBe('Every month on day 15');
    // Without weekdays or a day, the start's (a Thursday, the 10th).
    expect(describeRule({ ...rule, recur_type: 'WEEKLY' })).toBe('Every week on Thursday');
    expect(describeRule({ ...rule, recur_type: 'MONTHLY' })).toBe('Every month on day 10');
    expect(describeRule({ ...rule, recur_type: null })).toBe('Does not repeat');
  });
});
