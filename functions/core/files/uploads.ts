import { ulid } from 'ulid';
import { allows, type RoleFlag } from '@shared/roles';
import { storageLimitBytes, storageLimitGb } from '@shared/schemas/packages';
import { SLIDE_TYPE_MESSAGE } from '@shared/slideshows';
import {
  uploadContentTypes,
  uploadLimit,
  type UploadPurpose,
  type UploadRequest,
  type UploadTicket,
} from '@shared/schemas/uploads';
import { s3 } from '../aws/s3';
import { addStorage, getAccount, getPackage } from '../people/account-store';
import type { AccountItem } from '../table/entities';
import { env } from '../env';
import { Forbidden, Invalid, TooLarge } from '../errors';
import type { Principal } from '../auth/principal';
import { logger } from '../logger';
import { sniffLength, sniffType, type SniffedType } from './file-types';

/**
 * Every object a principal uploads lives under its own prefix, so a key names its owner. A ticket's
 * object waits under `pending/` (which the bucket empties after a day) until a form saves it.
 */
function ownerPrefix(principal: Principal, purpose: UploadPurpose): string {
  return principal.kind === 'client'
    ? `accounts/${principal.accountId}/users/${principal.userId}/${purpose}/`
    : `platform/admins/${principal.adminId}/${purpose}/`;
}
const pendingPrefix = 'pending/';

/**
 * What a client's role must allow for a ticket of each purpose: the permission of the routes that
 * save such a file (a profile photo is everyone's own).
 */
const clientPurposes: Record<UploadPurpose, 'read' | RoleFlag> = {
  'profile-photo': 'read',
  'account-logo': 'account.permission.add',
  'space-photo': 'spaces.permission.edit',
  'screen-photo': 'screens.permission.add',
  slide: 'spaces.permission.edit',
};
/** A super admin's files: admins' photos, accounts' users' photos and accounts' logos. */
const adminPurposes: readonly UploadPurpose[] = ['profile-photo', 'account-logo'];

function mayUpload(principal: Principal, purpose: UploadPurpose): boolean {
  if (principal.kind === 'admin') return adminPurposes.includes(purpose);
  const flag = clientPurposes[purpose];
  return flag === 'read' || allows(principal.rolesAttr, flag);
}

/** The account whose storage a file counts toward: a client's own, unless the call names one. */
const storageAccount = (principal: Principal, account?: string | null) =>
  account === undefined ? (principal.kind === 'client' ? principal.accountId : null) : account;

const storageFull = (gb: number) => `Not enough storage left: the package allows ${gb} GB`;

/** The package's storage limit of an account, in bytes and in GB. */
async function storageLimitOf(account: AccountItem): Promise<{ limit: number; gb: number }> {
  const gb = storageLimitGb((await getPackage(account.package_id))?.storage_limit_gb);
  return { limit: storageLimitBytes(gb), gb };
}

/**
 * A presigned POST bound to one pending key, the declared content type and the purpose's size
 * limit: only for a purpose the caller's role may save (403 otherwise), and only when the file fits
 * in the account's storage (422 naming the package's storage otherwise).
 */
export async function createUpload(principal: Principal, request: UploadRequest): Promise<UploadTicket> {
  if (!mayUpload(principal, request.purpose)) throw new Forbidden();
  if (principal.kind === 'client') {
    const { limit, gb } = await storageLimitOf(principal.account);
    if ((principal.account.storage_bytes ?? 0) + request.size > limit)
      throw new Invalid({ size: storageFull(gb) });
  }
  const key = `${pendingPrefix}${ownerPrefix(principal, request.purpose)}${ulid()}`;
  const aws = await s3();
  const { url, fields } = await aws.createPresignedPost(aws.client, {
    Bucket: env().UPLOADS_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, uploadLimit(request.purpose, request.content_type)],
      ['eq', '$Content-Type', request.content_type],
    ],
    Fields: { 'Content-Type': request.content_type },
    Expires: 600,
  });
  return { url, fields, key };
}

/** A file a form saves: its stored key, type and size, and the account it counts toward. */
export interface StoredFile {
  key: string;
  type: SniffedType;
  size: number;
  account: string | null;
}

/**
 * Accepts an uploaded object's pending key for a field: it must be the principal's own upload for
 * that purpose, its first bytes must be a type the purpose takes (PNG or JPEG; for slides also
 * MP4), its size within that type's limit, and it must fit in the storage of the account it counts
 * toward (the client's own unless `account` names one; null for none). A file that fails the type
 * or size is deleted. The file is then moved to its stored key (the pending key without `pending/`)
 * and its bytes added to the account's `storage_bytes`; a save that then fails gives it back with
 * {@link discardFiles}.
 */
export async function acceptUpload(
  principal: Principal,
  purpose: UploadPurpose,
  field: string,
  key: string,
  account?: string | null,
): Promise<StoredFile> {
  if (!key.startsWith(pendingPrefix + ownerPrefix(principal, purpose)) || key.includes('..')) {
    throw new Invalid({ [field]: 'Upload the file again' });
  }
  const head = await readHead(key);
  if (!head) throw new Invalid({ [field]: 'Upload the file first' });
  const remove = () => deleteUploads([key]);
  const type = sniffType(head.bytes);
  if (!type || !uploadContentTypes(purpose).includes(type)) {
    await remove();
    throw new Invalid({
      [field]: purpose === 'slide' ? SLIDE_TYPE_MESSAGE : 'Only files of type PNG and JPEG are allowed',
    });
  }
  const max = uploadLimit(purpose, type);
  // The presigned policy bounds the size in S3; checked again here, as emulators do not enforce it.
  if (head.size > max) {
    await remove();
    throw new TooLarge(`The file is too large: at most ${Math.floor(max / (1024 * 1024))} MB`);
  }
  const file: StoredFile = {
    key: key.slice(pendingPrefix.length),
    type,
    size: head.size,
    account: storageAccount(principal, account),
  };
  if (file.account) {
    const owner = principal.kind === 'client' && principal.accountId === file.account;
    const item = owner ? principal.account : await getAccount(file.account);
    if (!item) throw new Invalid({ [field]: 'Upload the file again' });
    const { limit, gb } = await storageLimitOf(item);
    if (!(await addStorage(file.account, file.size, limit))) throw new Invalid({ [field]: storageFull(gb) });
  }
  try {
    await moveObject(key, file.key);
  } catch (error) {
    if (file.account) await addStorage(file.account, -file.size);
    throw error;
  }
  return file;
}

/** Copies a pending object to its stored key and deletes the pending one. */
async function moveObject(from: string, to: string): Promise<void> {
  const aws = await s3();
  const Bucket = env().UPLOADS_BUCKET;
  await aws.client.send(
    new aws.CopyObjectCommand({
      Bucket,
      Key: to,
      CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
  await deleteUploads([from]);
}

/**
 * Runs the save of a form that stores accepted files: when it fails, the files go back to their
 * pending keys and their bytes are given back, so a refused save leaves the uploads as they were
 * (the form can be sent again; otherwise they expire with `pending/`).
 */
export async function savingFiles<T>(
  files: ReadonlyArray<StoredFile | undefined>,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    await discardFiles(files.filter((file) => file !== undefined));
    throw error;
  }
}

/**
 * Gives back accepted files whose save failed: each goes back to its pending key (or, with
 * `restore` false, is deleted), and its bytes are taken off its account.
 */
export async function discardFiles(files: readonly StoredFile[], restore = true): Promise<void> {
  for (const file of files) {
    if (restore) {
      try {
        await moveObject(file.key, pendingPrefix + file.key);
      } catch (error) {
        logger.error('A file could not be put back', { key: file.key, error });
        await deleteUploads([file.key]);
      }
    } else {
      await deleteUploads([file.key]);
    }
    if (file.account) await giveBack(file.account, file.size);
  }
}

/**
 * Deletes stored files that a saved change replaced or dropped (a photo, a logo, a slideshow's
 * slides), and takes their bytes off the account's `storage_bytes` (`account` null: a file that
 * counts toward no account, an admin's photo). Best-effort, after the change is saved: a failure
 * is logged, not thrown, as the files are then private, unlisted and unreferenced.
 */
export async function releaseFiles(
  account: string | null,
  keys: ReadonlyArray<string | undefined | null>,
): Promise<void> {
  const present = keys.filter((key): key is string => !!key && !key.startsWith(pendingPrefix));
  if (present.length === 0) return;
  let bytes = 0;
  if (account) {
    for (const key of present) bytes += (await sizeOf(key)) ?? 0;
  }
  await deleteUploads(present);
  if (account && bytes) await giveBack(account, bytes);
}

async function giveBack(account: string, bytes: number): Promise<void> {
  try {
    await addStorage(account, -bytes);
  } catch (error) {
    logger.error('The storage used could not be updated', { account, bytes, error });
  }
}

/** A stored object's size, or undefined when it is gone or cannot be read. */
async function sizeOf(key: string): Promise<number | undefined> {
  const aws = await s3();
  try {
    const head = await aws.client.send(new aws.HeadObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }));
    return head.ContentLength;
  } catch (error) {
    logger.warn('A stored file could not be read', { key, error });
    return undefined;
  }
}

/**
 * Deletes objects: pending uploads a save refused. A failure is logged, not thrown: the files are
 * private, unlisted and unreferenced (and pending ones expire).
 */
async function deleteUploads(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const aws = await s3();
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    try {
      const answer = await aws.client.send(
        new aws.DeleteObjectsCommand({
          Bucket: env().UPLOADS_BUCKET,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length) logger.error('Some files could not be deleted', { errors: answer.Errors });
    } catch (error) {
      logger.error('Files could not be deleted', { keys: batch, error });
    }
  }
}

/** Reads a range of a stored file's bytes. */
export async function readRange(key: string, start: number, end: number): Promise<Uint8Array> {
  const aws = await s3();
  const object = await aws.client.send(
    new aws.GetObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key, Range: `bytes=${start}-${end}` }),
  );
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** The object's first bytes and its whole size, or undefined when there is no such object. */
async function readHead(key: string): Promise<{ bytes: Uint8Array; size: number } | undefined> {
  const aws = await s3();
  try {
    const object = await aws.client.send(
      new aws.GetObjectCommand({
        Bucket: env().UPLOADS_BUCKET,
        Key: key,
        Range: `bytes=0-${sniffLength - 1}`,
      }),
    );
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    const size = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? bytes.length);
    return { bytes, size };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * A presigned GET URL for a stored file, or null. `signedAt` fixes the signing time, so that URLs
 * signed within one period are the same text (a room display's state keeps its ETag); the URL is
 * good for `expiresIn` seconds from then.
 */
export async function fileUrl(
  key: string | undefined,
  options: { signedAt?: Date; expiresIn?: number } = {},
): Promise<string | null> {
  if (!key) return null;
  const aws = await s3();
  return aws.getSignedUrl(aws.client, new aws.GetObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }), {
    expiresIn: options.expiresIn ?? 3600,
    signingDate: options.signedAt,
  });
}
