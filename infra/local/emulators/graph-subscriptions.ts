import { randomUUID } from 'node:crypto';
import { LOCAL_CALENDAR_CLIENTS } from './calendar-clients';
import type { GraphCalendar, Json } from './graph-events';
import type { Log } from './processes';
import { deliver, DELIVERY_TIMEOUT_MS, isDeliverable } from './standin-notify';
import { reply, StandInError, type Incoming, type Reply, type TokenOwner } from './standin-server';

/**
 * Change notifications of the Microsoft Graph stand-in (`microsoft-graph.ts`), from the
 * reference's subscription resource and "Receive change notifications through webhooks":
 * `POST /subscriptions { changeType, notificationUrl, resource, expirationDateTime, clientState? }`
 * on a calendar's events (`me/calendars/{id}/events`, or `me/events` for the default calendar)
 * first validates the URL — a POST of `notificationUrl?validationToken=<token>` that must answer
 * 200 with the token as text/plain within 10 s, else 400 `ValidationError` — and then answers 201
 * with the subscription; `PATCH /subscriptions/{id} { expirationDateTime }` renews it, `DELETE`
 * ends it. Each change of a subscribed calendar's events of a subscribed type is a POST of
 * `{ value: [{ subscriptionId, subscriptionExpirationDateTime, changeType, resource, clientState,
 * tenantId, resourceData }] }` to the URL; any 2xx counts as delivered (Graph asks for 202 when
 * the work is deferred), and nothing is retried (standin-notify.ts).
 *
 * Where the reference is silent or strict: a subscription on events lasts at most 4230 minutes
 * (as Outlook's resources long did), an http URL is taken (this machine has no certificate), and
 * the tenant is one made-up id.
 */

/** The longest a subscription on Outlook events may last. */
export const MAX_SUBSCRIPTION_MINUTES = 4230;
const CHANGE_TYPES = ['created', 'updated', 'deleted'] as const;
type ChangeType = (typeof CHANGE_TYPES)[number];
const TENANT_ID = '5b8f3c1e-0d2a-4c7e-9a61-7f2e3d4c5b6a';
const LABEL = 'Microsoft Graph stand-in';

interface Subscription {
  id: string;
  owner: TokenOwner;
  calendarId: string;
  resource: string;
  changeTypes: Set<string>;
  notificationUrl: string;
  clientState?: string;
  /** Epoch ms. */
  expiration: number;
}

const invalid = (message: string) => new StandInError(400, 'InvalidRequest', message);
const unknownSubscription = () => new StandInError(404, 'ResourceNotFound', 'The object was not found.');

/** An `expirationDateTime` that is in the future and within the limit. */
function expirationOf(value: unknown, now: number): number {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) throw invalid('expirationDateTime is required and must be a date and time.');
  if (at <= now) throw invalid('Subscription expiration must be in the future.');
  // A minute of leeway for the client's clock, as a request takes time to arrive.
  if (at > now + (MAX_SUBSCRIPTION_MINUTES + 1) * 60_000)
    throw invalid(`Subscription expiration can only be ${MAX_SUBSCRIPTION_MINUTES} minutes in the future.`);
  return at;
}

/** Asks `notificationUrl` to echo a validation token, as Graph does before it subscribes it. */
async function validateUrl(notificationUrl: string): Promise<boolean> {
  const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
  const url = new URL(notificationUrl);
  url.searchParams.set('validationToken', token);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const type = response.headers.get('content-type') ?? '';
    return response.status === 200 && /^text\/plain\b/i.test(type) && (await response.text()) === token;
  } catch {
    return false;
  }
}

export function graphSubscriptions(
  log: Log,
  /** The calendar a subscription's resource names, for its owner (404 when not theirs). */
  calendarOf: (id: string, owner: string) => GraphCalendar,
  apiUrl: () => string,
) {
  const subscriptions = new Map<string, Subscription>();

  const sweep = (now = Date.now()) => {
    for (const [id, subscription] of subscriptions)
      if (subscription.expiration <= now) subscriptions.delete(id);
  };

  const shown = (subscription: Subscription): Json => ({
    '@odata.context': `${apiUrl()}/$metadata#subscriptions/$entity`,
    id: subscription.id,
    resource: subscription.resource,
    applicationId: LOCAL_CALENDAR_CLIENTS.microsoft.clientId,
    changeType: [...subscription.changeTypes].join(','),
    clientState: subscription.clientState ?? null,
    notificationUrl: subscription.notificationUrl,
    notificationQueryOptions: null,
    lifecycleNotificationUrl: null,
    expirationDateTime: new Date(subscription.expiration).toISOString(),
    creatorId: subscription.owner.sub,
    includeResourceData: false,
    latestSupportedTlsVersion: 'v1_2',
    encryptionCertificate: null,
    encryptionCertificateId: null,
    notificationUrlAppId: null,
  });

  /** The calendar of `me/calendars/{id}/events`, `me/calendar/events` or `me/events`. */
  const calendarOfResource = (resource: unknown, owner: TokenOwner): GraphCalendar => {
    const path = typeof resource === 'string' ? resource.replace(/^\/+/, '').split('/') : [];
    if (path[0]?.toLowerCase() === 'me') {
      if (path.length === 2 && path[1]?.toLowerCase() === 'events')
        return calendarOf('calendar', owner.email);
      if (path.length === 3 && path[1] === 'calendar' && path[2] === 'events')
        return calendarOf('calendar', owner.email);
      if (path.length === 4 && path[1] === 'calendars' && path[3] === 'events')
        return calendarOf(decodeURIComponent(path[2]!), owner.email);
    }
    throw invalid(`Resource '${String(resource)}' is not supported for subscriptions.`);
  };

  const create = async (owner: TokenOwner, body: Json): Promise<Reply> => {
    const { changeType, notificationUrl, resource, clientState } = body;
    const changeTypes = new Set(String(changeType ?? '').split(','));
    if (!changeType || ![...changeTypes].every((type) => CHANGE_TYPES.includes(type as ChangeType)))
      throw invalid('changeType must be one or more of created, updated, deleted.');
    if (!isDeliverable(notificationUrl)) throw invalid('notificationUrl must be an absolute URL.');
    if (clientState !== undefined && (typeof clientState !== 'string' || clientState.length > 128))
      throw invalid('clientState must be a string of at most 128 characters.');
    const calendar = calendarOfResource(resource, owner);
    const expiration = expirationOf(body.expirationDateTime, Date.now());
    if (!(await validateUrl(notificationUrl)))
      throw new StandInError(
        400,
        'ValidationError',
        'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
      );
    const subscription: Subscription = {
      id: randomUUID(),
      owner,
      calendarId: calendar.id,
      resource: String(resource),
      changeTypes,
      notificationUrl,
      ...(clientState === undefined ? {} : { clientState }),
      expiration,
    };
    subscriptions.set(subscription.id, subscription);
    return reply(201, shown(subscription));
  };

  const own = (owner: TokenOwner, id: string | undefined): Subscription => {
    sweep();
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!subscription || subscription.owner.sub !== owner.sub) throw unknownSubscription();
    return subscription;
  };

  return {
    /** `/v1.0/subscriptions[/{id}]` for the token's owner. */
    async api(request: Incoming, owner: TokenOwner): Promise<Reply> {
      const [, , id, ...rest] = request.segments;
      if (rest.length) throw invalid(`Resource not found for the segment '${rest.at(-1)}'.`);
      if (id === undefined && request.method === 'POST') return create(owner, request.body ?? {});
      if (id === undefined && request.method === 'GET') {
        sweep();
        const mine = [...subscriptions.values()].filter((s) => s.owner.sub === owner.sub);
        return reply(200, { value: mine.map(shown) });
      }
      const subscription = own(owner, id);
      if (request.method === 'GET') return reply(200, shown(subscription));
      if (request.method === 'PATCH') {
        subscription.expiration = expirationOf(request.body?.expirationDateTime, Date.now());
        return reply(200, shown(subscription));
      }
      if (request.method === 'DELETE') {
        subscriptions.delete(subscription.id);
        return { status: 204 };
      }
      throw invalid('Unsupported method.');
    },

    /** Tells the calendar's subscriptions of `changeType` that event `eventId` changed. */
    changed(calendarId: string, changeType: ChangeType, eventId: string): void {
      sweep();
      for (const subscription of subscriptions.values()) {
        if (subscription.calendarId !== calendarId || !subscription.changeTypes.has(changeType)) continue;
        const resource = `Users/${subscription.owner.sub}/Events/${eventId}`;
        deliver(log, {
          label: LABEL,
          url: subscription.notificationUrl,
          headers: {},
          body: {
            value: [
              {
                subscriptionId: subscription.id,
                subscriptionExpirationDateTime: new Date(subscription.expiration).toISOString(),
                changeType,
                resource,
                ...(subscription.clientState === undefined ? {} : { clientState: subscription.clientState }),
                tenantId: TENANT_ID,
                resourceData: {
                  '@odata.type': '#Microsoft.Graph.Event',
                  '@odata.id': resource,
                  id: eventId,
                },
              },
            ],
          },
        });
      }
    },

    /** Every live subscription, for the control API. */
    list(): Json[] {
      sweep();
      return [...subscriptions.values()].map((subscription) => ({
        ...shown(subscription),
        owner: subscription.owner.email,
        calendarId: subscription.calendarId,
      }));
    },

    reset(): void {
      subscriptions.clear();
    },
  };
}
