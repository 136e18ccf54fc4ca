import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';
import { lazy } from './lazy';

/** Path-style addressing when pointed at a local endpoint (s3rver). */
export const s3 = lazy(
  () =>
    new S3Client({
      endpoint: env().S3_ENDPOINT,
      region: env().AWS_REGION,
      forcePathStyle: !!env().S3_ENDPOINT,
    }),
);
