import { useEffect, useMemo, useState } from 'react';

/** The time now, moving on every `ms`. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
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
