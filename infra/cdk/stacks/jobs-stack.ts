import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { scheduledJobs, type JobName, type ScheduledJob } from '../../../functions/jobs/schedule';
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
/** A job that fails this many periods in a row raises its errors alarm. */
const FAILING_PERIODS = 3;

/** `functionsDir` holds the jobs' handler modules (the schedule table's `entry`). */
export interface JobsStackProps extends StackProps, ServiceProps {}

/** What the stack makes for one job of the schedule table. */
export interface JobResources {
  readonly job: ScheduledJob;
  readonly function: ApiFunction;
  readonly rule: events.Rule;
  /** Due events EventBridge could not hand to the Lambda service, after its retries. */
  readonly deadLetters: sqs.Queue;
  /** In alarm while the dead-letter queue holds a message. */
  readonly deadLettersAlarm: cloudwatch.Alarm;
  /** In alarm when the job's runs fail {@link FAILING_PERIODS} periods in a row. */
  readonly errorsAlarm: cloudwatch.Alarm;
}

/**
 * The scheduled jobs of functions/jobs/schedule.ts: for each, a Lambda built like the API's
 * (ApiFunction: Node.js 24, arm64, local esbuild bundle, its own log group and role), an
 * EventBridge rule that invokes it every `rateMinutes`, a dead-letter queue for events that could
 * not be delivered, and alarms on that queue and on the job's errors.
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
      }).bindTable(props.table, jobAccess[job.name].table);
      if (jobAccess[job.name].mail) fn.allowSendEmail(config.mailFrom);
      if (jobAccess[job.name].calendarTokens) fn.allowCalendarTokens(props.calendarKey, config.calendars);
      // EventBridge invokes asynchronously. A failed run is not retried by Lambda: the next run is
      // due within the rate and does the same work, and a retry could overlap it.
      fn.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: staleAfter });

      const deadLetters = new sqs.Queue(this, `${id}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself a dead-letter queue: the job's EventBridge target sends it the events it could not deliver.",
      });

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

      const deadLettersAlarm = new cloudwatch.Alarm(this, `${id}DeadLettersAlarm`, {
        alarmDescription: `Spaces ${config.stage}: EventBridge could not invoke the ${job.name} job (see its dead-letter queue)`,
        metric: deadLetters.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        threshold: 0,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      const period = Duration.minutes(Math.max(5, job.rateMinutes));
      const errorsAlarm = new cloudwatch.Alarm(this, `${id}ErrorsAlarm`, {
        alarmDescription: `Spaces ${config.stage}: the ${job.name} job failed in each of the last ${FAILING_PERIODS} periods of ${period.toMinutes()} min (see its logs)`,
        metric: fn.function.metricErrors({ period, statistic: cloudwatch.Stats.SUM }),
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        threshold: 0,
        evaluationPeriods: FAILING_PERIODS,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

      jobs.set(job.name, { job, function: fn, rule, deadLetters, deadLettersAlarm, errorsAlarm });
    }
    this.jobs = jobs;
  }
}

function pascal(value: string): string {
  return value.replace(/(^|[-_])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
}
