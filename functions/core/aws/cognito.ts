import { lazy } from './lazy';

/**
 * Cognito, loaded on first use: only sign-in, password and user-administration requests call
 * it. `const { client, InitiateAuthCommand } = await cognito()`.
 */
export const cognito = lazy(() => import('./cognito-client'));
