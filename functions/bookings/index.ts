export { duePushes, reschedulePush, settlePush, type PushedAt } from './calendar-push-store';
export { bookingTiming } from './icalendar';
export { bookingsTouching, getBookingState } from './lookup-store';
export { runNoShowRelease } from './no-show';
export { insertOccurrenceState, occurrenceStates, releasedOccurrences } from './occurrence-state-store';
export { createBooking } from './service';
export { freeSchedule, readSchedules, spaceOccurrences, type SpaceSchedule } from './space-schedule';
export { readSpace } from './store';
