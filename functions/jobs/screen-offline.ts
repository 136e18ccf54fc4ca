import { runScreenOffline } from '../screens';
import { scheduledHandler } from '@core/jobs/scheduled-handler';

export { runScreenOffline };

/** The screen-offline job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = scheduledHandler('Screen offline', () => runScreenOffline());
