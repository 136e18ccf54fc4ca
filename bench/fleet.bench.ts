import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ulid } from 'ulid';
import { secretHash } from '@core/auth/secret-hash';
import { tableDefinition } from '@core/table/definition';
import { db, type DeviceItem, type ScreenItem } from '@core/table/entities';
import { newActivationCode } from '../functions/device/registration';
import { screenCodeScope } from '../functions/screens/store';
import { runScreenOffline } from '../functions/screens/offline';
import { dynamoDbClient, startDynamoDb } from '../infra/local/emulators/dynamodb';
import { Supervisor } from '../infra/local/emulators/processes';
import { startSystem } from '../infra/local/system';
import { inProcessPorts } from './dynamodb-calls.bench';
import { percentile } from './figures';
import { dollars, estimate, FALLBACK_MODE, PUSH_MODE, type FleetFigures } from './lib/cost-model';
import { hottestKeys, isRead, startDynamoDbRecorder, type RecordedCall } from './lib/dynamodb-recorder';
import {
  FleetDisplay,
  loopbackTransport,
  NO_ANSWER_IN_TIME,
  runFleet,
  storm,
  type PollOutcome,
} from './lib/fleet-display';

const root = path.resolve(import.meta.dirname, '..');
type Row = { name: string; value: string };

/** The display app today: a poll every 15 s (shared/devices.ts), plus up to a fifth of it. */
const POLL_SECONDS = 15;
const JITTER = 0.2;
/** DynamoDB Local behind the recorder; the recorder takes the port the in-process systems' clients use. */
const DYNAMODB_LOCAL_PORT = inProcessPorts.dynamodb + 10;
const HTTP_PORT = 13960;
/** Screens per space, spaces per venue, venues per account, screens per account. */
const SCREENS_PER_SPACE = 2;
const SPACES_PER_VENUE = 50;
const SCREENS_PER_ACCOUNT = 2_000;
const OFFLINE_RECIPIENT = 'fleet-ops@bench.test';
/** Displays whose polls are measured one kind at a time (a 200, then a 304). */
const SAMPLE = 500;
/**
 * Connections the fleet's displays share to the local API: more than the one process and
 * DynamoDB Local answer at once only turns waits into timeouts (503s) on a small machine.
 */
const SOCKETS = 32;
/** The longest the reconnect storm may take: polls unanswered by then count as failures. */
const STORM_LIMIT_MS = 120_000;

/**
 * `npm run bench -- fleet [--displays=N] [--seconds=S] [--quick]`: N room displays (10,000 by
 * default; 500 with --quick) polling the local system for S seconds (60; 30 with --quick) as the
 * display app does, every DynamoDB call recorded by a proxy in front of DynamoDB Local
 * (bench/lib/dynamodb-recorder.ts, the system pointed at it with SPACES_DYNAMODB_ENDPOINT); then
 * every display at once after an outage, and the offline job. Prints requests, DynamoDB calls and
 * bytes per screen-minute, the hottest partition keys, the storm's answers, and the cost per
 * screen-month of bench/lib/cost-model.ts at 1k, 10k and 100k screens (docs/scale.md).
 */
function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      quick: { type: 'boolean', default: false },
      displays: { type: 'string' },
      seconds: { type: 'string' },
    },
    allowPositionals: true,
    strict: false,
  });
  const quick = values.quick === true;
  const displays = Number(values.displays ?? (quick ? 500 : 10_000));
  const seconds = Number(values.seconds ?? (quick ? 30 : 60));
  if (!(Number.isInteger(displays) && displays > 0))
    throw new Error('--displays must be a whole number above 0');
  if (!(seconds > 0)) throw new Error('--seconds must be a number above 0');
  return { displays, seconds, outageSeconds: quick ? 5 : 20 };
}

/** The DynamoDB figures of `calls`: calls, read and write units, bytes. */
function dynamoFigures(calls: readonly RecordedCall[]) {
  const reads = calls.filter((c) => isRead(c.operation));
  const writes = calls.filter((c) => !isRead(c.operation));
  const sum = (list: readonly RecordedCall[], f: (c: RecordedCall) => number) =>
    list.reduce((total, c) => total + f(c), 0);
  return {
    calls: calls.length,
    writeCalls: writes.length,
    readUnits: sum(reads, (c) => c.capacityUnits),
    writeUnits: sum(writes, (c) => c.capacityUnits),
    bytes: sum(calls, (c) => c.requestBytes + c.responseBytes),
  };
}

const byOperation = (calls: readonly RecordedCall[], per: number) => {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.operation, (counts.get(c.operation) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, n]) => `${(n / per).toFixed(2)} ${op}`)
    .join(', ');
};

const statuses = (outcomes: readonly PollOutcome[]) => {
  const counts = new Map<number, number>();
  for (const o of outcomes) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(
      ([status, n]) =>
        `${n} × ${status === 0 ? 'network error' : status === NO_ANSWER_IN_TIME ? 'no answer in time' : status}`,
    )
    .join(', ');
};

export async function run(): Promise<Row[]> {
  const { displays: count, seconds, outageSeconds } = options();
  const rows: Row[] = [];
  const started = performance.now();
  const supervisor = new Supervisor(() => {});
  const local = `http://127.0.0.1:${DYNAMODB_LOCAL_PORT}`;
  const localClient = dynamoDbClient(local);
  await startDynamoDb(supervisor, { port: DYNAMODB_LOCAL_PORT, dbPath: undefined, client: localClient });
  localClient.destroy();
  const recorder = await startDynamoDbRecorder({
    upstream: local,
    port: inProcessPorts.dynamodb,
    keys: { partitionKey: tableDefinition.partitionKey, indexes: tableDefinition.globalSecondaryIndexes },
    measureCapacity: true,
  });
  const system = await startSystem({
    port: HTTP_PORT,
    dataDir: path.join(root, '.bench/fleet-system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    dynamoDbEndpoint: recorder.url,
    log: () => {},
  }).catch(async (error: unknown) => {
    await recorder.close();
    await supervisor.stop();
    throw error;
  });
  const transport = loopbackTransport(system.url, SOCKETS);
  try {
    // The fleet, written directly to the table (registering and binding 10,000 displays through the
    // API would take minutes): accounts of 2,000 screens, venues of 50 spaces, 2 screens a space,
    // each screen's device already bound to it as a display's first poll binds it.
    const setupStarted = performance.now();
    const e = db().entities;
    const package_id = ulid();
    await e.package
      .create({ package_id, name: `Fleet ${package_id}`, allowed_user_roles: ['Account Admin'] })
      .go();
    const codes = new Set<string>();
    while (codes.size < count) codes.add(newActivationCode());
    const codeList = [...codes];
    const now = new Date().toISOString();
    const credentials: Array<{ deviceId: string; token: string }> = [];
    const devices: DeviceItem[] = [];
    const screens: ScreenItem[] = [];
    const spaces: Array<{ account_id: string; space_id: string; venue_id: string; title: string }> = [];
    const venues: Array<{ account_id: string; venue_id: string; name: string }> = [];
    const accounts: string[] = [];
    for (let i = 0; i < count; i += 1) {
      if (i % SCREENS_PER_ACCOUNT === 0) accounts.push(ulid());
      const account_id = accounts.at(-1)!;
      if (i % (SCREENS_PER_SPACE * SPACES_PER_VENUE) === 0) {
        venues.push({ account_id, venue_id: ulid(), name: `Hall ${venues.length + 1}` });
      }
      const venue_id = venues.at(-1)!.venue_id;
      if (i % SCREENS_PER_SPACE === 0) {
        spaces.push({ account_id, space_id: ulid(), venue_id, title: `Room ${spaces.length + 1}` });
      }
      const space_id = spaces.at(-1)!.space_id;
      const device_id = ulid();
      const screen_id = ulid();
      const secret = randomBytes(32).toString('base64url');
      const code = codeList[i]!;
      credentials.push({ deviceId: device_id, token: `${device_id}.${secret}` });
      devices.push({
        device_id,
        token_hash: secretHash(secret),
        code,
        code_expires_at: now,
        app_version: 'fleet',
        created_at: now,
        updated_at: now,
        account_id,
        screen_id,
        bound_at: now,
      } as DeviceItem);
      screens.push({
        account_id,
        screen_id,
        screen_id_no: code,
        name: `Screen ${i + 1}`,
        venue_id,
        space_id,
        status: 'Active',
        device_id,
        offline_notification_frequency: 'As it happens',
        offline_notification_recipient: [OFFLINE_RECIPIENT],
      } as ScreenItem);
    }
    for (const account_id of accounts) {
      await e.account.create({ account_id, name: `Fleet ${account_id}`, package_id }).go();
    }
    await e.venue
      .put(venues.map((v) => ({ ...v, timezone: 'Europe/London', status: 'Active' as const })))
      .go({ concurrency: 8 });
    await e.space
      .put(spaces.map((s) => ({ ...s, calendar_color: '#0B8043', status: 'Active' as const })))
      .go({ concurrency: 8 });
    await e.screen.put(screens).go({ concurrency: 8 });
    await e.device.put(devices).go({ concurrency: 8 });
    await e.guard
      .put(
        screens.map((s) => ({
          scope: screenCodeScope,
          value: s.screen_id_no,
          owner_id: s.screen_id,
          account_id: s.account_id,
        })),
      )
      .go({ concurrency: 8 });
    const outcomes: PollOutcome[] = [];
    const fleet = credentials.map((device) => new FleetDisplay(device, transport, (o) => outcomes.push(o)));
    rows.push({
      name: 'fleet',
      value: `${count} displays on ${spaces.length} spaces, ${venues.length} venues, ${accounts.length} accounts (written in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`,
    });

    // What one poll costs, on a sample: its room's whole state (a 200, as after any change; the
    // device's first heartbeat is written with it), then the same unchanged (a 304).
    const sample = fleet.slice(0, Math.min(count, SAMPLE));
    recorder.reset();
    const first = await storm(sample);
    const firstCalls = [...recorder.calls];
    const firstDb = dynamoFigures(firstCalls);
    const firstBytes = first.reduce((sum, o) => sum + o.bytes, 0) / sample.length;
    rows.push({
      name: `a full state (200), ${sample.length} displays`,
      value: `${statuses(first)}; per poll ${(firstCalls.length / sample.length).toFixed(2)} DynamoDB calls (${byOperation(firstCalls, sample.length)}), ${(firstDb.readUnits / sample.length).toFixed(2)} RRU, ${Math.round(firstBytes)} bytes to the display`,
    });
    recorder.reset();
    const again = await storm(sample);
    const againCalls = [...recorder.calls];
    const againDb = dynamoFigures(againCalls);
    const againBytes = again.reduce((sum, o) => sum + o.bytes, 0) / sample.length;
    rows.push({
      name: '  the same unchanged (304)',
      value: `${statuses(again)}; per poll ${(againCalls.length / sample.length).toFixed(2)} DynamoDB calls (${byOperation(againCalls, sample.length)}), ${(againDb.readUnits / sample.length).toFixed(2)} RRU, ${Math.round(againBytes)} bytes to the display`,
    });

    // The steady fleet: every display on its interval, If-None-Match with its ETag.
    recorder.reset();
    outcomes.length = 0;
    const steadyStarted = performance.now();
    await runFleet(fleet, { intervalSeconds: POLL_SECONDS, jitter: JITTER, durationMs: seconds * 1000 });
    const steadyMinutes = (performance.now() - steadyStarted) / 60_000;
    const steady = [...outcomes];
    const steadyCalls = [...recorder.calls];
    const steadyDb = dynamoFigures(steadyCalls);
    const screenMinutes = count * steadyMinutes;
    const latencies = steady.map((o) => o.ms).sort((a, b) => a - b);
    const nominal = 60 / (POLL_SECONDS * (1 + JITTER / 2));
    rows.push({
      name: `steady, every ${POLL_SECONDS} s for ${Math.round(steadyMinutes * 60)} s`,
      value: `${steady.length} polls (${statuses(steady)}); p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
    });
    rows.push({
      name: '  requests per screen-minute',
      value: `${(steady.length / screenMinutes).toFixed(2)} (the display's interval asks ${nominal.toFixed(2)}; fewer means the local system fell behind)`,
    });
    rows.push({
      name: '  DynamoDB calls per screen-minute',
      value: `${(steadyDb.calls / screenMinutes).toFixed(2)} (${byOperation(steadyCalls, screenMinutes)})`,
    });
    rows.push({
      name: '  DynamoDB units per screen-minute',
      value: `${(steadyDb.readUnits / screenMinutes).toFixed(2)} RRU, ${(steadyDb.writeUnits / screenMinutes).toFixed(2)} WRU`,
    });
    rows.push({
      name: '  bytes per screen-minute',
      value: `${Math.round(steady.reduce((s, o) => s + o.bytes, 0) / screenMinutes)} to displays, ${Math.round(steadyDb.bytes / screenMinutes)} to and from DynamoDB`,
    });

    // After an outage every display polls at once, as their back-offs end together.
    await new Promise((resolve) => setTimeout(resolve, outageSeconds * 1000));
    recorder.reset();
    const stormStarted = performance.now();
    const stormed = await storm(fleet, STORM_LIMIT_MS);
    const stormSeconds = (performance.now() - stormStarted) / 1000;
    const stormCalls = [...recorder.calls];
    const stormLatency = stormed.map((o) => o.ms).sort((a, b) => a - b);
    const serverErrors = stormed.filter((o) => o.status >= 500 || o.status === 0).length;
    const unanswered = stormed.filter((o) => o.status === NO_ANSWER_IN_TIME).length;
    const offline = await runScreenOffline();
    rows.push({
      name: `reconnect storm (${count} at once)`,
      value: `${statuses(stormed)} in ${stormSeconds.toFixed(1)} s; ${serverErrors} 5xx or network errors, ${unanswered} unanswered after ${STORM_LIMIT_MS / 1000} s; p50 ${percentile(stormLatency, 0.5).toFixed(0)} ms, p99 ${percentile(stormLatency, 0.99).toFixed(0)} ms; ${stormCalls.length} DynamoDB calls`,
    });
    rows.push({
      name: '  offline job after the storm',
      value: `${offline.wentOffline} screens turned Offline, ${offline.mailed} offline mails sent`,
    });

    // The hottest partition keys of the steady fleet and the storm, by index and reads/writes.
    for (const hot of hottestKeys([...steadyCalls, ...stormCalls], 3)) {
      rows.push({
        name: `hottest ${hot.index} ${hot.kind}s`,
        value:
          hot.keys
            .map(
              (k) => `${k.key.length > 48 ? `${k.key.slice(0, 45)}…` : k.key} ${(k.share * 100).toFixed(1)}%`,
            )
            .join('; ') + ` (of ${hot.total})`,
      });
    }

    // The cost model with this run's figures (docs/scale.md).
    // A heartbeat's write units: the sample's first polls each wrote one (and nothing else).
    const figures: FleetFigures = {
      heartbeat: { readUnits: againDb.readUnits / sample.length, responseBytes: againBytes },
      changed: { readUnits: firstDb.readUnits / sample.length, responseBytes: firstBytes },
      heartbeatWriteUnits: firstDb.writeCalls ? firstDb.writeUnits / firstDb.writeCalls : 0,
    };
    rows.push({
      name: 'cost model inputs',
      value: `a 304 poll ${figures.heartbeat.readUnits.toFixed(2)} RRU and ${Math.round(figures.heartbeat.responseBytes)} bytes; a 200 ${figures.changed.readUnits.toFixed(2)} RRU and ${Math.round(figures.changed.responseBytes)} bytes; a heartbeat ${figures.heartbeatWriteUnits.toFixed(2)} WRU`,
    });
    for (const [mode, assumptions] of [
      ['push (heartbeat poll every 300 s)', PUSH_MODE],
      ['fallback (poll every 60 s)', FALLBACK_MODE],
    ] as const) {
      for (const screensAt of [1_000, 10_000, 100_000]) {
        const bill = estimate(screensAt, figures, assumptions);
        const top = [...bill.lines]
          .sort((a, b) => b.perScreenUsd - a.perScreenUsd)
          .slice(0, 3)
          .map((l) => `${l.name} ${dollars(l.perScreenUsd)}`)
          .join(', ');
        rows.push({
          name: `${mode}, ${screensAt.toLocaleString('en-US')} screens`,
          value: `${dollars(bill.perScreenUsd)} per screen-month (most: ${top})`,
        });
      }
    }
    const detail = estimate(100_000, figures, PUSH_MODE);
    for (const line of detail.lines) {
      rows.push({
        name: `  push, 100k: ${line.name}`,
        value: `${dollars(line.perScreenUsd)} per screen-month`,
      });
    }
    rows.push({ name: 'bench time', value: `${((performance.now() - started) / 1000).toFixed(0)} s` });
    return rows;
  } finally {
    transport.close();
    await system.stop();
    await recorder.close();
    await supervisor.stop();
  }
}
