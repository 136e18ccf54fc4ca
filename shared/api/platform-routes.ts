import * as z from 'zod';
import { activityEntrySchema, activityFilterSchema } from '../schemas/activity';
import { adminUserSchema, newAdminSchema, updateAdminSchema } from '../schemas/admins';
import { bannerInputSchema, bannerSchema } from '../schemas/banners';
import { idParams, noResult } from '../schemas/common';
import { packageInputSchema, packageSchema } from '../schemas/packages';
import { defineRoutes } from './contract';

/**
 * The platform itself: packages, banner announcements, super admins and activity logs
 * (docs/product/admin-and-auth.md §2 "Configuration tabs", "Admin users", §7 "Packages", "Banners", "Admin users").
 */
export const platformRoutes = defineRoutes('platform', {
  'list-packages': {
    method: 'GET',
    path: '/admin/packages',
    auth: 'admin',
    summary: 'Every package, by name',
    response: z.array(packageSchema),
  },
  'get-package': {
    method: 'GET',
    path: '/admin/packages/{id}',
    auth: 'admin',
    summary: 'One package',
    params: idParams,
    response: packageSchema,
  },
  'create-package': {
    method: 'POST',
    path: '/admin/packages',
    auth: 'admin',
    summary: 'Adds a package',
    body: packageInputSchema,
    response: packageSchema,
    errors: [409],
  },
  'update-package': {
    method: 'PUT',
    path: '/admin/packages/{id}',
    auth: 'admin',
    summary: 'Changes a package',
    params: idParams,
    body: packageInputSchema,
    response: packageSchema,
    errors: [409],
  },
  'list-banners': {
    method: 'GET',
    path: '/admin/banner',
    auth: 'admin',
    summary: 'Every banner announcement, newest first',
    response: z.array(bannerSchema),
  },
  'get-banner': {
    method: 'GET',
    path: '/admin/banner/{id}',
    auth: 'admin',
    summary: 'One banner announcement',
    params: idParams,
    response: bannerSchema,
  },
  'create-banner': {
    method: 'POST',
    path: '/admin/banner',
    auth: 'admin',
    summary: 'Adds a banner announcement',
    body: bannerInputSchema,
    response: bannerSchema,
  },
  'update-banner': {
    method: 'PUT',
    path: '/admin/banner/{id}',
    auth: 'admin',
    summary: 'Changes a banner announcement',
    params: idParams,
    body: bannerInputSchema,
    response: bannerSchema,
  },
  'delete-banner': {
    method: 'DELETE',
    path: '/admin/banner/{id}',
    auth: 'admin',
    summary: 'Deletes a banner announcement',
    params: idParams,
    response: noResult,
  },
  'list-login-banners': {
    method: 'GET',
    path: '/banners/login',
    auth: 'public',
    summary: 'The active, unexpired banners of the login pages',
    response: z.array(bannerSchema),
  },
  'list-client-banners': {
    method: 'GET',
    path: '/client/banners',
    auth: 'client',
    permission: 'read',
    summary: "The active, unexpired banners for the caller's package",
    response: z.array(bannerSchema),
  },
  'list-admins': {
    method: 'GET',
    path: '/admin/admins',
    auth: 'admin',
    summary: 'Every super admin, newest first',
    response: z.array(adminUserSchema),
  },
  'get-admin': {
    method: 'GET',
    path: '/admin/admins/{id}',
    auth: 'admin',
    summary: 'One super admin',
    params: idParams,
    response: adminUserSchema,
  },
  'create-admin': {
    method: 'POST',
    path: '/admin/admins',
    auth: 'admin',
    summary: 'Adds a super admin',
    body: newAdminSchema,
    response: adminUserSchema,
    errors: [409],
  },
  'update-admin': {
    method: 'PUT',
    path: '/admin/admins/{id}',
    auth: 'admin',
    summary: 'Changes a super admin; the last active one cannot be deactivated, nor oneself',
    params: idParams,
    body: updateAdminSchema,
    response: adminUserSchema,
    errors: [409],
  },
  'reset-admin-mfa': {
    method: 'POST',
    path: '/admin/admins/{id}/mfa/reset',
    auth: 'admin',
    summary:
      "Resets another super admin's two-factor authentication and ends their sessions: their next sign-in sets up an authenticator app again",
    params: idParams,
    response: noResult,
  },
  'list-admin-activity': {
    method: 'POST',
    path: '/admin/admins/{id}/activityLog',
    auth: 'admin',
    summary: "A super admin's activity in a date range (default the last 30 days), newest first",
    params: idParams,
    body: activityFilterSchema,
    response: z.array(activityEntrySchema),
  },
  'list-user-activity': {
    method: 'POST',
    path: '/admin/users/{id}/activityLog',
    auth: 'admin',
    summary: "An account user's activity in a date range (default the last 30 days), newest first",
    params: idParams,
    body: activityFilterSchema,
    response: z.array(activityEntrySchema),
  },
});
