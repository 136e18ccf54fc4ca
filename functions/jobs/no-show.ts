import { runNoShowRelease } from '../bookings';
import { scheduledHandler } from '@core/jobs/scheduled-handler';

export { runNoShowRelease };

/** The no-show job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = scheduledHandler('No-show release', () => runNoShowRelease());
