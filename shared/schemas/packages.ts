import * as z from 'zod';
import { clientRoles, type ClientRole } from '../roles';
import { requiredText, status, yesNo } from './common';
import { messages } from './messages';

/**
 * Packages (docs/product/admin-and-auth.md §3 Package, §5, §9): what an account may do — the roles its users may
 * have, how many venues, spaces and active Account Admins, and its feature flags.
 */

/** A limit: 1 to 10, or 'Unlimited' (docs/product/admin-and-auth.md §9). Stored as a number, or absent for Unlimited. */
export const packageLimit = z.union(
  [
    z.literal('Unlimited'),
    z
      .number({ error: messages.invalid })
      .int({ error: messages.invalid })
      .min(1, { error: messages.min(0) })
      .max(10, { error: messages.max(11) }),
  ],
  { error: messages.invalid },
);
export type PackageLimit = z.infer<typeof packageLimit>;
export const packageLimitChoices: PackageLimit[] = ['Unlimited', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The storage an account has for its files (photos, logo, slides), in whole GB: 1 to 1000. A
 * package saved before the field existed has the default.
 */
export const DEFAULT_STORAGE_LIMIT_GB = 5;
export const MAX_STORAGE_LIMIT_GB = 1000;
export const storageLimit = z
  .number({ error: messages.invalid })
  .int({ error: messages.invalid })
  .min(1, { error: messages.min(0) })
  .max(MAX_STORAGE_LIMIT_GB, { error: messages.max(MAX_STORAGE_LIMIT_GB + 1) });
/** A package's storage in GB, the default when it has none. */
export const storageLimitGb = (stored: number | undefined) => stored ?? DEFAULT_STORAGE_LIMIT_GB;
export const storageLimitBytes = (gb: number) => gb * 1024 * 1024 * 1024;

/**
 * The roles a package allows: a comma string on the wire (`Account Admin,Venue Manager`, quotes
 * around names allowed), or a list; at least one, each one of the four. The wire's list is bounded
 * at ten names of 50 characters (the string: as many with a comma and a space each).
 */
const allowedRoles = z
  .union(
    [
      z.string({ error: messages.invalid }).max(520, { error: messages.invalid }),
      z.array(z.string({ error: messages.invalid }).max(50, { error: messages.invalid })).max(10),
    ],
    {
      error: (issue) => (issue.input == null ? messages.required : messages.invalid),
    },
  )
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((role) =>
        role
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean),
  )
  .pipe(
    // One message for the field, not one per list entry.
    z
      .array(z.string())
      .min(1, { error: messages.required })
      .refine((roles) => roles.every((role) => (clientRoles as readonly string[]).includes(role)), {
        error: messages.invalid,
      })
      .transform((roles) => clientRoles.filter((role) => roles.includes(role))),
  );

/** The comma string the wire carries. */
export const rolesText = (roles: readonly ClientRole[]) => roles.join(',');

export const packageInputSchema = z.object({
  name: requiredText(80),
  allowed_user_roles: allowedRoles,
  venue_limit: packageLimit.default(1),
  spaces_limit: packageLimit.default(1),
  admin_limit: packageLimit.default(1),
  storage_limit_gb: storageLimit.default(DEFAULT_STORAGE_LIMIT_GB),
  third_party_integration: yesNo.default('Yes'),
  custom_integration: yesNo.default('Yes'),
  on_screen_branding: yesNo.default('Yes'),
  booking_approval: yesNo.default('Yes'),
  status: status.optional(),
});

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Comma-separated, in the order of the four roles. */
  allowed_user_roles: z.string(),
  venue_limit: packageLimit,
  spaces_limit: packageLimit,
  admin_limit: packageLimit,
  storage_limit_gb: storageLimit,
  third_party_integration: yesNo,
  custom_integration: yesNo,
  on_screen_branding: yesNo,
  booking_approval: yesNo,
  status,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Package = z.infer<typeof packageSchema>;
