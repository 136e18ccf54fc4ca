import { callApi, okJson } from './oauth';
import { CalendarGone, type CalendarClient, type WatchRef, type WatchRequest } from './provider';

/**
 * The providers' push notifications, as the calendar clients (google.ts, microsoft.ts) ask for
 * them: Google Calendar's notification channels on a calendar's events (`events/watch`,
 * `channels/stop`; developers.google.com/calendar/api/guides/push) and Microsoft Graph's
 * subscriptions to them (`/subscriptions`; learn.microsoft.com/graph/change-notifications-delivery-webhooks).
 * Failures are the errors of provider.ts, as for every other call.
 */

type Watches = Pick<CalendarClient, 'watch' | 'stopWatch'>;

/** The longest Graph keeps a subscription on Outlook events, less a minute for the clocks. */
export const GRAPH_SUBSCRIPTION_MS = (4230 - 1) * 60_000;

/** A failed answer with the provider's own error code, for the log. */
async function refused(response: Response, name: string, what: string): Promise<never> {
  const body = (await response.json().catch(() => undefined)) as
    { error?: { code?: unknown; message?: unknown; errors?: Array<{ reason?: unknown }> } } | undefined;
  const code = body?.error?.errors?.[0]?.reason ?? body?.error?.code;
  // As unexpected(): the calendar is gone or may no longer be read.
  if (response.status === 403 || response.status === 404)
    throw new CalendarGone(`${name} answered ${response.status} to ${what}`);
  throw new Error(
    `${name} refused ${what}: ${response.status}${typeof code === 'string' ? ` (${code})` : ''}`,
  );
}

/** Google: a new channel each time (a channel cannot be renewed); the caller stops the old one. */
export function googleWatches(base: string): Watches {
  const name = 'Google Calendar';
  return {
    async watch(token, calendarId, request: WatchRequest): Promise<WatchRef> {
      const seconds = Math.max(1, Math.round((request.expiresAt - Date.now()) / 1000));
      const response = await callApi(
        `${base}/calendars/${encodeURIComponent(calendarId)}/events/watch`,
        {
          method: 'POST',
          token,
          body: {
            id: request.channelId,
            type: 'web_hook',
            address: request.address,
            token: request.token,
            params: { ttl: String(seconds) },
          },
        },
        name,
      );
      if (!response.ok) return refused(response, name, 'a watch');
      const channel = await okJson<{ id: string; resourceId?: string; expiration?: string }>(response, name);
      const expiresAt = Number(channel.expiration);
      return {
        channelId: channel.id,
        ...(channel.resourceId ? { resourceId: channel.resourceId } : {}),
        expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : request.expiresAt,
      };
    },

    async stopWatch(token, ref) {
      const response = await callApi(
        `${base}/channels/stop`,
        { method: 'POST', token, body: { id: ref.channelId, resourceId: ref.resourceId } },
        name,
      );
      // 404: the channel expired or was stopped before.
      if (!response.ok && response.status !== 404) return refused(response, name, 'stopping a channel');
      await response.body?.cancel();
    },
  };
}

/**
 * Graph: a subscription to the calendar's events, validated by Graph at the address before it
 * answers; renewed by a PATCH of its expiry (it keeps its `clientState`), made anew when Graph no
 * longer knows it.
 */
export function graphWatches(base: string): Watches {
  const name = 'Microsoft Graph';
  const until = (request: WatchRequest) =>
    new Date(Math.min(request.expiresAt, Date.now() + GRAPH_SUBSCRIPTION_MS)).toISOString();
  type Subscription = { id: string; expirationDateTime?: string };
  const refOf = (answer: Subscription, request: WatchRequest): WatchRef => {
    const expiresAt = Date.parse(answer.expirationDateTime ?? '');
    return {
      channelId: answer.id,
      expiresAt: Number.isNaN(expiresAt) ? Date.parse(until(request)) : expiresAt,
    };
  };
  return {
    async watch(token, calendarId, request: WatchRequest): Promise<WatchRef> {
      if (request.renew) {
        const renewed = await callApi(
          `${base}/subscriptions/${encodeURIComponent(request.renew.channelId)}`,
          { method: 'PATCH', token, body: { expirationDateTime: until(request) } },
          name,
        );
        if (renewed.ok) return refOf((await renewed.json()) as Subscription, request);
        if (renewed.status !== 404) return refused(renewed, name, 'renewing a subscription');
        await renewed.body?.cancel();
      }
      const created = await callApi(
        `${base}/subscriptions`,
        {
          method: 'POST',
          token,
          body: {
            changeType: 'created,updated,deleted',
            notificationUrl: request.address,
            resource: `me/calendars/${calendarId}/events`,
            expirationDateTime: until(request),
            clientState: request.token,
          },
        },
        name,
      );
      if (!created.ok) return refused(created, name, 'a subscription');
      return refOf((await created.json()) as Subscription, request);
    },

    async stopWatch(token, ref) {
      const response = await callApi(
        `${base}/subscriptions/${encodeURIComponent(ref.channelId)}`,
        { method: 'DELETE', token },
        name,
      );
      if (!response.ok && response.status !== 404) return refused(response, name, 'ending a subscription');
      await response.body?.cancel();
    },
  };
}
