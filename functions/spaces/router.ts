import { groupRouter } from '../http/router';
import { handler as assignCoordinator } from './assign-coordinator';
import { handler as createSpace } from './create-space';
import { handler as getCapAlerts } from './get-cap-alerts';
import { handler as getSpace } from './get-space';
import { handler as getSpaceCapAlerts } from './get-space-cap-alerts';
import { handler as listAvailableCoordinators } from './list-available-coordinators';
import { handler as listCoordinators } from './list-coordinators';
import { handler as listMySpaces } from './list-my-spaces';
import { handler as listMyVenueSpaces } from './list-my-venue-spaces';
import { handler as listRecentSpaces } from './list-recent-spaces';
import { handler as listSpaces } from './list-spaces';
import { handler as saveCapAlerts } from './save-cap-alerts';
import { handler as setCoordinatorPermission } from './set-coordinator-permission';
import { handler as setSpaceStatus } from './set-space-status';
import { handler as updateSpace } from './update-space';
import { spacesRoutes } from './routes';

export const handler = groupRouter(spacesRoutes, [
  assignCoordinator,
  createSpace,
  getCapAlerts,
  getSpace,
  getSpaceCapAlerts,
  listAvailableCoordinators,
  listCoordinators,
  listMySpaces,
  listMyVenueSpaces,
  listRecentSpaces,
  listSpaces,
  saveCapAlerts,
  setCoordinatorPermission,
  setSpaceStatus,
  updateSpace,
]);
