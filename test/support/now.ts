import { listTimezones } from '@shared/timezones';
import { DAY_MS, formatLocalDate, formatWallTime, instantToWallTime } from '@shared/wall-time';

/**
 * Times relative to the clock, for scenarios about "now": a check-in, a room booked at its screen,
 * what a screen shows today. They name the instants the API takes for now, whatever the hour, so
 * that the tests hold at midnight and across a change of summer time as they do at noon
 * (`SPACES_FAKE_NOW` runs them at such instants: docs/testing.md).
 */

const MINUTE = 60_000;

/** The start of the current minute (a room booked at its screen is booked from then). */
export const thisMinute = (now = Date.now()) => Math.floor(now / MINUTE) * MINUTE;

/** `zone`'s wall time `minutes` after the current minute, as the booking API takes it (`YYYY-MM-DD HH:mm:ss`). */
export function wallTimeIn(minutes: number, zone: string, now = Date.now()): string {
  return formatWallTime(instantToWallTime(thisMinute(now) + minutes * MINUTE, zone));
}

/** The local date (`YYYY-MM-DD`) `days` after today in `zone`. */
export function localDateIn(days: number, zone: string, now = Date.now()): string {
  return formatLocalDate(instantToWallTime(now, zone) + days * DAY_MS);
}

/**
 * The venue time zone in which it is now nearest midday (within half an hour of 12:00, as some
 * zone always is). A space's hours are at most 00:30–23:30 of its venue's day (the spec's choices,
 * and its default), and a room booked at its screen is booked until the end of them at the latest:
 * so a scenario that books around now, or that expects a booking in a few minutes among today's,
 * sets its venue there rather than in London, where it would fail every night.
 */
export function aZoneAtMidday(now = Date.now()): string {
  const fromMidday = (zone: string) => Math.abs((instantToWallTime(now, zone) % DAY_MS) - DAY_MS / 2);
  return listTimezones().reduce((nearest, zone) => (fromMidday(zone) < fromMidday(nearest) ? zone : nearest));
}
