import { lazy } from './lazy';

/**
 * SQS, loaded on first use: only the planners of the fan-out jobs send messages, and only in AWS.
 * `const { client, SendMessageBatchCommand } = await sqs()`.
 */
export const sqs = lazy(() => import('./sqs-client'));
