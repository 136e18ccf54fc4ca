import * as z from 'zod';
import { email, optionalText, password, requiredText, status } from './common';

/** Platform administrators (docs/product/admin-and-auth.md §2 "Admin users", §3 Admin user, §5). */
const adminFields = {
  first_name: requiredText(30),
  last_name: optionalText(30),
  email,
  designation: optionalText(100),
  phone_no: optionalText(20),
  cell_no: optionalText(20),
  photo_uri: optionalText(500),
};

/** POST /admin/admins */
export const newAdminSchema = z.object({ ...adminFields, password });

/** PUT /admin/admins/{id}: a password, when given, replaces theirs and ends their sessions. */
export const updateAdminSchema = z.object({
  ...adminFields,
  password: password.optional().or(z.literal('').transform(() => undefined)),
  status: status.optional(),
});

const someone = z.object({ id: z.string(), email: z.string() }).nullable();

export const adminUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  designation: z.string().nullable(),
  phone_no: z.string().nullable(),
  cell_no: z.string().nullable(),
  photo_uri: z.string().nullable(),
  photo_url: z.string().nullable(),
  status,
  /**
   * Whether the admin has set up their authenticator app (POST /admin/admins/{id}/mfa/reset takes
   * it away). Optional in the type only so that older fixtures stay valid.
   */
  mfa_enabled: z.boolean().optional(),
  created_by: someone,
  modified_by: someone,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
