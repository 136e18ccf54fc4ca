import type { ClientRole } from './roles';

/**
 * Venues, spaces and screens (docs/product/client-area.md §2 "Venues area", §3, §5, §9): constants and the scope
 * rule the API enforces and the SPA shows buttons by. No zod here: pages import it.
 */

/** A new venue's time zone (docs/product/client-area.md §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

/** The space calendar colours (docs/product/client-area.md §9: a 22-colour palette, default dark green). */
export const CALENDAR_COLORS = [
  { name: 'Basil', value: '#0B8043' },
  { name: 'Tomato', value: '#D50000' },
  { name: 'Flamingo', value: '#E67C73' },
  { name: 'Tangerine', value: '#F4511E' },
  { name: 'Pumpkin', value: '#EF6C00' },
  { name: 'Mango', value: '#F09300' },
  { name: 'Banana', value: '#F6BF26' },
  { name: 'Citron', value: '#E4C441' },
  { name: 'Avocado', value: '#C0CA33' },
  { name: 'Pistachio', value: '#7CB342' },
  { name: 'Sage', value: '#33B679' },
  { name: 'Eucalyptus', value: '#009688' },
  { name: 'Peacock', value: '#039BE5' },
  { name: 'Cobalt', value: '#3949AB' },
  { name: 'Blueberry', value: '#3F51B5' },
  { name: 'Lavender', value: '#7986CB' },
  { name: 'Amethyst', value: '#9E69AF' },
  { name: 'Grape', value: '#8E24AA' },
  { name: 'Cherry blossom', value: '#D81B60' },
  { name: 'Radicchio', value: '#AD1457' },
  { name: 'Cocoa', value: '#795548' },
  { name: 'Graphite', value: '#616161' },
] as const;
type CalendarColor = (typeof CALENDAR_COLORS)[number]['value'];
/** Dark green. */
export const DEFAULT_CALENDAR_COLOR: CalendarColor = '#0B8043';

/** How often a screen's offline notice is e-mailed (docs/product/client-area.md §9). */
export const OFFLINE_FREQUENCIES = [
  'Never',
  'Once an hour',
  'Once a day',
  'Once a week',
  'As it happens',
] as const;
export type OfflineFrequency = (typeof OFFLINE_FREQUENCIES)[number];

/** Most addresses an offline notice goes to. */
export const MAX_OFFLINE_RECIPIENTS = 20;
/** Most alert feed URLs a space lists. */
export const MAX_CAP_ALERT_URLS = 10;
/** A screen licence expiring within this many days is highlighted (docs/product/client-area.md §9). */
const LICENCE_EXPIRY_WARNING_DAYS = 30;

/** A Venue Manager's permission on a venue, an Event Coordinator's on a space (docs/product/client-area.md §4). */
export const ASSIGNMENT_PERMISSIONS = ['Approved', 'Denied'] as const;
export type AssignmentPermission = (typeof ASSIGNMENT_PERMISSIONS)[number];

/**
 * The scope rule (docs/architecture.md §5): an Account Admin acts on every venue and space of the account; a
 * Venue Manager only on the venues where their assignment is Approved (and those venues' spaces
 * and screens); an Event Coordinator only on the spaces where theirs is; a Viewer on none.
 * `assignment` is the person's assignment to the venue (Venue Manager) or to the space (Event
 * Coordinator). The API refuses what this refuses (403); the SPA hides it.
 */
export function actsOn(role: ClientRole, assignment: AssignmentPermission | null | undefined): boolean {
  if (role === 'Account Admin') return true;
  if (role === 'Venue Manager' || role === 'Event Coordinator') return assignment === 'Approved';
  return false;
}

/** The caller's permission on a venue or space as lists carry it: an Account Admin's is Approved. */
export function permissionFor(
  role: ClientRole,
  assignment: AssignmentPermission | null | undefined,
): AssignmentPermission | null {
  if (role === 'Account Admin') return 'Approved';
  return assignment ?? null;
}

/** Whether a licence expiring on `expirationDate` (YYYY-MM-DD) is within the warning window of `today`. */
export function licenceExpiresSoon(expirationDate: string, today: string): boolean {
  const days = (Date.parse(`${expirationDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= LICENCE_EXPIRY_WARNING_DAYS;
}
