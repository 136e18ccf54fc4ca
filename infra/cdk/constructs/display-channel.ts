import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { ApiFunction } from './api-function';

/** The namespace of the displays' channels: one channel per device, `/displays/<deviceId>`. */
export const DISPLAYS_NAMESPACE = 'displays';

/** The namespace's handler (APPSYNC_JS): a device subscribes to its own channel only. */
export const DISPLAYS_NAMESPACE_CODE = fileURLToPath(
  new URL('../appsync/displays-namespace.js', import.meta.url),
);

/**
 * The entities (ElectroDB's `__edb_e__`) whose changes can change what a room shows
 * (docs/architecture.md §7, "Push channel in AWS"): only their stream records invoke the
 * consumer, so the rest of the table's writes (bookings' own items, activity, sessions, devices'
 * polls) cost nothing. Must name every entity functions/device/room-changes.ts acts on.
 */
export const ROOM_ENTITIES = [
  'space',
  'spaceAlerts',
  'slideshow',
  'screen',
  'venue',
  'account',
  'package',
] as const;

/**
 * How the consumer reads the table's stream. A change should reach its displays within seconds,
 * so a batch waits at most a second; a batch that fails is halved until the record at fault is
 * alone, retried a bounded number of times, then recorded in the failure queue (an alarm) and
 * skipped, so one bad record never holds up the rest of its shard.
 */
export const ROOM_CHANGES_STREAM = {
  batchSize: 100,
  maxBatchingWindow: Duration.seconds(1),
  retryAttempts: 3,
  /** Batches of one shard handled at once; records of one item stay in order. */
  parallelizationFactor: 4,
} as const;

/**
 * A device token as the displays present it (`<deviceId>.<secret>`, with or without `Bearer `;
 * functions/core/auth/device-auth.ts): AppSync refuses anything else without calling the authorizer.
 */
export const DEVICE_TOKEN_PATTERN = '^(Bearer\\s+)?[0-9A-HJKMNP-TV-Z]{26}\\.[A-Za-z0-9_-]{20,100}$';

/** How long AppSync keeps the authorizer's answer for one token (its `ttlOverride` may shorten it). */
export const CHANNEL_AUTHORIZER_CACHE_TTL = Duration.minutes(5);

/** The key prefix of device items (functions/core/table/model/devices.ts): all the consumer updates. */
export const DEVICE_KEY_PREFIX = 'DEVICE#';

export interface DisplayChannelProps {
  readonly config: StageConfig;
  /** The Data stack's table, with its stream. */
  readonly table: Table;
  /** Where functions/device/ lives. */
  readonly functionsDir: string;
  /** What functions/core/env.ts requires of every Lambda. */
  readonly environment: Record<string, string>;
}

/**
 * The room displays' push channel (docs/architecture.md §7, "Push channel in AWS"): an AppSync
 * Events API whose namespace `displays` has one channel per device. A display connects and
 * subscribes with its device token (the Lambda authorizer functions/device/channel-authorizer.ts,
 * then the namespace's onSubscribe, which admits the device's own channel only); only IAM may
 * publish, and only the consumer of the table's stream (functions/device/room-changes.ts) is
 * granted it. Its failures go to a queue that an alarm watches.
 */
export class DisplayChannel extends Construct {
  readonly api: appsync.EventApi;
  readonly namespace: appsync.ChannelNamespace;
  /** functions/device/channel-authorizer.ts: connect and subscribe. */
  readonly authorizer: ApiFunction;
  /** functions/device/room-changes.ts: the table's stream, nudging the devices of what changed. */
  readonly roomChanges: ApiFunction;
  /** Stream batches the consumer failed on every attempt (where they are in the stream, not the records). */
  readonly failures: sqs.Queue;
  /** The API's log group, `/aws/appsync/apis/<apiId>`, with the stage's retention. */
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DisplayChannelProps) {
    super(scope, id);
    const { config } = props;
    const stackName = Stack.of(this).stackName;
    const logRemovalPolicy = config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Reads the device's item by its key, as the HTTP API's device authorizer does.
    this.authorizer = new ApiFunction(this, 'AuthorizerFunction', {
      entry: join(props.functionsDir, 'device', 'channel-authorizer.ts'),
      description: `Spaces ${config.stage}: authorizer of the displays' push channel`,
      environment: props.environment,
      logRetention: config.logRetention,
      logRemovalPolicy,
    }).bindTable(props.table, 'get');

    this.api = new appsync.EventApi(this, 'Api', {
      apiName: `${stackName}-displays`.slice(0, 50),
      authorizationConfig: {
        authProviders: [
          {
            authorizationType: appsync.AppSyncAuthorizationType.LAMBDA,
            lambdaAuthorizerConfig: {
              handler: this.authorizer.function,
              resultsCacheTtl: CHANNEL_AUTHORIZER_CACHE_TTL,
              validationRegex: DEVICE_TOKEN_PATTERN,
            },
          },
          { authorizationType: appsync.AppSyncAuthorizationType.IAM },
        ],
        connectionAuthModeTypes: [appsync.AppSyncAuthorizationType.LAMBDA],
        defaultSubscribeAuthModeTypes: [appsync.AppSyncAuthorizationType.LAMBDA],
        defaultPublishAuthModeTypes: [appsync.AppSyncAuthorizationType.IAM],
      },
    });
    this.namespace = this.api.addChannelNamespace('Displays', {
      channelNamespaceName: DISPLAYS_NAMESPACE,
      code: appsync.Code.fromAsset(DISPLAYS_NAMESPACE_CODE),
      authorizationConfig: {
        subscribeAuthModeTypes: [appsync.AppSyncAuthorizationType.LAMBDA],
        publishAuthModeTypes: [appsync.AppSyncAuthorizationType.IAM],
      },
    });

    // The API's logs, in a group of ours with the stage's retention (CDK's logConfig would add a
    // log-retention Lambda and a managed policy), written by a role that may write there only.
    // Errors only, unless the stage logs at DEBUG: at full scale every connect and subscribe
    // would be a line.
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: config.logRetention,
      removalPolicy: logRemovalPolicy,
    });
    const logsRole = new iam.Role(this, 'LogsRole', {
      assumedBy: new iam.ServicePrincipal('appsync.amazonaws.com'),
      description: `${stackName} displays' channel: writes its logs`,
    });
    this.logGroup.grantWrite(logsRole);
    (this.api.node.defaultChild as appsync.CfnApi).addPropertyOverride('EventConfig.LogConfig', {
      CloudWatchLogsRoleArn: logsRole.roleArn,
      LogLevel: config.logLevel === 'DEBUG' ? 'INFO' : 'ERROR',
    });

    this.failures = new sqs.Queue(this, 'RoomChangesFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is itself a dead-letter queue: the stream's event source mapping records there the batches the room-changes consumer failed.",
    });

    this.roomChanges = new ApiFunction(this, 'RoomChangesFunction', {
      entry: join(props.functionsDir, 'device', 'room-changes.ts'),
      description: `Spaces ${config.stage}: nudges the room displays whose room changed (the table's stream)`,
      environment: { ...props.environment, ...this.endpoints },
      logRetention: config.logRetention,
      logRemovalPolicy,
      // A change of an account reaches every screen of the account.
      timeout: Duration.seconds(60),
    }).bindTable(props.table, 'read');
    // It finds the devices (reads and queries) and bumps their state version: UpdateItem of
    // device items alone.
    this.roomChanges.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'DeviceStateVersions',
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${DEVICE_KEY_PREFIX}*`] },
        },
      }),
    );
    this.namespace.grantPublish(this.roomChanges.role);
    this.roomChanges.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: ROOM_CHANGES_STREAM.batchSize,
        maxBatchingWindow: ROOM_CHANGES_STREAM.maxBatchingWindow,
        parallelizationFactor: ROOM_CHANGES_STREAM.parallelizationFactor,
        bisectBatchOnError: true,
        retryAttempts: ROOM_CHANGES_STREAM.retryAttempts,
        onFailure: new SqsDlq(this.failures),
        // A record is an entity's when either image names it (an insert has no old image, a
        // removal no new one).
        filters: (['NewImage', 'OldImage'] as const).map((image) =>
          FilterCriteria.filter({
            dynamodb: { [image]: { __edb_e__: { S: FilterRule.or(...ROOM_ENTITIES) } } },
          }),
        ),
      }),
    );
    Validations.of(this.roomChanges.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (active tracing) and dynamodb:ListStreams, which the stream event source needs, have no resource-level permissions and need "*".',
    });
  }

  /**
   * Where the displays connect (`EVENTS_REALTIME_URL`) and the API publishes (`EVENTS_HTTP_URL`),
   * as functions/core/env.ts reads them.
   */
  get endpoints(): { EVENTS_HTTP_URL: string; EVENTS_REALTIME_URL: string } {
    return {
      EVENTS_HTTP_URL: `https://${this.api.httpDns}`,
      EVENTS_REALTIME_URL: `wss://${this.api.realtimeDns}/event/realtime`,
    };
  }
}
