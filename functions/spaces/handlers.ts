import { bindHandlers } from '@core/http/handler-map';
import { getSpaceCapAlerts } from './alerts';
import {
  assignCoordinator,
  createSpace,
  getCapAlerts,
  getSpace,
  listAvailableCoordinators,
  listCoordinators,
  listMySpaces,
  listMyVenueSpaces,
  listRecentSpaces,
  listSpaces,
  saveCapAlerts,
  setCoordinatorPermission,
  setSpaceStatus,
  unlinkSpaceCalendar,
  updateSpace,
} from './service';
import { spacesRoutes } from '@shared/api/spaces-routes';
import { calendarMessages } from '@shared/schemas/calendars';

export const handler = bindHandlers(spacesRoutes, {
  'assign-coordinator': async ({ principal, params }) => ({
    result: await assignCoordinator(principal, params.spaceId, params.userId),
    message: 'Event Coordinator added',
  }),
  'create-space': async ({ principal, params, body }) => ({
    result: await createSpace(principal, params.venueId, body),
    message: 'Space created',
  }),
  'get-cap-alerts': async ({ principal, params }) => ({
    result: await getCapAlerts(principal, params.spaceId),
  }),
  'get-space-cap-alerts': async ({ principal, params }) => ({
    result: await getSpaceCapAlerts(principal, params.spaceId),
  }),
  'get-space': async ({ principal, params }) => ({
    result: await getSpace(principal, params.id),
  }),
  'list-available-coordinators': async ({ principal, params }) => ({
    result: await listAvailableCoordinators(principal, params.spaceId),
  }),
  'list-coordinators': async ({ principal, params }) => ({
    result: await listCoordinators(principal, params.spaceId),
  }),
  'list-my-spaces': async ({ principal }) => ({
    result: await listMySpaces(principal),
  }),
  'list-my-venue-spaces': async ({ principal, params }) => ({
    result: await listMyVenueSpaces(principal, params.venueId),
  }),
  'list-recent-spaces': async ({ principal }) => ({
    result: await listRecentSpaces(principal),
  }),
  'list-spaces': async ({ principal }) => ({
    result: await listSpaces(principal),
  }),
  'save-cap-alerts': async ({ principal, params, body }) => ({
    result: await saveCapAlerts(principal, params.spaceId, body),
    message: 'Alert settings saved',
  }),
  'set-coordinator-permission': async ({ principal, params }) => ({
    result: await setCoordinatorPermission(principal, params.spaceId, params.userId, params.permission),
    message: 'Event Coordinator updated',
  }),
  'set-space-status': async ({ principal, params }) => ({
    result: await setSpaceStatus(principal, params.id, params.status),
    message: 'Space updated',
  }),
  'update-space': async ({ principal, params, body }) => ({
    result: await updateSpace(principal, params.id, body),
    message: 'Space updated',
  }),
  'unlink-space-calendar': async ({ principal, params }) => ({
    result: await unlinkSpaceCalendar(principal, params.spaceId),
    message: calendarMessages.unlinked,
  }),
});
