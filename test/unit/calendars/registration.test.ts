import { secrets } from '@core/aws/secrets';
import { resetEnvCache } from '@core/env';
import { calendarClient } from '@functions/calendars/providers/clients';
import { LOCAL_CALENDAR_CLIENTS } from '@infra/local/emulators/calendar-clients';
import { linkThrough, startLinkedWorld } from './linked-world';
import type { CalendarWorld } from '../emulators/calendar-standins';

/**
 * The app's registration at a calendar provider (functions/calendars/providers/clients.ts): locally
 * the client id and secret are variables of their own; in AWS they come from a Secrets Manager
 * secret (JSON `client_id`, `client_secret`) read once per container. Secrets Manager has no
 * emulator here, so its client is faked at its `send` (the SDK client's boundary) and answers what
 * the secret would hold; the OpenID provider and the Google Calendar stand-in that the client then
 * talks to are the local ones (test/unit/calendars/linked-world.ts), neither of them Google.
 */

let world: CalendarWorld;
/** The process's Secrets Manager client, loaded as the functions load it (after the configuration). */
let secretsManager: Awaited<ReturnType<typeof secrets>>['client'];
beforeAll(async () => {
  world = await startLinkedWorld();
  secretsManager = (await secrets()).client;
});
afterAll(() => world.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetEnvCache();
});

const { google } = LOCAL_CALENDAR_CLIENTS;

/** Google's registration configured only as the ARN of its secret, as the CDK sets it in AWS. */
function registeredBySecret(arn: string) {
  vi.stubEnv('GOOGLE_CALENDAR_CLIENT_ID', undefined);
  vi.stubEnv('GOOGLE_CALENDAR_CLIENT_SECRET', undefined);
  vi.stubEnv('GOOGLE_CALENDAR_SECRET_ARN', arn);
  resetEnvCache();
}

/** Secrets Manager (no emulator here) answering `GetSecretValue` with `value`; the calls are recorded. */
const secretsManagerHolding = (value: string) =>
  vi.spyOn(secretsManager, 'send').mockImplementation((async () => ({ SecretString: value })) as never);

describe('a calendar provider registered through Secrets Manager', () => {
  it('reads the client id and secret from the secret once per container, and links with them', async () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:spaces/prod/calendar/google-AbCdEf';
    registeredBySecret(arn);
    const send = secretsManagerHolding(
      JSON.stringify({ client_id: google.clientId, client_secret: google.clientSecret }),
    );

    const client = (await calendarClient('google'))!;
    expect(client).toBeDefined();
    expect((await client.authorization()).clientId).toBe(google.clientId);
    // The code exchange authenticates with the secret's client_secret at the token endpoint.
    const grant = await linkThrough(client, 'rooms@venue.test');
    expect(grant).toMatchObject({ email: 'rooms@venue.test', refreshToken: expect.any(String) });

    expect(await calendarClient('google')).toBeDefined();
    expect(send).toHaveBeenCalledTimes(1);
    expect((send.mock.calls[0]![0] as { input: unknown }).input).toEqual({ SecretId: arn });
    // Microsoft keeps its own registration (here the plain variables), untouched.
    expect(await calendarClient('microsoft')).toBeDefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says what is wrong with a secret that is not the JSON asked for', async () => {
    for (const [n, text] of [
      ['1', 'client-id:client-secret'],
      ['2', JSON.stringify({ client_id: google.clientId })],
      ['3', JSON.stringify({ clientId: google.clientId, clientSecret: google.clientSecret })],
    ] as const) {
      registeredBySecret(`arn:aws:secretsmanager:us-east-1:123456789012:secret:malformed-${n}`);
      secretsManagerHolding(text);
      await expect(calendarClient('google')).rejects.toThrow(
        'The Google calendar secret must be JSON with client_id and client_secret',
      );
      vi.restoreAllMocks();
    }
  });

  it('is not configured with neither the variables nor a secret', async () => {
    vi.stubEnv('GOOGLE_CALENDAR_CLIENT_ID', google.clientId);
    vi.stubEnv('GOOGLE_CALENDAR_CLIENT_SECRET', undefined);
    vi.stubEnv('GOOGLE_CALENDAR_SECRET_ARN', undefined);
    resetEnvCache();
    const send = vi.spyOn(secretsManager, 'send');
    expect(await calendarClient('google')).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });
});
