import { DateTime } from 'luxon';
import * as rruleModule from 'rrule';
import type { Options } from 'rrule';

/**
 * Occurrences of a calendar event's rule for the calendar stand-ins: the rule runs on the wall
 * clock of the event's time zone (10:00 every Monday stays 10:00 across a DST change), and each
 * wall time is then placed in that zone. rrule reads the rule (RFC 5545 for Google's `RRULE:`
 * lines; Graph's patternedRecurrence is translated to the same options).
 */

// rrule's "main" is a UMD bundle: Node's ESM loader sees one default export (shared/rule-starts.ts).
const { RRule } = (
  'RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')
) as typeof rruleModule;
export { RRule };

/** The most occurrences a stand-in expands of one series. */
export const EXPANSION_LIMIT = 1000;

/** A wall time as rrule's "floating" Date: its UTC fields are the wall clock's. */
const floating = (wall: DateTime): Date =>
  new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
const placed = (date: Date, zone: string): DateTime =>
  DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    },
    { zone },
  );

export interface Series {
  /** The first occurrence's start, in the series' zone. */
  start: DateTime;
  durationMs: number;
  /** The rule without `dtstart`; `until` is an instant (UTC), as RFC 5545 writes it with Z. */
  rule: Partial<Options>;
  /** Starts (instants, ms) that are not occurrences: EXDATEs, deleted occurrences. */
  excluded?: Set<number>;
}

/**
 * The starts of `series` whose occurrence overlaps [`from`, `to`) (either side open), at most
 * `limit` of them, in order.
 */
export function occurrences(
  series: Series,
  from?: DateTime,
  to?: DateTime,
  limit = EXPANSION_LIMIT,
): DateTime[] {
  const zone = series.start.zoneName ?? 'UTC';
  const { until, ...rest } = series.rule;
  const rule = new RRule({
    ...rest,
    dtstart: floating(series.start),
    tzid: null,
    ...(until ? { until: floating(DateTime.fromJSDate(until).setZone(zone)) } : {}),
  });
  const found: DateTime[] = [];
  let visited = 0;
  // A day either side of the window covers any offset between the wall clock and UTC.
  const earliest = from
    ? floating(from.setZone(zone).minus({ milliseconds: series.durationMs, days: 1 }))
    : undefined;
  const latest = to ? floating(to.setZone(zone).plus({ days: 1 })) : undefined;
  rule.all((date) => {
    // An open rule with no window, or whose starts are all excluded, ends somewhere.
    if (++visited > 20 * EXPANSION_LIMIT) return false;
    if (latest && date > latest) return false;
    if (earliest && date < earliest) return true;
    const start = placed(date, zone);
    const end = start.plus({ milliseconds: series.durationMs });
    const inWindow = (!from || end > from) && (!to || start < to);
    if (inWindow && !series.excluded?.has(start.toMillis())) found.push(start);
    return found.length < limit;
  });
  return found;
}

/** Whether `series` has an occurrence at exactly `start`. */
export function isOccurrence(series: Series, start: DateTime): boolean {
  return occurrences(series, start, start.plus({ milliseconds: 1 }), EXPANSION_LIMIT).some(
    (occurrence) => occurrence.toMillis() === start.toMillis(),
  );
}

/** rrule's options of one `RRULE:` line of a Google event, or `undefined` when it is not one. */
export function parseRRuleLine(line: string): Partial<Options> | undefined {
  if (!/^RRULE:/i.test(line)) return undefined;
  try {
    return RRule.parseString(line.slice('RRULE:'.length));
  } catch {
    return undefined;
  }
}
