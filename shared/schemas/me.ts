import * as z from 'zod';
import { clientRoleSchema, rolesAttrSchema } from './roles';
import { socialProviders } from '../social';
import { status, yesNo } from './common';
import { storageLimit } from './packages';

export { yesNo, type YesNo } from './common';

/**
 * Answers of the "me" calls (docs/product/client-area.md §3 User/Account, §7 "Me and auth"). The API builds
 * them, the web reads them, the OpenAPI document describes them.
 */

/** The signed-in user's account, as shown in the client header. */
export const meAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipcode: z.string().nullable(),
  /** Presigned GET URL of the account logo, or null when there is none. */
  logo_url: z.string().nullable(),
});
export type MeAccount = z.infer<typeof meAccountSchema>;

/** Account totals for the client header; only for roles whose `rolesAttr.statistics` is true. */
export const accountTotalsSchema = z.object({
  total_users: z.number().int(),
  total_venues: z.number().int(),
  total_spaces: z.number().int(),
  total_screens: z.number().int(),
});
export type AccountTotals = z.infer<typeof accountTotalsSchema>;

/** GET /client/me */
export const clientMeSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  phone_no: z.string().nullable(),
  cell_no: z.string().nullable(),
  designation: z.string().nullable(),
  /** Four digits, unique within the account. */
  pin_number: z.string().nullable(),
  /** Object key of the profile photo (what profileChange takes back). */
  photo_uri: z.string().nullable(),
  /** Presigned GET URL of the profile photo, or null. */
  photo_url: z.string().nullable(),
  user_role: clientRoleSchema,
  status,
  rolesAttr: rolesAttrSchema,
  account: meAccountSchema,
  package: z.object({ name: z.string(), allowed_user_roles: z.array(clientRoleSchema) }),
  screesLicence: z.object({ availableActiveLicence: z.number().int(), activeLicence: z.number().int() }),
  /**
   * The super admin acting as this user (GET /admin/impersonate/{id}), or null. The API always
   * answers it; optional in the type only so that older fixtures stay valid.
   */
  impersonated_by: z.object({ id: z.string(), email: z.string() }).nullable().optional(),
  /**
   * Whether the user signs in with a code from an authenticator app too (POST /client/me/mfa/…).
   * The API always answers it; optional in the type only so that older fixtures stay valid.
   */
  mfa_enabled: z.boolean().optional(),
});
export type ClientMe = z.infer<typeof clientMeSchema>;

/** GET /admin/me */
export const adminMeSchema = z.object({
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
  role: z.literal('Super Admin'),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** Either answer; tell them apart with `isClientMe` (shared/me.ts). */
export type Me = ClientMe | AdminMe;

/** GET /client/aboutMe; `totals` is null when the role's statistics flag is false. */
export const aboutMeSchema = z.object({
  account: meAccountSchema,
  totals: accountTotalsSchema.nullable(),
});
export type AboutMe = z.infer<typeof aboutMeSchema>;

/** A package limit: 1 to 10, or 'Unlimited'. */
const packageLimit = z.union([z.number().int().min(1).max(10), z.literal('Unlimited')]);

/** GET /client/mypackage (docs/product/admin-and-auth.md §3 Package). */
export const myPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  allowed_user_roles: z.array(clientRoleSchema),
  venue_limit: packageLimit,
  spaces_limit: packageLimit,
  admin_limit: packageLimit,
  /** The account's storage for files in GB, and the bytes its files take. */
  storage_limit_gb: storageLimit,
  storage_used_bytes: z.number().int().min(0),
  booking_approval: yesNo,
  third_party_integration: yesNo,
  custom_integration: yesNo,
  on_screen_branding: yesNo,
  status,
});
export type MyPackage = z.infer<typeof myPackageSchema>;

/** GET /client/resetPIN */
export const resetPinResultSchema = z.object({ pin_number: z.string().regex(/^\d{4}$/) });
export type ResetPinResult = z.infer<typeof resetPinResultSchema>;

/**
 * A social sign-in linked to the signed-in person (docs/decisions.md "Linked sign-ins"): the
 * provider, the address it shared when it was linked, and when.
 */
export const linkedSignInSchema = z.object({
  provider: z.enum(socialProviders),
  email: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedSignIn = z.infer<typeof linkedSignInSchema>;
export const linkedSignInsSchema = z.array(linkedSignInSchema);

/** The path of one linked sign-in: its provider (a name the API does not know is a 404). */
export const linkedSignInParams = z.object({ provider: z.enum(socialProviders) });
