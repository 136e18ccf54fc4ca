import { groupRouter } from '../http/router';
import { handler as getLinkConfig } from './get-link-config';
import { handler as linkAccount } from './link-account';
import { handler as listAccounts } from './list-accounts';
import { handler as listAvailable } from './list-available';
import { handler as notifyGoogle } from './notify-google';
import { handler as notifyMicrosoft } from './notify-microsoft';
import { handler as removeAccount } from './remove-account';
import { handler as unlinkSpace } from './unlink-space';
import { calendarsRoutes } from './routes';

export const handler = groupRouter(calendarsRoutes, [
  getLinkConfig,
  linkAccount,
  listAccounts,
  listAvailable,
  notifyGoogle,
  notifyMicrosoft,
  removeAccount,
  unlinkSpace,
]);
