import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';
import { clientConfig } from './client-config';

/**
 * The process's S3 client and the commands the project uses; load it through `s3()`.
 * Path-style addressing when pointed at a local endpoint (s3rver).
 */
export {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
} from '@aws-sdk/client-s3';
export { createPresignedPost } from '@aws-sdk/s3-presigned-post';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
export const client = new S3Client({
  ...clientConfig(env().S3_ENDPOINT),
  forcePathStyle: !!env().S3_ENDPOINT,
});
