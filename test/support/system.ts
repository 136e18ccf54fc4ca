import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSystem, type RunningSystem } from '../../infra/local/system';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulators' configuration (functions/core/env.ts names), for tests that read the table directly. */
    emulatorEnv: Record<string, string>;
    mailboxUrl: string;
    /** Process group ids of the emulators that are child processes (test/api/faults.api.test.ts). */
    emulatorPids: Partial<Record<'dynamodb' | 'cognito' | 'ses', number>>;
    /** Where the system under test answers, e.g. http://localhost:13000 */
    baseUrl: string;
    /**
     * The Google Calendar and Microsoft Graph stand-ins (control API under `/_local/`) and the
     * OpenID provider that issues their tokens (`POST <issuer>/_local/revoke`).
     */
    calendarStandIns: { googleCalendar: string; microsoftGraph: string; issuer: string };
  }
}

const testData = path.resolve(import.meta.dirname, '../../.test-data');
const port = (name: string, fallback: number) => Number(process.env[`SPACES_TEST_${name}_PORT`] ?? fallback);

interface Shared {
  users: number;
  system: Promise<RunningSystem>;
  stop(): Promise<void>;
}
const registry = globalThis as { spacesTestSystem?: Shared };

/** The whole system as `npm start` runs it, on test ports, with fresh data and its log in a file. */
function start(): Shared {
  mkdirSync(testData, { recursive: true });
  const logFile = path.join(testData, `system-${port('HTTP', 13000)}.log`);
  const log = createWriteStream(logFile);
  const system = startSystem({
    port: port('HTTP', 13000),
    web: 'static',
    ports: {
      dynamodb: port('DYNAMODB', 18000),
      s3: port('S3', 14569),
      cognito: port('COGNITO', 19229),
      ses: port('SES', 18005),
      oidc: port('OIDC', 19011),
      googleCalendar: port('GOOGLE_CALENDAR', 18461),
      microsoftGraph: port('MICROSOFT_GRAPH', 18462),
      events: port('EVENTS', 18463),
    },
    // Per port, so that two runs on different ports (SPACES_TEST_*_PORT) do not share data.
    dataDir: path.join(testData, `system-${port('HTTP', 13000)}`),
    reset: true,
    inMemory: true,
    // The tests run jobs themselves, when they choose, so that what a job does is deterministic.
    jobs: false,
    log: (line) => log.write(`${line}\n`),
  }).catch((error: unknown) => {
    log.end();
    throw new Error(`${(error as Error).message} (log: ${logFile})`);
  });
  return {
    users: 0,
    system,
    stop: async () => {
      await (await system).stop();
      log.end();
    },
  };
}

/**
 * The body of the api and e2e projects' globalSetup: one system per Vitest process, shared by
 * every project that asks for it (each project runs its own globalSetup in the same process, and
 * the local server reads its configuration from that process's environment). Ports of its own
 * (`SPACES_TEST_<NAME>_PORT`) leave a running `npm start` alone. Test files read the configuration
 * with `inject()`. Returns the teardown; the last one out stops the system.
 */
export async function useSystem(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry.spacesTestSystem ??= start());
  shared.users++;
  const system = await shared.system;
  project.provide('emulatorEnv', system.emulators.env);
  project.provide('mailboxUrl', system.emulators.mailboxUrl);
  project.provide('emulatorPids', system.emulators.pids);
  project.provide('baseUrl', system.url);
  project.provide('calendarStandIns', system.emulators.calendars);
  return async () => {
    if (--shared.users > 0) return;
    registry.spacesTestSystem = undefined;
    await shared.stop();
  };
}
