import type { Screen, Space, Venue } from '@shared/schemas/venues';

/**
 * The side panels of the Venues area and the dashboard (docs/product/client-area.md §2 "Side panels", §4):
 * closed; a venue, space or screen read-only (`editing: false`) or in its form (a new one always
 * is); a space named only by id (from a venue card), loaded first; a screen's offline
 * notifications; a space's alert feeds; a space's slideshows.
 */
export type PanelState =
  | { kind: 'closed' }
  | { kind: 'venue'; venue: Venue | null; editing: boolean }
  | { kind: 'space'; space: Space | null; editing: boolean }
  | { kind: 'space-ref'; id: string; title: string }
  | { kind: 'screen'; screen: Screen | null; editing: boolean }
  | { kind: 'offline'; screen: Screen }
  | { kind: 'cap'; space: Space }
  | { kind: 'slideshow'; space: Space };

export const closedPanel: PanelState = { kind: 'closed' };

/** The lists on screen, so that a panel shows an item as it is now (e.g. after a status change). */
export interface CurrentItems {
  venues?: readonly Venue[];
  spaces?: readonly Space[];
  screens?: readonly Screen[];
}
