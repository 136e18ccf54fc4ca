import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { metricsNamespace } from '@core/observability/catalogue';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { deviceRoutes } from '@shared/api/device-routes';
import { API_BASE, routeGroups, routes, type RouteDef, type RouteGroup } from '@shared/api/routes';
import { EDGE_REGION, type ThrottleLimits } from '../config';
import { ApiFunction, type TableAccess } from '../constructs/api-function';
import { DisplayChannel } from '../constructs/display-channel';
import { defaultFunctionsDir, serviceEnvironment, type ServiceProps } from './service-props';

/**
 * What each route group's Lambda may touch. Adding a group to the route table fails the type
 * check here until its access is decided.
 */
interface GroupAccess {
  readonly table: TableAccess;
  /** Presign, read and delete objects of the uploads bucket. */
  readonly uploads?: boolean;
  /** Create users and set passwords in both user pools. */
  readonly userAdmin?: boolean;
  /** Check passwords at both pools' confidential app clients (reading their secrets). */
  readonly passwords?: boolean;
  /** Send e-mail from MAIL_FROM. */
  readonly mail?: boolean;
  /** The health check's probes of every dependency. */
  readonly health?: boolean;
  /** Seal and open linked calendars' refresh tokens (the calendar key in KMS, the providers' client secrets). */
  readonly calendarTokens?: boolean;
  /** Seal and open people's second-factor secrets (the same key in KMS, nothing else). */
  readonly secondFactor?: boolean;
  /** Name the displays' push channel (its endpoints; not a grant to publish). */
  readonly displayChannel?: boolean;
}

export const groupAccess: Record<RouteGroup, GroupAccess> = {
  system: { table: 'read', health: true },
  // Sign-in checks codes of sealed second-factor secrets, and seals an admin's new one.
  auth: { table: 'write', userAdmin: true, passwords: true, mail: true, secondFactor: true },
  // A client user sets up, turns on and off their own second factor.
  me: { table: 'write', userAdmin: true, passwords: true, mail: true, uploads: true, secondFactor: true },
  config: { table: 'write' },
  accounts: { table: 'write', userAdmin: true, mail: true, uploads: true },
  platform: { table: 'write', userAdmin: true, uploads: true },
  team: { table: 'write', userAdmin: true, uploads: true },
  venues: { table: 'write', uploads: true },
  // The space form links a space's calendar, and stops the watch of the one it leaves.
  spaces: { table: 'write', uploads: true, calendarTokens: true },
  screens: { table: 'write', uploads: true },
  bookings: { table: 'write', mail: true, uploads: true },
  slideshows: { table: 'write', uploads: true },
  device: { table: 'write', displayChannel: true },
  calendars: { table: 'write', calendarTokens: true },
};

/**
 * How long API Gateway keeps the device authorizer's answer for one Authorization header. A
 * screen polls every 15 s, so one check in 20 polls reaches the authorizer; the device Lambdas
 * check the token on every request anyway, so a device forgotten meanwhile is refused there.
 */
export const DEVICE_AUTHORIZER_CACHE_TTL = Duration.minutes(5);

/**
 * `functionsDir` holds `<group>/handlers.ts` (and `device/authorizer.ts`, `device/channel-authorizer.ts`,
 * `device/room-changes.ts`).
 */
export interface ApiStackProps extends StackProps, Omit<ServiceProps, 'table'> {
  /** The Data stack's table, whose stream feeds the displays' push channel. */
  readonly table: Table;
}

/**
 * The HTTP API: every route of shared/api/routes.ts as `METHOD /api/v1/path`, integrated with
 * its group's Lambda. Authentication happens inside the Lambdas (bearer JWT checked by the
 * auth middleware against the right pool; a device's token by the device middleware). The
 * device-token routes (auth 'device') also have a Lambda authorizer that turns a bad device
 * token away before it reaches the device Lambda, and the devices' busiest and public routes
 * have throttles of their own.
 */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
  readonly functions: ReadonlyMap<RouteGroup, ApiFunction>;
  /** The Lambda authorizer of the device-token routes (functions/device/authorizer.ts). */
  readonly deviceAuthorizer: ApiFunction;
  /** Signs the API's own user tokens (impersonation, social sign-in); the groups that verify user tokens read it. */
  readonly sessionSecret: Secret;
  /** The value CloudFront adds to every API request as `x-origin-verify`. */
  readonly originVerifySecret: Secret;
  /** Requests the API answered 429, from its access log. */
  readonly tooManyRequests: Metric;
  /** The room displays' push channel (AppSync Events) and the consumer of the table's stream. */
  readonly displayChannel: DisplayChannel;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    // By its configured name (a literal ARN), so the object-level grant is exact and can be acknowledged.
    const uploadsBucket = Bucket.fromBucketName(this, 'UploadsBucket', config.uploadsBucketName);
    const functionsDir = props.functionsDir ?? defaultFunctionsDir();

    this.api = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-http`,
      description: 'Spaces API; reached through CloudFront at /api/*',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // HTTP APIs publish 4xx as one figure; the access log tells 429s (API Gateway's throttles,
    // the API's own limits) apart.
    this.tooManyRequests = new MetricFilter(this, 'TooManyRequests', {
      logGroup: accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: metricsNamespace(config.stage),
      metricName: TOO_MANY_REQUESTS_METRIC,
      metricValue: '1',
      defaultValue: 0,
    }).metric({ statistic: 'Sum' });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: config.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const environment: Record<string, string> = {
      ...serviceEnvironment(props),
      // Social sign-in: the broker is each pool's own issuer, whose discovery names its domain.
      // A pool without a provider registered for the stage has no social client.
      ...(props.clientPool.social && {
        CLIENT_SOCIAL_CLIENT_ID: props.clientPool.social.client.userPoolClientId,
      }),
      ...(props.adminPool.social && {
        ADMIN_SOCIAL_CLIENT_ID: props.adminPool.social.client.userPoolClientId,
      }),
      SOCIAL_PROVIDERS: config.social.providers.join(','),
    };

    // Generated by CloudFormation, never seen by anyone. Losing it only ends the impersonation
    // sessions under way (an hour at most), so it is not retained.
    this.sessionSecret = new Secret(this, 'SessionSecret', {
      description: `Spaces ${config.stage}: signs the API's own session tokens (impersonation, social sign-in; HS256)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.sessionSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotation needs a rotation Lambda for a value only the API reads; the tokens it signs last an hour at most, and replacing the secret (a new deploy of it) ends them all.',
    });

    // CloudFront sends it with every request to the API (x-origin-verify), and every route refuses
    // a request without it: the execute-api endpoint answers nothing to a caller who bypasses the
    // edge and its web ACL. Named, so the Web stack resolves it by name in us-east-1 (a replica
    // when the stage lives elsewhere).
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      secretName: originVerifySecretName(config.stage),
      description: `Spaces ${config.stage}: the header value CloudFront adds to every API request`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
      replicaRegions: config.region === EDGE_REGION ? undefined : [{ region: EDGE_REGION }],
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront holds the value in its origin configuration; a new value is a deploy of the Api and Web stacks, and containers reading the old one read it again on a mismatch.',
    });

    this.displayChannel = new DisplayChannel(this, 'DisplayChannel', {
      config,
      table: props.table,
      functionsDir,
      environment: serviceEnvironment(props),
    });

    const functions = new Map<RouteGroup, ApiFunction>();
    for (const group of routeGroups) {
      const access = groupAccess[group];
      const fn = new ApiFunction(this, `${pascal(group)}Function`, {
        entry: join(functionsDir, group, 'handlers.ts'),
        description: `Spaces ${config.stage}: ${group} routes`,
        environment,
        logRetention: config.logRetention,
        logRemovalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        reservedConcurrency: group === 'device' ? config.deviceConcurrency : undefined,
      })
        .bindTable(props.table, access.table)
        .bindSecret('ORIGIN_VERIFY_SECRET_ARN', this.originVerifySecret);
      if (verifiesUserTokens(group)) fn.bindSecret('SESSION_SECRET_ARN', this.sessionSecret);
      if (access.uploads) fn.allowUploads(uploadsBucket);
      if (access.calendarTokens) fn.allowCalendarTokens(props.calendarKey, config.calendars);
      else if (access.secondFactor) fn.allowSealing(props.calendarKey);
      if (access.userAdmin) fn.allowUserAdmin(props.clientPool.pool, props.adminPool.pool);
      if (access.passwords) fn.allowPasswordChecks(props.clientPool.pool, props.adminPool.pool);
      if (access.mail) fn.allowSendEmail(config.mailFrom);
      if (access.health) {
        fn.allowHealthProbes({ table: props.table, bucket: uploadsBucket, userPool: props.clientPool.pool });
      }
      // The displays' state names their channel; publishing is the stream consumer's alone.
      if (access.displayChannel) {
        for (const [name, value] of Object.entries(this.displayChannel.endpoints))
          fn.function.addEnvironment(name, value);
      }
      functions.set(group, fn);
    }
    this.functions = functions;

    // Reads the device's item by its key, and nothing else.
    this.deviceAuthorizer = new ApiFunction(this, 'DeviceAuthorizerFunction', {
      entry: join(functionsDir, 'device', 'authorizer.ts'),
      description: `Spaces ${config.stage}: authorizer of the device-token routes`,
      environment,
      logRetention: config.logRetention,
      logRemovalPolicy: config.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }).bindTable(props.table, 'get');
    // Simple responses (allowed or not, with the device id as context) hold for every route
    // the token is presented to, so one cached answer serves all three device routes.
    const deviceAuthorizer = new HttpLambdaAuthorizer('DeviceAuthorizer', this.deviceAuthorizer.function, {
      authorizerName: 'device-token',
      identitySource: ['$request.header.Authorization'],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: DEVICE_AUTHORIZER_CACHE_TTL,
    });

    // One integration (and one invoke permission, scoped to this API) per group.
    const integrations = new Map(
      [...functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`${pascal(group)}Integration`, fn.function, {
          scopePermissionToRoute: false,
        }),
      ]),
    );
    const routeResources = new Map<RouteDef, apigw.HttpRoute>();
    for (const route of routes) {
      // Under the API, so that the APIG4 acknowledgement below covers every route.
      const resource = new apigw.HttpRoute(this.api, `${route.method}${route.path.replaceAll('/', '_')}`, {
        httpApi: this.api,
        routeKey: apigw.HttpRouteKey.with(`${API_BASE}${route.path}`, apigw.HttpMethod[route.method]),
        integration: integrations.get(route.group)!,
        authorizer: route.auth === 'device' ? deviceAuthorizer : undefined,
      });
      routeResources.set(route, resource);
    }

    // Per-route throttles over the stage's: CloudFormation's RouteSettings, which HttpStage does
    // not expose. It is untyped JSON keyed by route key, so its properties are written as
    // CloudFormation spells them (CDK does not capitalise them). The stage is created after
    // those routes: API Gateway refuses settings for a route key it does not know yet.
    const routeThrottles = new Map<RouteDef, ThrottleLimits>([
      [deviceRoutes['get-device-state'], config.deviceThrottle.state],
      [deviceRoutes['register-device'], config.deviceThrottle.register],
    ]);
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [route, limits] of routeThrottles) {
      routeSettings[routeKeyOf(route)] = {
        ThrottlingRateLimit: limits.rateLimit,
        ThrottlingBurstLimit: limits.burstLimit,
      };
      stage.node.addDependency(routeResources.get(route)!);
    }
    (stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;

    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "The device-token routes have a Lambda authorizer (the device's token against its item in the table). The other routes are authorised inside the Lambdas: one middleware verifies the bearer JWT (pool JWKS, issuer, token_use, client id) and loads the user from the table on every request, so deactivation and role changes apply at once; public routes (login, recovery, health, device registration) need no token.",
    });

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }

  /** The API's host name, for CloudFront's origin. */
  get apiDomainName(): string {
    return `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}

/** The API's 429 answers, counted from its access log in the stage's metrics namespace. */
export const TOO_MANY_REQUESTS_METRIC = 'ApiTooManyRequests';

/** The origin-verify secret's name: the Web stack resolves its value by name. */
export function originVerifySecretName(stage: string): string {
  return `spaces/${stage}/origin-verify`;
}

/**
 * Whether a group's routes take user tokens (client or admin), so that it verifies, and may
 * sign, the API's own tokens: not the displays' group, nor public-only ones.
 */
export function verifiesUserTokens(group: RouteGroup): boolean {
  return routes.some((route) => route.group === group && (route.auth === 'client' || route.auth === 'admin'));
}

/** API Gateway's route key of a route of the table: `METHOD /api/v1/path`. */
export function routeKeyOf(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE}${route.path}`;
}

function pascal(value: string): string {
  return value.replace(/(^|[-_])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
}
