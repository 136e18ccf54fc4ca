import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { ulid } from 'ulid';
import { handler } from '../../functions/device/authorizer';
import { forgetDevice } from '../../functions/device/store';
import { API_BASE } from '@shared/api/routes';
import { call } from '../support/api';

/**
 * API Gateway's Lambda authorizer of the device-token routes (functions/device/authorizer.ts),
 * against DynamoDB Local: it admits a device's own token, naming the device, and nothing else,
 * agreeing with the device routes' own check (which is what answers locally, with no API Gateway).
 */

/** The event API Gateway (HTTP API, payload 2.0) sends for `GET /device/state`. */
function authorizerEvent(authorization?: string): APIGatewayRequestAuthorizerEventV2 {
  const routeKey = `GET ${API_BASE}/device/state`;
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:us-east-1:123456789012:abc123/$default/GET${API_BASE}/device/state`,
    identitySource: authorization ? [authorization] : [],
    routeKey,
    rawPath: `${API_BASE}/device/state`,
    rawQueryString: '',
    cookies: [],
    headers: authorization ? { authorization, host: 'abc123.execute-api.us-east-1.amazonaws.com' } : {},
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: {
        method: 'GET',
        path: `${API_BASE}/device/state`,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'room-display',
      },
      requestId: ulid(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

/** A registered display: its id and token. */
async function aDisplay() {
  const answer = await call('POST', '/device/register', { body: { app_version: '1.0.0' } });
  expect(answer.status).toBe(200);
  return answer.body.result as { device_id: string; token: string };
}

/** What the authorizer answers for a token, and what the device route itself answers for it. */
async function verdicts(token: string) {
  const authorized = await handler(authorizerEvent(`Bearer ${token}`));
  const route = await call('GET', '/device/state', { token });
  return { authorized, routeStatus: route.status };
}

describe('device authorizer', () => {
  it("admits a device's own token, handing the route the device's id", async () => {
    const display = await aDisplay();
    expect(await verdicts(display.token)).toEqual({
      authorized: { isAuthorized: true, context: { deviceId: display.device_id } },
      routeStatus: 200,
    });
    // The scheme is read as the routes read it, in any case.
    expect(await handler(authorizerEvent(`bearer ${display.token}`))).toEqual({
      isAuthorized: true,
      context: { deviceId: display.device_id },
    });
  });

  it('refuses a wrong secret for a real device, and a well-formed token of no device', async () => {
    const display = await aDisplay();
    const other = await aDisplay();
    const [, secret] = other.token.split('.');
    // Another device's secret under this device's id.
    expect(await verdicts(`${display.device_id}.${secret}`)).toEqual({
      authorized: { isAuthorized: false },
      routeStatus: 401,
    });
    expect(await verdicts(`${ulid()}.${secret}`)).toEqual({
      authorized: { isAuthorized: false },
      routeStatus: 401,
    });
  });

  it('refuses the token of a device that was forgotten', async () => {
    const display = await aDisplay();
    await forgetDevice(display.device_id);
    expect(await verdicts(display.token)).toEqual({ authorized: { isAuthorized: false }, routeStatus: 401 });
  });

  it('refuses what is not a device token at all', async () => {
    const display = await aDisplay();
    const userLikeToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
    for (const authorization of [
      display.token, // no scheme
      `Basic ${display.token}`,
      `Bearer ${display.device_id}`,
      `Bearer ${display.token}.extra`,
      `Bearer ${userLikeToken}`,
    ]) {
      expect(await handler(authorizerEvent(authorization)), authorization).toEqual({ isAuthorized: false });
    }
    expect(await handler(authorizerEvent())).toEqual({ isAuthorized: false });
  });
});
