import net from 'node:net';

/**
 * The stand-ins for AWS, by the names used in ports, logs and health: the four emulators and the
 * OpenID provider that stands in for the user pools' Cognito domain (social sign-in).
 */
export type AwsEmulatorName = 'dynamodb' | 's3' | 'cognito' | 'ses' | 'oidc';

/** The stand-ins for Google Calendar and Microsoft Graph (linked calendars), not AWS services. */
export type CalendarStandInName = 'googleCalendar' | 'microsoftGraph';

/** The stand-in for AppSync Events, the displays' push channel (infra/local/emulators/events.ts). */
export type ChannelEmulatorName = 'events';

/** Every local stand-in, by the names used in ports and logs. */
export type EmulatorName = AwsEmulatorName | CalendarStandInName | ChannelEmulatorName;

/**
 * The TCP port of each emulator; the calendar stand-ins' and the push channel's are optional (their
 * defaults apply).
 */
export interface EmulatorPorts {
  dynamodb: number;
  s3: number;
  cognito: number;
  ses: number;
  oidc: number;
  googleCalendar?: number;
  microsoftGraph?: number;
  events?: number;
}

/** What each emulator is called in messages for humans. */
export const EMULATOR_LABELS: Record<EmulatorName, string> = {
  dynamodb: 'DynamoDB Local',
  s3: 's3rver',
  cognito: 'cognito-local',
  ses: 'aws-ses-v2-local',
  oidc: 'oidc-provider',
  googleCalendar: 'the Google Calendar stand-in',
  microsoftGraph: 'the Microsoft Graph stand-in',
  events: 'the AppSync Events stand-in',
};

/** Ports of `npm start`; each can be overridden with {@link portVariable}. */
export const DEFAULT_PORTS: Required<EmulatorPorts> = {
  dynamodb: 8000,
  s3: 4569,
  cognito: 9229,
  ses: 8005,
  oidc: 9011,
  googleCalendar: 8461,
  microsoftGraph: 8462,
  events: 8463,
};

const NAMES = Object.keys(DEFAULT_PORTS) as EmulatorName[];

/**
 * The environment variable that overrides an emulator's port: `SPACES_DYNAMODB_PORT` for
 * `npm start`, `SPACES_TEST_DYNAMODB_PORT` for the test run (`SPACES_GOOGLE_CALENDAR_PORT`…).
 */
export function portVariable(name: EmulatorName, scope: 'start' | 'test' = 'start'): string {
  const words = name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
  return `SPACES_${scope === 'test' ? 'TEST_' : ''}${words}_PORT`;
}

/**
 * The ports `npm start` uses: `overrides` first, then `SPACES_<NAME>_PORT` in `environment`, then
 * {@link DEFAULT_PORTS}. Throws when a variable is not a port number or when two emulators would
 * share a port. (The test run chooses its own ports, `SPACES_TEST_<NAME>_PORT`, and passes them as
 * overrides: test/support/system.ts.)
 */
export function resolvePorts(
  overrides: Partial<EmulatorPorts> = {},
  environment: NodeJS.ProcessEnv = process.env,
): Required<EmulatorPorts> {
  const ports = { ...DEFAULT_PORTS };
  for (const name of NAMES) {
    const variable = portVariable(name);
    const fromEnv = environment[variable];
    if (overrides[name] !== undefined) ports[name] = checkedPort(overrides[name], `ports.${name}`);
    else if (fromEnv) ports[name] = checkedPort(Number(fromEnv), variable, fromEnv);
  }
  const byPort = new Map<number, EmulatorName>();
  for (const name of NAMES) {
    const other = byPort.get(ports[name]);
    if (other)
      throw new Error(
        `${EMULATOR_LABELS[other]} and ${EMULATOR_LABELS[name]} cannot share port ${ports[name]}`,
      );
    byPort.set(ports[name], name);
  }
  return ports;
}

function checkedPort(port: number, setting: string, raw: string = String(port)): number {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${setting} must be a port number (1-65535), not "${raw}"`);
  }
  return port;
}

/**
 * Whether nothing listens on `port`, on any interface. Binding the dual-stack wildcard fails
 * when anything holds the port on 127.0.0.1, ::1, 0.0.0.0 or ::.
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * Refuses to go on when any port is taken, naming the port, what probably holds it and how to
 * choose another. `answersLike[name]()` tells whether the occupant answers like that emulator, which
 * usually means a previous run that is still running. The ports of `unused` (emulators that are
 * not started, such as DynamoDB Local when SPACES_DYNAMODB_ENDPOINT is set) are not looked at.
 */
export async function assertPortsFree(
  ports: Required<EmulatorPorts>,
  answersLike: Record<EmulatorName, () => Promise<boolean>>,
  unused: readonly EmulatorName[] = [],
): Promise<void> {
  const problems = await Promise.all(
    NAMES.filter((name) => !unused.includes(name)).map(async (name) => {
      if (await isPortFree(ports[name])) return undefined;
      const label = EMULATOR_LABELS[name];
      const holder = (await answersLike[name]())
        ? `by another ${label} — a previous run may still be running`
        : 'by another program';
      return (
        `Port ${ports[name]} (${label}) is already in use ${holder}; stop it, or set ` +
        `${portVariable(name)} (${portVariable(name, 'test')} for the tests)`
      );
    }),
  );
  const found = problems.filter((problem) => problem !== undefined);
  if (found.length > 0) throw new Error(found.join('\n'));
}
