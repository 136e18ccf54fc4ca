import { groupRouter } from '../http/router';
import { handler as adminLogin } from './admin-login';
import { handler as adminLogout } from './admin-logout';
import { handler as adminMfa } from './admin-mfa';
import { handler as adminRecovery } from './admin-recovery';
import { handler as adminReset } from './admin-reset';
import { handler as adminSocialConfig } from './admin-social-config';
import { handler as adminSocialLogin } from './admin-social-login';
import { handler as clientLogin } from './client-login';
import { handler as clientLogout } from './client-logout';
import { handler as clientMfa } from './client-mfa';
import { handler as clientRecovery } from './client-recovery';
import { handler as clientRefresh } from './client-refresh';
import { handler as clientReset } from './client-reset';
import { handler as clientSocialConfig } from './client-social-config';
import { handler as clientSocialLogin } from './client-social-login';
import { authRoutes } from './routes';

export const handler = groupRouter(authRoutes, [
  adminLogin,
  adminLogout,
  adminMfa,
  adminRecovery,
  adminReset,
  adminSocialConfig,
  adminSocialLogin,
  clientLogin,
  clientLogout,
  clientMfa,
  clientRecovery,
  clientRefresh,
  clientReset,
  clientSocialConfig,
  clientSocialLogin,
]);
