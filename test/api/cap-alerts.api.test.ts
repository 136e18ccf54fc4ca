import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ulid } from 'ulid';
import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import { JOB_DIMENSION, MetricName } from '@core/observability/catalogue';
import { flushMetrics, setMetricsSink } from '@core/observability/metrics';
import { runCapPoll } from '../../functions/cap/poll';
import { anAccount, call } from '../support/api';
import { aPlace, manages } from '../support/places';

/**
 * Emergency alerts (docs/product/client-area.md §2 "CAP alert panel"): the CAP job polls the feeds of
 * the spaces with Active alert settings — CAP documents or Atom indexes of them, served here by a
 * local HTTP server — and GET /client/capAlerts/{spaceId} answers the alerts in force and how each
 * feed's last poll went. The job is run by the test (`runCapPoll`), as the schedule would run it.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;
const admin = (account: Account) => account.users['Account Admin']!.token;

const iso = (offsetMinutes: number) =>
  new Date(Date.now() + offsetMinutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** A CAP 1.2 message, in force from a minute ago for an hour unless told otherwise. */
function capMessage(fields: {
  identifier: string;
  msgType?: 'Alert' | 'Update' | 'Cancel';
  references?: string;
  headline?: string;
  event?: string;
  severity?: string;
  expiresIn?: number;
  status?: string;
  encoding?: string;
}) {
  const sender = 'alerts@weather.example';
  return `<?xml version="1.0" encoding="${fields.encoding ?? 'UTF-8'}"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${fields.identifier}</identifier>
  <sender>${sender}</sender>
  <sent>${iso(-1)}</sent>
  <status>${fields.status ?? 'Actual'}</status>
  <msgType>${fields.msgType ?? 'Alert'}</msgType>
  <scope>Public</scope>
  ${fields.references ? `<references>${sender},${fields.references},${iso(-2)}</references>` : ''}
  <info>
    <language>en-US</language>
    <category>Met</category>
    <event>${fields.event ?? 'Flash Flood Warning'}</event>
    <urgency>Immediate</urgency>
    <severity>${fields.severity ?? 'Severe'}</severity>
    <certainty>Observed</certainty>
    <effective>${iso(-1)}</effective>
    <expires>${iso(fields.expiresIn ?? 60)}</expires>
    <senderName>NWS Riverside</senderName>
    <headline>${fields.headline ?? 'Flash flood warning until noon'}</headline>
    <description>Heavy rain has flooded the river banks.</description>
    <instruction>Move to higher ground now.</instruction>
    <web>https://weather.example/warnings</web>
    <area><areaDesc>Riverside County</areaDesc></area>
  </info>
</alert>`;
}

const atomOf = (links: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:feed:test</id><title>Alerts</title><updated>${iso(0)}</updated>
  ${links
    .map(
      (href, i) =>
        `<entry><id>urn:entry:${i}</id><title>Alert ${i}</title><updated>${iso(0)}</updated><link type="application/cap+xml" href="${href}"/></entry>`,
    )
    .join('\n')}
</feed>`;

/** A local feed server: what each path serves, and the requests it got. */
let server: Server;
let base: string;
const routes = new Map<string, { body: string | Buffer; type?: string; etag?: string; status?: number }>();
const requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    const route = routes.get(request.url ?? '');
    if (!route) return void response.writeHead(404).end('not here');
    if (route.etag && request.headers['if-none-match'] === route.etag)
      return void response.writeHead(304).end();
    response.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'application/cap+xml',
      ...(route.etag ? { etag: route.etag } : {}),
    });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A path of its own on the feed server, serving `body`. */
function serve(body: string | Buffer, options: { type?: string; etag?: string; status?: number } = {}) {
  const path = `/${ulid()}.xml`;
  routes.set(path, { body, ...options });
  return { path, url: `${base}${path}` };
}
const requestsTo = (path: string) => requests.filter((r) => r.url === path);

async function watching(account: Account, urls: string[], status: 'Active' | 'Inactive' = 'Active') {
  const { venue, space } = await aPlace(account.accountId);
  const saved = await call('POST', `/client/capAlertURL/${space}`, {
    token: admin(account),
    body: { cap_alert_urls: JSON.stringify(urls.map((url) => ({ url }))), cap_alert_status: status },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { venue, space };
}

const alertsOf = async (token: string, space: string) => {
  const answer = await call('GET', `/client/capAlerts/${space}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as {
    cap_alert_status: string;
    alerts: Array<Record<string, unknown>>;
    feeds: Array<{ url: string; checked_at: string | null; read_at: string | null; error: string | null }>;
  };
};

describe('the CAP job and GET /client/capAlerts/{spaceId}', () => {
  it('lists an alert in force with what a screen shows, and each feed as last checked', async () => {
    const account = await anAccount();
    const feed = serve(capMessage({ identifier: `A-${ulid()}` }));
    const { space } = await watching(account, [feed.url]);

    const before = await alertsOf(admin(account), space);
    expect(before.alerts).toEqual([]);
    expect(before.feeds).toEqual([{ url: feed.url, checked_at: null, read_at: null, error: null }]);

    await runCapPoll();
    const after = await alertsOf(admin(account), space);
    expect(after.alerts).toHaveLength(1);
    expect(after.alerts[0]).toMatchObject({
      headline: 'Flash flood warning until noon',
      event: 'Flash Flood Warning',
      severity: 'Severe',
      urgency: 'Immediate',
      certainty: 'Observed',
      description: 'Heavy rain has flooded the river banks.',
      instruction: 'Move to higher ground now.',
      area_desc: 'Riverside County',
      sender_name: 'NWS Riverside',
      web: 'https://weather.example/warnings',
      source_url: feed.url,
    });
    expect(after.feeds[0]!.error).toBeNull();
    expect(after.feeds[0]!.checked_at).not.toBeNull();
  });

  it('spares an unchanged feed with a conditional GET and keeps its alerts', async () => {
    const account = await anAccount();
    const feed = serve(capMessage({ identifier: `E-${ulid()}` }), { etag: '"v1"' });
    const { space } = await watching(account, [feed.url]);
    await runCapPoll();
    await runCapPoll();
    const asked = requestsTo(feed.path);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect((await alertsOf(admin(account), space)).alerts).toHaveLength(1);
  });

  it('replaces an alert by its Update, and ends it by a Cancel', async () => {
    const account = await anAccount();
    const id = `U-${ulid()}`;
    const first = serve(capMessage({ identifier: id, headline: 'Flood watch' }));
    const update = serve(
      capMessage({ identifier: `${id}-2`, msgType: 'Update', references: id, headline: 'Flood warning' }),
    );
    const index = serve(atomOf([first.url]), { type: 'application/atom+xml' });
    const { space } = await watching(account, [index.url]);

    await runCapPoll();
    expect((await alertsOf(admin(account), space)).alerts.map((a) => a.headline)).toEqual(['Flood watch']);

    routes.set(index.path, { body: atomOf([first.url, update.url]), type: 'application/atom+xml' });
    await runCapPoll();
    const updated = (await alertsOf(admin(account), space)).alerts;
    expect(updated.map((a) => [a.headline, a.msg_type])).toEqual([['Flood warning', 'Update']]);

    const cancel = serve(capMessage({ identifier: `${id}-3`, msgType: 'Cancel', references: `${id}-2` }));
    routes.set(index.path, {
      body: atomOf([first.url, update.url, cancel.url]),
      type: 'application/atom+xml',
    });
    await runCapPoll();
    expect((await alertsOf(admin(account), space)).alerts).toEqual([]);
  });

  it('leaves out expired alerts and exercises, and shows the most severe first', async () => {
    const account = await anAccount();
    const expired = serve(capMessage({ identifier: `X-${ulid()}`, expiresIn: -5, headline: 'Over' }));
    const exercise = serve(capMessage({ identifier: `X-${ulid()}`, status: 'Exercise', headline: 'Drill' }));
    const minor = serve(capMessage({ identifier: `X-${ulid()}`, severity: 'Minor', headline: 'Minor' }));
    const extreme = serve(
      capMessage({ identifier: `X-${ulid()}`, severity: 'Extreme', headline: 'Extreme' }),
    );
    const { space } = await watching(account, [expired.url, exercise.url, minor.url, extreme.url]);
    await runCapPoll();
    expect((await alertsOf(admin(account), space)).alerts.map((a) => a.headline)).toEqual([
      'Extreme',
      'Minor',
    ]);
  });

  it('reads a feed that failed next time, shows its error, and still reads the others', async () => {
    const account = await anAccount();
    const good = serve(capMessage({ identifier: `G-${ulid()}` }));
    const missing = `${base}/${ulid()}.xml`;
    const broken = serve('<alert>not closed');
    const { space } = await watching(account, [good.url, missing, broken.url]);
    await runCapPoll();
    const result = await alertsOf(admin(account), space);
    expect(result.alerts).toHaveLength(1);
    const byUrl = Object.fromEntries(result.feeds.map((f) => [f.url, f]));
    expect(byUrl[good.url]!.error).toBeNull();
    expect(byUrl[missing]!.error).toBe('HTTP 404');
    expect(byUrl[missing]!.checked_at).not.toBeNull();
    expect(byUrl[broken.url]!.error).toEqual(expect.any(String));

    // Once the feed is there, the next run reads it.
    routes.set(new URL(missing).pathname, {
      body: capMessage({ identifier: `M-${ulid()}`, headline: 'Now there' }),
    });
    await runCapPoll();
    const later = await alertsOf(admin(account), space);
    expect(later.alerts.map((a) => a.headline).sort()).toEqual([
      'Flash flood warning until noon',
      'Now there',
    ]);
    expect(later.feeds.find((f) => f.url === missing)!.error).toBeNull();
  });

  it('refuses a document with a DOCTYPE without fetching what it names', async () => {
    const account = await anAccount();
    const secret = serve('secret');
    const xxe = serve(
      `<?xml version="1.0"?><!DOCTYPE alert [<!ENTITY x SYSTEM "${secret.url}">]>` +
        capMessage({ identifier: `XXE-${ulid()}`, headline: '&x;' }).replace(/^<\?xml[^>]*\?>/, ''),
    );
    const { space } = await watching(account, [xxe.url]);
    await runCapPoll();
    const result = await alertsOf(admin(account), space);
    expect(result.alerts).toEqual([]);
    expect(result.feeds[0]!.error).toMatch(/DOCTYPE/);
    expect(requestsTo(secret.path)).toHaveLength(0);
  });

  it('reads a document in ISO-8859-1 with its accents', async () => {
    const account = await anAccount();
    const text = capMessage({
      identifier: `L-${ulid()}`,
      headline: 'Séisme près de Montréal',
      encoding: 'ISO-8859-1',
    });
    const feed = serve(Buffer.from(text, 'latin1'));
    const { space } = await watching(account, [feed.url]);
    await runCapPoll();
    expect((await alertsOf(admin(account), space)).alerts[0]!.headline).toBe('Séisme près de Montréal');
  });

  it('polls no feed of a space whose alerts are Inactive, and shows no alerts for it', async () => {
    const account = await anAccount();
    const feed = serve(capMessage({ identifier: `I-${ulid()}` }));
    const { space } = await watching(account, [feed.url]);
    await runCapPoll();
    expect((await alertsOf(admin(account), space)).alerts).toHaveLength(1);

    await call('POST', `/client/capAlertURL/${space}`, {
      token: admin(account),
      body: { cap_alert_urls: JSON.stringify([{ url: feed.url }]), cap_alert_status: 'Inactive' },
    });
    expect((await alertsOf(admin(account), space)).alerts).toEqual([]);
    const asked = requestsTo(feed.path).length;
    await runCapPoll();
    expect(requestsTo(feed.path)).toHaveLength(asked);
  });

  it('is for those who see the space: 403 for a Viewer, 404 for another account', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Viewer']);
    const other = await anAccount();
    const { venue, space } = await watching(account, [serve(capMessage({ identifier: `P-${ulid()}` })).url]);
    expect(
      (await call('GET', `/client/capAlerts/${space}`, { token: account.users.Viewer!.token })).status,
    ).toBe(403);
    expect((await call('GET', `/client/capAlerts/${space}`, { token: admin(other) })).status).toBe(404);
    const manager = account.users['Venue Manager']!;
    expect((await call('GET', `/client/capAlerts/${space}`, { token: manager.token })).status).toBe(404);
    await manages(account.accountId, venue, manager.id);
    expect((await call('GET', `/client/capAlerts/${space}`, { token: manager.token })).status).toBe(200);
  });
});

describe('the CAP job fanned out (a planner, its batches of feeds, the worker)', () => {
  it('fetches each distinct URL once per run, and writes every alert of spaces whose feeds fell into different batches', async () => {
    const account = await anAccount();
    // 30 feeds, and five spaces each listing ten of them, each sharing five with the next: more
    // URLs than one batch holds, so some space's feeds are in two batches (the spaces are linked).
    const feeds = Array.from({ length: 30 }, (_, n) =>
      serve(capMessage({ identifier: `F-${ulid()}`, headline: `Feed ${n}` })),
    );
    const windows = [0, 5, 10, 15, 20].map((from) => feeds.slice(from, from + 10));
    const spaces = [];
    for (const window of windows)
      spaces.push(
        (
          await watching(
            account,
            window.map((feed) => feed.url),
          )
        ).space,
      );
    const report = await runCapPoll();
    expect(report.messages).toBeGreaterThanOrEqual(2);
    for (const feed of feeds) expect(requestsTo(feed.path), feed.path).toHaveLength(1);
    for (const [index, space] of spaces.entries()) {
      const headlines = (await alertsOf(admin(account), space)).alerts.map((a) => a.headline as string);
      expect(headlines.toSorted()).toEqual(
        windows[index]!.map((feed) => `Feed ${feeds.indexOf(feed)}`).toSorted(),
      );
    }
  });

  it('counts each feed that failed as a failed item of the job, and what it read, in the metrics of the run', async () => {
    const account = await anAccount();
    const good = serve(capMessage({ identifier: `C-${ulid()}` }));
    const { space } = await watching(account, [
      good.url,
      `${base}/${ulid()}.xml`,
      serve('<alert>not closed').url,
    ]);
    const emitted: EmfOutput[] = [];
    flushMetrics();
    setMetricsSink((emf) => emitted.push(emf));
    try {
      const report = await runCapPoll();
      flushMetrics();
      // Every watching space of the table is polled: this account's two failures, and any left by others.
      expect(report.failed).toBeGreaterThanOrEqual(2);
      const failures = emitted.filter((emf) => MetricName.JobItemFailures in emf);
      expect(failures).toHaveLength(1);
      expect(failures[0]![JOB_DIMENSION]).toBe('cap-poll');
      expect(failures[0]!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', JOB_DIMENSION]]);
      expect(failures[0]![MetricName.JobItemFailures]).toBe(report.failed);
      const read = emitted
        .flatMap((emf) => [emf[MetricName.CapFeedsRead] ?? []].flat())
        .reduce((sum: number, value) => sum + Number(value), 0);
      expect(read).toBe(report.read + report.notModified);
    } finally {
      setMetricsSink(undefined);
    }
    // The feed that answered is read all the same.
    expect((await alertsOf(admin(account), space)).alerts).toHaveLength(1);
  });
});
