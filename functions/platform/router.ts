import { groupRouter } from '../http/router';
import { handler as createAdmin } from './create-admin';
import { handler as createBanner } from './create-banner';
import { handler as createPackage } from './create-package';
import { handler as deleteBanner } from './delete-banner';
import { handler as getAdmin } from './get-admin';
import { handler as getBanner } from './get-banner';
import { handler as getPackage } from './get-package';
import { handler as listAdminActivity } from './list-admin-activity';
import { handler as listAdmins } from './list-admins';
import { handler as listBanners } from './list-banners';
import { handler as listClientBanners } from './list-client-banners';
import { handler as listLoginBanners } from './list-login-banners';
import { handler as listPackages } from './list-packages';
import { handler as listUserActivity } from './list-user-activity';
import { handler as resetAdminMfa } from './reset-admin-mfa';
import { handler as updateAdmin } from './update-admin';
import { handler as updateBanner } from './update-banner';
import { handler as updatePackage } from './update-package';
import { platformRoutes } from './routes';

export const handler = groupRouter(platformRoutes, [
  createAdmin,
  createBanner,
  createPackage,
  deleteBanner,
  getAdmin,
  getBanner,
  getPackage,
  listAdminActivity,
  listAdmins,
  listBanners,
  listClientBanners,
  listLoginBanners,
  listPackages,
  listUserActivity,
  resetAdminMfa,
  updateAdmin,
  updateBanner,
  updatePackage,
]);
