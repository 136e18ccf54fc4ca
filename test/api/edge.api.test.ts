import { db } from '@core/table/entities';
import { handler as deviceLambda } from '../../functions/device/handlers';
import { resetEnvCache } from '@core/env';
import { handler as meLambda } from '../../functions/me/handlers';
import { handler as systemLambda } from '../../functions/system/handlers';
import { call } from '../support/api';
import { anApiEvent, invokeLambda } from '../support/lambda-events';

/**
 * The API behind CloudFront (functions/core/http/edge.ts, docs/decisions.md "Origin verify", "Viewer
 * address"). Over HTTP the local server plays CloudFront, adding the origin-verify value and the
 * viewer's address to every request; the group Lambdas are also called here with events built as
 * API Gateway builds them, against the same emulators, to show what reaches a Lambda that did not
 * come through CloudFront, and two viewers behind one CloudFront edge.
 */

/** The value the local server adds as CloudFront does (the emulators' configuration). */
const originVerify = () => process.env.ORIGIN_VERIFY_SECRET!;

const forbidden = { status: 403, body: { message: 'Forbidden' } };

describe('origin verify', () => {
  it('refuses with 403 a request that reaches a Lambda without the value, on every kind of route, before any other work', async () => {
    // A public route, a signed-in one without a token (not 401: refused before authentication),
    // and one with a body that is not JSON (not 400: refused before the body is read).
    expect(await invokeLambda(systemLambda, anApiEvent('GET', '/health'))).toEqual(forbidden);
    expect(await invokeLambda(meLambda, anApiEvent('GET', '/client/me'))).toEqual(forbidden);
    const notJson = { headers: { 'content-type': 'application/json' }, body: '{not json' };
    expect(await invokeLambda(deviceLambda, anApiEvent('POST', '/device/register', notJson))).toEqual(
      forbidden,
    );
    // With a wrong value, or CloudFront's value cut short, the same.
    for (const value of ['guess', originVerify().slice(0, -1), `${originVerify()} `]) {
      expect(
        await invokeLambda(
          systemLambda,
          anApiEvent('GET', '/health', { headers: { 'x-origin-verify': value } }),
        ),
      ).toEqual(forbidden);
    }

    // With CloudFront's value the routes do their own work again.
    const fromEdge = { 'x-origin-verify': originVerify() };
    expect(
      (await invokeLambda(systemLambda, anApiEvent('GET', '/health', { headers: fromEdge }))).status,
    ).toBe(200);
    expect(
      await invokeLambda(meLambda, anApiEvent('GET', '/client/me', { headers: fromEdge })),
    ).toMatchObject({
      status: 401,
    });
    expect(
      await invokeLambda(
        deviceLambda,
        anApiEvent('POST', '/device/register', { ...notJson, headers: { ...notJson.headers, ...fromEdge } }),
      ),
    ).toEqual({ status: 400, body: { message: 'The request body is not valid JSON' } });
  });

  it('lets every request through the local server, which adds the value over whatever a client sent', async () => {
    expect((await call('GET', '/health')).status).toBe(200);
    expect((await call('GET', '/health', { headers: { 'X-Origin-Verify': 'guess' } })).status).toBe(200);
    const registered = await call('POST', '/device/register', {
      body: { app_version: '1.0.0' },
      headers: { 'x-origin-verify': '' },
    });
    expect(registered.status).toBe(200);
  });
});

describe('viewer address', () => {
  const hourOf = (ms: number) => Math.floor(ms / 1000) - (Math.floor(ms / 1000) % 3600);
  /** Registrations counted for an address, in this hour and the next (a test may cross the hour). */
  async function registrationsFrom(address: string, window: number): Promise<number> {
    const counts = await Promise.all(
      [window, window + 3600].map(
        async (start) =>
          (
            await db()
              .entities.rateCounter.get({ subject: `device-register#${address}`, window: start })
              .go()
          ).data?.count ?? 0,
      ),
    );
    return counts[0]! + counts[1]!;
  }

  it('counts two viewers behind one CloudFront edge apart: the limit of one still lets the other register', async () => {
    const limit = process.env.DEVICE_REGISTRATIONS_PER_HOUR;
    process.env.DEVICE_REGISTRATIONS_PER_HOUR = '2';
    resetEnvCache();
    try {
      const edge = `130.176.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const first = `198.51.100.${Math.floor(Math.random() * 250)}`;
      const second = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`;
      const register = (viewer: string) =>
        invokeLambda(
          deviceLambda,
          anApiEvent('POST', '/device/register', {
            sourceIp: edge,
            headers: {
              'x-origin-verify': originVerify(),
              'cloudfront-viewer-address': `${viewer}:${40000 + Math.floor(Math.random() * 20000)}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ app_version: '1.0.0' }),
          }),
        );

      expect((await register(first)).status).toBe(200);
      expect((await register(first)).status).toBe(200);
      const refused = await register(first);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        message: expect.stringMatching(
          /^Too many screens registered from this address\. Try again in \d+ minutes?\.$/,
        ),
      });
      // The other viewer, through the same edge, is not held back.
      expect((await register(second)).status).toBe(200);

      const window = hourOf(Date.now() - 60_000);
      expect(await registrationsFrom(first, window)).toBe(3);
      expect(await registrationsFrom(second, window)).toBe(1);
      expect(await registrationsFrom(edge, window)).toBe(0);
    } finally {
      process.env.DEVICE_REGISTRATIONS_PER_HOUR = limit;
      resetEnvCache();
    }
  });

  it("is the connection's address through the local server, whatever a client claims", async () => {
    const window = hourOf(Date.now());
    const claimed = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const before = await registrationsFrom('127.0.0.1', window);
    const answer = await call('POST', '/device/register', {
      body: { app_version: '1.0.0' },
      headers: { 'CloudFront-Viewer-Address': `${claimed}:1234` },
    });
    expect(answer.status).toBe(200);
    expect(await registrationsFrom('127.0.0.1', window)).toBe(before + 1);
    expect(await registrationsFrom(claimed, window)).toBe(0);
  });
});
