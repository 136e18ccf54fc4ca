import { lazy } from './lazy';

/**
 * KMS, loaded on first use: only linking a calendar and the calendar jobs open refresh tokens.
 * `const { client, GenerateDataKeyCommand } = await kms()`.
 */
export const kms = lazy(() => import('./kms-client'));
