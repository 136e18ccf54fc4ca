import { useEffect, useMemo, useState } from 'react';

/**
 * How far the device's clock is behind the server's (ms). A wall tablet's clock may be wrong, and
 * the status, the time left and the check-in window follow the clock: every answer's `Date` header
 * sets it, when the two differ by more than the header's one-second grain can explain.
 */
let clockOffsetMs = 0;
const TOLERANCE_MS = 2_000;

/** Takes the server's time from an answer's `Date` header (ignored when missing or unreadable). */
export function correctClock(dateHeader: string | null, receivedAt = Date.now()): void {
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(server)) return;
  const offset = server - receivedAt;
  clockOffsetMs = Math.abs(offset) > TOLERANCE_MS ? offset : 0;
}

/** The time now as the server counts it. */
export const serverNow = () => Date.now() + clockOffsetMs;

/** The time now, moving on every `ms`. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The browser's own time zone: the clock's before a screen knows its venue's. */
export const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A large clock in `zone`: the time, and the date under it. */
export function DisplayClock({ zone }: { zone: string }) {
  const now = useNow(1000);
  const { time, date } = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
      date: new Intl.DateTimeFormat(undefined, {
        timeZone: zone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }),
    }),
    [zone],
  );
  return (
    <p className="display-clock">
      <time dateTime={new Date(now).toISOString()}>
        <span className="display-clock-time">{time.format(now)}</span>
        <span className="display-clock-date">{date.format(now)}</span>
      </time>
    </p>
  );
}
