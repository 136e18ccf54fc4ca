import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { ulid } from 'ulid';
import { routeGroups } from '@shared/api/routes';
import { deviceEntity } from '../../functions/core/table/model/devices';
import * as models from '../../functions/core/table/model/venues';
import * as people from '../../functions/core/table/model/people';
import * as content from '../../functions/core/table/model/screen-content';
import {
  DEVICE_KEY_PREFIX,
  DEVICE_TOKEN_PATTERN,
  DISPLAYS_NAMESPACE,
  DISPLAYS_NAMESPACE_CODE,
  ROOM_CHANGES_STREAM,
  ROOM_ENTITIES,
} from '../../infra/cdk/constructs/display-channel';
import { thresholds } from '../../infra/cdk/stacks/monitoring-stack';
import { logicalId, resourcesOf, synthSpaces, type Synthesized } from './support';

/**
 * The room displays' push channel in AWS (docs/architecture.md §7, "Push channel in AWS"), in a
 * dev stage (logs at DEBUG) and the prod stage: the AppSync Events API, its namespace, the table's stream
 * and its consumer, what the functions are told and granted, the alarms and the SPA's CSP.
 */
const stages = {
  dev: () => synthSpaces(),
  prod: () => synthSpaces({ context: { stage: 'prod' } }),
};
const synthesized = new Map<string, Synthesized>();
beforeAll(() => {
  for (const [name, synth] of Object.entries(stages)) synthesized.set(name, synth());
});

type Json = Record<string, unknown>;
interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: Json;
}
const actionsOf = (statement: Statement) => [statement.Action].flat();
const propsOf = (resource: Json | undefined) => (resource?.Properties ?? {}) as Json;

/** What a cross-stack reference reads: the producing stack's output value. */
function producedValue(synth: Synthesized, reference: unknown): unknown {
  const { StackName, OutputName } = (
    reference as { 'Fn::GetStackOutput': { StackName: string; OutputName: string } }
  )['Fn::GetStackOutput'];
  const [name] = Object.entries(synth.stacks).find(
    ([, stack]) => stack instanceof Stack && stack.stackName === StackName,
  )!;
  const template = synth.templates[name as keyof Synthesized['templates']].toJSON() as {
    Outputs: Record<string, { Value: unknown }>;
  };
  return template.Outputs[OutputName]?.Value;
}

describe.each(Object.keys(stages))('the %s stage', (stage) => {
  const synth = () => synthesized.get(stage)!;
  const api = () => synth().stacks.api;
  const channel = () => api().displayChannel;
  const apiTemplate = () => synth().templates.api;
  const id = (construct: { node: { defaultChild?: unknown } }) => logicalId(api(), construct);
  const resource = (type: string, logical: string) => apiTemplate().findResources(type)[logical] as Json;
  const theOne = (type: string): Json => {
    const found = resourcesOf(apiTemplate(), type);
    expect(found, type).toHaveLength(1);
    return found[0]![1];
  };
  const statementsOf = (role: { node: { defaultChild?: unknown } }): Statement[] => {
    const roleId = id(role);
    return resourcesOf(apiTemplate(), 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(propsOf(policy).Roles).includes(`"${roleId}"`))
      .flatMap(([, policy]) => (propsOf(policy).PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const variablesOf = (fn: { function: { node: { defaultChild?: unknown } } }) =>
    (propsOf(resource('AWS::Lambda::Function', id(fn.function))).Environment as { Variables: Json })
      .Variables;

  describe('the Event API', () => {
    it('lets displays connect and subscribe with their device token (Lambda) and publishing only with IAM', () => {
      const eventConfig = propsOf(theOne('AWS::AppSync::Api')).EventConfig as Json;
      expect(eventConfig).toMatchObject({
        ConnectionAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        DefaultSubscribeAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        DefaultPublishAuthModes: [{ AuthType: 'AWS_IAM' }],
      });
      const providers = eventConfig.AuthProviders as Json[];
      expect(providers.map((provider) => provider.AuthType).toSorted()).toEqual(['AWS_IAM', 'AWS_LAMBDA']);
      expect(providers.find((provider) => provider.AuthType === 'AWS_LAMBDA')).toMatchObject({
        LambdaAuthorizerConfig: {
          AuthorizerUri: { 'Fn::GetAtt': [id(channel().authorizer.function), 'Arn'] },
          AuthorizerResultTtlInSeconds: 300,
          IdentityValidationExpression: DEVICE_TOKEN_PATTERN,
        },
      });
      expect(JSON.stringify(providers)).not.toContain('API_KEY');
      apiTemplate().resourceCountIs('AWS::AppSync::ApiKey', 0);
    });

    it("turns away, before its authorizer runs, whatever is not a device token's shape", () => {
      const pattern = new RegExp(DEVICE_TOKEN_PATTERN);
      // As functions/device/registration.ts mints them: a ULID and 32 random bytes, base64url.
      const token = `${ulid()}.${randomBytes(32).toString('base64url')}`;
      expect(pattern.test(token)).toBe(true);
      expect(pattern.test(`Bearer ${token}`)).toBe(true);
      for (const bad of [
        '',
        'Bearer ',
        token.replace('.', ''),
        `${token} x`,
        'eyJhbGciOiJIUzI1NiJ9.e30.sig',
      ]) {
        expect(pattern.test(bad), bad).toBe(false);
      }
    });

    it('has the namespace "displays", whose onSubscribe is infra/cdk/appsync/displays-namespace.js, publish IAM only', () => {
      const namespace = propsOf(theOne('AWS::AppSync::ChannelNamespace'));
      expect(namespace).toMatchObject({
        Name: DISPLAYS_NAMESPACE,
        ApiId: { 'Fn::GetAtt': [id(channel().api), 'ApiId'] },
        PublishAuthModes: [{ AuthType: 'AWS_IAM' }],
        SubscribeAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
      });
      // The code's handlers run, no direct integration.
      expect(namespace.HandlerConfigs ?? {}).toEqual({});
      // The code is an asset of the cloud assembly: the file itself, unchanged.
      const location = JSON.stringify(namespace.CodeS3Location);
      const hash = /([0-9a-f]{64})\.js/.exec(location)?.[1];
      expect(hash, location).toBeDefined();
      const staged = readFileSync(join(synth().app.outdir, `asset.${hash}.js`), 'utf8');
      expect(staged).toBe(readFileSync(DISPLAYS_NAMESPACE_CODE, 'utf8'));
    });

    it('may invoke its authorizer, and nothing else may', () => {
      const permissions = resourcesOf(apiTemplate(), 'AWS::Lambda::Permission').filter(
        ([, permission]) =>
          JSON.stringify(propsOf(permission).FunctionName) ===
          JSON.stringify({ 'Fn::GetAtt': [id(channel().authorizer.function), 'Arn'] }),
      );
      expect(permissions).toHaveLength(1);
      expect(propsOf(permissions[0]![1])).toMatchObject({
        Principal: 'appsync.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [id(channel().api), 'ApiArn'] },
      });
    });

    it("logs to its own group with the stage's retention, errors only unless the stage logs at DEBUG", () => {
      const logConfig = (propsOf(theOne('AWS::AppSync::Api')).EventConfig as Json).LogConfig as Json;
      expect(logConfig).toMatchObject({ LogLevel: stage === 'prod' ? 'ERROR' : 'INFO' });
      const roleId = (logConfig.CloudWatchLogsRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(JSON.stringify(propsOf(resource('AWS::IAM::Role', roleId)).AssumeRolePolicyDocument)).toContain(
        'appsync.amazonaws.com',
      );
      const group = propsOf(resource('AWS::Logs::LogGroup', id(channel().logGroup)));
      expect(group).toMatchObject({
        LogGroupName: {
          'Fn::Join': ['', ['/aws/appsync/apis/', { 'Fn::GetAtt': [id(channel().api), 'ApiId'] }]],
        },
        RetentionInDays: stage === 'prod' ? 90 : 14,
      });
      const writes = resourcesOf(apiTemplate(), 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(propsOf(policy).Roles).includes(`"${roleId}"`))
        .flatMap(([, policy]) => (propsOf(policy).PolicyDocument as { Statement: Statement[] }).Statement);
      expect(writes.flatMap(actionsOf).toSorted()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      for (const statement of writes) {
        expect(statement.Resource).toEqual({ 'Fn::GetAtt': [id(channel().logGroup), 'Arn'] });
      }
    });
  });

  describe("the table's stream and its consumer", () => {
    it('streams both images of every change of the table', () => {
      synth().templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      });
    });

    it('hands the consumer small batches within a second, halving a failing one, retrying it a bounded number of times', () => {
      const mapping = propsOf(theOne('AWS::Lambda::EventSourceMapping'));
      expect(mapping).toMatchObject({
        FunctionName: { Ref: id(channel().roomChanges.function) },
        StartingPosition: 'LATEST',
        BatchSize: ROOM_CHANGES_STREAM.batchSize,
        MaximumBatchingWindowInSeconds: 1,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: ROOM_CHANGES_STREAM.retryAttempts,
        ParallelizationFactor: ROOM_CHANGES_STREAM.parallelizationFactor,
        DestinationConfig: {
          OnFailure: { Destination: { 'Fn::GetAtt': [id(channel().failures), 'Arn'] } },
        },
      });
      expect(ROOM_CHANGES_STREAM.retryAttempts).toBeGreaterThan(0);
      expect(ROOM_CHANGES_STREAM.retryAttempts).toBeLessThanOrEqual(5);
      expect(producedValue(synth(), mapping.EventSourceArn)).toEqual({
        'Fn::GetAtt': [logicalId(synth().stacks.data, synth().stacks.data.table), 'StreamArn'],
      });
    });

    it('is invoked only for the entities that change what a room shows, by either image', () => {
      const mapping = propsOf(theOne('AWS::Lambda::EventSourceMapping'));
      const patterns = (mapping.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map(
        (filter) => JSON.parse(filter.Pattern) as Json,
      );
      expect(patterns).toEqual([
        { dynamodb: { NewImage: { __edb_e__: { S: [...ROOM_ENTITIES] } } } },
        { dynamodb: { OldImage: { __edb_e__: { S: [...ROOM_ENTITIES] } } } },
      ]);
      // Each is an entity of the model, spelled as ElectroDB writes it.
      const entities = new Set(
        [...Object.values(models), ...Object.values(people), ...Object.values(content)]
          .map((entity) => (entity as { schema?: { model?: { entity?: string } } }).schema?.model?.entity)
          .filter(Boolean),
      );
      for (const name of ROOM_ENTITIES) expect(entities, name).toContain(name);
    });

    it('records the batches it fails in an encrypted queue that refuses plain HTTP, for 14 days', () => {
      const queue = propsOf(resource('AWS::SQS::Queue', id(channel().failures)));
      expect(queue).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
      const policies = resourcesOf(apiTemplate(), 'AWS::SQS::QueuePolicy').filter(([, policy]) =>
        JSON.stringify(propsOf(policy).Queues).includes(`"${id(channel().failures)}"`),
      );
      expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
    });

    it('runs like the API functions, with a minute for a change that reaches every screen of an account', () => {
      expect(propsOf(resource('AWS::Lambda::Function', id(channel().roomChanges.function)))).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Timeout: 60,
        TracingConfig: { Mode: 'Active' },
      });
    });
  });

  describe('what the functions are told and may do', () => {
    const endpoints = () => ({
      EVENTS_HTTP_URL: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [id(channel().api), 'Dns.Http'] }]] },
      EVENTS_REALTIME_URL: {
        'Fn::Join': [
          '',
          ['wss://', { 'Fn::GetAtt': [id(channel().api), 'Dns.Realtime'] }, '/event/realtime'],
        ],
      },
    });

    it("tells the displays' routes and the consumer where the channel is, and no other function", () => {
      expect(variablesOf(api().functions.get('device')!)).toMatchObject(endpoints());
      expect(variablesOf(channel().roomChanges)).toMatchObject(endpoints());
      for (const group of routeGroups.filter((g) => g !== 'device')) {
        expect(Object.keys(variablesOf(api().functions.get(group)!)), group).not.toContain('EVENTS_HTTP_URL');
      }
      expect(Object.keys(variablesOf(channel().authorizer))).not.toContain('EVENTS_HTTP_URL');
    });

    it('lets only the consumer publish, to the displays namespace of this API alone', () => {
      const publishes = statementsOf(channel().roomChanges.role).filter((s) =>
        actionsOf(s).some((action) => action.startsWith('appsync:')),
      );
      expect(publishes).toHaveLength(1);
      expect(actionsOf(publishes[0]!)).toEqual(['appsync:EventPublish']);
      expect(JSON.stringify(publishes[0]!.Resource)).toBe(
        JSON.stringify({
          'Fn::Join': [
            '',
            [
              `arn:aws:appsync:${api().region}:${api().account}:apis/`,
              { 'Fn::GetAtt': [id(channel().api), 'ApiId'] },
              `/channelNamespace/${DISPLAYS_NAMESPACE}`,
            ],
          ],
        }),
      );
      const others = [...api().functions.values(), api().deviceAuthorizer, channel().authorizer];
      for (const fn of others) {
        expect(
          statementsOf(fn.role)
            .flatMap(actionsOf)
            .filter((a) => a.startsWith('appsync:')),
        ).toEqual([]);
      }
    });

    it('lets the consumer read the table and its stream, and update device items only', () => {
      const statements = statementsOf(channel().roomChanges.role);
      const actions = new Set(statements.flatMap(actionsOf));
      for (const action of [
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:GetRecords',
        'dynamodb:UpdateItem',
      ]) {
        expect(actions, action).toContain(action);
      }
      for (const action of [
        'dynamodb:PutItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:Scan',
      ]) {
        expect(actions, action).not.toContain(action);
      }
      const updates = statements.filter((s) => actionsOf(s).includes('dynamodb:UpdateItem'));
      expect(updates).toHaveLength(1);
      expect(updates[0]!.Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${DEVICE_KEY_PREFIX}*`] },
      });
      // The prefix is the device items' own.
      const { Key } = deviceEntity.get({ device_id: ulid() }).params({ table: 'table' }) as {
        Key: { pk: string };
      };
      expect(Key.pk.startsWith(DEVICE_KEY_PREFIX)).toBe(true);
    });

    it("lets the channel's authorizer read items by their key only", () => {
      expect(statementsOf(channel().authorizer.role).flatMap(actionsOf).toSorted()).toEqual([
        'dynamodb:GetItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ]);
    });
  });

  describe('alarms', () => {
    const monitoring = () => synth().stacks.monitoring;
    const alarm = (alarmId: string): Json => {
      const made = monitoring().alarmsById.get(alarmId);
      expect(made, alarmId).toBeDefined();
      return propsOf(
        synth().templates.monitoring.findResources('AWS::CloudWatch::Alarm')[
          logicalId(monitoring(), made!)
        ] as Json,
      );
    };

    it("watch the consumer's lag, its failures, and both functions' errors", () => {
      expect(alarm('RoomChangesIteratorAgeAlarm')).toMatchObject({
        MetricName: 'IteratorAge',
        Namespace: 'AWS/Lambda',
        Statistic: 'Maximum',
        Threshold: thresholds.roomChangesIteratorAgeMs,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      expect(thresholds.roomChangesIteratorAgeMs).toBe(60_000);
      expect(alarm('RoomChangesFailuresAlarm')).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 0,
      });
      expect(JSON.stringify(alarm('RoomChangesFailuresAlarm').Dimensions)).toContain(
        `"${Stack.of(channel().failures).stackName}"`,
      );
      for (const alarmId of ['ChannelAuthorizerErrorsAlarm', 'RoomChangesErrorsAlarm']) {
        expect(alarm(alarmId)).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' });
      }
    });

    it("watch the channel's refused and failed publishes, by the API's id", () => {
      for (const kind of ['4XXError', '5XXError']) {
        const made = alarm(`ChannelPublish${kind}Alarm`);
        expect(made).toMatchObject({
          MetricName: kind,
          Namespace: 'AWS/AppSync',
          Statistic: 'Sum',
          Threshold: thresholds.channelPublishErrors,
        });
        expect(JSON.stringify((made.Dimensions as Json[])[0])).toContain('"Name":"EventAPIId"');
      }
    });
  });

  it("lets the SPA's pages connect to the channel's real-time endpoint (CSP connect-src)", () => {
    const [[, headers] = []] = resourcesOf(synth().templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = (
      propsOf(headers).ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
      }
    ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as {
      'Fn::Join': [string, unknown[]];
    };
    // The host is the Api stack's, so the policy is joined around its reference.
    expect(csp, JSON.stringify(csp)).toHaveProperty('Fn::Join');
    const parts = csp['Fn::Join'][1];
    const host = parts.findIndex((part) => typeof part === 'object');
    expect(String(parts[host - 1])).toMatch(/connect-src 'self' [^;]* wss:\/\/$/);
    expect(String(parts[host + 1])).toMatch(/^; /);
    // The Api stack's real-time host name, read across regions from its output.
    expect(producedValue(synth(), parts[host])).toEqual({
      'Fn::GetAtt': [id(channel().api), 'Dns.Realtime'],
    });
  });
});
