/**
 * The schedule table: every scheduled job, as plain data. The CDK jobs stack makes one Lambda and
 * one EventBridge rule per entry (infra/cdk/stacks/jobs-stack.ts), and for a job with a `worker`
 * its queue, dead-letter queue and worker Lambda; the local runtime runs the same jobs on the same
 * rates in the server's process (infra/local/jobs.ts), a worker's messages included.
 *
 * Nothing here imports a job's code: `load` imports it on first use, so the CDK app, which reads
 * the table, never loads a job (or what it imports), and neither does the local server until a job
 * is due.
 */

import type { JobName } from '@core/jobs/names';

export { queueUrlVariable } from '@core/jobs/queue-url';

/** What a job does when run: the same function its Lambda handler calls. */
export type JobRun<Report = unknown> = () => Promise<Report>;

export interface ScheduledJob<Report = unknown> {
  /** Kebab-case and unique: names the Lambda, its rule and its log lines. */
  readonly name: string;
  /** The handler module, relative to functions/; it exports `handler` (the Lambda's entry). */
  readonly entry: string;
  /** Runs every `rateMinutes` minutes (EventBridge `rate(n minutes)`; locally, a timer). */
  readonly rateMinutes: number;
  /**
   * Locally, every this many ms instead of the rate: a job whose rate in AWS is there to spare
   * providers' quotas may run more often on one machine, where a person waits for it.
   */
  readonly localPeriodMs?: number;
  /** One line, for the Lambda, the rule and the start-up log. */
  readonly description: string;
  /** What the job's Lambda needs. */
  readonly lambda: {
    /** Below the rate, so a run ends before the next is due and two runs never overlap. */
    readonly timeoutSeconds: number;
    readonly memoryMb: number;
  };
  /**
   * A job that fans out (docs/architecture.md, "Fan-out jobs"): its scheduled handler is the
   * planner, which finds the work and sends it as messages to the job's queue, and this worker
   * takes them: in AWS a Lambda of its own fed by an SQS queue (one message retried alone, then its
   * dead-letter queue), locally the same worker in the server's process.
   */
  readonly worker?: JobWorkerSpec;
  /** Imports the job's module on first use and returns what the handler runs. */
  readonly load: () => Promise<JobRun<Report>>;
}

/** A fan-out job's worker as the CDK builds it (functions/core/jobs/queue.ts has its code's side). */
export interface JobWorkerSpec {
  /** The worker's handler module, relative to functions/; it exports `handler` (an SQS handler). */
  readonly entry: string;
  /** One batch of messages; the queue's visibility timeout is six times this. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** Messages handed to one invocation at most (each succeeds or fails alone). */
  readonly batchSize: number;
  /** Invocations at once at most (the event source's maximum concurrency, 2 or more). */
  readonly maxConcurrency: number;
}

/** Checks an entry against the interface, keeping its literal name and its report type. */
const job = <const Name extends JobName, Report>(
  definition: ScheduledJob<Report> & { readonly name: Name },
): ScheduledJob<Report> & { readonly name: Name } => definition;

export const scheduledJobs = [
  job({
    name: 'cap-poll',
    entry: 'jobs/cap-poll.ts',
    rateMinutes: 1,
    description: "Polls the spaces' CAP alert feeds and keeps the alerts in force",
    lambda: {
      // A poll fetches the feeds and writes what changed: 50 s leaves room for slow feeds and
      // still ends before the next minute's run.
      timeoutSeconds: 50,
      // Mostly waiting on feeds: 256 MB parses their XML well enough, at half the price per
      // second of the API functions' 512 MB (a job's latency matters to no one).
      memoryMb: 256,
    },
    // The planner: one message per batch of distinct feed URLs, each with the spaces that list them.
    worker: {
      entry: 'jobs/cap-poll-worker.ts',
      // A batch's 20 feeds are fetched 16 at a time, each within 5 s: well within the minute.
      timeoutSeconds: 50,
      memoryMb: 256,
      batchSize: 2,
      maxConcurrency: 10,
    },
    load: () => import('./cap-poll').then((module) => () => module.runCapPollJob()),
  }),
  job({
    name: 'no-show',
    entry: 'jobs/no-show.ts',
    rateMinutes: 1,
    description: 'Releases the bookings nobody checked in to, and tells whoever made them',
    // A Query or two per space with check-in and a write per release: well within the minute.
    lambda: { timeoutSeconds: 50, memoryMb: 256 },
    load: () => import('./no-show').then((module) => () => module.runNoShowRelease()),
  }),
  job({
    name: 'screen-offline',
    entry: 'jobs/screen-offline.ts',
    rateMinutes: 1,
    description: 'Turns silent screens Offline and e-mails their recipients as each screen asks',
    lambda: { timeoutSeconds: 50, memoryMb: 256 },
    load: () => import('./screen-offline').then((module) => () => module.runScreenOffline()),
  }),
  job({
    name: 'calendar-push',
    entry: 'jobs/calendar-push.ts',
    rateMinutes: 1,
    localPeriodMs: 5_000,
    description:
      'Writes bookings of synced spaces to their linked calendars (the outbox), retrying what failed',
    // A provider call or two per booking changed, each with a 10 s limit.
    lambda: { timeoutSeconds: 55, memoryMb: 256 },
    load: () => import('./calendar-push').then((module) => () => module.runPushes()),
  }),
  job({
    name: 'calendar-pull',
    entry: 'jobs/calendar-pull.ts',
    rateMinutes: 5,
    localPeriodMs: 15_000,
    description: 'Reads what changed in the linked calendars of synced spaces into their bookings',
    // The planner: a Query per shard of the synced spaces, and one message per account's ten spaces.
    lambda: { timeoutSeconds: 60, memoryMb: 256 },
    worker: {
      entry: 'jobs/calendar-pull-worker.ts',
      // A message's spaces are read one after the other, each a few provider calls of 10 s at most.
      timeoutSeconds: 240,
      memoryMb: 512,
      batchSize: 2,
      maxConcurrency: 5,
    },
    load: () => import('./calendar-pull').then((module) => () => module.runPullJob()),
  }),
] as const;

/**
 * A job's name is one of `jobNames` (functions/core/jobs/names.ts); adding one fails the type check
 * wherever its settings must be decided (the jobs stack's access).
 */
export type { JobName };
