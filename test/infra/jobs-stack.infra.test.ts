import { Template } from 'aws-cdk-lib/assertions';
import { scheduledJobs, type JobName } from '../../functions/jobs/schedule';
import { logicalId, resourcesOf, synthSpaces, TEST_APP_URL, type Synthesized } from './support';
import { JOB_CONCURRENCY, jobAccess } from '../../infra/cdk/stacks/jobs-stack';

/**
 * The CDK app must not load a job's code (the schedule table imports it only in `load`): this
 * stand-in records it if anything imports the module while the app is built.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../functions/jobs/cap-poll', () => {
  loaded.add('cap-poll');
  return { handler: async () => ({}), runCapPoll: async () => ({}) };
});

/** The variables functions/core/env.ts requires of every Lambda (the session secret is for the API only). */
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
];

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}
type Json = Record<string, unknown>;
const actionsOf = (statement: Statement) => [statement.Action].flat();

let synth: Synthesized;
let jobs: Template;
beforeAll(() => {
  synth = synthSpaces();
  jobs = Template.fromStack(synth.stacks.jobs);
});

const resourcesOfJob = (name: JobName) => synth.stacks.jobs.jobs.get(name)!;
const id = (construct: { node: { defaultChild?: unknown } }) => logicalId(synth.stacks.jobs, construct);
const resource = (type: string, logical: string) =>
  jobs.findResources(type)[logical] as { Properties: Json } | undefined;

/** The statements of the policy attached to a job's role. */
function statementsOf(name: JobName, of: 'job' | 'worker' = 'job'): Statement[] {
  const made = resourcesOfJob(name);
  const role = id((of === 'worker' ? made.worker! : made).function.role);
  return resourcesOf(jobs, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify((policy.Properties as { Roles: unknown }).Roles).includes(role))
    .flatMap(
      ([, policy]) =>
        (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
    );
}

/** The jobs that fan out through a queue to a worker (the schedule table's `worker`). */
const fanOutJobs = scheduledJobs.filter((job) => job.worker);

/** The Data stack's output a cross-stack reference reads. */
function dataOutput(reference: unknown): unknown {
  const { StackName, OutputName } = (
    reference as { 'Fn::GetStackOutput': { StackName: string; OutputName: string } }
  )['Fn::GetStackOutput'];
  expect(StackName).toBe(synth.stacks.data.stackName);
  return (synth.templates.data.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs[
    OutputName
  ]?.Value;
}

describe('the schedule table (functions/jobs/schedule.ts)', () => {
  it('names each job once, in kebab-case, with a handler module under functions/jobs/', () => {
    const names = scheduledJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of scheduledJobs) {
      expect(job.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(job.entry).toMatch(/^jobs\/[a-z0-9-]+\.ts$/);
      expect(job.entry).not.toBe('jobs/schedule.ts');
    }
  });

  it("gives each job a whole number of minutes and a timeout that ends a run before the next one's", () => {
    for (const job of scheduledJobs) {
      expect(Number.isInteger(job.rateMinutes) && job.rateMinutes >= 1, job.name).toBe(true);
      expect(job.lambda.timeoutSeconds, job.name).toBeLessThan(job.rateMinutes * 60);
      expect(job.lambda.memoryMb, job.name).toBeGreaterThanOrEqual(128);
    }
  });

  it('polls the CAP feeds every minute', () => {
    expect(scheduledJobs.find((job) => job.name === 'cap-poll')).toMatchObject({
      entry: 'jobs/cap-poll.ts',
      rateMinutes: 1,
    });
  });

  it('is read by the CDK app without loading any job', () => {
    expect(synth.stacks.jobs.jobs.size).toBe(scheduledJobs.length);
    expect([...loaded]).toEqual([]);
  });
});

describe('the jobs stack', () => {
  it('is its own stack, Spaces-<stage>-Jobs, that the API does not depend on', () => {
    expect(synth.stacks.jobs.stackName).toBe('Spaces-test-Jobs');
    expect(synth.stacks.api.dependencies).not.toContain(synth.stacks.jobs);
    expect(synth.stacks.web.dependencies).not.toContain(synth.stacks.jobs);
  });

  it('has one rule per job, on its rate, invoking its Lambda with retries and a dead-letter queue', () => {
    jobs.resourceCountIs('AWS::Events::Rule', scheduledJobs.length);
    for (const job of scheduledJobs) {
      const made = resourcesOfJob(job.name);
      const rule = resource('AWS::Events::Rule', id(made.rule));
      expect(rule?.Properties, job.name).toMatchObject({
        ScheduleExpression: job.rateMinutes === 1 ? 'rate(1 minute)' : `rate(${job.rateMinutes} minutes)`,
        State: 'ENABLED',
        Targets: [
          {
            Arn: { 'Fn::GetAtt': [id(made.function.function), 'Arn'] },
            RetryPolicy: {
              MaximumRetryAttempts: 2,
              MaximumEventAgeInSeconds: Math.max(60, job.rateMinutes * 60),
            },
            DeadLetterConfig: { Arn: { 'Fn::GetAtt': [id(made.deadLetters), 'Arn'] } },
          },
        ],
      });
      expect((rule?.Properties.Targets as unknown[]).length).toBe(1);
    }
  });

  it('lets only its own rule invoke each Lambda', () => {
    const permissions = resourcesOf(jobs, 'AWS::Lambda::Permission');
    expect(permissions).toHaveLength(scheduledJobs.length);
    for (const job of scheduledJobs) {
      const made = resourcesOfJob(job.name);
      const own = permissions.filter(
        ([, permission]) =>
          JSON.stringify((permission.Properties as Json).FunctionName) ===
          JSON.stringify({ 'Fn::GetAtt': [id(made.function.function), 'Arn'] }),
      );
      expect(own.map(([, permission]) => permission.Properties)).toEqual([
        expect.objectContaining({
          Action: 'lambda:InvokeFunction',
          Principal: 'events.amazonaws.com',
          SourceArn: { 'Fn::GetAtt': [id(made.rule), 'Arn'] },
        }),
      ]);
    }
  });

  it('does not let Lambda retry a failed run (the next scheduled run does the work)', () => {
    jobs.resourceCountIs('AWS::Lambda::EventInvokeConfig', scheduledJobs.length);
    for (const job of scheduledJobs) {
      jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: id(resourcesOfJob(job.name).function.function) },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 0,
        MaximumEventAgeInSeconds: Math.max(60, job.rateMinutes * 60),
      });
    }
  });

  it('keeps undelivered events for 14 days in an encrypted queue that refuses plain HTTP', () => {
    // A dead-letter queue per job, and a queue and its dead-letter queue per fan-out job's worker.
    jobs.resourceCountIs('AWS::SQS::Queue', scheduledJobs.length + 2 * fanOutJobs.length);
    for (const job of scheduledJobs) {
      const queue = id(resourcesOfJob(job.name).deadLetters);
      expect(resource('AWS::SQS::Queue', queue)?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      });
      const [[, policy] = []] = resourcesOf(jobs, 'AWS::SQS::QueuePolicy').filter(([, p]) =>
        JSON.stringify((p.Properties as Json).Queues).includes(queue),
      );
      const statements = (policy?.Properties as { PolicyDocument: { Statement: Json[] } }).PolicyDocument
        .Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 'sqs:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
      // Only the job's rule may send to it.
      const allows = statements.filter((statement) => statement.Effect === 'Allow');
      expect(allows).toEqual([
        expect.objectContaining({
          Action: 'sqs:SendMessage',
          Principal: { Service: 'events.amazonaws.com' },
          Condition: {
            ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [id(resourcesOfJob(job.name).rule), 'Arn'] } },
          },
        }),
      ]);
    }
  });

  it('keeps one run of each job at a time, in concurrency of its own', () => {
    for (const job of scheduledJobs) {
      const made = resourcesOfJob(job.name);
      expect(resource('AWS::Lambda::Function', id(made.function.function))?.Properties).toMatchObject({
        ReservedConcurrentExecutions: JOB_CONCURRENCY,
      });
    }
  });
});

describe('the jobs’ Lambdas', () => {
  it('are built like the API’s (Node.js 24, arm64, tracing, own log group), sized by the table', () => {
    jobs.resourceCountIs('AWS::Lambda::Function', scheduledJobs.length + fanOutJobs.length);
    for (const job of scheduledJobs) {
      const made = resourcesOfJob(job.name);
      expect(resource('AWS::Lambda::Function', id(made.function.function))?.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: id(made.function.logGroup) } },
        Timeout: job.lambda.timeoutSeconds,
        MemorySize: job.lambda.memoryMb,
      });
      expect(resource('AWS::Logs::LogGroup', id(made.function.logGroup))?.Properties).toMatchObject({
        RetentionInDays: 14,
      });
    }
  });

  it('get every variable functions/core/env.ts requires, with this stage’s values and the Data stack’s table', () => {
    for (const job of scheduledJobs) {
      const fn = resource('AWS::Lambda::Function', id(resourcesOfJob(job.name).function.function));
      const variables = (fn?.Properties.Environment as { Variables: Json }).Variables;
      expect(Object.keys(variables), job.name).toEqual(expect.arrayContaining(REQUIRED_ENV));
      expect(variables).toMatchObject({
        STAGE: 'test',
        APP_URL: TEST_APP_URL,
        UPLOADS_BUCKET: synth.stacks.config.uploadsBucketName,
        NODE_OPTIONS: '--enable-source-maps',
        // The pull job watches calendars with the API's public base as the notifications' address.
        CALENDAR_WEBHOOK_URL: `${TEST_APP_URL}/api/v1`,
      });
      expect(dataOutput(variables.TABLE_NAME)).toEqual({
        Ref: logicalId(synth.stacks.data, synth.stacks.data.table),
      });
    }
  });

  it('may touch the table, send mail from MAIL_FROM when it mails, and open calendar tokens when it syncs: items and GSI queries, no Scan, no other service', () => {
    const table = { 'Fn::GetAtt': [logicalId(synth.stacks.data, synth.stacks.data.table), 'Arn'] };
    for (const job of scheduledJobs) {
      const statements = statementsOf(job.name);
      const services = new Set(statements.flatMap(actionsOf).map((action) => action.split(':')[0]));
      // Its own log group and X-Ray traces, as every function; then the table, SES for the
      // jobs that e-mail people (no-shows, screens offline), and the calendar key for the jobs
      // that sync linked calendars.
      const mails = jobAccess[job.name].mail === true;
      const syncs = jobAccess[job.name].calendarTokens === true;
      // A fan-out job's planner sends to its queue (the fan-out tests below say exactly what).
      const fansOut = job.worker !== undefined;
      expect([...services].toSorted(), job.name).toEqual([
        'dynamodb',
        ...(syncs ? ['kms'] : []),
        'logs',
        ...(mails ? ['ses'] : []),
        ...(fansOut ? ['sqs'] : []),
        'xray',
      ]);
      const kms = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('kms:')));
      for (const statement of kms) {
        expect(actionsOf(statement).toSorted()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
        expect(JSON.stringify(statement.Resource)).toContain('CalendarTokenKey');
      }
      const ses = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
      for (const statement of ses) {
        expect(actionsOf(statement)).toEqual(['ses:SendEmail']);
        expect(JSON.stringify(statement)).toContain('ses:FromAddress');
      }

      const dynamo = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      const actions = new Set(dynamo.flatMap(actionsOf));
      expect(actions).toContain('dynamodb:PutItem');
      expect(actions).toContain('dynamodb:Query');
      expect(actions).not.toContain('dynamodb:Scan');
      for (const action of actions) expect(action).not.toMatch(/Table|Backup|\*/);
      for (const statement of dynamo) {
        for (const arn of [statement.Resource].flat()) {
          const join = (arn as { 'Fn::Join'?: [string, [unknown, string]] })['Fn::Join'];
          if (join) {
            expect(dataOutput(join[1][0])).toEqual(table);
            expect(join[1][1]).toMatch(/^\/index\/gsi\d$/);
          } else {
            expect(dataOutput(arn)).toEqual(table);
          }
        }
      }

      const logs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));
      for (const statement of logs) {
        expect(statement.Resource).toEqual({
          'Fn::GetAtt': [id(resourcesOfJob(job.name).function.logGroup), 'Arn'],
        });
      }
    }
  });
});

describe('the fan-out jobs (a planner, a queue, a worker)', () => {
  it('are the CAP poll and the calendar pull, each worker sized within its job’s rate', () => {
    expect(fanOutJobs.map((job) => job.name).toSorted()).toEqual(['calendar-pull', 'cap-poll']);
    for (const job of fanOutJobs) {
      const worker = job.worker!;
      expect(worker.entry, job.name).toMatch(/^jobs\/[a-z0-9-]+-worker\.ts$/);
      expect(worker.timeoutSeconds, job.name).toBeLessThan(job.rateMinutes * 60);
      expect(worker.batchSize, job.name).toBeGreaterThanOrEqual(1);
      expect(worker.maxConcurrency, job.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('queue the planner’s messages encrypted, over TLS only, invisible for six worker timeouts, then to a dead-letter queue after 3 receives', () => {
    for (const job of fanOutJobs) {
      const { queue, deadLetters } = resourcesOfJob(job.name).worker!;
      expect(resource('AWS::SQS::Queue', id(queue))?.Properties, job.name).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: 6 * job.worker!.timeoutSeconds,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [id(deadLetters), 'Arn'] },
          maxReceiveCount: 3,
        },
      });
      expect(resource('AWS::SQS::Queue', id(deadLetters))?.Properties, job.name).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      });
      for (const made of [queue, deadLetters]) {
        const policies = resourcesOf(jobs, 'AWS::SQS::QueuePolicy').filter(([, p]) =>
          JSON.stringify((p.Properties as Json).Queues).includes(id(made)),
        );
        expect(JSON.stringify(policies), job.name).toContain('"aws:SecureTransport":"false"');
      }
    }
  });

  it('hand each worker its batches with partial batch failures reported, at most maxConcurrency at once', () => {
    jobs.resourceCountIs('AWS::Lambda::EventSourceMapping', fanOutJobs.length);
    for (const job of fanOutJobs) {
      const { function: fn, queue } = resourcesOfJob(job.name).worker!;
      jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: id(fn.function) },
        EventSourceArn: { 'Fn::GetAtt': [id(queue), 'Arn'] },
        BatchSize: job.worker!.batchSize,
        ScalingConfig: { MaximumConcurrency: job.worker!.maxConcurrency },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(resource('AWS::Lambda::Function', id(fn.function))?.Properties, job.name).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Timeout: job.worker!.timeoutSeconds,
        MemorySize: job.worker!.memoryMb,
      });
    }
  });

  it('let the planner send to its own queue and do nothing else with it, and tell it the queue’s URL', () => {
    for (const job of fanOutJobs) {
      const made = resourcesOfJob(job.name);
      const sqsStatements = statementsOf(job.name).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('sqs:')),
      );
      expect(sqsStatements, job.name).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: 'sqs:SendMessage',
          Resource: { 'Fn::GetAtt': [id(made.worker!.queue), 'Arn'] },
        }),
      ]);
      const fn = resource('AWS::Lambda::Function', id(made.function.function));
      const variables = (fn?.Properties.Environment as { Variables: Json }).Variables;
      const variable = `${job.name.toUpperCase().replace(/-/g, '_')}_QUEUE_URL`;
      expect(variables[variable], job.name).toEqual({ Ref: id(made.worker!.queue) });
    }
  });

  it('give the worker the job’s own access, and the queue’s consumer actions on its queue alone', () => {
    for (const job of fanOutJobs) {
      const made = resourcesOfJob(job.name);
      const services = (of: 'job' | 'worker') =>
        new Set(
          statementsOf(job.name, of)
            .flatMap(actionsOf)
            .map((action) => action.split(':')[0]),
        );
      expect([...services('worker')].toSorted(), job.name).toEqual([...services('job')].toSorted());
      const consumer = statementsOf(job.name, 'worker').filter((s) =>
        actionsOf(s).some((a) => a.startsWith('sqs:')),
      );
      for (const statement of consumer) {
        expect(statement.Resource, job.name).toEqual({ 'Fn::GetAtt': [id(made.worker!.queue), 'Arn'] });
        expect(actionsOf(statement)).toEqual(
          expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']),
        );
        expect(actionsOf(statement)).not.toContain('sqs:SendMessage');
      }
    }
  });
});
