import { calendarMessages } from '@shared/schemas/calendars';
import { bindHandlers } from '@core/http/handler-map';
import {
  calendarLinkConfig,
  linkCalendarAccount,
  listAvailableCalendars,
  listCalendarAccounts,
  removeLinkedAccount,
} from './linked-accounts';
import { googleNotification, graphNotifications } from './notifications';
import { calendarsRoutes } from '@shared/api/calendars-routes';

export const handler = bindHandlers(calendarsRoutes, {
  'get-link-config': async ({ principal }) => ({
    result: await calendarLinkConfig(principal),
  }),
  'link-account': async ({ principal, params, body }) => ({
    result: await linkCalendarAccount(principal, params.venueId, body),
    message: calendarMessages.linked,
  }),
  'list-accounts': async ({ principal, params }) => ({
    result: await listCalendarAccounts(principal, params.venueId),
  }),
  'list-available': async ({ principal, params }) => ({
    result: await listAvailableCalendars(principal, params.venueId),
  }),
  'notify-google': async ({ event }) => {
    const headers = event.headers ?? {};
    await googleNotification({
      channelId: headers['x-goog-channel-id'],
      token: headers['x-goog-channel-token'],
      state: headers['x-goog-resource-state'],
    });
    return { result: null };
  },
  'notify-microsoft': async ({ query, body }) => {
    // Graph's check of the URL, when it subscribes it: the token back, as text, and nothing else.
    if (query.validationToken !== undefined) return { result: query.validationToken };
    await graphNotifications(body);
    return { result: '' };
  },
  'remove-account': async ({ principal, params }) => {
    await removeLinkedAccount(principal, params.accountId);
    return { result: null, message: calendarMessages.removed };
  },
});
