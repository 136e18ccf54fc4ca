import type { AdminUser } from '@shared/schemas/admins';

/** "First Last" of an admin user. */
export const adminName = (admin: Pick<AdminUser, 'first_name' | 'last_name'>) =>
  [admin.first_name, admin.last_name].filter(Boolean).join(' ');

/** Initials for an avatar without a photo. */
export const adminInitials = (admin: Pick<AdminUser, 'first_name' | 'last_name'>) =>
  `${admin.first_name.charAt(0)}${admin.last_name?.charAt(0) ?? ''}`.toUpperCase();
