import { groupRouter } from '../http/router';
import { handler as createScreen } from './create-screen';
import { handler as listLicences } from './list-licences';
import { handler as listRecentScreens } from './list-recent-screens';
import { handler as listScreens } from './list-screens';
import { handler as listSpaceScreens } from './list-space-screens';
import { handler as setScreenStatus } from './set-screen-status';
import { handler as updateOfflineNotification } from './update-offline-notification';
import { handler as updateScreen } from './update-screen';
import { screensRoutes } from './routes';

export const handler = groupRouter(screensRoutes, [
  createScreen,
  listLicences,
  listRecentScreens,
  listScreens,
  listSpaceScreens,
  setScreenStatus,
  updateOfflineNotification,
  updateScreen,
]);
