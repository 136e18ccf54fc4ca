import { Conflict } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { changedMeanwhile, runSteps, type Step } from '@core/table/transactions';
import type { PackageItem } from '@core/table/entities';
import { forgetPackage } from '@core/people/account-store';

/**
 * Packages as the platform admin area writes them (pattern 10 `getPackage` and pattern 11
 * `listPackageItems` are in ./accounts). A package's name is unique ignoring case and surrounding
 * space, through the guard `NAME#package#` / `GUARD#<name>#`, written with the package.
 */
export const packageNameScope = 'NAME#package';
export const packageNameKey = (name: string) => name.trim().toLowerCase();
export const packageNameTaken = () =>
  new Conflict('This package name is already in use', { name: 'This package name is already in use' });

/** Writes a new package with its name guard and the activity entry, in one transaction. */
export async function insertNamedPackage(pkg: PackageItem, activity?: ActivityInput): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.guard
          .create({ scope: packageNameScope, value: packageNameKey(pkg.name), owner_id: pkg.package_id })
          .commit(),
        packageNameTaken,
      ],
      [e.package.create(pkg).commit(), changedMeanwhile],
    ],
    activity,
  );
  forgetPackage(pkg.package_id);
}

/** The fields of a package its form changes; the limits absent from `set` are Unlimited. */
export type PackageFields = Pick<
  PackageItem,
  | 'name'
  | 'allowed_user_roles'
  | 'venue_limit'
  | 'spaces_limit'
  | 'admin_limit'
  | 'storage_limit_gb'
  | 'third_party_integration'
  | 'custom_integration'
  | 'on_screen_branding'
  | 'booking_approval'
  | 'status'
>;
const limits = ['venue_limit', 'spaces_limit', 'admin_limit'] as const;

/**
 * Saves a package's fields in one transaction with the activity entry: a limit made Unlimited is
 * removed; a new name moves its guard (on condition that nobody renamed it meanwhile). Answers the
 * package as written.
 */
export async function savePackage(
  current: PackageItem,
  changes: PackageFields,
  activity: ActivityInput,
): Promise<PackageItem> {
  const updated_at = new Date().toISOString();
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const remove = limits.filter((field) => changes[field] === undefined && current[field] !== undefined);
  const renamed = packageNameKey(changes.name) !== packageNameKey(current.name);
  const { package_id } = current;
  await runSteps(
    (e) => [
      [
        e.package
          .patch({ package_id })
          .set({ ...set, updated_at })
          .remove(remove)
          .where(({ name }, { eq }) => eq(name, current.name))
          .commit(),
        changedMeanwhile,
      ],
      ...(renamed
        ? ([
            [
              e.guard
                .create({
                  scope: packageNameScope,
                  value: packageNameKey(changes.name),
                  owner_id: package_id,
                })
                .commit(),
              packageNameTaken,
            ],
            // Only its own guard: a package written without one (insertPackage) has none to delete.
            [
              e.guard
                .delete({ scope: packageNameScope, value: packageNameKey(current.name) })
                .where(
                  ({ owner_id }, { eq, notExists }) =>
                    `${eq(owner_id, package_id)} OR ${notExists(owner_id)}`,
                )
                .commit(),
              changedMeanwhile,
            ],
          ] satisfies Step[])
        : []),
    ],
    activity,
  );
  forgetPackage(package_id);
  const saved: PackageItem = { ...current, ...set, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}
