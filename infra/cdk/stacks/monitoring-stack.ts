import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { JobName } from '@functions/jobs/schedule';
import { JOB_DIMENSION, METRICS_SERVICE, MetricName, metricsNamespace } from '@core/observability/catalogue';
import { tableDefinition } from '@core/table/definition';
import { EDGE_REGION, type StageConfig } from '../config';
import { AlarmTopic } from '../constructs/alarm-topic';
import type { ApiFunction } from '../constructs/api-function';
import type { ApiStack } from './api-stack';
import type { JobsStack } from './jobs-stack';
import type { WebStack } from './web-stack';

/**
 * The thresholds of the stage's alarms, with why (docs/deployment.md "Alarms"). Periods are five
 * minutes unless a job's rate asks for longer.
 */
export const thresholds = {
  /** Share of API requests answered 5xx, 3 periods running, once at least 20 requests came. */
  apiServerErrorPercent: 2,
  apiMinimumRequests: 20,
  /** p99 of API Gateway's latency: a request path is a few DynamoDB calls, a dependency's timeout 6 s. */
  apiP99LatencyMs: 3000,
  /** 429s in a period, 2 periods running: throttles or limits hit by more than one noisy client. */
  apiTooManyRequests: 100,
  /** A route group's function errors (crashes, timeouts; handled errors are answers) in a period. */
  functionErrors: 5,
  /** Throttled invocations of a function in a period (reserved concurrency or the account's). */
  functionThrottles: 10,
  /** DynamoDB throttle events (table and indexes) in a period. */
  tableThrottles: 10,
  /** A job whose runs fail this many periods running. */
  jobFailingPeriods: 3,
  /** A job whose items fail in this many periods running (some item never goes through). */
  jobItemFailingPeriods: 3,
  /** SES's account reputation: AWS reviews an account at a 5% bounce rate and 0.1% complaints. */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
  /**
   * Age of the newest stream record the room-changes consumer has read (its iterator age): past a
   * minute, changes reach the displays later than their poll would bring them.
   */
  roomChangesIteratorAgeMs: 60_000,
  /** Publishes the push channel refused (4xx: signing, throttling) or failed (5xx) in a period. */
  channelPublishErrors: 5,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

export interface MonitoringStackProps extends StackProps {
  readonly config: StageConfig;
  readonly table: ITable;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
}

/**
 * What tells an operator the stage is unwell: one SNS topic with the stage's `alarmEmail`, every
 * alarm of the stage's region acting on it, and a dashboard of the same figures with the business
 * ones (functions/core/observability/catalogue.ts). The distribution's alarm is the Web stack's, in
 * us-east-1 where CloudFront's metrics are; this dashboard shows them from there.
 */
export class MonitoringStack extends Stack {
  readonly alarms: AlarmTopic;
  readonly dashboard: cloudwatch.Dashboard;
  /** Every alarm of this stack, by construct id. */
  readonly alarmsById = new Map<string, cloudwatch.Alarm>();

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, api, jobs, web } = props;
    const stage = config.stage;
    this.alarms = new AlarmTopic(this, 'Alarms', { email: config.alarmEmail, stage });
    const alarm = (alarmId: string, alarmProps: cloudwatch.AlarmProps) => {
      const made = this.alarms.alarm(this, alarmId, {
        ...alarmProps,
        alarmDescription: `Spaces ${stage}: ${alarmProps.alarmDescription}`,
      });
      this.alarmsById.set(alarmId, made);
      return made;
    };

    // --- The API ---------------------------------------------------------------------------
    const requests = api.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = api.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrorRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${thresholds.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx (% of requests)',
      period: FIVE_MINUTES,
    });
    alarm('ApiServerErrorsAlarm', {
      alarmDescription: `more than ${thresholds.apiServerErrorPercent}% of API requests answered 5xx for 15 minutes`,
      metric: serverErrorRate,
      threshold: thresholds.apiServerErrorPercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const latencyP99 = api.api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' });
    alarm('ApiLatencyAlarm', {
      alarmDescription: `the API's p99 latency stayed above ${thresholds.apiP99LatencyMs} ms for 15 minutes`,
      metric: latencyP99,
      threshold: thresholds.apiP99LatencyMs,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const tooMany = api.tooManyRequests.with({ period: FIVE_MINUTES, statistic: 'Sum' });
    alarm('ApiTooManyRequestsAlarm', {
      alarmDescription: `the API answered more than ${thresholds.apiTooManyRequests} requests with 429 in each of 2 periods of 5 minutes`,
      metric: tooMany,
      threshold: thresholds.apiTooManyRequests,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // --- Every function: errors and throttles ------------------------------------------------
    const functions: Array<[string, ApiFunction]> = [
      ...[...api.functions].map(([group, fn]): [string, ApiFunction] => [`${group} routes`, fn]),
      ['device authorizer', api.deviceAuthorizer],
      ['channel authorizer', api.displayChannel.authorizer],
      ['room changes', api.displayChannel.roomChanges],
      ...[...jobs.jobs].flatMap(([name, made]): Array<[string, ApiFunction]> => [
        [`${name} job`, made.function],
        ...(made.worker ? [[`${name} worker`, made.worker.function] as [string, ApiFunction]] : []),
      ]),
    ];
    for (const [label, fn] of functions) {
      const prefix = pascal(label);
      alarm(`${prefix}ErrorsAlarm`, {
        alarmDescription: `the ${label} function failed more than ${thresholds.functionErrors} times in 5 minutes (see its logs)`,
        metric: fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: thresholds.functionErrors,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm(`${prefix}ThrottlesAlarm`, {
        alarmDescription: `the ${label} function was throttled more than ${thresholds.functionThrottles} times in 5 minutes (its reserved concurrency, or the account's)`,
        metric: fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: thresholds.functionThrottles,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    // --- The table -----------------------------------------------------------------------------
    const throttleMetrics: Record<string, cloudwatch.IMetric> = {};
    const indexes = [undefined, ...tableDefinition.globalSecondaryIndexes.map((index) => index.indexName)];
    indexes.forEach((indexName, i) => {
      for (const kind of ['Read', 'Write'] as const) {
        throttleMetrics[`${kind.toLowerCase()}${i}`] = new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: {
            TableName: props.table.tableName,
            ...(indexName && { GlobalSecondaryIndexName: indexName }),
          },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        });
      }
    });
    const tableThrottles = new cloudwatch.MathExpression({
      expression: Object.keys(throttleMetrics).join(' + '),
      usingMetrics: throttleMetrics,
      label: 'DynamoDB throttle events (table and indexes)',
      period: FIVE_MINUTES,
    });
    alarm('TableThrottlesAlarm', {
      alarmDescription: `DynamoDB throttled more than ${thresholds.tableThrottles} requests in 5 minutes`,
      metric: tableThrottles,
      threshold: thresholds.tableThrottles,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // --- The jobs: failing, not running, items failing, events not delivered ----------------------
    const business = (name: MetricName, extra: Record<string, string> = {}, statistic = 'Sum') =>
      new cloudwatch.Metric({
        namespace: metricsNamespace(stage),
        metricName: name,
        dimensionsMap: { service: METRICS_SERVICE, ...extra },
        statistic,
        period: FIVE_MINUTES,
      });
    // In alarm as soon as a dead-letter queue holds a message.
    const deadLettersAlarm = (alarmId: string, queue: IQueue, alarmDescription: string) =>
      alarm(alarmId, {
        alarmDescription,
        metric: queue.metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          statistic: 'Maximum',
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    for (const [name, made] of jobs.jobs) {
      const prefix = pascal(name);
      const period = Duration.minutes(Math.max(5, made.job.rateMinutes));
      alarm(`${prefix}FailingAlarm`, {
        alarmDescription: `the ${name} job failed in each of the last ${thresholds.jobFailingPeriods} periods of ${period.toMinutes()} min (see its logs)`,
        metric: made.function.function.metricErrors({ period, statistic: 'Sum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: thresholds.jobFailingPeriods,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      // Runs every rateMinutes: two periods of at least three runs with none is a schedule that
      // stopped (a disabled rule, a broken deploy). No data is no run, so it breaches.
      const silentPeriod = Duration.minutes(Math.max(5, made.job.rateMinutes * 3));
      alarm(`${prefix}NotRunningAlarm`, {
        alarmDescription: `the ${name} job did not run for ${2 * silentPeriod.toMinutes()} minutes (it runs every ${made.job.rateMinutes} min)`,
        metric: made.function.function.metricInvocations({ period: silentPeriod, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 2,
        treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      });
      alarm(`${prefix}ItemFailuresAlarm`, {
        alarmDescription: `items of the ${name} job failed in each of the last ${thresholds.jobItemFailingPeriods} periods of ${period.toMinutes()} min (see its logs)`,
        metric: business(MetricName.JobItemFailures, { [JOB_DIMENSION]: name }).with({ period }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: thresholds.jobItemFailingPeriods,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      deadLettersAlarm(
        `${prefix}DeadLettersAlarm`,
        made.deadLetters,
        `EventBridge could not invoke the ${name} job (see its dead-letter queue)`,
      );
      if (made.worker) {
        deadLettersAlarm(
          `${prefix}WorkerDeadLettersAlarm`,
          made.worker.deadLetters,
          `the ${name} worker failed a message on each of its receives (see its dead-letter queue)`,
        );
      }
    }

    // --- The displays' push channel: the stream's consumer and the publishes ---------------------
    const channel = api.displayChannel;
    const iteratorAge = channel.roomChanges.function.metric('IteratorAge', {
      period: Duration.minutes(1),
      statistic: 'Maximum',
    });
    alarm('RoomChangesIteratorAgeAlarm', {
      alarmDescription: `the room-changes consumer read the table's stream more than ${thresholds.roomChangesIteratorAgeMs / 1000} s late for 5 minutes (displays learn of changes by polling)`,
      metric: iteratorAge,
      threshold: thresholds.roomChangesIteratorAgeMs,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 5,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    deadLettersAlarm(
      'RoomChangesFailuresAlarm',
      channel.failures,
      "the room-changes consumer failed a batch of the table's stream on every attempt (see its failure queue and logs)",
    );
    const publishErrors = (metricName: '4XXError' | '5XXError') =>
      new cloudwatch.Metric({
        namespace: 'AWS/AppSync',
        metricName,
        dimensionsMap: { EventAPIId: channel.api.apiId },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    for (const kind of ['4XXError', '5XXError'] as const) {
      alarm(`ChannelPublish${kind}Alarm`, {
        alarmDescription: `the displays' push channel answered more than ${thresholds.channelPublishErrors} publishes with ${kind.slice(0, 3).toLowerCase()} in 5 minutes (displays learn of changes by polling)`,
        metric: publishErrors(kind),
        threshold: thresholds.channelPublishErrors,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    // --- Mail: the account's reputation -----------------------------------------------------------
    const reputation = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: 'Maximum',
        period: Duration.minutes(15),
      });
    alarm('MailBounceRateAlarm', {
      alarmDescription: `SES's bounce rate passed ${thresholds.sesBounceRate * 100}% (AWS reviews sending at 5% and may pause it at 10%)`,
      metric: reputation('Reputation.BounceRate'),
      threshold: thresholds.sesBounceRate,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm('MailComplaintRateAlarm', {
      alarmDescription: `SES's complaint rate passed ${thresholds.sesComplaintRate * 100}% (AWS reviews sending at 0.1% and may pause it at 0.5%)`,
      metric: reputation('Reputation.ComplaintRate'),
      threshold: thresholds.sesComplaintRate,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // --- The dashboard ----------------------------------------------------------------------------
    const edge = (
      metricName: string,
      statistic: string,
      dimensionsMap: Record<string, string>,
      namespace: string,
    ) =>
      new cloudwatch.Metric({
        namespace,
        metricName,
        dimensionsMap,
        statistic,
        period: FIVE_MINUTES,
        region: EDGE_REGION,
      });
    const distribution = { DistributionId: web.distribution.distributionId, Region: 'Global' };
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `Spaces-${stage}`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          new cloudwatch.AlarmStatusWidget({
            title: 'Alarms',
            alarms: [...this.alarmsById.values()],
            width: 24,
            height: 4,
          }),
        ],
        [
          graph('API requests and 5xx', [requests, serverErrors]),
          graph('API latency (p50, p99)', [
            api.api.metricLatency({ period: FIVE_MINUTES, statistic: 'p50' }),
            latencyP99,
          ]),
          graph('API 429s', [tooMany]),
        ],
        [
          graph(
            'Function errors',
            functions.map(([label, fn]) =>
              fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label }),
            ),
            12,
          ),
          graph(
            'Function throttles',
            functions.map(([label, fn]) =>
              fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum', label }),
            ),
            12,
          ),
        ],
        [
          graph('DynamoDB throttles', [tableThrottles]),
          graph('Mail reputation', [
            reputation('Reputation.BounceRate'),
            reputation('Reputation.ComplaintRate'),
          ]),
          graph('Edge (us-east-1): requests, 5xx %, blocked by the web ACL', [
            edge('Requests', 'Sum', distribution, 'AWS/CloudFront'),
            edge('5xxErrorRate', 'Average', distribution, 'AWS/CloudFront'),
            edge('BlockedRequests', 'Sum', { WebACL: `spaces-${stage}-WebAcl`, Rule: 'ALL' }, 'AWS/WAFV2'),
          ]),
        ],
        [
          graph('Bookings and check-ins', [
            business(MetricName.BookingsMade),
            business(MetricName.CheckIns),
            business(MetricName.NoShowReleases),
          ]),
          graph('Room screens polling', [business(MetricName.DisplayPolls)]),
          graph('CAP feeds read', [business(MetricName.CapFeedsRead)]),
        ],
        [
          graph('Linked calendars: pushes and pulls', [
            business(MetricName.CalendarPushes),
            business(MetricName.CalendarPulls),
          ]),
          graph('Linked calendars: lag (p90, ms)', [
            business(MetricName.CalendarPushLag, {}, 'p90'),
            business(MetricName.CalendarPullLag, {}, 'p90'),
          ]),
          graph(
            'Job items failed',
            [...jobs.jobs.keys()].map((name: JobName) =>
              business(MetricName.JobItemFailures, { [JOB_DIMENSION]: name }).with({ label: name }),
            ),
          ),
        ],
        [
          graph('Push channel: stream lag (ms), publish errors', [
            iteratorAge.with({ period: FIVE_MINUTES }),
            publishErrors('4XXError').with({ label: 'Publishes refused (4xx)' }),
            publishErrors('5XXError').with({ label: 'Publishes failed (5xx)' }),
          ]),
        ],
      ],
    });
  }
}

function pascal(value: string): string {
  return value.replace(/(^|[-_ ])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
}
