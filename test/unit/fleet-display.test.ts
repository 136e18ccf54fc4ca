import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvents, type RunningEvents } from '../../infra/local/emulators/events';
import { FleetDisplay, type FleetTransport } from '../../bench/lib/fleet-display';

/**
 * The fleet bench's simulated display (bench/lib/fleet-display.ts) on the push channel's local
 * stand-in (infra/local/emulators/events.ts), a real socket. The API is not started: the
 * display's HTTP transport is a stand-in that counts the polls it is asked for.
 */
const DEVICE = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const TOKEN = `${DEVICE}.secret`;
const namespace = path.resolve(import.meta.dirname, '../../infra/cdk/appsync/displays-namespace.js');

let events: RunningEvents;
beforeAll(async () => {
  events = await startEvents({
    port: 0,
    namespaces: { displays: namespace },
    authorize: async ({ authorizationToken }) =>
      authorizationToken === TOKEN
        ? { isAuthorized: true, handlerContext: { deviceId: DEVICE }, ttlOverride: 300 }
        : { isAuthorized: false },
    log: () => {},
  });
});
afterAll(() => events.close());

function countingTransport() {
  const polls: Array<Record<string, string>> = [];
  const transport: FleetTransport = {
    get: async (_path, headers) => {
      polls.push(headers);
      return { status: 304, bytes: 0, body: '' };
    },
    close: () => {},
  };
  return { polls, transport };
}

const push = () => ({ url: events.realtimeUrl, host: new URL(events.httpUrl).host });

async function publish(event: object) {
  const response = await fetch(`${events.httpUrl}/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'AWS4-HMAC-SHA256 Credential=bench' },
    body: JSON.stringify({ channel: `/displays/${DEVICE}`, events: [JSON.stringify(event)] }),
  });
  expect(response.status).toBe(200);
}

describe('a simulated display on its channel', () => {
  it('subscribes with its token and polls at once when told of a change', async () => {
    const { polls, transport } = countingTransport();
    const display = new FleetDisplay({ deviceId: DEVICE, token: TOKEN }, transport);
    const outcome = await display.connect(push());
    expect(outcome.ok).toBe(true);
    await publish({ type: 'changed', version: 1 });
    await expect.poll(() => polls.length, { timeout: 3_000 }).toBe(1);
    expect(polls[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(display.heard).toBe(1);
    display.disconnect();
  });

  it('is refused with another token, and says why', async () => {
    const { transport } = countingTransport();
    const display = new FleetDisplay({ deviceId: DEVICE, token: `${DEVICE}.wrong` }, transport);
    const outcome = await display.connect(push());
    expect(outcome).toMatchObject({ ok: false });
    expect(display.subscribed).toBe(false);
  });
});
