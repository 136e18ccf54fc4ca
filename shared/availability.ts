import { DEFAULT_AVAILABILITY, parseTimeOfDay } from './time-of-day';
import { parseWallTime } from './wall-time';

export { DEFAULT_AVAILABILITY, TIME_CHOICES, TIME_STEP_MINUTES, timeChoices } from './time-of-day';

/** The availability fields of a space, spelt as in the contract; blank or missing means the default. */
interface SpaceAvailability {
  availiblity_start?: string | null;
  availiblity_end?: string | null;
}

/** The space's availability as `HH:mm` strings, defaults filled in per side. */
export function availabilityOf(space: SpaceAvailability): { start: string; end: string } {
  const valid = (value: string | null | undefined) =>
    value && parseTimeOfDay(value) !== undefined ? value : undefined;
  return {
    start: valid(space.availiblity_start) ?? DEFAULT_AVAILABILITY.start,
    end: valid(space.availiblity_end) ?? DEFAULT_AVAILABILITY.end,
  };
}

/** `Space is available between 08:00 - 18:00`: the times as the choices show them. */
export function availabilityMessage(space: SpaceAvailability): string {
  const { start, end } = availabilityOf(space);
  return `Space is available between ${start} - ${end}`;
}

/** Seconds after midnight of a wire date-time's time of day. */
function secondsOfDay(wallTime: string): number | undefined {
  const floating = parseWallTime(wallTime);
  if (floating === undefined) return undefined;
  const d = new Date(floating);
  return d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
}

/**
 * Checks that an event's start and end times of day lie within the space's availability, bounds included
 * (docs/product/client-area.md §5: 'Space is available between {start} - {end}'). Returns field errors in the wire shape: the
 * message under `start_date` and/or `end_date`, whichever is outside; `{}` when both fit. Only the times of day are
 * compared, as the spec words it; a malformed date-time is left to the event schema.
 */
export function availabilityErrors(
  event: { start_date: string; end_date: string },
  space: SpaceAvailability,
): Partial<Record<'start_date' | 'end_date', string>> {
  const { start, end } = availabilityOf(space);
  const from = (parseTimeOfDay(start) ?? 0) * 60;
  const to = (parseTimeOfDay(end) ?? 0) * 60;
  const outside = (wallTime: string) => {
    const seconds = secondsOfDay(wallTime);
    return seconds !== undefined && (seconds < from || seconds > to);
  };
  const message = availabilityMessage(space);
  const errors: Partial<Record<'start_date' | 'end_date', string>> = {};
  if (outside(event.start_date)) errors.start_date = message;
  if (outside(event.end_date)) errors.end_date = message;
  return errors;
}
