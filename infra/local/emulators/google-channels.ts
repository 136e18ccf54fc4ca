import { randomBytes } from 'node:crypto';
import type { Json } from './google-events';
import type { Log } from './processes';
import { deliver, isDeliverable } from './standin-notify';
import { StandInError } from './standin-server';

/**
 * Push notification channels of the Google Calendar stand-in (`google-calendar.ts`), from the
 * reference's "Push notifications" guide: `POST /calendars/{id}/events/watch` opens a channel on a
 * calendar's events (`{ id, type: "web_hook", address, token?, expiration?, params?: { ttl } }`,
 * answered with the channel `{ kind: "api#channel", id, resourceId, resourceUri, token,
 * expiration }`, the expiration in ms as a string); the channel is told at once (`sync`, message 1)
 * and then of every change of those events (`exists`), each a POST to `address` with the
 * `X-Goog-*` headers and no body; `POST /channels/stop { id, resourceId }` closes it. Deliveries
 * are not retried (standin-notify.ts).
 *
 * Where the reference is silent: a channel lasts 7 days unless asked otherwise, 30 days at most;
 * an address may be http (this machine has no certificate), where Google requires https.
 */

const DEFAULT_TTL_S = 7 * 24 * 3600;
const MAX_TTL_S = 30 * 24 * 3600;
/** What Google takes as a channel id. */
const CHANNEL_ID = /^[A-Za-z0-9\-_+/=]{1,64}$/;
const LABEL = 'Google Calendar stand-in';

interface Channel {
  id: string;
  resourceId: string;
  resourceUri: string;
  token?: string;
  address: string;
  /** Epoch ms. */
  expiration: number;
  owner: string;
  calendarId: string;
  /** The number of the last message sent (the sync message is 1). */
  messages: number;
}

const invalid = (message: string) => new StandInError(400, 'invalid', message);

/** The expiration a watch asks for (`params.ttl` in seconds, or `expiration` in ms), within limits. */
function expirationOf(body: Json, now: number): number {
  const params = (body.params ?? {}) as Json;
  const ttl = params.ttl;
  if (ttl !== undefined) {
    const seconds = Number(ttl);
    if (!Number.isInteger(seconds) || seconds <= 0) throw invalid('Invalid value for params.ttl.');
    return now + Math.min(seconds, MAX_TTL_S) * 1000;
  }
  if (body.expiration !== undefined) {
    const at = Number(body.expiration);
    if (!Number.isFinite(at) || at <= now) throw invalid('Invalid value for expiration.');
    return Math.min(at, now + MAX_TTL_S * 1000);
  }
  return now + DEFAULT_TTL_S * 1000;
}

export function googleChannels(log: Log) {
  const channels = new Map<string, Channel>();
  /** One opaque id per watched resource (a calendar's events), as Google's are. */
  const resourceIds = new Map<string, string>();

  const send = (channel: Channel, state: 'sync' | 'exists') => {
    channel.messages += 1;
    deliver(log, {
      label: LABEL,
      url: channel.address,
      headers: {
        'X-Goog-Channel-ID': channel.id,
        ...(channel.token === undefined ? {} : { 'X-Goog-Channel-Token': channel.token }),
        'X-Goog-Channel-Expiration': new Date(channel.expiration).toUTCString(),
        'X-Goog-Resource-ID': channel.resourceId,
        'X-Goog-Resource-URI': channel.resourceUri,
        'X-Goog-Resource-State': state,
        'X-Goog-Message-Number': String(channel.messages),
      },
    });
  };

  /** The channel as Google answers it. */
  const shown = (channel: Channel): Json => ({
    kind: 'api#channel',
    id: channel.id,
    resourceId: channel.resourceId,
    resourceUri: channel.resourceUri,
    ...(channel.token === undefined ? {} : { token: channel.token }),
    expiration: String(channel.expiration),
  });

  /** Forgets channels that have expired: Google sends them nothing more. */
  const sweep = (now = Date.now()) => {
    for (const [id, channel] of channels) if (channel.expiration <= now) channels.delete(id);
  };

  return {
    /** `events/watch` on `calendarId` by `owner`; `eventsUrl` is the events' own URL. */
    watch(calendarId: string, owner: string, body: Json, eventsUrl: string): Json {
      sweep();
      const { id, type, address, token } = body;
      if (typeof id !== 'string' || !CHANNEL_ID.test(id)) throw invalid('Invalid or missing channel id.');
      if (type !== 'web_hook' && type !== 'webhook') throw invalid('Invalid value for type.');
      if (!isDeliverable(address)) throw invalid('Invalid or missing address.');
      if (token !== undefined && (typeof token !== 'string' || token.length > 256))
        throw invalid('Invalid value for token.');
      if (channels.has(id)) throw new StandInError(400, 'channelIdNotUnique', 'Channel id not unique');
      let resourceId = resourceIds.get(calendarId);
      if (!resourceId) {
        resourceId = randomBytes(20).toString('base64url');
        resourceIds.set(calendarId, resourceId);
      }
      const channel: Channel = {
        id,
        resourceId,
        resourceUri: `${eventsUrl}?alt=json`,
        ...(token === undefined ? {} : { token }),
        address,
        expiration: expirationOf(body, Date.now()),
        owner,
        calendarId,
        messages: 0,
      };
      channels.set(id, channel);
      send(channel, 'sync');
      return shown(channel);
    },

    /** `channels/stop`: only the channel's owner, naming its id and resource id. */
    stop(owner: string, body: Json | undefined): void {
      sweep();
      const channel = typeof body?.id === 'string' ? channels.get(body.id) : undefined;
      if (!channel || channel.owner !== owner || channel.resourceId !== body?.resourceId)
        throw new StandInError(404, 'notFound', `Channel '${String(body?.id)}' not found`);
      channels.delete(channel.id);
    },

    /** Tells every live channel on the calendar that its events changed. */
    changed(calendarId: string): void {
      sweep();
      for (const channel of channels.values()) if (channel.calendarId === calendarId) send(channel, 'exists');
    },

    /** The live channels, for the control API. */
    list(): Json[] {
      sweep();
      return [...channels.values()].map((channel) => ({
        ...shown(channel),
        address: channel.address,
        calendarId: channel.calendarId,
        owner: channel.owner,
      }));
    },

    reset(): void {
      channels.clear();
      resourceIds.clear();
    },
  };
}
