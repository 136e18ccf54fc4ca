import type { RecurType } from './schemas/event';

/**
 * How bookings are written in words, the same in the SPA and in the invitations e-mailed: dates
 * as the spec's 'Do MMM, YYYY', times as 'h:mma', and a series' rule as a sentence. Everything
 * reads wall-clock text (`YYYY-MM-DD HH:mm:ss`), so no time zone is involved, and nothing here
 * imports a library: the booking calendar's first download carries it.
 */

export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const weekdayNames: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** First … Fifth (docs/product/client-area.md §9). */
export const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth'] as const;

/** 1 → '1st', 12 → '12th', 22 → '22nd'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** `2026-01-05 …` → '5th Jan, 2026' ('Do MMM, YYYY'). */
export function dayText(wallTime: string): string {
  const [year, month, day] = wallTime.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return wallTime;
  return `${ordinal(day)} ${MONTH_ABBREVIATIONS[month - 1]}, ${year}`;
}

/** `… 14:30:00` → '2:30pm' ('h:mma'). */
export function clockText(wallTime: string): string {
  const hours = Number(wallTime.slice(11, 13));
  return `${hours % 12 || 12}:${wallTime.slice(14, 16)}${hours < 12 ? 'am' : 'pm'}`;
}

const units: Record<RecurType, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

/** The unit of an interval: 'week' or 'weeks'. */
export const unitOf = (type: RecurType, count: number) => units[type][count === 1 ? 0 : 1];

/** The rule of a booking, as the API answers it or as it is stored. */
interface RuleText {
  start_date: string;
  recur_interval?: number | null;
  recur_type?: RecurType | null;
  recur_on?: string | null;
  recur_end_type?: 'ON' | 'AFTER' | null;
  recur_end?: string | number | null;
}

/**
 * A rule as a sentence: 'Every 2 weeks on Monday, Wednesday, 10 times'. A weekly or monthly rule
 * without `recur_on` repeats on the start's weekday or day of the month.
 */
export function describeRule(rule: RuleText): string {
  if (!rule.recur_type) return 'Does not repeat';
  const interval = rule.recur_interval && rule.recur_interval > 1 ? rule.recur_interval : 1;
  const every =
    interval === 1
      ? `Every ${unitOf(rule.recur_type, 1)}`
      : `Every ${interval} ${unitOf(rule.recur_type, interval)}`;
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(rule.start_date);
  const start = date ? new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]))) : null;
  const on = rule.recur_on?.trim();
  let when = '';
  if (rule.recur_type === 'WEEKLY') {
    const codes = on ? on.split(',').map((code) => code.trim()) : [];
    const days = codes.length
      ? codes.map((code) => weekdayNames[code] ?? code)
      : start
        ? [Object.values(weekdayNames)[(start.getUTCDay() + 6) % 7]!]
        : [];
    if (days.length) when = ` on ${days.join(', ')}`;
  } else if (rule.recur_type === 'MONTHLY') {
    const nth = on ? /^([1-5])([A-Z]{2})$/.exec(on) : null;
    const day = on && !nth ? on : start ? String(start.getUTCDate()) : '';
    if (nth)
      when = ` on the ${ordinals[Number(nth[1]) - 1]!.toLowerCase()} ${weekdayNames[nth[2]!] ?? nth[2]}`;
    else if (day) when = ` on day ${day}`;
  }
  const parts = [`${every}${when}`];
  if (rule.recur_end_type === 'AFTER' && rule.recur_end != null) parts.push(`${rule.recur_end} times`);
  if (rule.recur_end_type === 'ON' && typeof rule.recur_end === 'string') {
    if (/^\d{4}-\d{2}-\d{2}/.test(rule.recur_end)) parts.push(`until ${dayText(rule.recur_end)}`);
  }
  return parts.join(', ');
}
