import { existsSync } from 'node:fs';
import path from 'node:path';
import { resetEnvCache } from '@core/env';
import { startEmulators, type EmulatorOptions, type RunningEmulators } from './emulators';
import { installFakeClock } from './fake-clock';
import { startJobTimers, type JobTimers } from './jobs';
import { seedDemo } from './seed';
import { repoRoot, startLocalServer, webDist, type LocalServer } from './server';
import { startTableStream, type TableStream } from './table-stream';
import { handler as roomChanges } from '../../functions/device/room-changes';

export interface SystemOptions {
  port: number;
  dataDir: string;
  reset: boolean;
  web: 'static' | 'dev' | 'none';
  ports?: EmulatorOptions['ports'];
  /** An external DynamoDB endpoint instead of DynamoDB Local (default SPACES_DYNAMODB_ENDPOINT). */
  dynamoDbEndpoint?: string;
  inMemory?: boolean;
  /**
   * Runs the scheduled jobs (functions/jobs/schedule.ts) on their rates, or all every `periodMs`:
   * `npm start` does; the tests run jobs themselves, and the benches measure without them.
   * @default false
   */
  jobs?: boolean | { periodMs: number };
  /**
   * Reads the table's stream and pushes what it changed to the room displays
   * (functions/device/room-changes.ts), as its Lambda does in AWS. A bench that counts each route's
   * DynamoDB calls leaves it off: that work is not the route's. @default true
   */
  stream?: boolean;
  log: (line: string) => void;
}

export interface RunningSystem {
  url: string;
  emulators: RunningEmulators;
  /** The job timers, when the system runs them. */
  jobs: JobTimers | undefined;
  stop(): Promise<void>;
}

/** Builds the SPA when web/dist is missing, so a fresh clone starts with one command. */
async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(webDist, 'index.html'))) return;
  log('Building the web app (web/dist is missing)…');
  const { build } = await import('vite');
  // A production build whatever runs it: under Vitest NODE_ENV is 'test', which Vite would keep,
  // and React would come out as its development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(repoRoot, 'web/vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * The whole system on one machine: the AWS emulators, the table, buckets and pools, the demo
 * data, the HTTP server with the API and the SPA, and the scheduled jobs' timers. Used by
 * `npm start` and the API and e2e tests.
 */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  // SPACES_FAKE_NOW: this process and every Node process it starts read that instant from now on.
  const fakeClock = installFakeClock();
  if (fakeClock !== undefined) options.log(`The clock reads ${new Date().toISOString()} (SPACES_FAKE_NOW)`);
  const appUrl = process.env.APP_URL ?? `http://localhost:${options.port}`;
  const emulators = await startEmulators({
    appUrl,
    dataDir: options.dataDir,
    reset: options.reset,
    ports: options.ports,
    dynamoDbEndpoint: options.dynamoDbEndpoint,
    inMemory: options.inMemory,
    log: options.log,
  });
  let server: LocalServer | undefined;
  let jobs: JobTimers | undefined;
  let stream: TableStream | undefined;
  try {
    Object.assign(process.env, emulators.env, {
      MAIL_FROM: process.env.MAIL_FROM ?? 'Spaces <no-reply@spaces.test>',
      APP_URL: appUrl,
    });
    resetEnvCache();
    if (options.web === 'static') await ensureWebBuild(options.log);
    await seedDemo(options.log);
    // The table's stream tells the room displays what changed, as its Lambda does in AWS.
    if (options.stream !== false)
      stream = await startTableStream({
        endpoint: emulators.env.DYNAMODB_ENDPOINT!,
        tableName: emulators.env.TABLE_NAME!,
        handler: roomChanges,
        log: options.log,
      });
    server = await startLocalServer({ port: options.port, web: options.web });
    if (options.jobs) {
      const periodMs = typeof options.jobs === 'object' ? options.jobs.periodMs : undefined;
      jobs = startJobTimers({ log: options.log, periodMs });
    }
  } catch (error) {
    await server?.close();
    await stream?.stop();
    await emulators.stop();
    throw error;
  }
  const running = server;
  return {
    url: running.url,
    emulators,
    jobs,
    stop: async () => {
      // Before the server and the emulators: a run under way still has its table.
      await jobs?.stop();
      await running.close();
      await stream?.stop();
      await emulators.stop();
    },
  };
}
