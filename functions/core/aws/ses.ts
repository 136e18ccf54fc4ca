import { lazy } from './lazy';

/**
 * SES, loaded on first use: few requests send mail, so the others do not load its SDK at cold
 * start. `const { client, SendEmailCommand } = await ses()`.
 */
export const ses = lazy(() => import('./ses-client'));
