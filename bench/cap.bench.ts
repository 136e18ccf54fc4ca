import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { runCapPoll, type CapPollReport } from '../functions/cap/poll';
import { startSystem } from '../infra/local/system';
import { countDynamoDbCalls, inProcessPorts } from './dynamodb-calls.bench';
import { callsByCommand } from './figures';

const root = path.resolve(import.meta.dirname, '..');
type Row = { name: string; value: string };

const SPACES = 500;
const URLS_PER_SPACE = 2;

const stamp = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** A CAP 1.2 alert in force for the next hour. */
const alert = (n: number) => `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
<identifier>BENCH-${n}</identifier><sender>bench@alerts.example</sender><sent>${stamp(-1)}</sent>
<status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
<info><event>Flood Warning</event><urgency>Immediate</urgency><severity>Severe</severity><certainty>Observed</certainty>
<effective>${stamp(-1)}</effective><expires>${stamp(60)}</expires><senderName>Bench weather service</senderName>
<headline>Flood warning ${n}</headline><description>Rivers are high.</description><instruction>Keep away from the banks.</instruction>
<area><areaDesc>Area ${n}</areaDesc></area></info></alert>`;

function summary(report: CapPollReport, requests: number, calls: string[]): string {
  return (
    `${(report.durationMs / 1000).toFixed(2)} s, ${requests} feed requests ` +
    `(${report.read} read, ${report.notModified} not modified), ${calls.length} DynamoDB calls (${callsByCommand(calls)}), ` +
    `${report.alertsWritten} alert items written`
  );
}

/**
 * The CAP job over {@link SPACES} spaces with {@link URLS_PER_SPACE} feed URLs each, served by a local
 * server with ETags, the system in this process (DynamoDB calls counted by a middleware on the one
 * DocumentClient): the first run reads every feed and writes every space's alerts; the second gets
 * 304s and writes what changed (the feeds' check times, no alerts).
 */
export async function run(): Promise<Row[]> {
  const system = await startSystem({
    port: 13940,
    dataDir: path.join(root, '.bench/cap-system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    log: () => {},
  });
  let requests = 0;
  const feeds = createServer((request, response) => {
    requests += 1;
    const n = Number(/\/feed\/(\d+)\.cap$/.exec(request.url ?? '')?.[1]);
    if (!Number.isInteger(n)) return void response.writeHead(404).end();
    const etag = `"feed-${n}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'application/cap+xml', etag }).end(alert(n));
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  const calls = countDynamoDbCalls();
  try {
    const accountId = ulid();
    const venueId = ulid();
    const spaces = Array.from({ length: SPACES }, (_, i) => {
      const space_id = ulid();
      return {
        account_id: accountId,
        space_id,
        venue_id: venueId,
        title: `Room ${i + 1}`,
        calendar_color: '#0B8043',
        status: 'Active' as const,
        cap_alert_status: 'Active' as const,
        cap_alert_urls: Array.from({ length: URLS_PER_SPACE }, (_, u) => ({
          url: `${base}/feed/${i * URLS_PER_SPACE + u}.cap`,
        })),
        cap_watch_shard: shardOf(space_id),
        cap_watch_id: space_id,
      };
    });
    await db().entities.space.put(spaces).go({ concurrency: 4 });
    const rows: Row[] = [];
    for (const label of ['first run (all read)', 'second run (all 304)']) {
      calls.length = 0;
      requests = 0;
      const report = await runCapPoll();
      rows.push({
        name: `${SPACES} spaces × ${URLS_PER_SPACE} URLs, ${label}`,
        value: summary(report, requests, [...calls]),
      });
    }
    return rows;
  } finally {
    await new Promise<void>((resolve) => feeds.close(() => resolve()));
    await system.stop();
  }
}
