import { randomInt } from 'node:crypto';
import { rolesAttrFor, type ClientRole } from '@shared/roles';
import { storageLimitGb } from '@shared/schemas/packages';
import type { ProfileChange } from '@shared/schemas/auth';
import type { AboutMe, AdminMe, ClientMe, MeAccount, MyPackage } from '@shared/schemas/me';
import { getPackage } from '@core/people/account-store';
import type { AccountItem, AdminItem, PackageItem, UserItem } from '@core/table/entities';
import { saveAdminProfile } from '@core/people/admin-store';
import { replacePin, saveUserProfile } from '@core/people/user-store';
import { Conflict, NotFound } from '@core/errors';
import type { AdminPrincipal, ClientPrincipal, Principal } from '@core/auth/principal';
import { refuseImpersonation } from '../auth';
import { screenLicenceCounts } from '../screens';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/** An account as the client header shows it. */
export async function meAccount(account: AccountItem): Promise<MeAccount> {
  return {
    id: account.account_id,
    name: account.name,
    address: orNull(account.address),
    city: orNull(account.city),
    state: orNull(account.state),
    country: orNull(account.country),
    zipcode: orNull(account.zipcode),
    logo_url: await fileUrl(account.logo_uri),
  };
}

async function packageOf(account: AccountItem): Promise<PackageItem> {
  const pkg = await getPackage(account.package_id);
  if (!pkg) throw new NotFound('Package');
  return pkg;
}

/** The signed-in user as `GET /client/me` answers it; `user` is a fresher record when one was just saved. */
export async function clientMe(
  principal: ClientPrincipal,
  user: UserItem = principal.user,
): Promise<ClientMe> {
  const { account } = principal;
  const [pkg, screesLicence] = await Promise.all([
    packageOf(account),
    screenLicenceCounts(principal.accountId),
  ]);
  return {
    id: user.user_id,
    first_name: user.first_name,
    last_name: orNull(user.last_name),
    email: user.email,
    phone_no: orNull(user.phone_no),
    cell_no: orNull(user.cell_no),
    designation: orNull(user.designation),
    pin_number: user.pin_number,
    photo_uri: orNull(user.photo_uri),
    photo_url: await fileUrl(user.photo_uri),
    user_role: user.user_role,
    status: user.status,
    rolesAttr: rolesAttrFor(user.user_role),
    account: await meAccount(account),
    package: { name: pkg.name, allowed_user_roles: pkg.allowed_user_roles as ClientRole[] },
    screesLicence,
    mfa_enabled: user.mfa_secret !== undefined,
    impersonated_by: principal.impersonatedBy
      ? { id: principal.impersonatedBy.adminId, email: principal.impersonatedBy.email }
      : null,
  };
}

export async function adminMe(
  principal: AdminPrincipal,
  admin: AdminItem = principal.admin,
): Promise<AdminMe> {
  return {
    id: admin.admin_id,
    first_name: admin.first_name,
    last_name: orNull(admin.last_name),
    email: admin.email,
    designation: orNull(admin.designation),
    phone_no: orNull(admin.phone_no),
    cell_no: orNull(admin.cell_no),
    photo_uri: orNull(admin.photo_uri),
    photo_url: await fileUrl(admin.photo_uri),
    status: admin.status,
    role: 'Super Admin',
  };
}

/** The header's account block; totals only for roles whose statistics flag is set. */
export async function aboutMe(principal: ClientPrincipal): Promise<AboutMe> {
  const { account } = principal;
  const totals = principal.rolesAttr.statistics
    ? {
        total_users: account.total_users,
        // Counted on the account by the writes that add venues, spaces and screens.
        total_venues: account.total_venues,
        total_spaces: account.total_spaces,
        total_screens: account.total_screens,
      }
    : null;
  return { account: await meAccount(account), totals };
}

const limit = (value: number | undefined) => value ?? 'Unlimited';

export async function myPackage(principal: ClientPrincipal): Promise<MyPackage> {
  const pkg = await packageOf(principal.account);
  return {
    id: pkg.package_id,
    name: pkg.name,
    allowed_user_roles: pkg.allowed_user_roles as ClientRole[],
    venue_limit: limit(pkg.venue_limit),
    spaces_limit: limit(pkg.spaces_limit),
    admin_limit: limit(pkg.admin_limit),
    storage_limit_gb: storageLimitGb(pkg.storage_limit_gb),
    storage_used_bytes: Math.max(0, principal.account.storage_bytes ?? 0),
    booking_approval: pkg.booking_approval ?? 'Yes',
    third_party_integration: pkg.third_party_integration ?? 'Yes',
    custom_integration: pkg.custom_integration ?? 'Yes',
    on_screen_branding: pkg.on_screen_branding ?? 'Yes',
    status: pkg.status,
  };
}

/**
 * Saves the principal's own profile. Optional fields left blank are cleared; a new photo key
 * must be the principal's own PNG or JPEG upload; an absent photo key keeps the photo.
 */
export async function changeProfile(principal: ClientPrincipal, change: ProfileChange): Promise<UserItem>;
export async function changeProfile(principal: AdminPrincipal, change: ProfileChange): Promise<AdminItem>;
export async function changeProfile(
  principal: Principal,
  change: ProfileChange,
): Promise<UserItem | AdminItem> {
  const photo =
    change.photo_uri && change.photo_uri !== principal.photoUri
      ? await acceptUpload(principal, 'profile-photo', 'photo_uri', change.photo_uri)
      : undefined;
  const optional = ['last_name', 'phone_no', 'cell_no'] as const;
  const set = {
    first_name: change.first_name,
    ...Object.fromEntries(optional.filter((f) => change[f] !== undefined).map((f) => [f, change[f]])),
    ...(photo ? { photo_uri: photo.key } : {}),
  };
  const remove = optional.filter((f) => change[f] === undefined);
  const saved: UserItem | AdminItem = await savingFiles([photo], async () =>
    principal.kind === 'client'
      ? await saveUserProfile(principal.user, set, remove, {
          principal,
          component: 'User',
          componentId: principal.userId,
          activity: 'Updated own profile',
        })
      : await saveAdminProfile(principal.admin, set, remove, {
          principal,
          component: 'Admin',
          componentId: principal.adminId,
          activity: 'Updated own profile',
        }),
  );
  // The photo it replaced is deleted.
  if (photo) await releaseFiles(photo.account, [principal.photoUri]);
  return saved;
}

/** A random four-digit PIN, leading zeros kept; its guard item makes it unique in the account. */
export const randomPin = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** A random four-digit PIN not used by anyone else in the account. */
export async function regeneratePin(principal: ClientPrincipal): Promise<string> {
  refuseImpersonation(principal, 'PIN');
  const { user } = principal;
  for (let attempt = 0; attempt < 25; attempt++) {
    const pin = randomPin();
    if (pin === user.pin_number) continue;
    try {
      await replacePin(user, pin, {
        principal,
        component: 'User',
        componentId: principal.userId,
        activity: 'Refreshed own PIN',
      });
      return pin;
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
  throw new Conflict('No free PIN was found. Please try again');
}
