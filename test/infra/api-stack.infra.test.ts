import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { API_BASE, routeGroups, routes, type RouteGroup } from '@shared/api/routes';
import { resolveStageConfig } from '../../infra/cdk/config';
import type { ApiFunction } from '../../infra/cdk/constructs/api-function';
import { verifiesUserTokens } from '../../infra/cdk/stacks/api-stack';
import { serviceEnvironment, type ServiceProps } from '../../infra/cdk/stacks/service-props';
import {
  cdkJsonContext,
  logicalId,
  resourcesOf,
  synthSpaces,
  TEST_APP_URL,
  TEST_MAIL_FROM,
  type Synthesized,
} from './support';

/** The variables functions/core/env.ts requires of every Lambda. */
const REQUIRED_ENV = [
  'TABLE_NAME',
  'UPLOADS_BUCKET',
  'CLIENT_USER_POOL_ID',
  'CLIENT_USER_POOL_CLIENT_ID',
  'ADMIN_USER_POOL_ID',
  'ADMIN_USER_POOL_CLIENT_ID',
  'MAIL_FROM',
  'APP_URL',
  'STAGE',
  'LOG_LEVEL',
  'ORIGIN_VERIFY_SECRET_ARN',
  'POWERTOOLS_METRICS_NAMESPACE',
  'POWERTOOLS_SERVICE_NAME',
];

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}
const actionsOf = (statement: Statement) => [statement.Action].flat();

interface Resource {
  Properties: Record<string, unknown>;
  DependsOn?: string[];
}

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces();
});

/** What a cross-stack reference (Fn::GetStackOutput) reads: the producing stack's output value. */
function producedValue(reference: unknown): unknown {
  const { StackName, OutputName } = (
    reference as { 'Fn::GetStackOutput': { StackName: string; OutputName: string } }
  )['Fn::GetStackOutput'];
  const producer = Object.values(synth.stacks).find(
    (stack) => stack instanceof Stack && stack.stackName === StackName,
  );
  const template = producer === synth.stacks.data ? synth.templates.data : synth.templates.auth;
  expect(producer, StackName).toBeDefined();
  return (template.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs[OutputName]?.Value;
}

const fnId = (group: RouteGroup) =>
  logicalId(synth.stacks.api, synth.stacks.api.functions.get(group)!.function);
const authorizerFn = () => synth.stacks.api.deviceAuthorizer;

/** The statements of the policy attached to a group's role (or to a function's). */
function statementsOf(group: RouteGroup | ApiFunction): Statement[] {
  const fn = typeof group === 'string' ? synth.stacks.api.functions.get(group)! : group;
  const role = logicalId(synth.stacks.api, fn.role);
  const policies = resourcesOf(synth.templates.api, 'AWS::IAM::Policy').filter(([, policy]) =>
    JSON.stringify((policy.Properties as { Roles: unknown }).Roles).includes(`"${role}"`),
  );
  return policies.flatMap(
    ([, policy]) =>
      (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
  );
}

/** The one resource of a type in the api stack, as [logicalId, resource]. */
function theOne(type: string): [string, Resource] {
  const found = resourcesOf(synth.templates.api, type);
  expect(found, type).toHaveLength(1);
  return found[0] as unknown as [string, Resource];
}

describe('routes', () => {
  it('are exactly the route table, as METHOD /api/v1/path', () => {
    const routeKeys = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => (route.Properties as { RouteKey: string }).RouteKey,
    );
    const expected = routes.map((route) => `${route.method} ${API_BASE}${route.path}`);
    expect(routeKeys.toSorted()).toEqual(expected.toSorted());
    expect(new Set(routeKeys).size).toBe(routes.length);
  });

  it("each reach their own group's Lambda", () => {
    const integrations = Object.fromEntries(
      resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Integration'),
    );
    for (const route of routes) {
      const [[, resource] = []] = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route').filter(
        ([, r]) =>
          (r.Properties as { RouteKey: string }).RouteKey === `${route.method} ${API_BASE}${route.path}`,
      );
      const target = JSON.stringify((resource?.Properties as { Target: unknown }).Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      expect(integrations[integrationId], `${route.method} ${route.path}`).toMatchObject({
        Properties: {
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [fnId(route.group), 'Arn'] },
        },
      });
    }
  });

  it('are served by an auto-deployed $default stage with access logs and throttling', () => {
    synth.templates.api.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it("throttle the devices' poll and registration on their own, over the stage's default", () => {
    const [, stage] = theOne('AWS::ApiGatewayV2::Stage');
    // As CloudFormation spells them (RouteSettings is untyped JSON: a camel-cased key would be ignored).
    expect(stage.Properties.RouteSettings).toEqual({
      'GET /api/v1/device/state': { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      'POST /api/v1/device/register': { ThrottlingRateLimit: 2, ThrottlingBurstLimit: 10 },
    });
    // Each names a route of the API, which exists before the stage's settings refer to it.
    for (const routeKey of Object.keys(stage.Properties.RouteSettings as object)) {
      const [[routeId] = []] = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route').filter(
        ([, r]) => (r.Properties as { RouteKey: string }).RouteKey === routeKey,
      );
      expect(routeId, routeKey).toBeDefined();
      expect(stage.DependsOn, routeKey).toContain(routeId);
    }
  });
});

/** The device-token routes, as the route table marks them. */
const deviceTokenRouteKeys = () =>
  routes
    .filter((route) => route.auth === 'device')
    .map((route) => `${route.method} ${API_BASE}${route.path}`);

describe('device authorizer', () => {
  const authorizer = () => theOne('AWS::ApiGatewayV2::Authorizer');

  it('is one Lambda REQUEST authorizer: payload 2.0, simple responses, the Authorization header, cached 5 minutes', () => {
    const [, resource] = authorizer();
    expect(resource.Properties).toMatchObject({
      ApiId: { Ref: logicalId(synth.stacks.api, synth.stacks.api.api) },
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerResultTtlInSeconds: 300,
    });
    expect(JSON.stringify(resource.Properties.AuthorizerUri)).toContain(
      `{"Fn::GetAtt":["${logicalId(synth.stacks.api, authorizerFn().function)}","Arn"]}`,
    );
  });

  it("guards exactly the route table's device-token routes: not registration, not the users' routes", () => {
    const [authorizerId] = authorizer();
    expect(deviceTokenRouteKeys().toSorted()).toEqual([
      'GET /api/v1/device/state',
      'POST /api/v1/device/booknow',
      'POST /api/v1/device/checkin',
    ]);
    const guarded: string[] = [];
    for (const [, route] of resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route')) {
      const props = route.Properties as {
        RouteKey: string;
        AuthorizationType: string;
        AuthorizerId?: unknown;
      };
      if (props.AuthorizationType === 'NONE') {
        expect(props.AuthorizerId, props.RouteKey).toBeUndefined();
        continue;
      }
      expect(props, props.RouteKey).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
      guarded.push(props.RouteKey);
    }
    expect(guarded.toSorted()).toEqual(deviceTokenRouteKeys().toSorted());
    expect(guarded).not.toContain('POST /api/v1/device/register');
  });

  it('is its own function, functions/device/authorizer.ts, with the same settings and configuration', () => {
    const fn =
      synth.templates.api.findResources('AWS::Lambda::Function')[
        logicalId(synth.stacks.api, authorizerFn().function)
      ];
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
    const variables = (fn?.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment
      .Variables;
    // Everything functions/core/env.ts requires; it signs nothing, so no session secret, and API
    // Gateway calls it (not CloudFront), so no origin-verify secret.
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(REQUIRED_ENV.filter((name) => name !== 'ORIGIN_VERIFY_SECRET_ARN')),
    );
    expect(variables).not.toHaveProperty('ORIGIN_VERIFY_SECRET_ARN');
    expect(variables).not.toHaveProperty('SESSION_SECRET_ARN');
    expect(producedValue(variables.TABLE_NAME)).toEqual({
      Ref: logicalId(synth.stacks.data, synth.stacks.data.table),
    });
  });

  it('may only read items of the table by their key (GetItem), and write its own logs and traces', () => {
    const statements = statementsOf(authorizerFn());
    const actions = statements.flatMap(actionsOf).toSorted();
    expect(actions).toEqual([
      'dynamodb:GetItem',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    const [getItem] = statements.filter((s) => actionsOf(s).includes('dynamodb:GetItem'));
    expect(producedValue(getItem!.Resource)).toEqual({
      'Fn::GetAtt': [logicalId(synth.stacks.data, synth.stacks.data.table), 'Arn'],
    });
  });

  it("may be invoked by this API's authorizer only", () => {
    const [authorizerId] = authorizer();
    const permissions = resourcesOf(synth.templates.api, 'AWS::Lambda::Permission').filter(
      ([, p]) =>
        JSON.stringify((p.Properties as { FunctionName: unknown }).FunctionName) ===
        JSON.stringify({ 'Fn::GetAtt': [logicalId(synth.stacks.api, authorizerFn().function), 'Arn'] }),
    );
    expect(permissions).toHaveLength(1);
    const sourceArn = JSON.stringify((permissions[0]![1].Properties as { SourceArn: unknown }).SourceArn);
    expect(sourceArn).toContain(`"Ref":"${logicalId(synth.stacks.api, synth.stacks.api.api)}"`);
    expect(sourceArn).toContain(`"/authorizers/",{"Ref":"${authorizerId}"}`);
  });
});

describe('functions', () => {
  it("are one per route group, the device authorizer, and the push channel's authorizer and consumer", () => {
    synth.templates.api.resourceCountIs('AWS::Lambda::Function', routeGroups.length + 3);
    expect([...synth.stacks.api.functions.keys()].toSorted()).toEqual(routeGroups.toSorted());
  });

  it('run Node.js 24 on arm64 with 512 MB, 10 s (the stream consumer 60 s), active tracing and their own log group', () => {
    synth.templates.api.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('Logs') } },
    });
    const { roomChanges } = synth.stacks.api.displayChannel;
    for (const [id, fn] of resourcesOf(synth.templates.api, 'AWS::Lambda::Function')) {
      const expected = id === logicalId(synth.stacks.api, roomChanges.function) ? 60 : 10;
      expect((fn.Properties as { Timeout: number }).Timeout, id).toBe(expected);
    }
    const { authorizer } = synth.stacks.api.displayChannel;
    for (const fn of [...synth.stacks.api.functions.values(), authorizerFn(), authorizer, roomChanges]) {
      const logs = logicalId(synth.stacks.api, fn.logGroup);
      expect(synth.templates.api.findResources('AWS::Logs::LogGroup')[logs]).toMatchObject({
        Properties: { RetentionInDays: 14 },
      });
    }
  });

  it('each get every variable functions/core/env.ts requires, with this stage’s values', () => {
    for (const group of routeGroups) {
      const fn = synth.templates.api.findResources('AWS::Lambda::Function')[fnId(group)];
      const variables = (fn?.Properties as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      expect(Object.keys(variables), group).toEqual(expect.arrayContaining(REQUIRED_ENV));
      expect(variables).toMatchObject({
        STAGE: 'test',
        APP_URL: TEST_APP_URL,
        MAIL_FROM: TEST_MAIL_FROM,
        UPLOADS_BUCKET: synth.stacks.config.uploadsBucketName,
        NODE_OPTIONS: '--enable-source-maps',
        // The stage has its own app URL: the calendar providers post their notifications there.
        CALENDAR_WEBHOOK_URL: `${TEST_APP_URL}${API_BASE}`,
      });
      // Read from the stacks that own them.
      expect(producedValue(variables.TABLE_NAME)).toEqual({
        Ref: logicalId(synth.stacks.data, synth.stacks.data.table),
      });
      const { clientPool, adminPool } = synth.stacks.auth;
      expect(producedValue(variables.CLIENT_USER_POOL_ID)).toEqual({
        Ref: logicalId(synth.stacks.auth, clientPool.pool),
      });
      expect(producedValue(variables.ADMIN_USER_POOL_ID)).toEqual({
        Ref: logicalId(synth.stacks.auth, adminPool.pool),
      });
      expect(producedValue(variables.CLIENT_USER_POOL_CLIENT_ID)).toEqual({
        Ref: logicalId(synth.stacks.auth, clientPool.client),
      });
      expect(producedValue(variables.ADMIN_USER_POOL_CLIENT_ID)).toEqual({
        Ref: logicalId(synth.stacks.auth, adminPool.client),
      });
    }
  });

  it('give the calendar providers no address for notifications when the stage has no app URL of its own', () => {
    const props = (appUrl: string) =>
      ({
        config: resolveStageConfig(new App({ context: { ...cdkJsonContext(), stage: 'test', appUrl } }).node),
        appUrl: appUrl || 'https://placeholder.invalid',
        clientPool: { pool: { userPoolId: 'client-pool' }, client: { userPoolClientId: 'client-app' } },
        adminPool: { pool: { userPoolId: 'admin-pool' }, client: { userPoolClientId: 'admin-app' } },
      }) as unknown as ServiceProps;
    // Without one, the placeholder origin reaches nothing: the pull job's schedule alone reads calendars.
    expect(serviceEnvironment(props(''))).not.toHaveProperty('CALENDAR_WEBHOOK_URL');
    expect(serviceEnvironment(props('https://rooms.example.org/')).CALENDAR_WEBHOOK_URL).toBe(
      `https://rooms.example.org${API_BASE}`,
    );
  });

  it("read the origin-verify secret, and the session secret where user tokens are verified, by each one's ARN only", () => {
    const secrets = resourcesOf(synth.templates.api, 'AWS::SecretsManager::Secret');
    const idOf = (name: string) => logicalId(synth.stacks.api, synth.stacks.api[name as 'sessionSecret']);
    const session = idOf('sessionSecret');
    const origin = idOf('originVerifySecret');
    expect(secrets.map(([id]) => id).sort()).toEqual([origin, session].sort());
    for (const [, secret] of secrets) {
      expect(secret.Properties).toHaveProperty('GenerateSecretString');
      expect(secret.Properties).not.toHaveProperty('SecretString');
    }
    expect(
      resourcesOf(synth.templates.api, 'AWS::SecretsManager::Secret').find(([id]) => id === origin)?.[1],
    ).toMatchObject({ Properties: { Name: 'spaces/test/origin-verify' } });
    // The displays' group takes device tokens only, and signs nothing.
    expect(verifiesUserTokens('device')).toBe(false);
    expect(verifiesUserTokens('bookings')).toBe(true);
    for (const group of routeGroups) {
      const fn = synth.templates.api.findResources('AWS::Lambda::Function')[fnId(group)];
      const variables = (fn?.Properties as { Environment: { Variables: Record<string, unknown> } })
        .Environment.Variables;
      const expected = verifiesUserTokens(group) ? [origin, session] : [origin];
      expect(variables.ORIGIN_VERIFY_SECRET_ARN, group).toEqual({ Ref: origin });
      if (verifiesUserTokens(group)) expect(variables.SESSION_SECRET_ARN, group).toEqual({ Ref: session });
      else expect(variables, group).not.toHaveProperty('SESSION_SECRET_ARN');
      expect(variables, group).not.toHaveProperty('SESSION_SECRET');
      const reads = statementsOf(group).filter((s) => actionsOf(s).includes('secretsmanager:GetSecretValue'));
      const read = reads.flatMap((statement) => [statement.Resource].flat() as Array<{ Ref: string }>);
      expect(read.map((resource) => resource.Ref).sort(), group).toEqual(expected.sort());
      for (const read of reads) {
        expect(actionsOf(read).every((a) => /^secretsmanager:(GetSecretValue|DescribeSecret)$/.test(a))).toBe(
          true,
        );
      }
    }
  });

  it("keeps the room displays' function in concurrency of its own", () => {
    for (const group of routeGroups) {
      const fn = synth.templates.api.findResources('AWS::Lambda::Function')[fnId(group)];
      expect((fn?.Properties as Record<string, unknown>).ReservedConcurrentExecutions, group).toBe(
        group === 'device' ? synth.stacks.config.deviceConcurrency : undefined,
      );
    }
  });

  it('may be invoked by this API only, one permission per function', () => {
    // The push channel's authorizer is AppSync's to invoke (test/infra/display-channel.infra.test.ts).
    const channelAuthorizer = JSON.stringify({
      'Fn::GetAtt': [logicalId(synth.stacks.api, synth.stacks.api.displayChannel.authorizer.function), 'Arn'],
    });
    const permissions = resourcesOf(synth.templates.api, 'AWS::Lambda::Permission').filter(
      ([, p]) =>
        JSON.stringify((p.Properties as { FunctionName: unknown }).FunctionName) !== channelAuthorizer,
    );
    expect(permissions).toHaveLength(routeGroups.length + 1);
    const api = logicalId(synth.stacks.api, synth.stacks.api.api);
    for (const [, permission] of permissions) {
      expect(permission.Properties).toMatchObject({ Principal: 'apigateway.amazonaws.com' });
      expect(JSON.stringify((permission.Properties as { SourceArn: unknown }).SourceArn)).toContain(
        `"Ref":"${api}"`,
      );
    }
  });
});

describe('least privilege', () => {
  const everyStatement = () => [
    ...routeGroups.flatMap((group) => statementsOf(group).map((s) => ({ group, ...s }))),
    ...statementsOf(authorizerFn()).map((s) => ({ group: 'device authorizer', ...s })),
    ...statementsOf(synth.stacks.api.displayChannel.authorizer).map((s) => ({
      group: 'channel authorizer',
      ...s,
    })),
    ...statementsOf(synth.stacks.api.displayChannel.roomChanges).map((s) => ({
      group: 'room changes',
      ...s,
    })),
  ];

  it('grants no wildcard action and "*" resources only where AWS has no resource-level permission', () => {
    for (const statement of everyStatement()) {
      for (const action of actionsOf(statement)) expect(action, statement.group).not.toMatch(/(^\*$|:\*$)/);
      if (statement.Resource === '*') {
        for (const action of actionsOf(statement)) {
          expect([
            'xray:PutTraceSegments',
            'xray:PutTelemetryRecords',
            'ses:GetAccount',
            'dynamodb:ListStreams',
          ]).toContain(action);
        }
      }
    }
  });

  it('never lets a function Scan the table or manage it', () => {
    for (const statement of everyStatement()) {
      const dynamo = actionsOf(statement).filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo).not.toContain('dynamodb:Scan');
      for (const action of dynamo) expect(action).not.toMatch(/Delete(Table|Backup)|UpdateTable|CreateTable/);
    }
  });

  it('gives each group only the access it uses', () => {
    const actions = (group: RouteGroup) => new Set(statementsOf(group).flatMap(actionsOf));
    // system (health) reads and probes; it changes nothing.
    expect(
      [...actions('system')].filter((a) =>
        /^(dynamodb|s3|cognito-idp|ses):(Put|Update|Delete|BatchWrite|Admin|Send)/.test(a),
      ),
    ).toEqual([]);
    // config edits the table only.
    expect([...actions('config')].filter((a) => /^(s3|cognito-idp|ses):/.test(a))).toEqual([]);
    expect(actions('config')).toContain('dynamodb:PutItem');
    // uploads belong to "me"; sign-in and recovery to "auth".
    expect(actions('me')).toContain('s3:PutObject');
    expect(actions('auth')).not.toContain('s3:PutObject');
    expect(actions('auth')).toContain('cognito-idp:AdminSetUserPassword');
    // Only the groups that check passwords (sign-in, a password change) read the app clients' secrets.
    for (const group of routeGroups) {
      expect(actions(group).has('cognito-idp:DescribeUserPoolClient'), group).toBe(
        group === 'auth' || group === 'me',
      );
    }
    expect(actions('auth')).toContain('ses:SendEmail');
    // Only the groups that link calendars (calendars, and spaces for the space form) open their
    // tokens, and those that check or set second-factor secrets (auth, me) theirs, with the key
    // and nothing more.
    for (const group of routeGroups) {
      const kms = [...actions(group)].filter((a) => a.startsWith('kms:')).toSorted();
      const seals = ['calendars', 'spaces', 'auth', 'me'].includes(group);
      expect(kms, group).toEqual(seals ? ['kms:Decrypt', 'kms:GenerateDataKey'] : []);
    }
    // The providers' client secrets reach only the groups that link calendars.
    for (const group of ['auth', 'me'] as const) {
      const fn = synth.templates.api.findResources('AWS::Lambda::Function')[fnId(group)];
      const variables = Object.keys(
        (fn?.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables,
      );
      expect(variables, group).toContain('CALENDAR_KMS_KEY_ID');
      expect(
        variables.filter((name) => name.endsWith('_CALENDAR_CLIENT_SECRET')),
        group,
      ).toEqual([]);
    }
  });

  it('lets e-mail go out only from MAIL_FROM', () => {
    const sends = everyStatement().filter((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(sends.length).toBeGreaterThan(0);
    for (const statement of sends) {
      expect(statement).toMatchObject({ Condition: { StringEquals: { 'ses:FromAddress': TEST_MAIL_FROM } } });
    }
  });

  it('limits object access to the uploads bucket and Query to the named GSIs', () => {
    for (const statement of everyStatement()) {
      const resources = JSON.stringify(statement.Resource);
      if (actionsOf(statement).some((a) => a.startsWith('s3:') && a.endsWith('Object'))) {
        expect(statement.Resource).toBe(`arn:aws:s3:::${synth.stacks.config.uploadsBucketName}/*`);
      }
      if (resources.includes('/index/')) {
        expect(resources).toMatch(/\/index\/gsi1".*\/index\/gsi2".*\/index\/gsi3"/);
        expect(resources).not.toContain('/index/*');
      }
    }
  });
});
