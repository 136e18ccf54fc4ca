import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { screenCodeScope } from '../functions/screens/store';
import { API_BASE } from '@shared/api/routes';
import { startSystem } from '../infra/local/system';
import { countDynamoDbCalls, inProcessPorts } from './dynamodb-calls.bench';
import { callsByCommand, percentile } from './figures';

const root = path.resolve(import.meta.dirname, '..');
type Row = { name: string; value: string };

const DEVICES = 1_000;
const SPACES = 50;
const POLL_MS = 15_000;
/** Long enough for every device's once-a-minute heartbeat to fall in it. */
const STEADY_MS = 75_000;
const FLAT_OUT_MS = 10_000;
const FLAT_OUT_CONCURRENCY = 32;

interface Device {
  token: string;
  code: string;
  etag?: string;
}

/** DynamoDB calls per poll, in all and by command. */
const perPoll = (calls: string[], polls: number) =>
  `${(calls.length / polls).toFixed(2)} per poll (${callsByCommand(calls, polls)})`;

/**
 * {@link DEVICES} room displays on {@link SPACES} spaces polling `GET /device/state` every 15 s
 * with their ETags, against the system in this process (loopback; DynamoDB calls counted by a
 * middleware on the one DocumentClient): what a steady minute costs (304s, and the heartbeats
 * written once a minute), what a round after every room changed costs (200s), and how many polls a
 * second the local system answers flat out.
 */
export async function run(): Promise<Row[]> {
  const system = await startSystem({
    port: 13950,
    dataDir: path.join(root, '.bench/display-system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    log: () => {},
  });
  const url = `${system.url}${API_BASE}/device/state`;
  const poll = async (device: Device) => {
    const started = performance.now();
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${device.token}`,
        ...(device.etag ? { 'if-none-match': device.etag } : {}),
      },
    });
    await response.arrayBuffer();
    if (response.status !== 200 && response.status !== 304)
      throw new Error(`Poll answered ${response.status}`);
    device.etag = response.headers.get('etag') ?? device.etag;
    return { status: response.status, ms: performance.now() - started };
  };
  try {
    // An account, its package, a venue, its spaces, and a screen per device (written directly).
    const e = db().entities;
    const account_id = ulid();
    const package_id = ulid();
    const venue_id = ulid();
    await e.package
      .create({ package_id, name: `Bench ${package_id}`, allowed_user_roles: ['Account Admin'] })
      .go();
    await e.account.create({ account_id, name: 'Bench displays', package_id }).go();
    await e.venue
      .create({ account_id, venue_id, name: 'Bench Hall', timezone: 'Europe/London', status: 'Active' })
      .go();
    const spaces = Array.from({ length: SPACES }, (_, i) => ({
      account_id,
      space_id: ulid(),
      venue_id,
      title: `Room ${i + 1}`,
      calendar_color: '#0B8043',
      status: 'Active' as const,
    }));
    await e.space.put(spaces).go({ concurrency: 4 });

    const limit = pLimit(16);
    const devices: Device[] = await limit.map(Array.from({ length: DEVICES }), async () => {
      const response = await fetch(`${system.url}${API_BASE}/device/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ app_version: 'bench' }),
      });
      const { result } = (await response.json()) as { result: { token: string; code: string } };
      return { token: result.token, code: result.code };
    });
    const ids = devices.map(() => ulid());
    const screens = devices.map((device, i) => ({
      account_id,
      screen_id: ids[i]!,
      recent_shard: shardOf(ids[i]!),
      screen_id_no: device.code,
      name: `Screen ${i + 1}`,
      venue_id,
      space_id: spaces[i % SPACES]!.space_id,
      status: 'Active' as const,
    }));
    await e.screen.put(screens).go({ concurrency: 4 });
    await e.guard
      .put(
        screens.map((s) => ({
          scope: screenCodeScope,
          value: s.screen_id_no,
          owner_id: s.screen_id,
          account_id,
        })),
      )
      .go({ concurrency: 4 });
    // The first poll binds each device; the second has its room's ETag.
    await limit.map(devices, poll);
    await limit.map(devices, poll);

    const rows: Row[] = [];
    const calls = countDynamoDbCalls();

    // A steady stretch: each device every 15 s, spread over the interval.
    calls.length = 0;
    const steady: Array<{ status: number; ms: number }> = [];
    const started = performance.now();
    await Promise.all(
      devices.map(async (device, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / DEVICES) * POLL_MS));
        while (performance.now() - started < STEADY_MS) {
          const next = performance.now() + POLL_MS;
          steady.push(await poll(device));
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const steadyMs = steady.map((p) => p.ms).sort((a, b) => a - b);
    const notModified = steady.filter((p) => p.status === 304).length;
    rows.push({
      name: `${DEVICES} displays every 15 s, ${Math.round(seconds)} s`,
      value: `${steady.length} polls (${(steady.length / seconds).toFixed(1)}/s), ${notModified} answered 304; p50 ${percentile(steadyMs, 0.5).toFixed(1)} ms, p99 ${percentile(steadyMs, 0.99).toFixed(1)} ms`,
    });
    rows.push({
      name: '  DynamoDB calls, heartbeats included',
      value: perPoll([...calls], steady.length),
    });

    // Every room changes (as a booking, a check-in or a slideshow save would): a round of 200s.
    await Promise.all(
      spaces.map(({ space_id }) => e.space.patch({ account_id, space_id }).add({ display_version: 1 }).go()),
    );
    calls.length = 0;
    const changed = await limit.map(devices, poll);
    rows.push({
      name: '  a round after every room changed',
      value: `${changed.filter((p) => p.status === 200).length} of ${DEVICES} answered 200; ${perPoll([...calls], DEVICES)}`,
    });

    // Flat out: as many polls as the local system answers, 32 at a time.
    calls.length = 0;
    const flat: number[] = [];
    const flatStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: FLAT_OUT_CONCURRENCY }, async () => {
        while (performance.now() - flatStarted < FLAT_OUT_MS) {
          flat.push((await poll(devices[next++ % DEVICES]!)).ms);
        }
      }),
    );
    const flatSeconds = (performance.now() - flatStarted) / 1000;
    flat.sort((a, b) => a - b);
    rows.push({
      name: `  flat out, ${FLAT_OUT_CONCURRENCY} at a time`,
      value: `${(flat.length / flatSeconds).toFixed(0)} polls/s (${flat.length} in ${flatSeconds.toFixed(1)} s); p50 ${percentile(flat, 0.5).toFixed(1)} ms, p99 ${percentile(flat, 0.99).toFixed(1)} ms; ${perPoll([...calls], flat.length)}`,
    });
    return rows;
  } finally {
    await system.stop();
  }
}
