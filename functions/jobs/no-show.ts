import { runNoShowRelease } from '../services/no-show';
import { scheduledHandler } from './scheduled-handler';

export { runNoShowRelease };

/** The no-show job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = scheduledHandler('No-show release', () => runNoShowRelease());
