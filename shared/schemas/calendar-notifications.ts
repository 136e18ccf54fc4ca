import * as z from 'zod';

/**
 * What the calendar providers send the API's public notification routes (functions/calendars,
 * `notify-google`, `notify-microsoft`). Google's notifications have no body: everything is in
 * their `X-Goog-*` headers. Graph's are JSON, and its URL check is a query parameter.
 */

/**
 * One of Microsoft Graph's change notifications (its `changeNotification` resource): the product
 * reads the subscription and the `clientState`; the rest is let through as Graph sends it.
 */
const graphNotificationSchema = z.looseObject({
  subscriptionId: z.string().min(1).max(200),
  clientState: z.string().max(256).optional(),
  changeType: z.string().max(100).optional(),
  resource: z.string().max(2000).optional(),
  subscriptionExpirationDateTime: z.string().max(100).optional(),
  tenantId: z.string().max(100).optional(),
  resourceData: z.record(z.string(), z.unknown()).optional(),
});

/** The body of a Graph notification request: a batch of notifications (none for the URL check). */
export const graphNotificationsSchema = z.object({
  value: z.array(graphNotificationSchema).max(100).optional(),
  /** Sent with notifications that carry resource data, which the product does not ask for. */
  validationTokens: z.array(z.string().max(10_000)).max(100).optional(),
});
export type GraphNotifications = z.output<typeof graphNotificationsSchema>;

/** Graph checks a notification URL by posting `?validationToken=…`, which must be answered as text. */
export const graphNotifyQuery = z.object({
  validationToken: z.string().min(1).max(1024).optional(),
});
