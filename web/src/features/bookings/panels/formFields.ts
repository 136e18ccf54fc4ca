import type { ApplicableScope, RecurEndType, RecurType } from '@shared/schemas/event';

/**
 * The event form as it holds its values: text for every field (the shared schema reads digits and
 * blanks), the start and end as wall times `YYYY-MM-DD HH:mm:ss` of the venue.
 */
export interface EventFormFields {
  venue: string;
  space: string;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  recurring: 'Yes' | 'No';
  recur_interval: string;
  recur_type: RecurType | '';
  recur_on: string;
  recur_end_type: RecurEndType | '';
  recur_end: string;
  invites_list: Array<{ email: string; name: string }>;
  applicable: ApplicableScope | '';
  occurrence_start: string;
}
