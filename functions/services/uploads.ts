import { ulid } from 'ulid';
import {
  maxUploadBytes,
  type UploadPurpose,
  type UploadRequest,
  type UploadTicket,
} from '../../shared/schemas/uploads';
import { s3 } from '../aws/s3';
import { env } from '../env';
import { Invalid, TooLarge } from '../http/errors';
import type { Principal } from '../http/principal';
import { sniffLength, sniffType } from './file-types';

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
      ['content-length-range', 1, maxUploadBytes[request.purpose]],
      ['eq', '$Content-Type', request.content_type],
    ],
    Fields: { 'Content-Type': request.content_type },
    Expires: 600,
  });
  return { url, fields, key };
}

/**
 * Accepts an uploaded object's key for a field: it must be the principal's own upload for
 * that purpose, and its first bytes must be a PNG or JPEG. A file that is not is deleted.
 */
export async function acceptUpload(
  principal: Principal,
  purpose: UploadPurpose,
  field: string,
  key: string,
): Promise<void> {
  if (!key.startsWith(ownerPrefix(principal, purpose)) || key.includes('..')) {
    throw new Invalid({ [field]: 'Upload the file again' });
  }
  const head = await readHead(key);
  if (!head) throw new Invalid({ [field]: 'Upload the file first' });
  const aws = await s3();
  const remove = () =>
    aws.client.send(new aws.DeleteObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }));
  const max = maxUploadBytes[purpose];
  // The presigned policy bounds the size in S3; checked again here, as emulators do not enforce it.
  if (head.size > max) {
    await remove();
    throw new TooLarge(`The file is too large: at most ${Math.floor(max / (1024 * 1024))} MB`);
  }
  if (!sniffType(head.bytes)) {
    await remove();
    throw new Invalid({ [field]: 'Only files of type PNG and JPEG are allowed' });
  }
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

/** A presigned GET URL for a stored file, or null. */
export async function fileUrl(key: string | undefined): Promise<string | null> {
  if (!key) return null;
  const aws = await s3();
  return aws.getSignedUrl(aws.client, new aws.GetObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }), {
    expiresIn: 3600,
  });
}
