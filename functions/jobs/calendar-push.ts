import { runPushes } from '../calendars';
import { scheduledHandler } from '@core/jobs/scheduled-handler';

export { runPushes };

/** The calendar push job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = scheduledHandler('Calendar push', () => runPushes());
