import { SQSClient } from '@aws-sdk/client-sqs';
import { clientConfig } from './client-config';

/**
 * The process's SQS client and the commands the project uses; load it through `sqs()`. There is no
 * SQS emulator locally: only AWS has the fan-out jobs' queues (functions/core/jobs/queue.ts).
 */
export { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
export const client = new SQSClient(clientConfig(undefined));
