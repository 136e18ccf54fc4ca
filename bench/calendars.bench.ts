import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runPulls } from '../functions/calendars/pull';
import { runPushes } from '../functions/calendars/push';
import { demoUsers } from '../infra/local/seed';
import { startSystem } from '../infra/local/system';
import { signInAtBroker } from '../test/support/social';
import { countDynamoDbCalls, inProcessPorts } from './dynamodb-calls.bench';
import { callsByCommand, percentile } from './figures';

const root = path.resolve(import.meta.dirname, '..');
type Row = { name: string; value: string };
type Provider = 'google' | 'microsoft';

const EVENTS = 1_000;
const CHANGES = 30;

/** Requests the process sends to the calendar stand-ins (the providers' APIs), counted. */
function countProviderCalls(origins: string[]): { count: () => number; reset: () => void } {
  const original = globalThis.fetch;
  let calls = 0;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (origins.some((origin) => url.startsWith(origin)) && !url.includes('/_local/')) calls += 1;
    return original(input, init);
  };
  return { count: () => calls, reset: () => void (calls = 0) };
}

/**
 * Linked calendars at size, the system in this process with the local stand-ins for Google
 * Calendar and Microsoft Graph (not the providers themselves): importing a calendar of
 * {@link EVENTS} events made there (one pull), a pull with nothing new, and {@link CHANGES} bookings
 * made in Spaces, each timed from the API's answer to its event being at the stand-in (the push
 * job run at once: locally the job's 5 s period adds to it, in AWS its minute), with the DynamoDB
 * and provider calls each synced change costs.
 */
export async function run(): Promise<Row[]> {
  const system = await startSystem({
    port: 13950,
    dataDir: path.join(root, '.bench/calendar-system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    log: () => {},
  });
  const api = `${system.url}/api/v1`;
  const json = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const standIns: Record<Provider, string> = {
    google: new URL(process.env.GOOGLE_CALENDAR_API_URL!).origin,
    microsoft: new URL(process.env.MICROSOFT_GRAPH_API_URL!).origin,
  };
  const provider = countProviderCalls(Object.values(standIns));
  const calls = countDynamoDbCalls();
  const rows: Row[] = [];
  try {
    const { owner } = demoUsers;
    const token = (
      await json('POST', `${api}/client/auth/login`, undefined, {
        email: owner.email,
        password: owner.password,
      })
    ).result.access_token as string;
    const config = (await json('GET', `${api}/client/calendar/providers`, token)).result.providers as Array<{
      provider: Provider;
      authorization_endpoint: string;
      client_id: string;
      scope: string;
      extra: Record<string, string>;
    }>;
    for (const kind of ['google', 'microsoft'] as const) {
      const venue = (
        await json('POST', `${api}/client/newvenue`, token, {
          name: `Bench ${kind}`,
          timezone: 'Europe/London',
        })
      ).result.id as string;
      const person = `bench-${kind}@rooms.example`;
      const control = `${standIns[kind]}/_local`;
      const calendarId = (
        await json('POST', `${control}/calendars`, undefined, { owner: person, name: 'Rooms' })
      ).id as string;
      // The venue form's popup, over HTTP.
      const entry = config.find((p) => p.provider === kind)!;
      const state = randomBytes(16).toString('base64url');
      const authorize = new URL(entry.authorization_endpoint);
      Object.entries({
        response_type: 'code',
        client_id: entry.client_id,
        // The app's origin as the system was given it (an earlier bench's system in this process
        // leaves APP_URL set, and the OpenID provider's clients are registered with it).
        redirect_uri: `${new URL(process.env.APP_URL ?? system.url).origin}/calendar/${kind}`,
        scope: entry.scope,
        state,
        ...entry.extra,
      }).forEach(([name, value]) => authorize.searchParams.set(name, value));
      const { code } = await signInAtBroker(authorize, state, { email: person, verified: true });
      const linked = await fetch(`${api}/client/calendar/auth/${venue}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: code, provider: kind }),
      }).then((r) => r.json() as Promise<{ result: { id: string } }>);
      const space = (
        await json('POST', `${api}/client/newspace/${venue}`, token, {
          title: `Synced ${kind} room`,
          calendar_sync: 'Yes',
          calendar_account_id: linked.result.id,
          calendar_id: calendarId,
        })
      ).result.id as string;

      // A calendar of EVENTS events a person made, half an hour each over the coming months.
      const start = Date.UTC(2031, 0, 6, 8);
      const made = Array.from({ length: EVENTS }, (_, i) => {
        const from = new Date(start + Math.floor(i / 8) * 86_400_000 + (i % 8) * 3_600_000);
        const to = new Date(from.getTime() + 1_800_000);
        const when = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: 'UTC' });
        return kind === 'google'
          ? { summary: `Meeting ${i}`, start: when(from), end: when(to) }
          : { subject: `Meeting ${i}`, start: when(from), end: when(to) };
      });
      for (let i = 0; i < made.length; i += 25) {
        await Promise.all(
          made
            .slice(i, i + 25)
            .map((event) =>
              json('POST', `${control}/calendars/${encodeURIComponent(calendarId)}/events`, undefined, event),
            ),
        );
      }
      const pullAt = Date.UTC(2031, 0, 5);
      for (const label of [`import of ${EVENTS} events`, 'pull with nothing new']) {
        calls.length = 0;
        provider.reset();
        const began = performance.now();
        const report = await runPulls(pullAt);
        const seconds = (performance.now() - began) / 1000;
        rows.push({
          name: `${kind}: ${label}`,
          value:
            `${seconds.toFixed(2)} s, ${report.written} written, ${provider.count()} provider calls, ` +
            `${calls.length} DynamoDB calls (${callsByCommand(calls)})`,
        });
      }

      // Bookings made in Spaces, each to the calendar.
      const latencies: number[] = [];
      let dynamo = 0;
      let remote = 0;
      for (let i = 0; i < CHANGES; i++) {
        const day = new Date(Date.UTC(2032, 2, 1 + i)).toISOString().slice(0, 10);
        await json('POST', `${api}/client/booking`, token, {
          title: `Pushed ${i}`,
          venue,
          space,
          start_date: `${day} 09:00:00`,
          end_date: `${day} 10:00:00`,
        });
        const answered = performance.now();
        calls.length = 0;
        provider.reset();
        await runPushes();
        latencies.push(performance.now() - answered);
        dynamo += calls.length;
        remote += provider.count();
      }
      latencies.sort((a, b) => a - b);
      rows.push({
        name: `${kind}: a booking reaching the calendar`,
        value: `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms (${CHANGES} bookings, push job run at once)`,
      });
      rows.push({
        name: `${kind}: per synced change`,
        value: `${(dynamo / CHANGES).toFixed(1)} DynamoDB calls, ${(remote / CHANGES).toFixed(1)} provider calls`,
      });
    }
    return rows;
  } finally {
    await system.stop();
  }
}
