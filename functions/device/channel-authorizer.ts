import { deviceOfRequest } from '@core/auth/device-auth';
import { logger } from '@core/logger';

/**
 * The displays' push channel (docs/architecture.md §7): AppSync Events' Lambda authorizer. A
 * display connects and subscribes with its device token; this admits the token of a device bound
 * to a screen and names the device, whose own channel alone the `displays` namespace's onSubscribe
 * handler then lets it hear (infra/cdk/appsync/displays-namespace.js). Locally the AppSync Events
 * stand-in calls this same handler in its process (infra/local/emulators/events.ts).
 */

/** What AppSync Events sends its Lambda authorizer, on a connect and on each subscribe. */
export interface ChannelAuthorizerEvent {
  /** What the client sent as `Authorization`: the device token `<deviceId>.<secret>`. */
  authorizationToken?: string;
  requestContext: {
    apiId: string;
    accountId: string;
    requestId: string;
    operation: 'EVENT_CONNECT' | 'EVENT_SUBSCRIBE' | 'EVENT_PUBLISH';
    /** On a subscribe or publish: the namespace and the channel (`/displays/<deviceId>`). */
    channelNamespaceName?: string;
    channel?: string;
  };
  requestHeaders: Record<string, string>;
}

/** What the handlers of the channel see as `ctx.identity.handlerContext`. */
export interface ChannelHandlerContext {
  deviceId: string;
}

export type ChannelAuthorizerResult =
  | { isAuthorized: true; handlerContext: ChannelHandlerContext; ttlOverride: number }
  | { isAuthorized: false };

/**
 * How long AppSync keeps an admission for a token before it asks again. A device unbound meanwhile
 * is told at once by a `revoked` event on its channel, and its next poll answers 401.
 */
export const CHANNEL_AUTHORIZATION_TTL_SECONDS = 300;

/**
 * Admits a bound device's token, as the device routes read it (functions/core/auth/device-auth.ts;
 * sent bare, as AppSync forwards it, or after `Bearer`). A device that shows the code still has no
 * room to hear of, and is refused. A failure to read the table throws: AppSync refuses the request
 * and does not cache the answer.
 */
export async function handler(event: ChannelAuthorizerEvent): Promise<ChannelAuthorizerResult> {
  const token = (event.authorizationToken ?? '').trim().replace(/^Bearer\s+/i, '');
  const device = token
    ? (await deviceOfRequest({ headers: { authorization: `Bearer ${token}` } }, { room: false }))?.device
    : undefined;
  if (!device?.screen_id) {
    logger.info('Channel token refused', {
      operation: event.requestContext.operation,
      reason: device ? 'unbound' : 'unknown token',
    });
    return { isAuthorized: false };
  }
  return {
    isAuthorized: true,
    handlerContext: { deviceId: device.device_id },
    ttlOverride: CHANNEL_AUTHORIZATION_TTL_SECONDS,
  };
}
