import path from 'node:path';
import fc from 'fast-check';
import { percentile } from './figures';
import { inProcessPorts } from './dynamodb-calls.bench';
import { API_BASE } from '@shared/api/routes';
import { readMailbox } from '../infra/local/emulators/ses';
import { credentials, demoUsers } from '../infra/local/seed';
import { startSystem } from '../infra/local/system';
import type { Engine } from '../test/support/calendar-client';
import { engines } from '../test/support/calendar-client';
import {
  describePlayed,
  playScenario,
  scenarios,
  type ApiCaller,
  type Played,
} from '../test/support/invitation-scenarios';

const root = path.resolve(import.meta.dirname, '..');

type Row = { name: string; value: string };

/** Runs of the property: `SPACES_BENCH_INVITATION_RUNS` changes them. */
const RUNS = Number(process.env.SPACES_BENCH_INVITATION_RUNS ?? 100);
/** The scenarios' seed (test/api/invitation-clients.api.test.ts plays the first few of another). */
const SEED = Number(process.env.SPACES_BENCH_INVITATION_SEED ?? 1);

/** The benches' ports, or the tests' own (`SPACES_TEST_<NAME>_PORT`), so that two runs can share a machine. */
const port = (name: string, fallback: number) => Number(process.env[`SPACES_TEST_${name}_PORT`] ?? fallback);

/**
 * Invitations read as calendar clients do, at size: the property of
 * test/api/invitation-clients.api.test.ts over {@link RUNS} scenarios (test/support/invitation-scenarios.ts),
 * as the demo owner, against the local system in this process. Each invitee's mail is given to a
 * calendar client and expanded by ical.js and node-ical; a mismatch is a calendar that does not
 * show what the API lists for that invitee. Nothing fails here: the first mismatch is printed to
 * replay it.
 */
export async function run(): Promise<Row[]> {
  const system = await startSystem({
    port: port('HTTP', 13960),
    dataDir: path.join(root, '.bench/invitations-system'),
    reset: true,
    inMemory: true,
    web: 'none',
    ports: {
      dynamodb: port('DYNAMODB', inProcessPorts.dynamodb),
      s3: port('S3', inProcessPorts.s3),
      cognito: port('COGNITO', inProcessPorts.cognito),
      ses: port('SES', inProcessPorts.ses),
      oidc: port('OIDC', inProcessPorts.oidc),
      googleCalendar: port('GOOGLE_CALENDAR', inProcessPorts.googleCalendar),
      microsoftGraph: port('MICROSOFT_GRAPH', inProcessPorts.microsoftGraph),
    },
    log: () => {},
  });
  try {
    const call: ApiCaller = async (method, route, { token, body }) => {
      const response = await fetch(`${system.url}${API_BASE}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const mailbox = system.emulators.mailboxUrl;
    const mailTo = async (address: string) =>
      (await readMailbox(mailbox)).filter((mail) => mail.to.some((to) => to.includes(address)));
    const signIn = await call('POST', '/client/auth/login', { body: credentials(demoUsers.owner) });
    if (signIn.status !== 200) throw new Error(`POST /client/auth/login: ${signIn.status}`);
    const token = signIn.body.result.access_token as string;

    const started = performance.now();
    const times: number[] = [];
    const played: Played[] = [];
    for (const scenario of fc.sample(scenarios, { seed: SEED, numRuns: RUNS })) {
      const before = performance.now();
      played.push(await playScenario(scenario, { call, mailTo, token }));
      times.push(performance.now() - before);
    }
    const total = (performance.now() - started) / 1000;
    const made = played.flatMap((run) => run.made);
    const answered = (status: number) => made.filter((m) => m.status === status).length;
    const mismatches = (engine: Engine) => {
      const runs = played.filter((run) => run.differences.some((d) => d.engine === engine));
      const calendars = played.reduce(
        (n, run) => n + run.differences.filter((d) => d.engine === engine).length,
        0,
      );
      return `${runs.length} of ${RUNS} runs (${calendars} invitee calendars)`;
    };
    const first = played.findIndex((run) => run.differences.length);
    const sortedTimes = [...times].sort((a, b) => a - b);
    return [
      { name: 'runs', value: `${RUNS} scenarios (seed ${SEED})` },
      {
        name: 'operations made',
        value: `${made.length}: ${answered(200)} done, ${answered(409)} refused as a clash (409), ${answered(422)} refused (422)`,
      },
      { name: 'mails read', value: `${played.reduce((n, run) => n + run.mails, 0)}` },
      {
        name: 'occurrences compared',
        value: `${played.reduce((n, run) => n + run.compared, 0)} per engine`,
      },
      ...engines.map((engine) => ({ name: `mismatches: ${engine}`, value: mismatches(engine) })),
      {
        name: 'time',
        value:
          `${total.toFixed(1)} s; ${percentile(sortedTimes, 0.5).toFixed(0)} ms median per run, ` +
          `${percentile(sortedTimes, 0.95).toFixed(0)} ms p95`,
      },
      ...(first < 0
        ? []
        : [
            {
              name: `first mismatch (run ${first + 1})`,
              value: `\n${describePlayed(played[first]!).replace(/^/gm, '    ')}`,
            },
          ]),
    ];
  } finally {
    await system.stop();
  }
}
