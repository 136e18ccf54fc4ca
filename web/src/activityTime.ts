import { clockText, dayText, MONTH_ABBREVIATIONS } from '@shared/booking-text';

/**
 * Times as the product writes them ('5th Mar, 2025 | 3:04pm'), in the words of
 * shared/booking-text: an activity's instant in the browser's zone, a venue's wall time as the
 * venue's clock reads it.
 */

/** A wall time `YYYY-MM-DD HH:mm`, seconds optional. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2})?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'Do MMM, YYYY | h:mma' of a wall time already checked readable. */
const dateTimeText = (wallTime: string) => `${dayText(wallTime)} | ${clockText(wallTime)}`;

/**
 * An activity's time in the user's time zone as the log shows it, 'Do MMM, YYYY | h:mma' in
 * moment's notation: '5th Mar, 2025 | 3:04pm'. '—' when unreadable.
 */
export function formatActivityTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '—';
  return dateTimeText(
    `${pad(time.getFullYear(), 4)}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ` +
      `${pad(time.getHours())}:${pad(time.getMinutes())}`,
  );
}

/** The month (from 1) and day of a venue's wall time `YYYY-MM-DD HH:mm:ss`; null when unreadable. */
function wallDay(text: string): { month: number; day: number } | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  return year && month >= 1 && month <= 12 && day ? { month, day } : null;
}

/**
 * A venue's wall time (`YYYY-MM-DD HH:mm:ss`) as it reads in the venue, whatever the browser's
 * zone: '5th Mar, 2025 | 3:04pm'. '—' when unreadable.
 */
export function formatVenueTime(text: string): string {
  return wallDay(text) ? dateTimeText(text) : '—';
}

/**
 * A venue's time range: '5th Mar, 2025 | 3:00pm – 4:30pm' within a day, both dates in full
 * otherwise.
 */
export function formatVenueTimeRange(start: string, end: string): string {
  const sameDay = wallDay(start) && wallDay(end) && start.slice(0, 10) === end.slice(0, 10);
  return `${formatVenueTime(start)} – ${sameDay ? clockText(end) : formatVenueTime(end)}`;
}

/** The month ('Mar') and day of the month of a venue's wall time, as a calendar leaf shows them. */
export function venueDay(text: string): { month: string; day: number } | null {
  const parts = wallDay(text);
  return parts ? { month: MONTH_ABBREVIATIONS[parts.month - 1]!, day: parts.day } : null;
}

/** A local calendar day as `YYYY-MM-DD`, `days` before today (0: today). */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
