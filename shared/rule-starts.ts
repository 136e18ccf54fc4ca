import * as rruleModule from 'rrule';
import type { Options, Weekday } from 'rrule';
import type { RecurType, WeekdayCode } from './schemas/event-timing';
import { weekdayCodes } from './schemas/event-timing';
import { DAY_MS } from './wall-time';

/**
 * The starts of a recurrence rule on floating wall times (see `wall-time.ts`), as RFC 5545, rrule.js and
 * python-dateutil read it: a start that does not match the rule is not an occurrence, weeks start on Monday, dates
 * that do not exist are skipped.
 *
 * rrule builds tables of a whole year for every period it visits, which costs more than the rest of an expansion.
 * DAILY and WEEKLY rules, the common ones, are therefore counted out by day arithmetic instead; `rule-starts.test.ts`
 * checks, over random rules, starts and windows, that the two give the same starts. MONTHLY and YEARLY rules, and
 * starts before the year 100 (which rrule reads through `Date.UTC`, as 19xx), go to rrule.
 */

// rrule's "main" is a UMD bundle and its "module" is ESM: Node's ESM loader sees one default export, bundlers the
// named ones. (Reflect.get keeps bundlers from warning about a `default` that their build lacks.)
const { RRule } = (
  'RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')
) as typeof rruleModule;

/** `recur_on` read for its `recur_type`. `default` means: derived from the start (weekday or day of month). */
export type RecurOn =
  | { kind: 'default' }
  | { kind: 'weekdays'; days: WeekdayCode[] }
  | { kind: 'monthDay'; day: number }
  | { kind: 'nthWeekday'; nth: number; day: WeekdayCode };

/** Where a rule stops: after the last start at or before `until` (floating ms), or after `count` starts. */
export type RuleEnd = { until: number } | { count: number };

/** A rule as the engine reads it from an event's timing. */
export interface Rule {
  type: RecurType;
  /** Periods between occurrences, at least 1. */
  interval: number;
  recurOn: RecurOn;
  end: RuleEnd;
}

/** Starts to return: those in `[from, to]` (floating ms, both included). */
export interface StartWindow {
  from: number;
  to: number;
}

const WEEKDAYS: Record<WeekdayCode, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const FREQUENCIES: Record<RecurType, rruleModule.Frequency> = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
  YEARLY: RRule.YEARLY,
};

/** rrule reads years 0–99 through `Date.UTC`, which maps them to 1900–1999; earlier starts stay with rrule. */
const ARITHMETIC_FROM = Date.UTC(100, 0, 1);
/** As python-dateutil, rrule stops once the period it moves to starts after the year 9999. */
const PAST_MAX_YEAR = Date.UTC(10000, 0, 1);

/**
 * The starts of `rule` from `start` in order, among its first `cap` (its own end may stop it earlier); with a
 * window, only those within it.
 */
export function ruleStarts(start: number, rule: Rule, cap: number, window?: StartWindow): number[] {
  return arithmeticStarts(start, rule, cap, window) ?? rruleStarts(start, rule, cap, window);
}

/** {@link ruleStarts} as rrule computes it. */
export function rruleStarts(start: number, rule: Rule, cap: number, window?: StartWindow): number[] {
  const options: Partial<Options> = {
    freq: FREQUENCIES[rule.type],
    interval: rule.interval,
    wkst: RRule.MO,
    dtstart: new Date(start),
    ...('count' in rule.end
      ? { count: Math.min(rule.end.count, cap) }
      : { until: new Date(rule.end.until), count: cap }),
  };
  const { recurOn } = rule;
  if (recurOn.kind === 'weekdays') options.byweekday = recurOn.days.map((code) => WEEKDAYS[code]);
  if (recurOn.kind === 'monthDay') options.bymonthday = recurOn.day;
  if (recurOn.kind === 'nthWeekday') options.byweekday = [WEEKDAYS[recurOn.day].nth(recurOn.nth)];
  const rrule = new RRule(options, true);
  const dates = window ? rrule.between(new Date(window.from), new Date(window.to), true) : rrule.all();
  return dates.map((date) => date.getTime());
}

/** Monday-based weekday (0 = Monday) of a day number (days since Thursday 1970-01-01). */
function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * The periods a DAILY or WEEKLY rule walks: the first one's first day (the start's day, or the Monday of its week),
 * the days from one to the next, and the days of a period it falls on, counted from the period's first day.
 * `undefined` for any other rule.
 */
function periodsOf(
  rule: Rule,
  startDay: number,
): { first: number; step: number; offsets: number[] } | undefined {
  if (!Number.isInteger(rule.interval) || rule.interval < 1) return undefined;
  const { recurOn } = rule;
  if (rule.type === 'DAILY' && recurOn.kind === 'default')
    return { first: startDay, step: rule.interval, offsets: [0] };
  if (rule.type !== 'WEEKLY') return undefined;
  const week = { first: startDay - weekdayOf(startDay), step: 7 * rule.interval };
  if (recurOn.kind === 'default') return { ...week, offsets: [weekdayOf(startDay)] };
  if (recurOn.kind !== 'weekdays') return undefined;
  const offsets = [...new Set(recurOn.days.map((code) => weekdayCodes.indexOf(code)))];
  return { ...week, offsets: offsets.sort((a, b) => a - b) };
}

/**
 * {@link ruleStarts} by day arithmetic for DAILY and WEEKLY rules from the year 100 on; `undefined` for the others.
 *
 * DAILY: every `interval` days from the start. WEEKLY: in every `interval`-th week (Monday to Sunday) from the
 * start's, the chosen weekdays (or the start's) in order, at the start's time of day, none before the start. As in
 * rrule, the instances before the window count towards `cap` and a count, and the walk stops at the first start past
 * `until` or the window, or once the next period starts after 9999-12-31 (a week that began in 9999 is finished).
 */
export function arithmeticStarts(
  start: number,
  rule: Rule,
  cap: number,
  window?: StartWindow,
): number[] | undefined {
  const startDay = Math.floor(start / DAY_MS);
  const periods = start < ARITHMETIC_FROM ? undefined : periodsOf(rule, startDay);
  if (!periods) return undefined;
  const limit = 'count' in rule.end ? Math.min(rule.end.count, cap) : cap;
  const last = Math.min('until' in rule.end ? rule.end.until : Infinity, window?.to ?? Infinity);
  const first = window?.from ?? -Infinity;
  const timeOfDay = start - startDay * DAY_MS;

  const starts: number[] = [];
  let instances = 0;
  for (let period = periods.first; instances < limit; period += periods.step) {
    for (const offset of periods.offsets) {
      const candidate = (period + offset) * DAY_MS + timeOfDay;
      if (candidate < start) continue;
      if (candidate > last) return starts;
      if (candidate >= first) starts.push(candidate);
      if (++instances >= limit) return starts;
    }
    if ((period + periods.step) * DAY_MS >= PAST_MAX_YEAR) return starts;
  }
  return starts;
}
