import { lazy } from './lazy';

/**
 * S3 with its presigners, loaded on first use: only uploads and file URLs need it.
 * `const { client, GetObjectCommand, getSignedUrl } = await s3()`.
 */
export const s3 = lazy(() => import('./s3-client'));
