/**
 * Times of day `HH:mm` and the spec's half-hour choices (docs/product/client-area.md §5, §9), without the time
 * zone machinery of wall-time.ts, so that forms and request schemas can use them lightly.
 */
const TIME_OF_DAY = /^(\d{2}):(\d{2})$/;

/** Parses a time of day `HH:mm` into minutes after midnight; `undefined` when malformed. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : undefined;
}

/** Formats minutes after midnight as `HH:mm`. */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Step between time choices, in minutes (docs/product/client-area.md §5, §9). */
export const TIME_STEP_MINUTES = 30;

/** A space's availability when it sets none (docs/product/client-area.md §9: "default range 00:30 to 23:30"). */
export const DEFAULT_AVAILABILITY = { start: '00:30', end: '23:30' } as const;

/** Half-hour time choices `HH:mm` from `from` to `to`, both included (defaults: the spec's range 00:30–23:30). */
export function timeChoices(
  from: string = DEFAULT_AVAILABILITY.start,
  to: string = DEFAULT_AVAILABILITY.end,
): string[] {
  const first = parseTimeOfDay(from);
  const last = parseTimeOfDay(to);
  if (first === undefined || last === undefined) throw new RangeError(`Invalid time range ${from}–${to}`);
  const choices: string[] = [];
  for (let minutes = first; minutes <= last; minutes += TIME_STEP_MINUTES)
    choices.push(formatTimeOfDay(minutes));
  return choices;
}

/** The spec's time choices: 00:30, 01:00, … 23:30. */
export const TIME_CHOICES: readonly string[] = timeChoices();
