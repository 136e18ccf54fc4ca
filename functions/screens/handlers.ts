import { bindHandlers } from '@core/http/handler-map';
import { clientLicences } from './screen-licences';
import {
  createScreen,
  listScreens,
  listSpaceScreens,
  recentScreensOf,
  setScreenStatus,
  updateOfflineNotification,
  updateScreen,
} from './service';
import { screensRoutes } from '@shared/api/screens-routes';

export const handler = bindHandlers(screensRoutes, {
  'create-screen': async ({ principal, body }) => ({
    result: await createScreen(principal, body),
    message: 'Screen created',
  }),
  'list-licences': async ({ principal }) => ({
    result: await clientLicences(principal),
  }),
  'list-recent-screens': async ({ principal }) => ({
    result: await recentScreensOf(principal),
  }),
  'list-screens': async ({ principal }) => ({
    result: await listScreens(principal),
  }),
  'list-space-screens': async ({ principal, params }) => ({
    result: await listSpaceScreens(principal, params.spaceId),
  }),
  'set-screen-status': async ({ principal, params }) => ({
    result: await setScreenStatus(principal, params.id, params.status),
    message: 'Screen updated',
  }),
  'update-offline-notification': async ({ principal, params, body }) => ({
    result: await updateOfflineNotification(principal, params.id, body),
    message: 'Updated offline notification settings',
  }),
  'update-screen': async ({ principal, params, body }) => ({
    result: await updateScreen(principal, params.id, body),
    message: 'Screen updated',
  }),
});
