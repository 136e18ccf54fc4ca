import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ApiFunction } from '../../infra/cdk/constructs/api-function';
import { bundleLambda } from '../../infra/cdk/constructs/lambda-bundling';
import { TEST_ACCOUNT, TEST_REGION } from './support';

const SYSTEM_HANDLERS = fileURLToPath(new URL('../../functions/system/handlers.ts', import.meta.url));

const TEST_DATA = fileURLToPath(new URL('../../.test-data', import.meta.url));
let standIn: string | undefined;

/**
 * The system group's handler map, or, while it is not written, a stand-in in a temporary directory
 * (inside the repository's git-ignored .test-data, so esbuild and the lock file are found).
 */
function systemEntry(): string {
  if (existsSync(SYSTEM_HANDLERS)) return SYSTEM_HANDLERS;
  mkdirSync(TEST_DATA, { recursive: true });
  standIn = mkdtempSync(join(TEST_DATA, 'infra-system-handlers-'));
  const entry = join(standIn, 'handlers.ts');
  writeFileSync(
    entry,
    'export const handler = async () => ({ statusCode: 404, body: \'{"message":"Not found"}\' });\n',
  );
  return entry;
}

let bundle: string;
let bundleDir: string;
/** The Lambda's configuration (functions/core/env.ts), as the api stack sets it. */
const bundleEnv = {
  PATH: process.env.PATH,
  AWS_REGION: TEST_REGION,
  STAGE: 'test',
  TABLE_NAME: 'table',
  UPLOADS_BUCKET: 'uploads',
  CLIENT_USER_POOL_ID: 'us-east-1_client',
  CLIENT_USER_POOL_CLIENT_ID: 'client',
  ADMIN_USER_POOL_ID: 'us-east-1_admin',
  ADMIN_USER_POOL_CLIENT_ID: 'admin',
  MAIL_FROM: 'no-reply@example.com',
  APP_URL: 'https://spaces.example.com',
  LOG_LEVEL: 'ERROR',
};
beforeAll(() => {
  const outdir = mkdtempSync(join(tmpdir(), 'spaces-bundle-'));
  const app = new App({ outdir }); // bundling on: every stack is bundled
  const stack = new Stack(app, 'Bundle', { env: { account: TEST_ACCOUNT, region: TEST_REGION } });
  const fn = new ApiFunction(stack, 'System', {
    entry: systemEntry(),
    environment: {},
    logRetention: RetentionDays.ONE_DAY,
  });
  app.synth();
  const code = Template.fromStack(stack).toJSON().Resources[
    stack.getLogicalId(fn.function.node.defaultChild as never)
  ].Properties.Code as { S3Key: string };
  bundleDir = join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
  bundle = join(bundleDir, 'index.mjs');
});

afterAll(() => {
  if (standIn) rmSync(standIn, { recursive: true, force: true });
});

describe('the bundle of a group (system), built locally by esbuild', () => {
  it('is an ES module, index.mjs, with its source map, and the chunks it loads on demand', () => {
    expect(existsSync(bundle)).toBe(true);
    expect(existsSync(join(bundleDir, 'index.js'))).toBe(false);
    expect(existsSync(`${bundle}.map`)).toBe(true);
    expect(readFileSync(bundle, 'utf8')).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    // S3, SES and Cognito are imported on first use (functions/core/aws/*.ts): chunks of their own,
    // which index.mjs imports only dynamically, so a cold start does not load them.
    const chunks = readdirSync(join(bundleDir, 'chunks'));
    for (const client of ['s3-client', 'ses-client', 'cognito-client']) {
      const chunk = chunks.find((file) => file.startsWith(client) && file.endsWith('.mjs'));
      expect(chunk, client).toBeDefined();
      expect(readFileSync(bundle, 'utf8')).not.toContain(`from"./chunks/${chunk}"`);
      expect(readFileSync(bundle, 'utf8')).toContain(`./chunks/${chunk}`);
    }
  });

  it('is minified and starts with the banner that gives bundled CommonJS a require', () => {
    const code = readFileSync(bundle, 'utf8');
    expect(
      code.startsWith(
        "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      ),
    ).toBe(true);
    // esbuild prints `() => {` and `) {` in readable output and `()=>{`, `){` minified; strings may keep a few.
    const spaced = code.match(/ => |\) \{/g)?.length ?? 0;
    expect(spaced).toBeLessThan(Math.max(1, code.length / 10_000));
  });

  it('imports under Node and answers an unknown route without touching AWS', () => {
    const script = `
      const { handler } = await import(process.argv[1]);
      if (typeof handler !== 'function') throw new Error('no handler export');
      const event = {
        version: '2.0', routeKey: '$default', rawPath: '/api/v1/no-such-route', rawQueryString: '',
        headers: {}, isBase64Encoded: false,
        requestContext: { http: { method: 'GET', path: '/api/v1/no-such-route', sourceIp: '127.0.0.1' }, requestId: 'r' },
      };
      const context = { awsRequestId: 'r', functionName: 'system', getRemainingTimeInMillis: () => 10000 };
      const response = await handler(event, context);
      process.stdout.write(JSON.stringify({ statusCode: response.statusCode }));
    `;
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(bundle).href],
      {
        encoding: 'utf8',
        timeout: 30_000,
        env: bundleEnv,
      },
    );
    expect(JSON.parse(output)).toEqual({ statusCode: 404 });
  });
});

describe('what the bundle leaves out (infra/cdk/constructs/lambda-bundling.ts)', () => {
  /** The sources of every file of the bundle, from their source maps. */
  const sources = () =>
    [bundleDir, join(bundleDir, 'chunks')]
      .flatMap((dir) =>
        readdirSync(dir)
          .filter((file) => file.endsWith('.map'))
          .map((file) => join(dir, file)),
      )
      .flatMap((map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources)
      .join('\n');

  it('takes credentials from the environment only: no SSO, INI, STS or metadata providers', () => {
    expect(sources()).toContain('functions/core/bundling/credentials-from-env.ts');
    expect(sources()).not.toMatch(/credential-provider-(node|ini|sso|process|web-identity)|nested-clients/);
  });

  it("skips ElectroDB's JSON Schema check of its constant models (the tests run the real one)", () => {
    expect(sources()).toContain('functions/core/bundling/electrodb-model-check.ts');
    expect(sources()).not.toMatch(/node_modules\/jsonschema\//);
  });

  it('signs its AWS calls with the credentials of the environment, as Lambda sets them', async () => {
    // A plain HTTP listener stands in for the DynamoDB endpoint only to read the signed request.
    const seen = new Promise<string>((resolve) => {
      const server = createServer((req, res) => {
        resolve(req.headers.authorization ?? '');
        res.writeHead(500).end();
        server.close();
      }).listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const script = `
          const { handler } = await import(process.argv[1]);
          const event = {
            version: '2.0', routeKey: 'GET /api/v1/health', rawPath: '/api/v1/health', rawQueryString: '',
            headers: {}, isBase64Encoded: false,
            requestContext: { http: { method: 'GET', path: '/api/v1/health', sourceIp: '127.0.0.1' }, requestId: 'r' },
          };
          await handler(event, { awsRequestId: 'r', functionName: 'system', getRemainingTimeInMillis: () => 10000 });
        `;
        execFile(
          process.execPath,
          ['--input-type=module', '-e', script, pathToFileURL(bundle).href],
          {
            timeout: 30_000,
            env: {
              ...bundleEnv,
              DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
              AWS_ACCESS_KEY_ID: 'AKIDFROMENVIRONMENT',
              AWS_SECRET_ACCESS_KEY: 'secret',
              AWS_SESSION_TOKEN: 'session',
            },
          },
          () => undefined,
        );
      });
    });
    expect(await seen).toContain('Credential=AKIDFROMENVIRONMENT/');
  });
});

describe('a group whose handler map is not written yet', () => {
  const missing = fileURLToPath(new URL('../../functions/no-such-group/handlers.ts', import.meta.url));
  const build = (context: Record<string, unknown>) => {
    const app = new App({ context });
    const stack = new Stack(app, 'Missing', { env: { account: TEST_ACCOUNT, region: TEST_REGION } });
    new ApiFunction(stack, 'Missing', {
      entry: missing,
      environment: {},
      logRetention: RetentionDays.ONE_DAY,
    });
    return stack;
  };

  it('is only a warning while its stack is not bundled (tests, or deploying another stack)', () => {
    const stack = build({ 'aws:cdk:bundling-stacks': [] });
    Annotations.fromStack(stack).hasWarning(
      '*',
      Match.stringLikeRegexp('no-such-group/handlers.ts does not exist yet'),
    );
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', { Runtime: 'nodejs24.x' });
  });

  it('fails the synthesis of a stack that is bundled', () => {
    expect(() => build({})).toThrow(/no-such-group\/handlers.ts does not exist/);
  });
});

describe('several functions of one app', () => {
  it('each get the bundle of their own entry', () => {
    mkdirSync(TEST_DATA, { recursive: true });
    const dir = mkdtempSync(join(TEST_DATA, 'infra-two-entries-'));
    try {
      const outdir = mkdtempSync(join(tmpdir(), 'spaces-bundles-'));
      const app = new App({ outdir });
      const stack = new Stack(app, 'Two', { env: { account: TEST_ACCOUNT, region: TEST_REGION } });
      const keys = ['first', 'second'].map((name) => {
        const entry = join(dir, `${name}.ts`);
        writeFileSync(entry, `export const handler = async () => '${name}-entry';\n`);
        const fn = new ApiFunction(stack, name, {
          entry,
          environment: {},
          logRetention: RetentionDays.ONE_DAY,
        });
        return { name, fn };
      });
      app.synth();
      const resources = Template.fromStack(stack).toJSON().Resources;
      const bundles = keys.map(({ name, fn }) => {
        const { S3Key } = resources[stack.getLogicalId(fn.function.node.defaultChild as never)].Properties
          .Code as { S3Key: string };
        const code = readFileSync(join(outdir, `asset.${S3Key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
        return { name, S3Key, code };
      });
      expect(bundles[0]!.S3Key).not.toBe(bundles[1]!.S3Key);
      for (const { name, code } of bundles) expect(code, name).toContain(`${name}-entry`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the chunks a bundle ships (infra/cdk/constructs/lambda-bundling.ts)', () => {
  it('are only those its code can load: the spaces group, which sends no mail and queues nothing, ships neither client', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spaces-bundle-spaces-'));
    try {
      bundleLambda(fileURLToPath(new URL('../../functions/spaces/handlers.ts', import.meta.url)), dir, {
        sourcemap: false,
      });
      const chunks = readdirSync(join(dir, 'chunks'));
      // Reached: the entry, and every chunk that a reached file names.
      const reached = new Set(['index.mjs']);
      for (const file of reached) {
        const code = readFileSync(join(dir, file === 'index.mjs' ? file : `chunks/${file}`), 'utf8');
        for (const chunk of chunks) if (code.includes(chunk)) reached.add(chunk);
      }
      expect(chunks.filter((chunk) => !reached.has(chunk))).toEqual([]);
      expect(chunks.filter((chunk) => /^(ses|sqs)-client/.test(chunk))).toEqual([]);
      // What the group does load on demand is still there: S3 for signed URLs.
      expect(chunks.some((chunk) => chunk.startsWith('s3-client'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
