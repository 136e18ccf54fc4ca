import { ulid } from 'ulid';
import { SLIDE_TYPE_MESSAGE } from '../../shared/slideshows';
import {
  uploadContentTypes,
  uploadLimit,
  type UploadPurpose,
  type UploadRequest,
  type UploadTicket,
} from '../../shared/schemas/uploads';
import { s3 } from '../aws/s3';
import { env } from '../env';
import { Invalid, TooLarge } from '../http/errors';
import type { Principal } from '../http/principal';
import { logger } from '../http/logger';
import { sniffLength, sniffType, type SniffedType } from './file-types';

/** Every object a principal uploads lives under its own prefix, so a key names its owner. */
function ownerPrefix(principal: Principal, purpose: UploadPurpose): string {
  return principal.kind === 'client'
    ? `accounts/${principal.accountId}/users/${principal.userId}/${purpose}/`
    : `platform/admins/${principal.adminId}/${purpose}/`;
}

/** A presigned POST bound to one key, the declared content type and the purpose's size limit. */
export async function createUpload(principal: Principal, request: UploadRequest): Promise<UploadTicket> {
  const key = `${ownerPrefix(principal, request.purpose)}${ulid()}`;
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

/**
 * Accepts an uploaded object's key for a field: it must be the principal's own upload for that
 * purpose, its first bytes must be a type the purpose takes (PNG or JPEG; for slides also MP4), and
 * its size within that type's limit. A file that is not is deleted. Answers its type and size.
 */
export async function acceptUpload(
  principal: Principal,
  purpose: UploadPurpose,
  field: string,
  key: string,
): Promise<{ type: SniffedType; size: number }> {
  if (!key.startsWith(ownerPrefix(principal, purpose)) || key.includes('..')) {
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
  return { type, size: head.size };
}

/**
 * Deletes stored files (a slideshow's dropped slides). A failure is logged, not thrown: the change
 * that dropped them is already saved, and the files are private, unlisted and unreferenced.
 */
export async function deleteUploads(keys: readonly string[]): Promise<void> {
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
