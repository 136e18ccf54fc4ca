import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolvePorts, startEmulators, TEST_PORTS } from '../../infra/local/emulators';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulators' configuration (functions/env.ts names), to merge into `process.env`. */
    emulatorEnv: Record<string, string>;
    /** aws-ses-v2-local's address, for `readMailbox(inject('mailboxUrl'))`. */
    mailboxUrl: string;
  }
}

const testData = path.resolve(import.meta.dirname, '../../.test-data');

/**
 * Vitest globalSetup: the AWS emulators, once per test run, with fresh data (DynamoDB in memory)
 * in `.test-data/emulators`, on ports of their own — 18000, 14569, 19229 and 18005, each
 * overridable with `SPACES_TEST_<NAME>_PORT` — so a running `npm start` is left alone. Their log
 * goes to `.test-data/emulators.log`. The teardown stops them.
 *
 * This runs in Vitest's main process, not in the test files' workers, and it leaves that
 * process's environment alone: other projects' setups share it. A test file configures itself with
 * ```ts
 * Object.assign(process.env, inject('emulatorEnv'));
 * ```
 * and reads sent mail with `readMailbox(inject('mailboxUrl'))` from `infra/local/emulators`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(testData, { recursive: true });
  const logFile = path.join(testData, 'emulators.log');
  const logStream = createWriteStream(logFile);
  const emulators = await startEmulators({
    dataDir: path.join(testData, 'emulators'),
    ports: resolvePorts({}, { defaults: TEST_PORTS, scope: 'test' }),
    reset: true,
    inMemory: true,
    log: (line) => logStream.write(`${line}\n`),
  }).catch((error: unknown) => {
    logStream.end();
    throw error;
  });
  console.log(`[emulators] ready for the tests; log in ${path.relative(process.cwd(), logFile)}`);
  project.provide('emulatorEnv', emulators.env);
  project.provide('mailboxUrl', emulators.mailboxUrl);
  return async () => {
    await emulators.stop();
    logStream.end();
  };
}
