import { ulid } from 'ulid';
import {
  CHANNEL_AUTHORIZATION_TTL_SECONDS,
  handler,
  type ChannelAuthorizerEvent,
} from '../../functions/device/channel-authorizer';
import { forgetDevice } from '../../functions/device/store';
import { aDisplay, aScreenFor, poll } from '../support/displays';

/**
 * AppSync Events' Lambda authorizer of the displays' push channel
 * (functions/device/channel-authorizer.ts), against DynamoDB Local with devices registered and
 * bound through the API: it admits the token of a device bound to a screen, naming the device, for
 * five minutes, and nothing else.
 */

/** The event AppSync Events sends for a subscribe (or, without a channel, a connect). */
function authorizerEvent(token: string | undefined, channel?: string): ChannelAuthorizerEvent {
  return {
    ...(token === undefined ? {} : { authorizationToken: token }),
    requestContext: {
      apiId: 'abcdefghijklmnopqrstuvwxyz',
      accountId: '123456789012',
      requestId: ulid(),
      operation: channel ? 'EVENT_SUBSCRIBE' : 'EVENT_CONNECT',
      ...(channel ? { channelNamespaceName: 'displays', channel } : {}),
    },
    requestHeaders: { host: 'abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com' },
  };
}

/** A display bound to a screen, as a person binds one: its code entered, then its poll. */
async function aBoundDisplay() {
  const display = await aDisplay();
  await aScreenFor(display.code);
  const state = await poll(display.token);
  expect(state.body.result.bound).toBe(true);
  return display;
}

describe('channel authorizer', () => {
  it("admits a bound display's token for five minutes, handing the handlers the device's id", async () => {
    const display = await aBoundDisplay();
    const admitted = {
      isAuthorized: true,
      handlerContext: { deviceId: display.device_id },
      ttlOverride: CHANNEL_AUTHORIZATION_TTL_SECONDS,
    };
    expect(CHANNEL_AUTHORIZATION_TTL_SECONDS).toBe(300);
    expect(await handler(authorizerEvent(display.token))).toEqual(admitted);
    expect(await handler(authorizerEvent(display.token, `/displays/${display.device_id}`))).toEqual(admitted);
    // Sent after `Bearer`, as the API's routes take it, it is the same token.
    expect(await handler(authorizerEvent(`Bearer ${display.token}`))).toEqual(admitted);
  });

  it('refuses a display that shows its code (no room to hear of) and one that was forgotten', async () => {
    const unbound = await aDisplay();
    expect(await handler(authorizerEvent(unbound.token))).toEqual({ isAuthorized: false });
    const forgotten = await aBoundDisplay();
    await forgetDevice(forgotten.device_id);
    expect(await handler(authorizerEvent(forgotten.token))).toEqual({ isAuthorized: false });
  });

  it('refuses a wrong secret, a token of no device and what is not a device token', async () => {
    const display = await aBoundDisplay();
    const other = await aBoundDisplay();
    const [, secret] = other.token.split('.');
    for (const token of [
      `${display.device_id}.${secret}`,
      `${ulid()}.${secret}`,
      display.device_id,
      `${display.token}.extra`,
      `Basic ${display.token}`,
      'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl',
      '',
      undefined,
    ]) {
      expect(await handler(authorizerEvent(token)), String(token)).toEqual({ isAuthorized: false });
    }
  });
});
