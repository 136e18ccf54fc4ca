import type { Log } from './processes';

/**
 * How the calendar stand-ins deliver their change notifications (Google's channels,
 * `google-channels.ts`; Graph's subscriptions, `graph-subscriptions.ts`): one POST to the
 * subscriber's address, not waited for. A delivery that fails, or is not answered as the provider
 * expects, is logged and not retried; the product's scheduled pull reads the change anyway.
 */

/** What a subscriber has to answer a notification in. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface Delivery {
  /** For the log: "Google Calendar stand-in". */
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as JSON; none: no body at all (Google's notifications). */
  body?: unknown;
  /** Whether the answer counts as delivered; any 2xx by default. */
  accepted?: (status: number) => boolean;
}

/** Sends a notification in the background: the change that caused it is not held up by it. */
export function deliver(log: Log, delivery: Delivery): void {
  const accepted = delivery.accepted ?? ((status: number) => status >= 200 && status < 300);
  fetch(delivery.url, {
    method: 'POST',
    headers: {
      ...delivery.headers,
      ...(delivery.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    },
    body: delivery.body === undefined ? undefined : JSON.stringify(delivery.body),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  })
    .then(async (response) => {
      await response.body?.cancel();
      if (!accepted(response.status))
        log(`${delivery.label}: ${delivery.url} answered a notification ${response.status}; not retried`);
    })
    .catch((error: unknown) => {
      log(
        `${delivery.label}: a notification to ${delivery.url} failed (${(error as Error).message}); not retried`,
      );
    });
}

/** Whether `address` is one a notification can be sent to (http or https, absolute). */
export function isDeliverable(address: unknown): address is string {
  if (typeof address !== 'string') return false;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
