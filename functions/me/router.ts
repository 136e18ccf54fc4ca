import { groupRouter } from '../http/router';
import { handler as adminCreateUpload } from './admin-create-upload';
import { handler as adminPasswordChange } from './admin-password-change';
import { handler as adminProfileChange } from './admin-profile-change';
import { handler as adminSignInUnlink } from './admin-sign-in-unlink';
import { handler as adminSignIns } from './admin-sign-ins';
import { handler as clientCreateUpload } from './client-create-upload';
import { handler as clientMfaDisable } from './client-mfa-disable';
import { handler as clientMfaEnable } from './client-mfa-enable';
import { handler as clientMfaSetup } from './client-mfa-setup';
import { handler as clientPasswordChange } from './client-password-change';
import { handler as clientProfileChange } from './client-profile-change';
import { handler as clientSignInUnlink } from './client-sign-in-unlink';
import { handler as clientSignIns } from './client-sign-ins';
import { handler as getAboutMe } from './get-about-me';
import { handler as getAdminMe } from './get-admin-me';
import { handler as getClientMe } from './get-client-me';
import { handler as getMyPackage } from './get-my-package';
import { handler as resetPin } from './reset-pin';
import { meRoutes } from './routes';

export const handler = groupRouter(meRoutes, [
  adminCreateUpload,
  adminPasswordChange,
  adminProfileChange,
  adminSignInUnlink,
  adminSignIns,
  clientCreateUpload,
  clientMfaDisable,
  clientMfaEnable,
  clientMfaSetup,
  clientPasswordChange,
  clientProfileChange,
  clientSignInUnlink,
  clientSignIns,
  getAboutMe,
  getAdminMe,
  getClientMe,
  getMyPackage,
  resetPin,
]);
