import { meRoutes } from '@shared/api/me-routes';

/** Each area's presigned upload (a photo, a logo, a slide's file goes through the client's). */
export const uploadRoute = {
  client: meRoutes['client-create-upload'],
  admin: meRoutes['admin-create-upload'],
} as const;
