import { Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';

const format = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** Formats a moment the way the header clock shows it. */
export function formatClock(date: Date): string {
  return format.format(date);
}

/** A live clock that updates every second (docs/product/client-area.md §9). */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text as="span" role="timer" aria-label="Current time" style={{ fontVariantNumeric: 'tabular-nums' }}>
      <time dateTime={now.toISOString()}>{formatClock(now)}</time>
    </Text>
  );
}
