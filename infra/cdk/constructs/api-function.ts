import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  Arn,
  AssetHashType,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { CalendarSettings } from '../config';
import { Construct } from 'constructs';
import { tableDefinition } from '@core/table/definition';
import { bundleLambda, LAMBDA_ENTRY_FILE } from './lambda-bundling';

/** `get`: GetItem only, for a function that reads items by their key and nothing else. */
export type TableAccess = 'get' | 'read' | 'write';

/** Item reads: every list is a Query, never a Scan (docs/architecture.md §6), so Scan is not granted. */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Writes, including ConditionCheckItem for the guard items of TransactWriteItems. */
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
/** The user-administration calls the API makes with its own credentials (the rest use the user's token). */
const USER_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
];

export interface ApiFunctionProps {
  /** The group's handler map, `functions/<group>/handlers.ts`, exporting `handler`. */
  readonly entry: string;
  readonly description?: string;
  /** Lambda environment (functions/core/env.ts); `TABLE_NAME` is added by `bindTable`. */
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** Log groups outlive a dev stack only when asked to. @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** @default 512 (a request's) */
  readonly memorySize?: number;
  /** @default 10 s (a request's; API Gateway waits 30 s at most) */
  readonly timeout?: Duration;
  /**
   * Concurrency kept for this function alone, and its ceiling (a job, the displays' polls).
   * @default none: the account's unreserved pool
   */
  readonly reservedConcurrency?: number;
}

/**
 * One Lambda per route group: Node.js 24 on arm64, an ES module bundled locally by esbuild
 * (never Docker), its own log group with a retention, active tracing, and a role that starts
 * with nothing but writing its own logs. Access is added with the `bind…`/`allow…` helpers.
 */
export class ApiFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: iam.Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    // A role of our own instead of the default one, whose managed AWSLambdaBasicExecutionRole
    // may create and write any log group of the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${Stack.of(this).stackName} ${id}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      code: bundledCode(this, props.entry),
      handler: `${LAMBDA_ENTRY_FILE.replace(/\.mjs$/, '')}.handler`,
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (active tracing) and, for the health check, ses:GetAccount have no resource-level permissions and need "*".',
    });
  }

  /**
   * Sets TABLE_NAME and grants item access to the table and Query on its GSIs (no Scan, no table
   * admin); `get` grants GetItem on the table alone.
   */
  bindTable(table: ITable, access: TableAccess): this {
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    const itemActions = {
      get: ['dynamodb:GetItem'],
      read: TABLE_READ_ACTIONS,
      write: [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
    }[access];
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'TableItems', actions: itemActions, resources: [table.tableArn] }),
    );
    if (access === 'get') return this;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'TableIndexes',
        actions: ['dynamodb:Query'],
        resources: tableDefinition.globalSecondaryIndexes.map(
          (index) => `${table.tableArn}/index/${index.indexName}`,
        ),
      }),
    );
    return this;
  }

  /**
   * Presigns POST (upload) and GET (read) URLs for the uploads bucket, reads the first bytes of
   * an upload to check its type, and deletes an upload that fails the check.
   */
  allowUploads(bucket: IBucket): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'UploadObjects',
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    this.acknowledgeWildcard(
      bucket.arnForObjects('*'),
      'Upload keys are made at run time per account and object; the grant is limited to Put/Get/DeleteObject on objects of the one uploads bucket.',
    );
    return this;
  }

  /**
   * A secret the function reads at run time (once per container): its ARN in `variable`, and
   * GetSecretValue on that one secret.
   */
  bindSecret(variable: string, secret: ISecret): this {
    this.function.addEnvironment(variable, secret.secretArn);
    secret.grantRead(this.role);
    return this;
  }

  /** The user-administration calls on the given user pools (create, disable, set password, sign out…). */
  allowUserAdmin(...pools: IUserPool[]): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'UserAdmin',
        actions: USER_ADMIN_ACTIONS,
        resources: pools.map((pool) => pool.userPoolArn),
      }),
    );
    return this;
  }

  /**
   * Password checks at the pools' confidential app clients (functions/core/auth/identity.ts):
   * DescribeUserPoolClient, to read the client secret at run time, on those pools alone.
   */
  allowPasswordChecks(...pools: IUserPool[]): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'PasswordChecks',
        actions: ['cognito-idp:DescribeUserPoolClient'],
        resources: pools.map((pool) => pool.userPoolArn),
      }),
    );
    return this;
  }

  /** The read-only calls of the health check: one cheap call per dependency (functions/system/health.ts). */
  allowHealthProbes(deps: { table: ITable; bucket: IBucket; userPool: IUserPool }): this {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ProbeTable',
        actions: ['dynamodb:DescribeTable'],
        resources: [deps.table.tableArn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ProbeBucket',
        actions: ['s3:ListBucket'],
        resources: [deps.bucket.bucketArn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'ProbeUserPool',
        actions: ['cognito-idp:DescribeUserPool'],
        resources: [deps.userPool.userPoolArn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'ProbeMail', actions: ['ses:GetAccount'], resources: ['*'] }),
    );
    return this;
  }

  /**
   * Linked calendars: seal and open refresh tokens with the calendar key (GenerateDataKey and
   * Decrypt, nothing else), and read each registered provider's app registration from Secrets
   * Manager at run time (`<prefix>/<provider>`, JSON `client_id` and `client_secret`), granted on
   * that secret's name alone: no credential is in the function's configuration.
   */
  allowCalendarTokens(key: IKey, calendars: CalendarSettings): this {
    this.allowSealing(key);
    for (const provider of calendars.providers) {
      const secret = Secret.fromSecretNameV2(
        this,
        `${provider}CalendarApp`,
        `${calendars.secretPrefix}/${provider}`,
      );
      this.bindSecret(`${provider.toUpperCase()}_CALENDAR_SECRET_ARN`, secret);
    }
    return this;
  }

  /**
   * Seal and open the secrets the API keeps (functions/core/vault.ts) with `key`: GenerateDataKey
   * and Decrypt, nothing else.
   */
  allowSealing(key: IKey): this {
    this.function.addEnvironment('CALENDAR_KMS_KEY_ID', key.keyArn);
    key.grant(this.role, 'kms:GenerateDataKey', 'kms:Decrypt');
    return this;
  }

  /** SES v2 SendEmail, only with `from` as the sender address. */
  allowSendEmail(from: string): this {
    const identities = Arn.format(
      { service: 'ses', resource: 'identity', resourceName: '*' },
      Stack.of(this),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendEmail',
        actions: ['ses:SendEmail'],
        // identity/* because, in the SES sandbox, sending is also authorised against each
        // recipient's identity; the condition pins the sender.
        resources: [identities],
        conditions: { StringEquals: { 'ses:FromAddress': from } },
      }),
    );
    this.acknowledgeWildcard(
      identities,
      'In the SES sandbox SendEmail is authorised against the recipients too; the ses:FromAddress condition limits the sender to MAIL_FROM.',
    );
    return this;
  }

  /** cdk-nag names a wildcard finding by the literal resource, so the resource must not be a token. */
  private acknowledgeWildcard(resource: string, reason: string): void {
    if (Token.isUnresolved(resource)) {
      throw new Error(
        `Cannot acknowledge a wildcard on an unresolved resource (${resource}): use a literal ARN.`,
      );
    }
    Validations.of(this.role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${resource}]`, reason });
  }
}

/** The repository root: esbuild resolves node_modules from there. */
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The group's handler map bundled locally by esbuild (never Docker): `index.mjs` and the chunks it
 * loads on demand (infra/cdk/constructs/lambda-bundling.ts), hashed by their content. An entry
 * that is not written yet is only a warning while its stack is not bundled (tests, or
 * `cdk deploy` of another stack); a stack that is bundled fails.
 */
function bundledCode(scope: Construct, entry: string): Code {
  if (!existsSync(entry)) {
    const shown = relative(process.cwd(), entry);
    if (Stack.of(scope).bundlingRequired) {
      throw new Error(
        `${shown} does not exist: the route table names its group, so it must export "handler".`,
      );
    }
    Annotations.of(scope).addWarningV2(
      '@spaces/missing-handlers',
      `${shown} does not exist yet; bundling is skipped for this stack, so the function is synthesized without it.`,
    );
  }
  return Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
      // Names the entry for CDK's asset cache, which stages once per source path and bundling
      // options (as JSON, so not `local`'s code): every function bundles the same root, and
      // without it every function would get the first one's bundle. Docker never sees it.
      environment: { SPACES_LAMBDA_ENTRY: relative(projectRoot, entry) },
      local: {
        tryBundle(outputDir) {
          bundleLambda(entry, outputDir);
          return true;
        },
      },
    },
  });
}
