/**
 * The modules of react-big-calendar's CommonJS build that the booking page imports one by one
 * (BookingCalendar.tsx says why), typed as far as the page uses them.
 */
declare module 'react-big-calendar/lib/Calendar' {
  import type { Calendar } from 'react-big-calendar';

  const calendar: typeof Calendar;
  export default calendar;
}

declare module 'react-big-calendar/lib/Month' {
  import { Component } from 'react';

  /** The month view (a view class also carries the statics `range`, `navigate` and `title`). */
  export default class Month extends Component<
    Record<string, unknown>,
    { rowLimit: number; needLimitMeasure: boolean }
  > {
    slotRowRef: { current: { getRowLimit(): number } | null };
    measureRowLimit(): void;
  }
}

declare module 'react-big-calendar/lib/localizer' {
  export { DateLocalizer } from 'react-big-calendar';
}
