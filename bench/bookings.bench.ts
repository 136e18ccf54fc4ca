import path from 'node:path';
import { callsByCommand, percentile } from './figures';
import { API_BASE } from '@shared/api/routes';
import { credentials, demoUsers } from '../infra/local/seed';
import { startSystem } from '../infra/local/system';
import { countDynamoDbCalls, inProcessPorts } from './dynamodb-calls.bench';

const root = path.resolve(import.meta.dirname, '..');

type Row = { name: string; value: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads whatever the API answered
type Answer = { status: number; body: any; ms: number; bytes: number };
type Send = (method: string, route: string, body?: unknown) => Promise<Answer>;
/** An answer with the DynamoDB calls made while it was asked for. */
type Counted = (work: () => Promise<Answer>) => Promise<[Answer, string[]]>;

/** The month the venue's calendar is read for: June 2027, 30 days, no change of clocks in London. */
const MONTH = { from: '2027-06-01', to: '2027-06-30' };
const SPACES = 10;
const VIEW_RUNS = 30;
const VIEW_WARM_UP = 3;
const SERIES_RUNS = 5;
const RACERS = 50;
const ROUNDS = 5;
const GOAL = { ms: 100, calls: 3 };

const two = (n: number) => String(n).padStart(2, '0');
const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** `3 DynamoDB calls (2 BatchGetItem, 1 Query)`, a range when requests differed, and a goal. */
function callsText(perRequest: ReadonlyArray<readonly string[]>, goal?: number): string {
  const counts = sorted(perRequest.map((calls) => calls.length));
  const [low, high] = [counts[0] ?? 0, counts.at(-1) ?? 0];
  const count = low === high ? `${low}` : `${low}–${high}`;
  return `${count} DynamoDB calls (${callsByCommand(perRequest.at(-1) ?? [])}${goal === undefined ? '' : `; goal ≤ ${goal}`})`;
}

function ok(answer: Answer, what: string): Answer {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * The bookings an owner's calendar holds in a venue of {@link SPACES} spaces: per space, four
 * daily series (08:00–12:00), a weekly series for each weekday at 12:00 and at 13:00, all from
 * April to September, and twenty single bookings at 18:00 in the month. The month holds 120 + 60
 * + 20 = 200 occurrences per space, 2,000 in all, of 38 bookings per space.
 */
function calendarOf(venue: string, space: string): Array<Record<string, unknown>> {
  const base = {
    venue,
    space,
    recurring: 'Yes',
    recur_interval: 1,
    recur_end_type: 'ON',
    recur_end: '2027-09-30',
  };
  const daily = [8, 9, 10, 11].map((hour) => ({
    ...base,
    title: `Daily ${hour}:00`,
    start_date: `2027-04-01 ${two(hour)}:00:00`,
    end_date: `2027-04-01 ${two(hour + 1)}:00:00`,
    recur_type: 'DAILY',
  }));
  const weekly = [12, 13].flatMap((hour) =>
    weekdays.map((_, weekday) => {
      // The first such weekday on or after 2027-04-01 (a Thursday).
      const date = `2027-04-${two(1 + ((weekday - 4 + 7) % 7))}`;
      return {
        ...base,
        title: `Weekly ${weekdays[weekday]} ${hour}:00`,
        start_date: `${date} ${two(hour)}:00:00`,
        end_date: `${date} ${two(hour + 1)}:00:00`,
        recur_type: 'WEEKLY',
        recur_on: weekdays[weekday],
      };
    }),
  );
  const single = Array.from({ length: 20 }, (_, n) => ({
    venue,
    space,
    title: `Single ${n + 1}`,
    start_date: `2027-06-${two(n + 1)} 18:00:00`,
    end_date: `2027-06-${two(n + 1)} 19:00:00`,
  }));
  return [...daily, ...weekly, ...single];
}

async function aVenue(send: Send, name: string, spaces: number) {
  const venue = ok(
    await send('POST', '/client/newvenue', { name, timezone: 'Europe/London' }),
    'POST /client/newvenue',
  ).body.result.id as string;
  const ids: string[] = [];
  for (let n = 0; n < spaces; n++)
    ids.push(
      ok(
        await send('POST', `/client/newspace/${venue}`, { title: `${name} room ${n + 1}` }),
        'POST /client/newspace',
      ).body.result.id as string,
    );
  return { venue, spaces: ids };
}

/** 1. A venue's month: {@link SPACES} spaces, 2,000 occurrences, read {@link VIEW_RUNS} times. */
async function monthView(send: Send, counted: Counted) {
  const { venue, spaces } = await aVenue(send, 'Calendar hall', SPACES);
  const bookings = spaces.map((space) => calendarOf(venue, space));
  // One writer per space, the spaces side by side.
  await Promise.all(
    bookings.map(async (list) => {
      for (const body of list) ok(await send('POST', '/client/booking', body), 'POST /client/booking');
    }),
  );
  const route = `/client/bookings/${venue}/-/${MONTH.from}/${MONTH.to}`;
  for (let n = 0; n < VIEW_WARM_UP; n++) ok(await send('GET', route), `GET ${route}`);
  const times: number[] = [];
  const calls: string[][] = [];
  let last: Answer | undefined;
  for (let n = 0; n < VIEW_RUNS; n++) {
    const [answer, made] = await counted(() => send('GET', route));
    last = ok(answer, `GET ${route}`);
    times.push(answer.ms);
    calls.push(made);
  }
  const t = sorted(times);
  const items = bookings.reduce((sum, list) => sum + list.length, 0);
  const found = (last!.body.result as unknown[]).length;
  return [
    {
      name: `month view: a venue of ${SPACES} spaces`,
      value:
        `${items} bookings, ${found.toLocaleString('en')} occurrences in ${MONTH.from}…${MONTH.to}, ` +
        `answer ${(last!.bytes / 1e6).toFixed(2)} MB`,
    },
    {
      name: 'month view: GET …/{venue}/-/{from}/{to}',
      value:
        `${ms(percentile(t, 0.5))} median, ${ms(percentile(t, 0.95))} p95 of ${VIEW_RUNS} ` +
        `(goal ≤ ${GOAL.ms} ms), ${callsText(calls, GOAL.calls)}`,
    },
  ];
}

/** 2. A daily series of 1,000 occurrences, each on a fresh free space. */
async function longSeries(send: Send, counted: Counted) {
  const { venue, spaces } = await aVenue(send, 'Series hall', SERIES_RUNS);
  const times: number[] = [];
  const calls: string[][] = [];
  let occurrences = 0;
  for (const space of spaces) {
    const [answer, made] = await counted(() =>
      send('POST', '/client/booking', {
        venue,
        space,
        title: 'Every day for 1,000 days',
        start_date: '2027-01-04 09:00:00',
        end_date: '2027-01-04 10:00:00',
        recurring: 'Yes',
        recur_interval: 1,
        recur_type: 'DAILY',
        recur_end_type: 'AFTER',
        recur_end: 1000,
      }),
    );
    ok(answer, 'POST /client/booking (1,000 occurrences)');
    times.push(answer.ms);
    calls.push(made);
    occurrences = Number(answer.body.result.recur_end);
  }
  const t = sorted(times);
  return [
    {
      name: `create: a daily series of ${occurrences.toLocaleString('en')}`,
      value:
        `${ms(percentile(t, 0.5))} median of ${SERIES_RUNS} (${t[0]!.toFixed(1)}–${ms(t.at(-1)!)}), ` +
        callsText(calls),
    },
  ];
}

/** 3. {@link RACERS} concurrent requests for one free slot of one space, {@link ROUNDS} rounds on fresh slots. */
async function race(send: Send, calls: string[]) {
  const { venue, spaces } = await aVenue(send, 'Race hall', 1);
  const space = spaces[0]!;
  const winners: number[] = [];
  const refused: number[] = [];
  const kept: number[] = [];
  const latencies: number[] = [];
  const perRequest: number[] = [];
  const transactions: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const date = `2027-08-${two(round + 2)}`;
    calls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        send('POST', '/client/booking', {
          venue,
          space,
          title: `Racer ${n}`,
          start_date: `${date} 09:00:00`,
          end_date: `${date} 10:00:00`,
        }),
      ),
    );
    perRequest.push(calls.length / RACERS);
    transactions.push(calls.filter((c) => c === 'TransactWriteItemsCommand').length);
    winners.push(answers.filter((a) => a.status === 200).length);
    refused.push(answers.filter((a) => a.status === 409).length);
    latencies.push(...answers.map((a) => a.ms));
    const list = ok(await send('GET', `/client/bookings/${venue}/${space}/${date}/${date}`), 'GET the slot');
    kept.push((list.body.result as unknown[]).length);
  }
  const same = (values: number[]) => values.every((v) => v === values[0]);
  const l = sorted(latencies);
  return [
    {
      name: `race: ${RACERS} concurrent POST /client/booking`,
      value: same(winners)
        ? `${winners[0]} winner${winners[0] === 1 ? '' : 's'} of ${RACERS} in each of ${ROUNDS} rounds`
        : `winners per round: ${winners.join(', ')} (of ${RACERS}, must be 1)`,
    },
    {
      name: 'race: the others',
      value: `409 per round: ${refused.join(', ')}; occurrences in the slot after: ${kept.join(', ')}`,
    },
    {
      name: 'race: latency',
      value: `${ms(percentile(l, 0.5))} p50, ${ms(percentile(l, 0.99))} p99 of ${l.length} (max ${ms(l.at(-1)!)})`,
    },
    {
      name: 'race: DynamoDB calls',
      value:
        `${(perRequest.reduce((a, b) => a + b, 0) / ROUNDS).toFixed(1)} per request on average; ` +
        `TransactWriteItems per round: ${transactions.join(', ')}`,
    },
  ];
}

/** Requests to the API, signed in when given a token; the time is from request sent to answer read. */
function sender(url: string, token?: string): Send {
  return async (method, route, body) => {
    const started = performance.now();
    const response = await fetch(`${url}${API_BASE}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      ms: elapsed,
      bytes: Buffer.byteLength(text),
    };
  };
}

/**
 * Bookings at size, as the demo owner, the system in this process (DynamoDB calls counted by a
 * middleware on the one DocumentClient; times from request sent to answer read, the client in the
 * same process): a venue's month view, the create of a 1,000-occurrence series, and the race of 50
 * requests for one slot. Seeding is not measured.
 */
export async function run(): Promise<Row[]> {
  const system = await startSystem({
    port: 13930,
    dataDir: path.join(root, '.bench/bookings-system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    log: () => {},
  });
  const calls = countDynamoDbCalls();
  try {
    const signIn = ok(
      await sender(system.url)('POST', '/client/auth/login', credentials(demoUsers.owner)),
      'POST /client/auth/login',
    );
    const send = sender(system.url, signIn.body.result.access_token as string);
    const counted: Counted = async (work) => {
      calls.length = 0;
      const answer = await work();
      return [answer, calls.map((c) => c.replace(/Command$/, ''))];
    };
    return [
      ...(await monthView(send, counted)),
      ...(await longSeries(send, counted)),
      ...(await race(send, calls)),
    ];
  } finally {
    await system.stop();
  }
}
