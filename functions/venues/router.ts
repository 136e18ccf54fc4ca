import { groupRouter } from '../http/router';
import { handler as assignVenueManager } from './assign-venue-manager';
import { handler as createVenue } from './create-venue';
import { handler as getVenue } from './get-venue';
import { handler as listAvailableManagers } from './list-available-managers';
import { handler as listCalendarVenues } from './list-calendar-venues';
import { handler as listMyVenues } from './list-my-venues';
import { handler as listRecentVenues } from './list-recent-venues';
import { handler as listUserProperties } from './list-user-properties';
import { handler as listVenueManagers } from './list-venue-managers';
import { handler as listVenues } from './list-venues';
import { handler as setVenueManagerPermission } from './set-venue-manager-permission';
import { handler as setVenueStatus } from './set-venue-status';
import { handler as updateVenue } from './update-venue';
import { venuesRoutes } from './routes';

// `venuemanager/assign/{venueId}/{userId}` is matched before `venuemanager/{venueId}/{userId}/{permission}`.
export const handler = groupRouter(venuesRoutes, [
  assignVenueManager,
  createVenue,
  getVenue,
  listAvailableManagers,
  listCalendarVenues,
  listMyVenues,
  listRecentVenues,
  listUserProperties,
  listVenueManagers,
  listVenues,
  setVenueManagerPermission,
  setVenueStatus,
  updateVenue,
]);
