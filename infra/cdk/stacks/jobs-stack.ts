import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { queueUrlVariable, scheduledJobs, type JobName, type ScheduledJob } from '@functions/jobs/schedule';
import { ApiFunction, type TableAccess } from '../constructs/api-function';
import { defaultFunctionsDir, serviceEnvironment, type ServiceProps } from './service-props';

/**
 * What each job's Lambda may touch. Adding a job to the schedule table fails the type check here
 * until its access is decided.
 */
interface JobAccess {
  readonly table: TableAccess;
  /** Send e-mail from MAIL_FROM. */
  readonly mail?: boolean;
  /** Open linked calendars' refresh tokens and call the providers. */
  readonly calendarTokens?: boolean;
}

export const jobAccess: Record<JobName, JobAccess> = {
  'cap-poll': { table: 'write' },
  'no-show': { table: 'write', mail: true },
  'screen-offline': { table: 'write', mail: true },
  'calendar-push': { table: 'write', calendarTokens: true },
  'calendar-pull': { table: 'write', calendarTokens: true },
};

/** How many times EventBridge retries handing a due event to the Lambda service. */
const DELIVERY_RETRIES = 2;
/**
 * A scheduled run's concurrency, reserved and capped: one run at a time (a run that outlasts its
 * rate makes the next wait, not overlap), and no job can take the API's or the displays' share.
 */
export const JOB_CONCURRENCY = 1;

/** `functionsDir` holds the jobs' handler modules (the schedule table's `entry`). */
export interface JobsStackProps extends StackProps, ServiceProps {}

/** What the stack makes for one job of the schedule table. */
export interface JobResources {
  readonly job: ScheduledJob;
  readonly function: ApiFunction;
  readonly rule: events.Rule;
  /** Due events EventBridge could not hand to the Lambda service, after its retries. */
  readonly deadLetters: sqs.Queue;
  /** A job that fans out (the schedule table's `worker`): its worker's Lambda and queues. */
  readonly worker?: JobWorkerResources;
}

/** A fan-out job's worker (docs/architecture.md, "Fan-out jobs"). */
export interface JobWorkerResources {
  /** The SQS handler, with the job's access. */
  readonly function: ApiFunction;
  /** The planner's messages; the job's function may only send to it. */
  readonly queue: sqs.Queue;
  /** Messages the worker failed {@link WORKER_RECEIVES} times. */
  readonly deadLetters: sqs.Queue;
}

/** How many times the worker gets a message before it goes to the dead-letter queue. */
export const WORKER_RECEIVES = 3;
/** A queue's visibility timeout, in the worker's timeouts (AWS's advice for SQS event sources: six). */
const VISIBILITY_TIMEOUTS = 6;

/**
 * The scheduled jobs of functions/jobs/schedule.ts: for each, a Lambda built like the API's
 * (ApiFunction: Node.js 24, arm64, local esbuild bundle, its own log group and role), an
 * EventBridge rule that invokes it every `rateMinutes`, and a dead-letter queue for events that
 * could not be delivered; for a job that fans out, its worker (`worker` below). Their alarms are the
 * Monitoring stack's.
 */
export class JobsStack extends Stack {
  readonly jobs: ReadonlyMap<JobName, JobResources>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const functionsDir = props.functionsDir ?? defaultFunctionsDir();

    // The jobs share the API's services and configuration (no session secret: they sign nothing).
    const environment = serviceEnvironment(props);

    const jobs = new Map<JobName, JobResources>();
    for (const job of scheduledJobs) {
      const id = pascal(job.name);
      const rate = Duration.minutes(job.rateMinutes);
      // An event older than the job's rate has been overtaken by the next one (at least the
      // minute both services accept).
      const staleAfter = Duration.seconds(Math.max(60, rate.toSeconds()));

      const fn = new ApiFunction(this, `${id}Function`, {
        entry: join(functionsDir, job.entry),
        description: `Spaces ${config.stage}: ${job.description}`,
        environment,
        logRetention: config.logRetention,
        logRemovalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        memorySize: job.lambda.memoryMb,
        timeout: Duration.seconds(job.lambda.timeoutSeconds),
        reservedConcurrency: JOB_CONCURRENCY,
      }).bindTable(props.table, jobAccess[job.name].table);
      if (jobAccess[job.name].mail) fn.allowSendEmail(config.mailFrom);
      if (jobAccess[job.name].calendarTokens) fn.allowCalendarTokens(props.calendarKey, config.calendars);
      // EventBridge invokes asynchronously. A failed run is not retried by Lambda: the next run is
      // due within the rate and does the same work, and a retry could overlap it.
      fn.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: staleAfter });

      const deadLetters = this.deadLetterQueue(
        `${id}DeadLetters`,
        "the job's EventBridge target sends it the events it could not deliver",
      );

      const rule = new events.Rule(this, `${id}Schedule`, {
        description: `Spaces ${config.stage}: ${job.name} every ${job.rateMinutes} min`,
        schedule: events.Schedule.rate(rate),
        targets: [
          new targets.LambdaFunction(fn.function, {
            retryAttempts: DELIVERY_RETRIES,
            maxEventAge: staleAfter,
            deadLetterQueue: deadLetters,
          }),
        ],
      });

      const worker = job.worker && this.worker(job, fn, { functionsDir, environment, props });

      jobs.set(job.name, { job, function: fn, rule, deadLetters, ...(worker ? { worker } : {}) });
    }
    this.jobs = jobs;
  }

  /**
   * A fan-out job's worker: its Lambda (built and granted as the job's), the queue the job's
   * function sends its messages to (and may do nothing else with), a dead-letter queue after
   * {@link WORKER_RECEIVES} receives, and the event source that hands the worker its batches,
   * reporting the messages that failed so that SQS retries those alone.
   */
  /** A dead-letter queue (SSE, TLS only, 14 days), and why it needs no dead-letter queue of its own. */
  private deadLetterQueue(id: string, whatSendsIt: string): sqs.Queue {
    const queue = new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself a dead-letter queue: ${whatSendsIt}.`,
    });
    return queue;
  }

  private worker(
    job: ScheduledJob,
    planner: ApiFunction,
    {
      functionsDir,
      environment,
      props,
    }: { functionsDir: string; environment: Record<string, string>; props: JobsStackProps },
  ): JobWorkerResources {
    const { config } = props;
    const spec = job.worker!;
    const id = `${pascal(job.name)}Worker`;
    const access = jobAccess[job.name as JobName];
    const fn = new ApiFunction(this, `${id}Function`, {
      entry: join(functionsDir, spec.entry),
      description: `Spaces ${config.stage}: ${job.name} worker (the messages of its planner)`,
      environment,
      logRetention: config.logRetention,
      logRemovalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
    }).bindTable(props.table, access.table);
    if (access.mail) fn.allowSendEmail(config.mailFrom);
    if (access.calendarTokens) fn.allowCalendarTokens(props.calendarKey, config.calendars);

    const deadLetters = this.deadLetterQueue(
      `${id}DeadLetters`,
      `the ${job.name} queue sends it the messages its worker failed ${WORKER_RECEIVES} times`,
    );
    const queue = new sqs.Queue(this, `${id}Queue`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(VISIBILITY_TIMEOUTS * spec.timeoutSeconds),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: WORKER_RECEIVES },
    });
    fn.function.addEventSource(
      new SqsEventSource(queue, {
        batchSize: spec.batchSize,
        maxConcurrency: spec.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );

    // The planner sends, and nothing else: SendMessage (SendMessageBatch's permission) on this queue.
    queue.grant(planner.role, 'sqs:SendMessage');
    planner.function.addEnvironment(queueUrlVariable(job.name), queue.queueUrl);
    return { function: fn, queue, deadLetters };
  }
}

function pascal(value: string): string {
  return value.replace(/(^|[-_])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
}
