import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildSpaces, type SpacesStacks } from '../../infra/cdk/spaces-app';
import { cdkJsonContext, fakeWebDist } from './support';

/**
 * What CloudFormation (and cfn-lint, which cannot be installed here) refuses in a template,
 * checked on every template of the dev stage as `npm run synth` builds it and of a prod stage
 * with everything on: a custom domain, a mail sender, both calendar providers, every social
 * provider, an alarm address, in a region other than the edge's.
 */
const stages: Record<string, Record<string, unknown>> = {
  dev: {},
  prod: {
    stage: 'prod',
    account: '111122223333',
    region: 'eu-west-2',
    appUrl: 'https://app.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0f6c1a52-5d2e-4c1b-9d4a-2b7e1f3c8a90',
    mailFrom: 'no-reply@example.com',
    calendarProviders: 'google,microsoft',
    socialProviders: 'google,facebook,microsoft,linkedin',
    alarmEmail: 'ops@example.com',
  },
};

type Json = Record<string, unknown>;
interface StageTemplates {
  readonly stacks: SpacesStacks;
  readonly templates: Map<string, Json>;
}

function synth(context: Record<string, unknown>): StageTemplates {
  const app = new App({
    context: { ...cdkJsonContext(), ...context, 'aws:cdk:bundling-stacks': [] },
  });
  const stacks = buildSpaces(app, { webDist: fakeWebDist() });
  app.synth();
  const all: Stack[] = [stacks.data, stacks.auth, stacks.api, stacks.jobs, stacks.web, stacks.monitoring];
  return {
    stacks,
    templates: new Map(all.map((stack) => [stack.stackName, Template.fromStack(stack).toJSON() as Json])),
  };
}

const synthesized = new Map<string, StageTemplates>();
beforeAll(() => {
  for (const [name, context] of Object.entries(stages)) synthesized.set(name, synth(context));
});

/** The intrinsic functions CloudFormation knows (and the `Ref` of a logical id or pseudo parameter). */
const INTRINSICS = new Set([
  'Ref',
  'Condition',
  'Fn::And',
  'Fn::Base64',
  'Fn::Cidr',
  'Fn::Equals',
  'Fn::FindInMap',
  'Fn::GetAtt',
  'Fn::GetAZs',
  'Fn::GetStackOutput',
  'Fn::If',
  'Fn::ImportValue',
  'Fn::Join',
  'Fn::Length',
  'Fn::Not',
  'Fn::Or',
  'Fn::Select',
  'Fn::Split',
  'Fn::Sub',
  'Fn::ToJsonString',
  'Fn::Transform',
]);
/** The functions a template's Rules section may use besides those. */
const RULE_FUNCTIONS = new Set([
  'Fn::Contains',
  'Fn::EachMemberEquals',
  'Fn::EachMemberIn',
  'Fn::RefAll',
  'Fn::ValueOf',
  'Fn::ValueOfAll',
]);
const PSEUDO_PARAMETERS = new Set([
  'AWS::AccountId',
  'AWS::NotificationARNs',
  'AWS::NoValue',
  'AWS::Partition',
  'AWS::Region',
  'AWS::StackId',
  'AWS::StackName',
  'AWS::URLSuffix',
]);

/** Every `{ "Fn::…" | "Ref": … }` object in a value, with where it was found. */
function intrinsicsIn(
  value: unknown,
  path: string,
  found: Array<{ path: string; fn: string; arg: unknown }> = [],
) {
  if (Array.isArray(value)) value.forEach((item, i) => intrinsicsIn(item, `${path}[${i}]`, found));
  else if (value && typeof value === 'object') {
    const entries = Object.entries(value as Json);
    if (entries.length === 1 && (entries[0]![0] === 'Ref' || entries[0]![0].startsWith('Fn::'))) {
      found.push({ path, fn: entries[0]![0], arg: entries[0]![1] });
    }
    for (const [key, inner] of entries) intrinsicsIn(inner, `${path}.${key}`, found);
  }
  return found;
}

const isLiteralString = (value: unknown) => typeof value === 'string';
const each = (fn: (stage: string, stackName: string, template: Json) => void) => {
  for (const [stage, { templates }] of synthesized) {
    for (const [stackName, template] of templates) fn(stage, stackName, template);
  }
};
const section = (template: Json, name: string) => (template[name] ?? {}) as Record<string, Json>;

describe('every template of the dev and prod stages', () => {
  it('describes its outputs, and itself, with literal strings of at most 1,024 characters (E6003)', () => {
    const problems: string[] = [];
    each((stage, stackName, template) => {
      if (template.Description !== undefined && !isLiteralString(template.Description))
        problems.push(`${stage} ${stackName} Description`);
      for (const [name, output] of Object.entries(section(template, 'Outputs'))) {
        if (output.Description === undefined) continue;
        if (!isLiteralString(output.Description) || (output.Description as string).length > 1024)
          problems.push(`${stage} ${stackName} Outputs.${name}.Description`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('names types, dependencies, conditions and deletion policies with literals CloudFormation accepts', () => {
    const policies = new Set(['Delete', 'Retain', 'Snapshot', 'RetainExceptOnCreate']);
    const problems: string[] = [];
    each((stage, stackName, template) => {
      const resources = section(template, 'Resources');
      for (const [id, resource] of Object.entries(resources)) {
        const at = `${stage} ${stackName} ${id}`;
        if (!/^[A-Za-z0-9]{1,255}$/.test(id)) problems.push(`${at}: logical id`);
        if (!isLiteralString(resource.Type) || !/^(AWS|Custom)::/.test(resource.Type as string))
          problems.push(`${at}: Type`);
        for (const dependency of [resource.DependsOn ?? []].flat()) {
          if (!isLiteralString(dependency) || !(dependency in resources))
            problems.push(`${at}: DependsOn ${JSON.stringify(dependency)}`);
        }
        if (resource.Condition !== undefined && !isLiteralString(resource.Condition))
          problems.push(`${at}: Condition`);
        for (const key of ['DeletionPolicy', 'UpdateReplacePolicy']) {
          if (resource[key] !== undefined && !policies.has(resource[key] as string))
            problems.push(`${at}: ${key}`);
        }
      }
      for (const id of Object.keys(section(template, 'Outputs'))) {
        if (!/^[A-Za-z0-9]{1,255}$/.test(id)) problems.push(`${stage} ${stackName} output ${id}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('uses only intrinsic functions CloudFormation knows, referring to what exists', () => {
    const problems: string[] = [];
    each((stage, stackName, template) => {
      const resources = section(template, 'Resources');
      const parameters = section(template, 'Parameters');
      for (const { path, fn, arg } of intrinsicsIn(template, stackName)) {
        const at = `${stage} ${path}`;
        const inRules = path.startsWith(`${stackName}.Rules.`);
        if (!INTRINSICS.has(fn) && !(inRules && RULE_FUNCTIONS.has(fn)))
          problems.push(`${at}: unknown ${fn}`);
        if (
          fn === 'Ref' &&
          !(typeof arg === 'string' && (arg in resources || arg in parameters || PSEUDO_PARAMETERS.has(arg)))
        )
          problems.push(`${at}: Ref to ${JSON.stringify(arg)}`);
        if (fn === 'Fn::GetAtt') {
          const target = Array.isArray(arg) ? arg[0] : String(arg).split('.')[0];
          if (!(typeof target === 'string' && target in resources))
            problems.push(`${at}: GetAtt of ${JSON.stringify(target)}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it('reads another stack only through outputs that stack has, in that stack’s region', () => {
    const problems: string[] = [];
    for (const [stage, { stacks, templates }] of synthesized) {
      const regions = new Map(
        [stacks.data, stacks.auth, stacks.api, stacks.jobs, stacks.web, stacks.monitoring].map((stack) => [
          stack.stackName,
          stack.region,
        ]),
      );
      for (const [stackName, template] of templates) {
        for (const { path, fn, arg } of intrinsicsIn(template, stackName)) {
          if (fn !== 'Fn::GetStackOutput') continue;
          const { StackName, OutputName, Region } = arg as {
            StackName: string;
            OutputName: string;
            Region?: string;
          };
          const producer = templates.get(StackName);
          if (!producer || !(OutputName in section(producer, 'Outputs')))
            problems.push(`${stage} ${path}: ${StackName}.${OutputName} does not exist`);
          if ((Region ?? regions.get(stackName)) !== regions.get(StackName))
            problems.push(`${stage} ${path}: ${StackName} is not in ${Region}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('stays within CloudFormation’s limits: 500 resources, 200 outputs, 1 MB of template', () => {
    each((stage, stackName, template) => {
      expect(Object.keys(section(template, 'Resources')).length, `${stage} ${stackName}`).toBeLessThanOrEqual(
        500,
      );
      expect(Object.keys(section(template, 'Outputs')).length, `${stage} ${stackName}`).toBeLessThanOrEqual(
        200,
      );
      expect(JSON.stringify(template).length, `${stage} ${stackName}`).toBeLessThan(1_000_000);
    });
  });

  it('keeps the lengths the services check: descriptions, names, a Lambda environment of 4 KB', () => {
    const limits: Record<string, Record<string, number>> = {
      'AWS::CloudWatch::Alarm': { AlarmDescription: 1024 },
      'AWS::Lambda::Function': { Description: 256 },
      'AWS::Events::Rule': { Description: 512 },
      'AWS::IAM::Role': { Description: 1000 },
      'AWS::SecretsManager::Secret': { Description: 2048 },
      'AWS::SNS::Topic': { DisplayName: 100 },
      'AWS::WAFv2::WebACL': { Description: 256 },
      'AWS::CloudFront::Distribution': {},
    };
    const problems: string[] = [];
    each((stage, stackName, template) => {
      for (const [id, resource] of Object.entries(section(template, 'Resources'))) {
        const properties = (resource.Properties ?? {}) as Json;
        for (const [key, max] of Object.entries(limits[resource.Type as string] ?? {})) {
          const value = properties[key];
          if (typeof value === 'string' && value.length > max)
            problems.push(`${stage} ${stackName} ${id}.${key}: ${value.length} > ${max}`);
        }
        if (resource.Type === 'AWS::Lambda::Function') {
          const variables = ((properties.Environment as Json | undefined)?.Variables ?? {}) as Json;
          // Tokens resolve to ARNs, names and ids; counted as their JSON, which is longer.
          const size = Object.entries(variables).reduce(
            (sum, [name, value]) => sum + name.length + JSON.stringify(value).length,
            0,
          );
          if (size > 4096) problems.push(`${stage} ${stackName} ${id}: environment of ${size} bytes`);
        }
        if (resource.Type === 'AWS::WAFv2::WebACL') {
          for (const rule of properties.Rules as Json[]) {
            if (!/^[0-9A-Za-z_-]{1,128}$/.test(rule.Name as string))
              problems.push(`${id} rule ${String(rule.Name)}`);
            const metric = (rule.VisibilityConfig as Json).MetricName as string;
            if (!/^[\w#:.\-/]{1,255}$/.test(metric)) problems.push(`${id} metric ${metric}`);
          }
        }
      }
    });
    expect(problems).toEqual([]);
  });
});

describe('the prod stage', () => {
  it('synthesizes its six stacks, the edge in us-east-1 and the rest in the stage’s region', () => {
    const { stacks } = synthesized.get('prod')!;
    expect(
      [stacks.data, stacks.auth, stacks.api, stacks.jobs, stacks.monitoring].map((s) => s.region),
    ).toEqual(Array(5).fill('eu-west-2'));
    expect(stacks.web.region).toBe('us-east-1');
    expect(stacks.web.terminationProtection).toBe(true);
  });
});
