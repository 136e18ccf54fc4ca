import type { ClientRole } from '@shared/roles';
import type { Package } from '@shared/schemas/packages';

/** How the packages tab names a package's parts. */

/** The Yes/No flags of a package (docs/product/admin-and-auth.md §3 Package), in the form's order. */
export const packageFlags = [
  { name: 'third_party_integration', label: 'Third party integration' },
  { name: 'custom_integration', label: 'Custom integration' },
  { name: 'on_screen_branding', label: 'On screen branding' },
  { name: 'booking_approval', label: 'Booking approval' },
] as const satisfies readonly { name: keyof Package; label: string }[];

/** The limits of a package (docs/product/admin-and-auth.md §9: Unlimited or 1 to 10). */
export const packageLimits = [
  { name: 'venue_limit', label: 'Venue limit', short: 'Venues' },
  { name: 'spaces_limit', label: 'Spaces limit', short: 'Spaces' },
  { name: 'admin_limit', label: 'Admin limit', short: 'Admins' },
] as const satisfies readonly { name: keyof Package; label: string; short: string }[];

/** The roles of the wire's comma string (quotes around names allowed). */
export function packageRoles(pkg: Pick<Package, 'allowed_user_roles'>): ClientRole[] {
  return pkg.allowed_user_roles
    .split(',')
    .map((role) => role.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean) as ClientRole[];
}

/** The flags a package has ('Yes'), by label; 'None' when it has none. */
export const flagsText = (pkg: Package) =>
  packageFlags
    .filter(({ name }) => pkg[name] === 'Yes')
    .map(({ label }) => label)
    .join(', ') || 'None';
