import type { CapAlert } from '@shared/schemas/cap-alerts';
import type { BoundDeviceState } from '@shared/schemas/devices';
import { parseTimeOfDay } from '@shared/time-of-day';

/**
 * What a room display makes of its state at a moment: the room's status, the meeting in progress
 * and the next one, the rest of the venue's day, which booking may be checked in, whether it may
 * be booked now, and the alerts still in force. Pure: the screen asks again as the clock moves,
 * so that it stays right between polls and while offline.
 */

export type RoomStatus = 'available' | 'busy' | 'soon';

/** A booking that starts within this long makes a free room 'Starting soon'. */
export const SOON_MS = 15 * 60_000;

export const statusWords: Record<RoomStatus, string> = {
  available: 'Available',
  busy: 'Busy',
  soon: 'Starting soon',
};

export interface Meeting {
  booking_id: string;
  title: string;
  start: number;
  end: number;
  start_utc: string;
  checked_in: boolean;
  /** Booked in the room's linked calendar (Google, Outlook) rather than in Spaces. */
  external: 'Google Calendar' | 'Outlook' | null;
}

const externalNames = { google: 'Google Calendar', microsoft: 'Outlook', spaces: null } as const;

export interface RoomNow {
  status: RoomStatus;
  /** The meeting in progress. */
  current: Meeting | undefined;
  /** The first meeting that has not started yet. */
  next: Meeting | undefined;
  /** The venue's today from now on: what is in progress and what is still to come. */
  today: Meeting[];
  /** The meeting whose check-in window is open and that nobody checked in yet. */
  checkIn: Meeting | undefined;
  /** A meeting whose check-in window is open and that someone checked in. */
  checkedIn: Meeting | undefined;
  /** Book now is offered: no meeting is in progress, within the room's hours. */
  canBookNow: boolean;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A format of `zone`, made once per kind and zone (making one is slow on a low-end tablet). */
function formatIn(
  kind: 'day' | 'minutes' | 'time',
  zone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  const key = `${kind}|${zone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make(zone)));
  return format;
}

/** The local date (`YYYY-MM-DD`) that `zone` shows at `instant`. */
export function localDate(instant: number, zone: string): string {
  return formatIn(
    'day',
    zone,
    (timeZone) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
}

export function roomNow(state: BoundDeviceState, now: number): RoomNow {
  const zone = state.venue?.timezone ?? 'UTC';
  const meetings = state.occurrences
    .map((o): Meeting => ({
      booking_id: o.booking_id,
      title: o.title,
      start: Date.parse(o.start_utc),
      end: Date.parse(o.end_utc),
      start_utc: o.start_utc,
      checked_in: o.checked_in,
      external: externalNames[o.source],
    }))
    .sort((a, b) => a.start - b.start);
  const current = meetings.find((m) => m.start <= now && now < m.end);
  const next = meetings.find((m) => m.start > now);
  const status: RoomStatus = current ? 'busy' : next && next.start - now <= SOON_MS ? 'soon' : 'available';
  const today = localDate(now, zone);
  const { enabled, before_event, after_event } = state.check_in;
  const inWindow = (m: Meeting) =>
    enabled && now >= m.start - (before_event ?? 0) * 60_000 && now <= m.start + (after_event ?? 0) * 60_000;
  return {
    status,
    current,
    next,
    today: meetings.filter((m) => m.end > now && localDate(m.start, zone) <= today),
    checkIn: meetings.find((m) => inWindow(m) && !m.checked_in),
    checkedIn: meetings.find((m) => inWindow(m) && m.checked_in),
    canBookNow: !current && withinHours(state.space?.availability, localMinutes(now, zone)),
  };
}

/** Whether a local time (minutes after midnight) is within the room's hours for booking. */
function withinHours(hours: { start: string; end: string } | undefined, minutes: number): boolean {
  if (!hours) return true;
  const start = parseTimeOfDay(hours.start) ?? 0;
  const end = parseTimeOfDay(hours.end) ?? 0;
  // An end of 00:00 or before the start means until midnight.
  return minutes >= start && (end <= start || minutes < end);
}

/** Minutes after midnight that `zone` shows at `instant`. */
function localMinutes(instant: number, zone: string): number {
  const format = formatIn(
    'minutes',
    zone,
    (timeZone) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  );
  return parseTimeOfDay(format.format(instant)) ?? 0;
}

/** The alerts the state lists that have not expired by now (the display may be offline). */
export function alertsInForce(alerts: readonly CapAlert[], now: number): CapAlert[] {
  return alerts.filter((alert) => !alert.expires || !(Date.parse(alert.expires) <= now));
}

/** A time of day in `zone`, in the display's locale ('14:30' or '2:30 PM'). */
export function timeIn(instant: number, zone: string): string {
  return formatIn(
    'time',
    zone,
    (timeZone) => new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }),
  ).format(instant);
}

/** A date and time in `zone` ('Fri 13 Mar, 14:30'). */
export function dateTimeIn(instant: number, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
}

/** How long is left, rounded up to the minute: '25 min', '1 h', '2 h 5 min'. */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
