const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st */
function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * An activity's time in the user's time zone as the log shows it, 'Do MMM, YYYY | h:mma' in
 * moment's notation: '5th Mar, 2025 | 3:04pm'. '—' when unreadable.
 */
export function formatActivityTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '—';
  return `${dayText(time.getFullYear(), time.getMonth(), time.getDate())} | ${clockText(time.getHours(), time.getMinutes())}`;
}

/** 'Do MMM, YYYY' (month from 0). */
const dayText = (year: number, month: number, day: number) => `${ordinal(day)} ${months[month]}, ${year}`;

/** 'h:mma'. */
const clockText = (hours: number, minutes: number) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2})?$/;

/** The parts of a venue's wall time `YYYY-MM-DD HH:mm:ss` (month from 0); null when unreadable. */
function wallParts(text: string) {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12) return null;
  return { year, month: month - 1, day, hours, minutes };
}

/**
 * A venue's wall time (`YYYY-MM-DD HH:mm:ss`) as it reads in the venue, whatever the browser's
 * zone: '5th Mar, 2025 | 3:04pm'. '—' when unreadable.
 */
export function formatVenueTime(text: string): string {
  const t = wallParts(text);
  return t ? `${dayText(t.year, t.month, t.day)} | ${clockText(t.hours, t.minutes)}` : '—';
}

/**
 * A venue's time range: '5th Mar, 2025 | 3:00pm – 4:30pm' within a day, both dates in full
 * otherwise.
 */
export function formatVenueTimeRange(start: string, end: string): string {
  const from = wallParts(start);
  const to = wallParts(end);
  if (!from || !to) return `${formatVenueTime(start)} – ${formatVenueTime(end)}`;
  const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
  return `${formatVenueTime(start)} – ${sameDay ? clockText(to.hours, to.minutes) : formatVenueTime(end)}`;
}

/** The month ('Mar') and day of the month of a venue's wall time, as a calendar leaf shows them. */
export function venueDay(text: string): { month: string; day: number } | null {
  const t = wallParts(text);
  return t ? { month: months[t.month]!, day: t.day } : null;
}

/** A local calendar day as `YYYY-MM-DD`, `days` before today (0: today). */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
