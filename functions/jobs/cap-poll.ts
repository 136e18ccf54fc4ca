import { runCapPoll, runCapPollJob } from '../cap';
import { scheduledHandler } from '@core/jobs/scheduled-handler';

export { runCapPoll, runCapPollJob };

/**
 * The CAP job's planner (functions/jobs/schedule.ts): EventBridge invokes it every minute; it sends
 * the distinct feed URLs of the watching spaces, in batches with the spaces that list them, to the
 * job's queue, which the worker (cap-poll-worker.ts) takes. Feeds that fail are in the workers'
 * reports, not thrown.
 */
export const handler = scheduledHandler('CAP poll', () => runCapPollJob());
