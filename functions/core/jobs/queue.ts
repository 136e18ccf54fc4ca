import middy from '@middy/core';
import pLimit from 'p-limit';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type * as z from 'zod';
import { sqs } from '../aws/sqs';
import { logger } from '../logger';
import { countJobItemFailure, metrics } from '../observability/metrics';
import { queueUrlVariable } from './queue-url';
import type { JobName } from './names';

/**
 * The fan-out jobs' queues (docs/architecture.md, "Fan-out jobs"). A planner (the job's scheduled
 * handler) finds the work and sends it as messages; a worker does one message at a time, and a
 * message that fails is retried alone. In AWS the messages go through the job's SQS queue (its URL
 * in `<JOB>_QUEUE_URL`) to the worker's Lambda, which reports the messages that failed
 * (`batchItemFailures`) so that SQS retries those and no others, three times before the
 * dead-letter queue. Locally there is no SQS emulator, so the in-process queue stands in for it:
 * each message, serialized and read back as SQS would carry it, goes to the same worker in the
 * planner's process, a few at a time as the worker's Lambdas would take them; one that fails is
 * logged and counted, and waits for the next run's plan.
 */

/** What takes a job's messages: the worker's work on one message, and how a message is read back. */
export interface JobWorker<Message, Report, Options = undefined> {
  readonly job: JobName;
  /** Checks a message read from the queue. */
  readonly schema: z.ZodType<Message>;
  /** One message's work. Throwing fails this message alone. */
  work(message: Message, options?: Options): Promise<Report>;
}

/** Where a planner's messages go. */
interface JobQueue<Message> {
  /** `sqs`: to the worker's Lambda (its reports are in its own log); `in-process`: done here. */
  readonly kind: 'sqs' | 'in-process';
  send(messages: readonly Message[]): Promise<void>;
}

/** A message as the worker receives it: JSON, checked against the worker's schema. */
function receive<Message, Report, Options>(
  worker: JobWorker<Message, Report, Options>,
  body: string,
  options?: Options,
): Promise<Report> {
  return worker.work(worker.schema.parse(JSON.parse(body)), options);
}

/** SendMessageBatch takes 10 messages at most, of 256 KiB together. */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 256 * 1024;

/** The job's SQS queue: SendMessageBatch by tens; a message SQS turns down fails the run. */
export function sqsQueue<Message>(url: string): JobQueue<Message> {
  return {
    kind: 'sqs',
    send: async (messages) => {
      const bodies = messages.map((message) => JSON.stringify(message));
      const batches: string[][] = [];
      let batch: string[] = [];
      let bytes = 0;
      for (const body of bodies) {
        const size = Buffer.byteLength(body);
        if (batch.length === BATCH_ENTRIES || (batch.length > 0 && bytes + size > BATCH_BYTES)) {
          batches.push(batch);
          batch = [];
          bytes = 0;
        }
        batch.push(body);
        bytes += size;
      }
      if (batch.length) batches.push(batch);
      const { client, SendMessageBatchCommand } = await sqs();
      const refused: string[] = [];
      for (const entries of batches) {
        let pending = entries.map((MessageBody, index) => ({ Id: String(index), MessageBody }));
        // Entries SQS could not take at once (throttling) are sent once more; what it still turns
        // down fails the run, whose next run plans the same work again.
        for (let attempt = 1; pending.length; attempt++) {
          const failed =
            (await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: pending }))).Failed ??
            [];
          if (attempt === 2 || failed.every((entry) => entry.SenderFault)) {
            refused.push(...failed.map((entry) => `${entry.Code}: ${entry.Message ?? ''}`));
            break;
          }
          const again = new Set(failed.map((entry) => entry.Id));
          pending = pending.filter((entry) => again.has(entry.Id));
        }
      }
      if (refused.length) {
        throw new Error(`${refused.length} of ${messages.length} messages were not queued (${refused[0]})`);
      }
    },
  };
}

/** Messages the in-process queue works at once (in AWS, the event source's maximum concurrency). */
const IN_PROCESS_CONCURRENCY = 4;

/**
 * The queue's stand-in in the planner's process: each message to the worker, a few at a time, and
 * `send` settles when all are done. A message that fails is logged and counted as a failed item of
 * the job; the others go on.
 */
export function inProcessQueue<Message, Report, Options>(
  worker: JobWorker<Message, Report, Options>,
  done: (report: Report) => void,
  options?: Options,
): JobQueue<Message> {
  return {
    kind: 'in-process',
    send: async (messages) => {
      await pLimit(IN_PROCESS_CONCURRENCY).map(messages, async (message) => {
        try {
          done(await receive(worker, JSON.stringify(message), options));
        } catch (error) {
          countJobItemFailure(worker.job);
          logger.error(`A ${worker.job} message failed`, error as Error);
        }
      });
    },
  };
}

/**
 * The job's queue as configured: SQS where `<JOB>_QUEUE_URL` names one (AWS), the in-process
 * stand-in otherwise (the local runtime, the tests), whose worker reports reach `done`.
 */
export function jobQueue<Message, Report, Options>(
  worker: JobWorker<Message, Report, Options>,
  done: (report: Report) => void,
  options?: Options,
): JobQueue<Message> {
  const url = process.env[queueUrlVariable(worker.job)];
  return url ? sqsQueue(url) : inProcessQueue(worker, done, options);
}

/**
 * The worker's Lambda handler: the messages of a batch at once, each checked and worked alone; the
 * ones that failed are logged, counted and reported to SQS (partial batch failure), which retries
 * them and not the others. The metrics are flushed once per invocation.
 */
export function sqsWorker<Message, Report, Options>(worker: JobWorker<Message, Report, Options>) {
  return middy<SQSEvent, SQSBatchResponse>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async (event) => {
      const outcomes = await Promise.allSettled(event.Records.map((record) => receive(worker, record.body)));
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      const reports: Report[] = [];
      outcomes.forEach((outcome, index) => {
        const record = event.Records[index]!;
        if (outcome.status === 'fulfilled') {
          reports.push(outcome.value);
          return;
        }
        batchItemFailures.push({ itemIdentifier: record.messageId });
        countJobItemFailure(worker.job);
        logger.error(`A ${worker.job} message failed`, {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error: outcome.reason as Error,
        });
      });
      logger.info(`${worker.job} worker`, { reports, failed: batchItemFailures.length });
      return { batchItemFailures };
    });
}
