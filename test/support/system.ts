import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSystem, type SystemOptions } from '../../infra/local/system';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulators' configuration (functions/env.ts names), for tests that read the table directly. */
    emulatorEnv: Record<string, string>;
    mailboxUrl: string;
    /** Where the system under test answers, e.g. http://localhost:13000 */
    baseUrl: string;
  }
}

/**
 * A Vitest globalSetup body: the whole system once per run, on ports of its own so a running
 * `npm start` is left alone, with a fresh data folder. Returns the teardown.
 */
export async function startSystemForTests(
  project: TestProject,
  options: Pick<SystemOptions, 'port' | 'web' | 'ports'> & { name: string },
): Promise<() => Promise<void>> {
  const system = await startSystem({
    ...options,
    dataDir: path.resolve(import.meta.dirname, `../../.test-data/${options.name}`),
    reset: true,
    inMemory: true,
    log: (line) => process.stdout.write(`[${options.name}] ${line}\n`),
  });
  project.provide('emulatorEnv', system.emulators.env);
  project.provide('mailboxUrl', system.emulators.mailboxUrl);
  project.provide('baseUrl', system.url);
  return () => system.stop();
}
