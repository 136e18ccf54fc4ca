import { ulid } from 'ulid';
import type * as z from 'zod';
import type { AdminUser, newAdminSchema, updateAdminSchema } from '@shared/schemas/admins';
import {
  getAdmin,
  insertAdmin,
  listAdminItems,
  saveAdmin,
  type AdminFields,
  type RemovableAdminField,
} from '@core/people/admin-store';
import type { AdminItem } from '@core/table/entities';
import { Forbidden, NotFound, isDependencyFailure } from '@core/errors';
import { logger } from '@core/logger';
import type { AdminPrincipal } from '@core/auth/principal';
import { createLogin, deleteLogin, setLoginEmail, setPassword } from '@core/auth/identity';
import { endSessions } from '@core/auth/sessions';
import { socialLinksOnEmailChange } from '../me';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';
import { fullName } from '@core/people/names';

/**
 * Super admins (docs/product/admin-and-auth.md §2 "Admin users", §3 Admin user, §5, §7 "Admin users"): e-mail
 * unique among admins, made in Cognito and DynamoDB together, who made and who last changed
 * each one; an admin cannot deactivate themself and the last active admin cannot be deactivated.
 */
type NewAdminInput = z.output<typeof newAdminSchema>;
type AdminChanges = z.output<typeof updateAdminSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;
const someone = (id: string | undefined, email: string | undefined) =>
  id ? { id, email: email ?? '' } : null;

async function toAdminUser(item: AdminItem): Promise<AdminUser> {
  return {
    id: item.admin_id,
    first_name: item.first_name,
    last_name: orNull(item.last_name),
    email: item.email,
    designation: orNull(item.designation),
    phone_no: orNull(item.phone_no),
    cell_no: orNull(item.cell_no),
    photo_uri: orNull(item.photo_uri),
    photo_url: await fileUrl(item.photo_uri),
    status: item.status,
    mfa_enabled: item.mfa_secret !== undefined,
    created_by: someone(item.created_by, item.created_by_email),
    modified_by: someone(item.modified_by, item.modified_by_email),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** What the seed and the admin area give to make a super admin. */
interface NewAdminUser {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  designation?: string;
  phoneNo?: string;
  cellNo?: string;
  /** An accepted upload key (the creator's own profile-photo upload). */
  photoUri?: string;
  /** The super admin who adds them; their change is logged. The seed's first admin has none. */
  createdBy?: AdminPrincipal;
}

/**
 * Makes a super admin: the Cognito login first, then the admin item, its e-mail guard and the
 * platform's active admins in one DynamoDB transaction (with the activity entry); when the
 * transaction fails (the e-mail is taken), the login is removed again, so a failure leaves
 * neither. (A login without an admin item could not sign in anyway: sign-in finds the admin by
 * e-mail in DynamoDB first.) Answers the admin as written.
 */
async function addAdmin(input: NewAdminUser): Promise<AdminItem> {
  const now = new Date().toISOString();
  const admin = {
    admin_id: ulid(),
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    designation: input.designation,
    phone_no: input.phoneNo,
    cell_no: input.cellNo,
    photo_uri: input.photoUri,
    status: 'Active' as const,
    created_by: input.createdBy?.adminId,
    created_by_email: input.createdBy?.email,
    sessions_ended_at: 0,
    sessions_admitted: [],
    created_at: now,
    updated_at: now,
  } satisfies AdminItem;
  const undo = async (error: unknown): Promise<never> => {
    await deleteLogin('admin', admin.admin_id).catch((failure: unknown) =>
      logger.error('A login could not be removed after a failed creation', {
        username: admin.admin_id,
        failure,
      }),
    );
    throw error;
  };
  // Cognito not answering confirmed nothing; asking it to undo would only wait as long again.
  await createLogin('admin', admin.admin_id, admin.email, input.password).catch((error: unknown) =>
    isDependencyFailure(error) ? Promise.reject(error as Error) : undo(error),
  );
  await insertAdmin(
    admin,
    input.createdBy && {
      principal: input.createdBy,
      component: 'Admin',
      componentId: admin.admin_id,
      activity: `Created admin ${fullName(admin)}`,
    },
  ).catch(undo);
  return admin;
}

/** Makes a super admin (the seed, the tests); answers their id. */
export async function createAdminUser(input: NewAdminUser): Promise<string> {
  return (await addAdmin(input)).admin_id;
}

export async function listAdmins(): Promise<AdminUser[]> {
  return Promise.all((await listAdminItems()).map(toAdminUser));
}

async function existingAdmin(adminId: string): Promise<AdminItem> {
  const admin = await getAdmin(adminId);
  if (!admin) throw new NotFound('Admin user');
  return admin;
}

export async function getAdminUser(adminId: string): Promise<AdminUser> {
  return toAdminUser(await existingAdmin(adminId));
}

/** POST /admin/admins: a new, active super admin, made by `principal`. */
export async function createAdmin(principal: AdminPrincipal, input: NewAdminInput): Promise<AdminUser> {
  const photo = input.photo_uri
    ? await acceptUpload(principal, 'profile-photo', 'photo_uri', input.photo_uri)
    : undefined;
  return toAdminUser(
    await savingFiles([photo], () =>
      addAdmin({
        email: input.email,
        password: input.password,
        firstName: input.first_name,
        lastName: input.last_name,
        designation: input.designation,
        phoneNo: input.phone_no,
        cellNo: input.cell_no,
        photoUri: photo?.key,
        createdBy: principal,
      }),
    ),
  );
}

const removable: RemovableAdminField[] = ['last_name', 'designation', 'phone_no', 'cell_no'];

/**
 * PUT /admin/admins/{id}. Optional fields left blank are cleared; a photo left out is kept, a new
 * one must be the editor's own upload; a status left out is kept. A new e-mail moves its guard and
 * the Cognito login's e-mail (set back if the DynamoDB write fails). A password replaces theirs in
 * Cognito and ends their sessions; a deactivation ends them too. Nobody deactivates themself or
 * sets their own password here (their profile asks for the current one).
 */
export async function updateAdmin(
  principal: AdminPrincipal,
  adminId: string,
  input: AdminChanges,
): Promise<AdminUser> {
  const current = await existingAdmin(adminId);
  const self = adminId === principal.adminId;
  const status = input.status ?? current.status;
  if (self && status === 'Inactive' && current.status === 'Active') {
    throw new Forbidden('You cannot deactivate yourself');
  }
  if (self && input.password) {
    throw new Forbidden('Change your own password from your profile, with your current password');
  }
  const photo =
    input.photo_uri && input.photo_uri !== current.photo_uri
      ? await acceptUpload(principal, 'profile-photo', 'photo_uri', input.photo_uri)
      : undefined;
  const deactivated = status === 'Inactive' && current.status === 'Active';
  const set: AdminFields = {
    first_name: input.first_name,
    email: input.email,
    ...Object.fromEntries(removable.filter((f) => input[f] !== undefined).map((f) => [f, input[f]])),
    ...(photo ? { photo_uri: photo.key } : {}),
    status,
    modified_by: principal.adminId,
    modified_by_email: principal.email,
    // A deactivated admin's sessions end, so a reactivation does not bring them back.
    ...(deactivated ? { sessions_ended_at: Date.now(), sessions_admitted: [] } : {}),
  };
  const remove = removable.filter((f) => input[f] === undefined);
  const statusOnly =
    status !== current.status &&
    input.first_name === current.first_name &&
    input.email === current.email &&
    removable.every((f) => input[f] === current[f]);
  const social = socialLinksOnEmailChange(principal, current, adminId, input.email);
  const activity = {
    principal,
    component: 'Admin',
    componentId: adminId,
    activity: statusOnly
      ? `${status === 'Active' ? 'Activated' : 'Deactivated'} admin ${fullName(current)}`
      : `Updated admin ${fullName({ first_name: input.first_name, last_name: input.last_name })}${social.note}`,
  };
  const save = () => savingFiles([photo], () => saveAdmin(current, set, remove, activity, social.drop));
  let saved: AdminItem;
  if (input.email === current.email) {
    saved = await save();
  } else {
    // The login's e-mail first, set back when the DynamoDB write fails (e.g. the address is taken).
    await setLoginEmail('admin', adminId, input.email);
    try {
      saved = await save();
    } catch (error) {
      await setLoginEmail('admin', adminId, current.email).catch((failure: unknown) =>
        logger.error("A login's e-mail could not be set back after a failed change", {
          username: adminId,
          failure,
        }),
      );
      throw error;
    }
  }
  // The photo it replaced is deleted.
  if (photo) await releaseFiles(null, [current.photo_uri]);
  if (input.password) {
    await setPassword('admin', adminId, input.password);
    await endSessions({ area: 'admin', ownerId: adminId });
  }
  return toAdminUser(saved);
}
