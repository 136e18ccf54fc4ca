import { ulid } from 'ulid';
import type * as z from 'zod';
import type { ClientRole } from '@shared/roles';
import {
  rolesText,
  storageLimitGb,
  type Package,
  type PackageLimit,
  type packageInputSchema,
} from '@shared/schemas/packages';
import { listPackageItems, readPackage } from '@core/people/account-store';
import type { PackageItem } from '@core/table/entities';
import { insertNamedPackage, savePackage, type PackageFields } from './package-store';
import { NotFound } from '@core/errors';
import type { AdminPrincipal } from '@core/auth/principal';

/**
 * Packages (docs/product/admin-and-auth.md §3 Package, §5, §9): the roles an account's users may have, its limits
 * on venues, spaces and active Account Admins (1–10, or Unlimited: stored as no number), and its
 * feature flags. Names are unique ignoring case.
 */
export type PackageInput = z.output<typeof packageInputSchema>;

/** A stored limit on the wire: no number is Unlimited. */
export const limitOf = (value: number | undefined): PackageLimit => value ?? 'Unlimited';
const stored = (limit: PackageLimit) => (limit === 'Unlimited' ? undefined : limit);

export function toPackage(item: PackageItem): Package {
  return {
    id: item.package_id,
    name: item.name,
    allowed_user_roles: rolesText(item.allowed_user_roles as ClientRole[]),
    venue_limit: limitOf(item.venue_limit),
    spaces_limit: limitOf(item.spaces_limit),
    admin_limit: limitOf(item.admin_limit),
    storage_limit_gb: storageLimitGb(item.storage_limit_gb),
    third_party_integration: item.third_party_integration ?? 'Yes',
    custom_integration: item.custom_integration ?? 'Yes',
    on_screen_branding: item.on_screen_branding ?? 'Yes',
    booking_approval: item.booking_approval ?? 'Yes',
    status: item.status,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

function fieldsOf(input: PackageInput): Omit<PackageFields, 'status'> {
  return {
    name: input.name,
    allowed_user_roles: [...input.allowed_user_roles],
    venue_limit: stored(input.venue_limit),
    spaces_limit: stored(input.spaces_limit),
    admin_limit: stored(input.admin_limit),
    storage_limit_gb: input.storage_limit_gb,
    third_party_integration: input.third_party_integration,
    custom_integration: input.custom_integration,
    on_screen_branding: input.on_screen_branding,
    booking_approval: input.booking_approval,
  };
}

/** Every package, by name. */
export async function listPackages(): Promise<Package[]> {
  return (await listPackageItems()).map(toPackage).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getPackageById(packageId: string): Promise<Package> {
  const item = await readPackage(packageId);
  if (!item) throw new NotFound('Package');
  return toPackage(item);
}

/** Adds a package (Active unless the form says otherwise), logged as `principal`'s. */
export async function createPackage(principal: AdminPrincipal, input: PackageInput): Promise<Package> {
  const now = new Date().toISOString();
  const item: PackageItem = {
    package_id: ulid(),
    ...fieldsOf(input),
    status: input.status ?? 'Active',
    created_at: now,
    updated_at: now,
  };
  await insertNamedPackage(item, {
    principal,
    component: 'Package',
    componentId: item.package_id,
    activity: `Created package ${item.name}`,
  });
  return toPackage(item);
}

/**
 * Changes a package; the status left out is kept. Accounts on it see the change at once; the
 * users they have keep their roles and the limits hold for the next change (a new user, an
 * activation), as the package's rules are checked when a change is made.
 */
export async function updatePackage(
  principal: AdminPrincipal,
  packageId: string,
  input: PackageInput,
): Promise<Package> {
  const current = await readPackage(packageId);
  if (!current) throw new NotFound('Package');
  const saved = await savePackage(
    current,
    { ...fieldsOf(input), status: input.status ?? current.status },
    {
      principal,
      component: 'Package',
      componentId: packageId,
      activity: `Updated package ${input.name}`,
    },
  );
  return toPackage(saved);
}
