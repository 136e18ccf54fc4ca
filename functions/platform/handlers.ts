import { bindHandlers } from '@core/http/handler-map';
import { adminActivity, userActivity } from '../team';
import { createAdmin, getAdminUser, listAdmins, updateAdmin } from './admins';
import {
  clientBanners,
  createBanner,
  deleteBanner,
  getBannerById,
  listBanners,
  loginBanners,
  updateBanner,
} from './banners';
import { createPackage, getPackageById, listPackages, updatePackage } from './packages';
import { resetAdminSecondFactor } from '../me';
import { platformRoutes } from '@shared/api/platform-routes';

export const handler = bindHandlers(platformRoutes, {
  'create-admin': async ({ principal, body }) => ({
    result: await createAdmin(principal, body),
    message: 'User created',
  }),
  'create-banner': async ({ principal, body }) => ({
    result: await createBanner(principal, body),
    message: 'Banner created',
  }),
  'create-package': async ({ principal, body }) => ({
    result: await createPackage(principal, body),
    message: 'Package created',
  }),
  'delete-banner': async ({ principal, params }) => {
    await deleteBanner(principal, params.id);
    return { message: 'Banner Announcement deleted' };
  },
  'get-admin': async ({ params }) => ({
    result: await getAdminUser(params.id),
  }),
  'get-banner': async ({ params }) => ({
    result: await getBannerById(params.id),
  }),
  'get-package': async ({ params }) => ({
    result: await getPackageById(params.id),
  }),
  'list-admin-activity': async ({ params, body }) => ({
    result: await adminActivity(params.id, body),
  }),
  'list-admins': async () => ({ result: await listAdmins() }),
  'list-banners': async () => ({ result: await listBanners() }),
  'list-client-banners': async ({ principal }) => ({
    result: await clientBanners(principal),
  }),
  'list-login-banners': async () => ({
    result: await loginBanners(),
  }),
  'list-packages': async () => ({ result: await listPackages() }),
  'list-user-activity': async ({ params, body }) => ({
    result: await userActivity(params.id, body),
  }),
  'reset-admin-mfa': async ({ principal, params }) => {
    await resetAdminSecondFactor(principal, params.id);
    return { message: 'Two-factor authentication reset' };
  },
  'update-admin': async ({ principal, params, body }) => ({
    result: await updateAdmin(principal, params.id, body),
    message: 'User updated',
  }),
  'update-banner': async ({ principal, params, body }) => ({
    result: await updateBanner(principal, params.id, body),
    message: 'Banner updated',
  }),
  'update-package': async ({ principal, params, body }) => ({
    result: await updatePackage(principal, params.id, body),
    message: 'Package updated',
  }),
});
