import type { BookingOccurrence, BookingSource } from '@shared/schemas/bookings';
import type { ApplicableScope } from '@shared/schemas/event';
import { socialProviderNames } from '@shared/social';

/** How the Events section writes bookings. */

export { describeRule, ordinals, unitOf, weekdayNames } from '@shared/booking-text';

/** 'Apply update on' and the delete's choices (docs/product/client-area.md §2, §4). */
export const scopeLabels: Record<ApplicableScope, string> = {
  THIS: 'This event',
  FOLLOWING: 'This and following events',
  ALL: 'All events',
};

/**
 * The linked calendar an event was made in and pulled in from (read-only here), or null for one
 * made in Spaces (or when the API does not say).
 */
export function externalSource(
  occurrence: Pick<BookingOccurrence, 'source'>,
): Exclude<BookingSource, 'spaces'> | null {
  const { source } = occurrence;
  return source === 'google' || source === 'microsoft' ? source : null;
}

/** 'Google' (the calendar providers are sign-in providers too, named by shared/social.ts). */
export const sourceName = (source: Exclude<BookingSource, 'spaces'>) => socialProviderNames[source];
