import { pullWorker } from '../calendars';
import { sqsWorker } from '@core/jobs/queue';

/**
 * The calendar pull job's worker (functions/jobs/schedule.ts): SQS hands it the planner's
 * messages, each an account's synced spaces to read; a message that fails is retried alone.
 */
export const handler = sqsWorker(pullWorker);
