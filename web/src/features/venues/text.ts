import type { ConfigItem } from '@shared/schemas/config';
import type { Screen, Space, Venue } from '@shared/schemas/venues';
import { CALENDAR_COLORS } from '@shared/venues';
import { formatVenueTime } from '@web/activityTime';

/** How the Venues area writes its items. */

export { accountAddress as addressOf, formatDay } from '../admin-accounts/text';

/** A screen's name, or its activation code when it has none. */
export const screenName = (screen: Pick<Screen, 'name' | 'screen_id_no'>): string =>
  screen.name || `Screen ${screen.screen_id_no}`;

/** The titles of the ids of a comma list (amenities, space types) that `items` knows, by title. */
export function titlesOf(ids: string, items: readonly ConfigItem[] | undefined): string[] {
  const byId = new Map((items ?? []).map((item) => [item.id, item.title]));
  return ids
    .split(',')
    .map((id) => byId.get(id.trim()))
    .filter((title): title is string => !!title)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * The space's next booking as the spec writes dates ('Do MMM, YYYY | h:mma'), in the venue's wall
 * time whatever the browser's zone, or 'None' (docs/product/client-area.md §2 "Space card").
 */
export const nextSchedule = (space: Pick<Space, 'next_schedule'>): string =>
  space.next_schedule[0] ? formatVenueTime(space.next_schedule[0].start_date) : 'None';

/** A space's availability window, or 'Any time' without one. */
export const availabilityOf = (space: Pick<Space, 'availiblity_start' | 'availiblity_end'>): string =>
  space.availiblity_start && space.availiblity_end
    ? `${space.availiblity_start} – ${space.availiblity_end}`
    : 'Any time';

/** A palette colour's name ('Basil'), or the value itself when the palette lacks it. */
export const colourName = (value: string): string =>
  CALENDAR_COLORS.find((colour) => colour.value.toLowerCase() === value.toLowerCase())?.name ?? value;

/** What a venue's type id names, among the active types. */
export const typeTitle = (venue: Pick<Venue, 'venue_type'>, types: readonly ConfigItem[] | undefined) =>
  (venue.venue_type && types?.find((type) => type.id === venue.venue_type)?.title) || '—';
