import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildSpaces, type BuildOptions, type SpacesStacks } from '../../infra/cdk/spaces-app';

export const TEST_ACCOUNT = '123456789012';
export const TEST_REGION = 'us-east-1';
export const TEST_APP_URL = 'https://spaces.example.com';
export const TEST_MAIL_FROM = 'no-reply@spaces.example.com';
export const TEST_ALARM_EMAIL = 'ops@spaces.example.com';
/** Every social provider registered, as a stage that has all four secrets. */
export const TEST_SOCIAL_PROVIDERS = 'google,facebook,microsoft,linkedin';

/** cdk.json's context (feature flags, stages), so the tests synthesize what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

/** A built SPA as Vite lays it out: index.html plus hashed files under assets/. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spaces-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("spa")');
  return dir;
}

export interface Synthesized {
  readonly app: App;
  readonly stacks: SpacesStacks;
  readonly templates: Record<'data' | 'auth' | 'api' | 'jobs' | 'web' | 'monitoring', Template>;
}

/**
 * The whole app for stage `test` with bundling skipped (`aws:cdk:bundling-stacks: []`), as the
 * CLI would build it from cdk.json. Synthesize once per test file, in beforeAll.
 */
export function synthSpaces(options: { context?: Record<string, unknown> } & BuildOptions = {}): Synthesized {
  const app = new App({
    context: {
      ...cdkJsonContext(),
      stage: 'test',
      account: TEST_ACCOUNT,
      region: TEST_REGION,
      appUrl: TEST_APP_URL,
      mailFrom: TEST_MAIL_FROM,
      alarmEmail: TEST_ALARM_EMAIL,
      socialProviders: TEST_SOCIAL_PROVIDERS,
      'aws:cdk:bundling-stacks': [],
      ...options.context,
    },
  });
  const stacks = buildSpaces(app, {
    webDist: options.webDist ?? fakeWebDist(),
    functionsDir: options.functionsDir,
  });
  app.synth();
  return {
    app,
    stacks,
    templates: {
      data: Template.fromStack(stacks.data),
      auth: Template.fromStack(stacks.auth),
      api: Template.fromStack(stacks.api),
      jobs: Template.fromStack(stacks.jobs),
      web: Template.fromStack(stacks.web),
      monitoring: Template.fromStack(stacks.monitoring),
    },
  };
}

/** cdk-nag's AWS Solutions findings that are not acknowledged, as `rule at construct path`. */
export function unacknowledgedNagFindings(app: App, severity: 'error' | 'warning'): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations
    .filter((violation) => violation.severity === severity)
    .flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} at ${resource.constructPath ?? '?'}`,
      ),
    );
}

/** Error annotations of every stack (synthesis problems, including cdk-nag's if it reports through them). */
export function errorAnnotations(stacks: readonly Stack[]): string[] {
  return stacks.flatMap((stack) =>
    Annotations.fromStack(stack)
      .findError('*', Match.anyValue())
      .map((message) => `${message.id}: ${JSON.stringify(message.entry.data)}`),
  );
}

type Json = Record<string, unknown>;

/** The resources of a type, as [logicalId, resource] pairs. */
export function resourcesOf(template: Template, type: string): [string, Json][] {
  return Object.entries(template.findResources(type)) as [string, Json][];
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);
}
