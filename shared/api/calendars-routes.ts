import * as z from 'zod';
import {
  availableCalendarSchema,
  calendarAccountParams,
  calendarAccountSchema,
  calendarAuthSchema,
  calendarLinkConfigSchema,
  calendarVenueParams,
} from '../schemas/calendars';
import { graphNotificationsSchema, graphNotifyQuery } from '../schemas/calendar-notifications';
import { noResult } from '../schemas/common';
import { defineRoutes } from './contract';

/**
 * Linked calendars (docs/product/client-area.md §1, §2 venue and space forms, §4 "Space calendar sync", §7
 * Venues and Spaces): Google and Microsoft accounts linked to a venue, and the calendar a space
 * syncs with. Linking and removing accounts needs `3rdPartyAccountManage` on the venue (an Account
 * Admin, or a Venue Manager approved on it) and a package with `third_party_integration` (403
 * otherwise); another account's venue, space or linked account is not found (404). The providers
 * post their change notifications to two public routes, whose proof is the watch's secret token
 * (functions/calendars/notifications.ts).
 */
export const calendarsRoutes = defineRoutes('calendars', {
  'get-link-config': {
    method: 'GET',
    path: '/client/calendar/providers',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary:
      "The providers whose calendars can be linked here, and what the venue form's popup asks each for",
    response: calendarLinkConfigSchema,
  },
  'link-account': {
    method: 'POST',
    path: '/client/calendar/auth/{venueId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary:
      'Links a Google or Microsoft account to the venue with the code the provider gave the popup (form-encoded token and provider); linking the same person again renews the grant',
    params: calendarVenueParams,
    body: calendarAuthSchema,
    form: true,
    response: calendarAccountSchema,
    errors: [401, 503],
  },
  'list-accounts': {
    method: 'GET',
    path: '/client/calendar/accounts/{venueId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary: "The venue's linked calendar accounts with their calendars and state",
    params: calendarVenueParams,
    response: z.array(calendarAccountSchema),
  },
  'list-available': {
    method: 'GET',
    path: '/client/calendar/available/{venueId}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: "The calendars of the venue's linked accounts that a space may sync with",
    params: calendarVenueParams,
    response: z.array(availableCalendarSchema),
  },
  'remove-account': {
    method: 'POST',
    path: '/client/calendar/remove/{accountId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary:
      "Removes a linked account: its spaces stop syncing, new bookings are no longer written to it, and its events leave the spaces' calendars",
    params: calendarAccountParams,
    response: noResult,
    errors: [409],
  },
  'notify-google': {
    method: 'POST',
    path: '/calendar/notify/google',
    auth: 'public',
    summary:
      "Google Calendar's notification that a watched calendar's events changed (no body; X-Goog-Channel-ID, X-Goog-Channel-Token and X-Goog-Resource-State): the space syncing with it reads it at once. An unknown channel is 404, a wrong token 403",
    response: noResult,
    errors: [403, 404],
  },
  'notify-microsoft': {
    method: 'POST',
    path: '/calendar/notify/microsoft',
    auth: 'public',
    summary:
      "Microsoft Graph's notifications that watched calendars' events changed: each names its subscription and clientState, and its space reads the calendar at once (an unknown subscription is 404, a wrong clientState 403, and nothing is read). With validationToken, Graph's check of the URL: the token is answered as text",
    query: graphNotifyQuery,
    body: graphNotificationsSchema,
    produces: 'text/plain',
    response: z.string(),
    errors: [403, 404],
  },
});
