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
  const hours = time.getHours();
  const minutes = String(time.getMinutes()).padStart(2, '0');
  return `${ordinal(time.getDate())} ${months[time.getMonth()]}, ${time.getFullYear()} | ${hours % 12 || 12}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/** A local calendar day as `YYYY-MM-DD`, `days` before today (0: today). */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
