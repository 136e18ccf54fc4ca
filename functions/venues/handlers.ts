import { bindHandlers } from '@core/http/handler-map';
import {
  assignVenueManager,
  createVenue,
  getVenue,
  listAvailableManagers,
  listCalendarVenues,
  listMyVenues,
  listUserProperties,
  listVenueManagers,
  listVenues,
  recentVenues,
  setVenueManagerPermission,
  setVenueStatus,
  updateVenue,
} from './service';
import { venuesRoutes } from '@shared/api/venues-routes';

export const handler = bindHandlers(venuesRoutes, {
  'assign-venue-manager': async ({ principal, params }) => ({
    result: await assignVenueManager(principal, params.venueId, params.userId),
    message: 'Venue manager assigned',
  }),
  'create-venue': async ({ principal, body }) => ({
    result: await createVenue(principal, body),
    message: 'Venue created',
  }),
  'get-venue': async ({ principal, params }) => ({
    result: await getVenue(principal, params.id),
  }),
  'list-available-managers': async ({ principal, params }) => ({
    result: await listAvailableManagers(principal, params.venueId),
  }),
  'list-calendar-venues': async ({ principal }) => ({
    result: await listCalendarVenues(principal),
  }),
  'list-my-venues': async ({ principal }) => ({
    result: await listMyVenues(principal),
  }),
  'list-recent-venues': async ({ principal }) => ({
    result: await recentVenues(principal),
  }),
  'list-user-properties': async ({ principal, params }) => ({
    result: await listUserProperties(principal, params.id),
  }),
  'list-venue-managers': async ({ principal, params }) => ({
    result: await listVenueManagers(principal, params.venueId),
  }),
  'list-venues': async ({ principal }) => ({
    result: await listVenues(principal),
  }),
  'set-venue-manager-permission': async ({ principal, params }) => ({
    result: await setVenueManagerPermission(principal, params.venueId, params.userId, params.permission),
    message: 'Permission updated',
  }),
  'set-venue-status': async ({ principal, params }) => ({
    result: await setVenueStatus(principal, params.id, params.status),
    message: 'Venue updated',
  }),
  'update-venue': async ({ principal, params, body }) => ({
    result: await updateVenue(principal, params.id, body),
    message: 'Venue updated',
  }),
});
