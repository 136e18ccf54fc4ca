import { capPollWorker } from '../cap';
import { sqsWorker } from '@core/jobs/queue';

/**
 * The CAP job's worker (functions/jobs/schedule.ts): SQS hands it the planner's messages, each a
 * batch of feed URLs to fetch once and the spaces whose alerts they make; a message that fails is
 * retried alone.
 */
export const handler = sqsWorker(capPollWorker);
