import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { scheduledJobs } from '../../functions/jobs/schedule';
import { routeGroups } from '@shared/api/routes';
import {
  DEVICE_PATH_PREFIX,
  edgeRateLimits,
  managedRuleGroups,
  TOO_MANY_REQUESTS,
} from '../../infra/cdk/constructs/edge-firewall';
import { thresholds } from '../../infra/cdk/stacks/monitoring-stack';
import { CLOUDFRONT_5XX_RATE_PERCENT, ORIGIN_VERIFY_HEADER } from '../../infra/cdk/stacks/web-stack';
import { logicalId, resourcesOf, synthSpaces, TEST_ALARM_EMAIL, type Synthesized } from './support';

/**
 * Running the stage: alarms that reach someone, the edge in front of the API, the table's expiry,
 * and secrets read at run time. The stage registers both calendar providers here.
 */
let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces({ context: { calendarProviders: 'google,microsoft' } });
});

type Json = Record<string, unknown>;
const props = (resource: Json) => resource.Properties as Json;

describe('alarms', () => {
  const stacksWithAlarms = () =>
    [
      [synth.stacks.monitoring, synth.templates.monitoring, synth.stacks.monitoring.alarms.topic],
      [synth.stacks.web, synth.templates.web, synth.stacks.web.alarms.topic],
    ] as const;

  it("go to one topic per stage and region, with the stage's alarmEmail subscribed", () => {
    for (const [, template] of stacksWithAlarms()) {
      template.resourceCountIs('AWS::SNS::Topic', 1);
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: TEST_ALARM_EMAIL,
      });
    }
    expect(synth.stacks.web.region).toBe('us-east-1');
  });

  it('each act on their stack’s topic when they fire and when they recover; no stack has an alarm without', () => {
    for (const [stack, template, topic] of stacksWithAlarms()) {
      const topicRef = { Ref: logicalId(stack as Stack, topic) };
      const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThan(0);
      for (const [id, alarm] of alarms) {
        expect(props(alarm).AlarmActions, id).toEqual([topicRef]);
        expect(props(alarm).OKActions, id).toEqual([topicRef]);
      }
    }
    for (const template of [
      synth.templates.data,
      synth.templates.auth,
      synth.templates.api,
      synth.templates.jobs,
    ]) {
      template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    }
  });

  const alarm = (id: string) => {
    const made = synth.stacks.monitoring.alarmsById.get(id);
    expect(made, id).toBeDefined();
    return props(
      synth.templates.monitoring.findResources('AWS::CloudWatch::Alarm')[
        logicalId(synth.stacks.monitoring, made!)
      ] as Json,
    );
  };

  it('watch the API: its 5xx rate, p99 latency and 429s', () => {
    expect(alarm('ApiServerErrorsAlarm')).toMatchObject({
      Threshold: thresholds.apiServerErrorPercent,
      EvaluationPeriods: 3,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(JSON.stringify(alarm('ApiServerErrorsAlarm').Metrics)).toContain('100 * errors / requests');
    expect(alarm('ApiLatencyAlarm')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: thresholds.apiP99LatencyMs,
    });
    expect(alarm('ApiTooManyRequestsAlarm')).toMatchObject({
      Namespace: 'Spaces/test',
      MetricName: 'ApiTooManyRequests',
      Threshold: thresholds.apiTooManyRequests,
    });
    synth.templates.api.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [
        Match.objectLike({ MetricName: 'ApiTooManyRequests', MetricNamespace: 'Spaces/test' }),
      ],
    });
  });

  it('watch every function’s errors and throttles: each route group, both authorizers, the stream consumer and each job', () => {
    const functionAlarms = [...synth.stacks.monitoring.alarmsById.keys()].filter((id) =>
      /(Errors|Throttles)Alarm$/.test(id),
    );
    const pascal = (value: string) =>
      value.replace(/(^|[-_ ])(\w)/g, (_, _s: string, c: string) => c.toUpperCase());
    const expected = [
      ...routeGroups.map((group) => pascal(`${group} routes`)),
      'DeviceAuthorizer',
      'ChannelAuthorizer',
      'RoomChanges',
      ...scheduledJobs.flatMap((job) => [
        pascal(`${job.name} job`),
        ...(job.worker ? [pascal(`${job.name} worker`)] : []),
      ]),
    ].flatMap((prefix) => [`${prefix}ErrorsAlarm`, `${prefix}ThrottlesAlarm`]);
    expect(functionAlarms.filter((id) => !/^(Api|Table)/.test(id)).sort()).toEqual(expected.sort());
  });

  it('watch the table’s throttles, on the table and each index', () => {
    const made = alarm('TableThrottlesAlarm');
    const metrics = JSON.stringify(made.Metrics);
    expect(metrics).toContain('ReadThrottleEvents');
    expect(metrics).toContain('WriteThrottleEvents');
    for (const index of ['gsi1', 'gsi2', 'gsi3', 'gsi4']) expect(metrics).toContain(index);
  });

  it('notice a job that fails, one that stops running (no data breaches), failing items and undelivered events', () => {
    for (const job of scheduledJobs) {
      const name = job.name.replace(/(^|-)(\w)/g, (_, _s: string, c: string) => c.toUpperCase());
      expect(alarm(`${name}FailingAlarm`)).toMatchObject({
        MetricName: 'Errors',
        EvaluationPeriods: thresholds.jobFailingPeriods,
        TreatMissingData: 'notBreaching',
      });
      expect(alarm(`${name}NotRunningAlarm`)).toMatchObject({
        MetricName: 'Invocations',
        ComparisonOperator: 'LessThanThreshold',
        Threshold: 1,
        TreatMissingData: 'breaching',
      });
      expect(alarm(`${name}ItemFailuresAlarm`)).toMatchObject({
        Namespace: 'Spaces/test',
        MetricName: 'JobItemFailures',
        Dimensions: expect.arrayContaining([{ Name: 'job', Value: job.name }]),
      });
      if (job.worker) {
        expect(alarm(`${name}WorkerDeadLettersAlarm`)).toMatchObject({
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Threshold: 0,
        });
      }
      expect(alarm(`${name}DeadLettersAlarm`)).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 0,
      });
    }
  });

  it("watch SES's bounce and complaint rates, the account's reputation", () => {
    expect(alarm('MailBounceRateAlarm')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: thresholds.sesBounceRate,
    });
    expect(alarm('MailComplaintRateAlarm')).toMatchObject({
      MetricName: 'Reputation.ComplaintRate',
      Threshold: thresholds.sesComplaintRate,
    });
  });

  it("watch CloudFront's 5xx rate, in us-east-1 where its metrics are", () => {
    synth.templates.web.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Threshold: CLOUDFRONT_5XX_RATE_PERCENT,
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
    });
  });

  it('are on a dashboard of the stage with the business figures', () => {
    const [[, dashboard]] = resourcesOf(synth.templates.monitoring, 'AWS::CloudWatch::Dashboard') as [
      [string, Json],
    ];
    expect(props(dashboard).DashboardName).toBe('Spaces-test');
    const body = JSON.stringify(props(dashboard).DashboardBody);
    for (const figure of [
      'BookingsMade',
      'CheckIns',
      'NoShowReleases',
      'DisplayPolls',
      'CalendarPushLag',
      'CalendarPullLag',
      'CapFeedsRead',
      '5xxErrorRate',
      'BlockedRequests',
    ]) {
      expect(body, figure).toContain(figure);
    }
  });
});

describe('the edge', () => {
  const webAcl = () => {
    const [[, acl]] = resourcesOf(synth.templates.web, 'AWS::WAFv2::WebACL') as [[string, Json]];
    return props(acl);
  };
  type Rule = { Name: string; Statement: Json; Action?: Json; OverrideAction?: Json };

  it('puts a web ACL of CLOUDFRONT scope in front of the distribution', () => {
    expect(webAcl().Scope).toBe('CLOUDFRONT');
    const aclId = synth.stacks.web.getLogicalId(synth.stacks.web.firewall.webAcl);
    synth.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } }),
    });
  });

  it("runs AWS's managed rule groups on everything but the displays' paths", () => {
    const rules = webAcl().Rules as Rule[];
    for (const name of managedRuleGroups) {
      const rule = rules.find((r) => r.Name === name)!;
      expect(rule, name).toBeDefined();
      const statement = rule.Statement.ManagedRuleGroupStatement as Json;
      expect(statement).toMatchObject({ VendorName: 'AWS', Name: name });
      expect(JSON.stringify(statement.ScopeDownStatement)).toContain(DEVICE_PATH_PREFIX);
      expect(Object.keys(statement.ScopeDownStatement as Json)).toEqual(['NotStatement']);
    }
  });

  it('limits each address on sign-in, recovery and device registration, answering 429 in the API’s shape', () => {
    const rules = webAcl().Rules as Rule[];
    for (const limit of edgeRateLimits) {
      const rule = rules.find((r) => r.Name === `RateLimit${limit.name}`)!;
      expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: limit.limit, AggregateKeyType: 'IP' });
      for (const route of limit.routes) {
        expect(JSON.stringify(rule.Statement), route.path).toContain(`/api/v1${route.path}`.toLowerCase());
      }
      expect(rule.Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } },
      });
    }
    expect(webAcl().CustomResponseBodies).toEqual({
      'too-many-requests': { ContentType: 'APPLICATION_JSON', Content: TOO_MANY_REQUESTS.body },
    });
    expect(JSON.parse(TOO_MANY_REQUESTS.body)).toEqual({ message: 'Too many requests. Try again later.' });
  });

  it('sends every API request with the origin-verify header, resolved from Secrets Manager at deploy', () => {
    const [[, distribution]] = resourcesOf(synth.templates.web, 'AWS::CloudFront::Distribution') as [
      [string, Json],
    ];
    const origins = ((props(distribution).DistributionConfig as Json).Origins as Json[]).filter(
      (origin) => origin.CustomOriginConfig,
    );
    expect(origins).toHaveLength(1);
    expect(origins[0]!.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: '{{resolve:secretsmanager:spaces/test/origin-verify:SecretString:::}}',
      },
    ]);
    // Every viewer header but Host, CloudFront-Viewer-Address included (AllViewerExceptHostHeader).
    expect(JSON.stringify(distribution)).toContain('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });
});

describe('data', () => {
  it("has the table's time to live on, for the attribute the data layer writes", () => {
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });
});

describe('secrets', () => {
  const functionsOf = (template: Template) => resourcesOf(template, 'AWS::Lambda::Function');

  it('are never in a function’s environment: calendar apps are read at run time, granted by name', () => {
    for (const template of [synth.templates.api, synth.templates.jobs]) {
      for (const [id, fn] of functionsOf(template)) {
        const text = JSON.stringify(props(fn).Environment ?? {});
        expect(text, id).not.toContain('resolve:secretsmanager');
        expect(text, id).not.toMatch(/CALENDAR_CLIENT_(ID|SECRET)/);
      }
    }
    const calendarFunctions = [
      synth.stacks.api.functions.get('calendars')!,
      synth.stacks.api.functions.get('spaces')!,
      synth.stacks.jobs.jobs.get('calendar-push')!.function,
      synth.stacks.jobs.jobs.get('calendar-pull')!.function,
      synth.stacks.jobs.jobs.get('calendar-pull')!.worker!.function,
    ];
    for (const fn of calendarFunctions) {
      const stack = fn.function.stack;
      const template = Template.fromStack(stack);
      const variables = (
        props(template.findResources('AWS::Lambda::Function')[logicalId(stack, fn.function)] as Json)
          .Environment as Json
      ).Variables as Json;
      for (const provider of ['google', 'microsoft']) {
        expect(JSON.stringify(variables[`${provider.toUpperCase()}_CALENDAR_SECRET_ARN`])).toContain(
          `secret:spaces/test/calendar/${provider}`,
        );
      }
      const granted = JSON.stringify(
        resourcesOf(template, 'AWS::IAM::Policy').filter(([, policy]) =>
          JSON.stringify(props(policy).Roles).includes(logicalId(stack, fn.role)),
        ),
      );
      for (const provider of ['google', 'microsoft']) {
        expect(granted).toContain(`secret:spaces/test/calendar/${provider}-??????`);
      }
    }
  });
});
