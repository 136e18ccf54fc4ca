import type { ApplicableScope } from '../../../../../shared/schemas/event';

/** How the Events section writes bookings. */

export { describeRule, ordinals, unitOf, weekdayNames } from '../../../../../shared/booking-text';

/** 'Apply update on' and the delete's choices (client-area §2, §4). */
export const scopeLabels: Record<ApplicableScope, string> = {
  THIS: 'This event',
  FOLLOWING: 'This and following events',
  ALL: 'All events',
};
