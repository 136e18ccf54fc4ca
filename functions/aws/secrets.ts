import { lazy } from './lazy';

/**
 * Secrets Manager, loaded on first use: only the requests that sign or verify the API's own
 * tokens read the session secret, once per container. `const { client, GetSecretValueCommand } = await secrets()`.
 */
export const secrets = lazy(() => import('./secrets-client'));
