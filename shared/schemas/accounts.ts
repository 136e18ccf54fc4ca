import * as z from 'zod';
import { clientRoles } from '../roles';
import { clientRoleSchema } from './roles';
import {
  email,
  isoDate,
  optionalText,
  password,
  pin,
  requiredId,
  requiredText,
  status,
  ulid,
} from './common';
import { messages } from './messages';

/**
 * Customer accounts and their users as the platform admin area sees them (docs/product/admin-and-auth.md §2
 * "Accounts list", "Account users screen", §3 Account and Account user, §5).
 */

/** A domain name such as `demo.test` or `venues.example.com`, kept in lower case. */
const domain = z
  .string({ error: messages.invalid })
  .trim()
  .toLowerCase()
  .max(100, { error: messages.maxLength(100) })
  // Labels of letters, digits and inner hyphens, dot-separated, ending in a top-level domain. No
  // look-ahead: the length is bounded above, and the contract tests generate values from it.
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'Field should be a domain name such as example.com',
  })
  .optional()
  .or(z.literal('').transform(() => undefined));

const endNotBeforeStart = (
  value: { package_start_date?: string; package_end_date?: string },
  ctx: z.RefinementCtx,
) => {
  if (
    value.package_start_date &&
    value.package_end_date &&
    value.package_end_date < value.package_start_date
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['package_end_date'],
      message: 'The package end date must not be before its start date',
    });
  }
};

const accountFields = {
  name: requiredText(30),
  address: optionalText(25),
  city: optionalText(25),
  state: optionalText(25),
  country: optionalText(25),
  zipcode: optionalText(20),
  domain,
  /** Key of an uploaded logo (POST /admin/uploads, purpose account-logo). */
  logo_uri: optionalText(500),
  package_id: requiredId,
  package_start_date: isoDate,
  package_end_date: isoDate,
};

/** POST /admin/account: the account and its first Account Admin. */
export const newAccountSchema = z
  .object({
    ...accountFields,
    admin_first_name: requiredText(30),
    admin_last_name: optionalText(30),
    admin_email: email,
    /** Without one, the new Account Admin is e-mailed a link to set a password (valid 72 hours). */
    admin_password: password.optional().or(z.literal('').transform(() => undefined)),
  })
  .superRefine(endNotBeforeStart);

/** PUT /admin/account/{id} */
export const updateAccountSchema = z
  .object({ ...accountFields, status: status.optional() })
  .superRefine(endNotBeforeStart);

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipcode: z.string().nullable(),
  domain: z.string().nullable(),
  logo_uri: z.string().nullable(),
  /** Presigned GET URL of the logo, or null. */
  logo_url: z.string().nullable(),
  status,
  /** The status as the spec's toggle reads it. */
  isActive: z.boolean(),
  package_id: z.string(),
  package: z.object({ id: z.string(), name: z.string(), allowed_user_roles: z.string() }).nullable(),
  package_start_date: z.string().nullable(),
  package_end_date: z.string().nullable(),
  /** The account's first Account Admin. */
  admin: z
    .object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string().nullable() })
    .nullable(),
  total_users: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;

/** The fields of an account user a form sends (docs/product/admin-and-auth.md §5, docs/product/client-area.md §5). */
export const accountUserFields = {
  first_name: requiredText(30),
  last_name: optionalText(30),
  email,
  user_role: z.enum(clientRoles, {
    error: (issue) => (issue.input == null || issue.input === '' ? messages.required : messages.invalid),
  }),
  phone_no: optionalText(20),
  cell_no: optionalText(20),
  /** Four digits, unique in the account; a free one is chosen when left out. */
  pin_number: pin.optional().or(z.literal('').transform(() => undefined)),
};

/** POST /admin/account/{id}/users */
export const newAccountUserSchema = z.object({
  ...accountUserFields,
  password,
  designation: optionalText(100),
  photo_uri: optionalText(500),
});

/**
 * PUT /admin/users/{id}: only first_name, last_name, email, user_role, phone_no, status and
 * pin_number are taken (docs/product/admin-and-auth.md §7); anything else, cell_no included, is an unknown field.
 */
export const updateAccountUserSchema = z
  .object({ ...accountUserFields, status: status.optional() })
  .omit({ cell_no: true });

export const accountUserSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  designation: z.string().nullable(),
  user_role: clientRoleSchema,
  phone_no: z.string().nullable(),
  cell_no: z.string().nullable(),
  status,
  photo_uri: z.string().nullable(),
  photo_url: z.string().nullable(),
  pin_number: z.string(),
  user_group: z.string().nullable(),
  created_source: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** A user in the admin dashboard's recent list, with the account they belong to. */
export const recentUserSchema = accountUserSchema.extend({
  account: z.object({ id: z.string(), name: z.string() }),
});
export type RecentUser = z.infer<typeof recentUserSchema>;

/**
 * A screen in the admin dashboard's recent list (GET /admin/recentScreens): what its panel shows
 * (screen ID number, venue, space, name, hardware, status, its device's status, app version and
 * last check-in) and the account it belongs to.
 */
export const recentScreenSchema = z.object({
  id: z.string(),
  screen_id_no: z.string(),
  name: z.string().nullable(),
  hardware: z.string().nullable(),
  venue: z.object({ id: z.string(), name: z.string() }),
  space: z.object({ id: z.string(), title: z.string() }),
  status,
  device_status: z.enum(['Online', 'Offline']),
  /** The display app's version and its last poll's heartbeat, once a device shows the screen. */
  app_version: z.string().nullable(),
  last_check_in: z.string().nullable(),
  account: z.object({ id: z.string(), name: z.string() }),
  created_at: z.iso.datetime(),
});
export type RecentScreen = z.infer<typeof recentScreenSchema>;

/** GET /admin/impersonate/{id} */
export const impersonationSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

/** GET /admin/dashboard: counters kept where they change, read in one call. */
export const dashboardSchema = z.object({
  total_accounts: z.number().int(),
  total_users: z.number().int(),
  active_accounts: z.number().int(),
  active_venues: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The `{status}` of a status path: `GET /admin/account/{id}/Active`. */
export const statusParams = z.object({ id: ulid, status });
