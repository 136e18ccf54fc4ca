import { runPullJob, runPulls } from '../calendars';
import { scheduledHandler } from '@core/jobs/scheduled-handler';

export { runPullJob, runPulls };

/**
 * The calendar pull job's planner (functions/jobs/schedule.ts): EventBridge invokes it every 5
 * minutes; it sends a message per account's synced spaces to the job's queue, which the worker
 * (calendar-pull-worker.ts) takes.
 */
export const handler = scheduledHandler('Calendar pull', () => runPullJob());
