import type { DateLocalizer as Localizer, Formats } from 'react-big-calendar';
import { DateLocalizer } from 'react-big-calendar/lib/localizer';
import { ordinal } from '@shared/booking-text';

/**
 * The calendar's dates (react-big-calendar's localizer): its own date arithmetic on floating dates
 * (./wallTime.ts), weeks from Monday (docs/product/client-area.md §9), and English names written as the product
 * writes dates ('5th Dec, 2026 | 2:30pm'). No date library comes with the page.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const short = (name: string) => name.slice(0, 3);

/** 'h:mma': 2:30pm, 12:00am. */
export function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/** 'Do MMM, YYYY': 5th Dec, 2026. */
export function dayText(date: Date): string {
  return `${ordinal(date.getDate())} ${short(MONTHS[date.getMonth()]!)}, ${date.getFullYear()}`;
}

/** The time gutter's labels: 8am, 2pm, 2:30pm. */
function gutterTime(date: Date): string {
  const text = clockTime(date);
  return text.replace(':00', '');
}

type Range = { start: Date; end: Date };
const timeRange = ({ start, end }: Range) => `${clockTime(start)} – ${clockTime(end)}`;

/** The toolbar's title of a month, a week and a day. */
export const titles = {
  month: (date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`,
  week: ({ start, end }: Range) =>
    start.getFullYear() === end.getFullYear()
      ? `${ordinal(start.getDate())} ${short(MONTHS[start.getMonth()]!)} – ${dayText(end)}`
      : `${dayText(start)} – ${dayText(end)}`,
  day: (date: Date) => `${WEEKDAYS[date.getDay()]}, ${dayText(date)}`,
};

const formats: Formats = {
  dateFormat: (date: Date) => String(date.getDate()),
  dayFormat: (date: Date) => `${short(WEEKDAYS[date.getDay()]!)} ${date.getDate()}`,
  weekdayFormat: (date: Date) => short(WEEKDAYS[date.getDay()]!),
  timeGutterFormat: gutterTime,
  selectRangeFormat: timeRange,
  eventTimeRangeFormat: timeRange,
  eventTimeRangeStartFormat: ({ start }: Range) => `${clockTime(start)} – `,
  eventTimeRangeEndFormat: ({ end }: Range) => ` – ${clockTime(end)}`,
  monthHeaderFormat: titles.month,
  dayHeaderFormat: titles.day,
  dayRangeHeaderFormat: titles.week,
  agendaHeaderFormat: ({ start, end }: Range) => `${dayText(start)} – ${dayText(end)}`,
  agendaDateFormat: dayText,
  agendaTimeFormat: clockTime,
  agendaTimeRangeFormat: timeRange,
};

/** Monday, as react-big-calendar counts weekdays (Sunday 0). */
const MONDAY = 1;

export const localizer: Localizer = new DateLocalizer({
  formats,
  firstOfWeek: () => MONDAY,
  // Every format above is a function; a name that is not one reads as the day.
  format: (value) => dayText(new Date(value as Date)),
});
