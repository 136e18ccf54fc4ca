import type { CalendarProvider, LinkedCalendar } from '@shared/schemas/calendars';

/**
 * What the product asks of a calendar provider (Google Calendar API v3, Microsoft Graph v1.0),
 * provider-neutral: the services of linked calendars speak only this; `google.ts` and
 * `microsoft.ts` translate it to each provider's HTTP API. Every call is plain `fetch` with a time
 * limit; failures are the errors below, never a provider's raw answer.
 */

/** What the code exchange gives: the grant to keep, and whose it is. */
export interface Grant {
  /** Kept encrypted; never answered, logged or written to the activity log. */
  refreshToken: string;
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The person's e-mail address at the provider. */
  email: string;
  /** The provider's id of the person (the ID token's `sub`). */
  subject: string;
}

export interface AccessToken {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** A provider that rotates refresh tokens (Microsoft) sends the next one: keep it. */
  refreshToken?: string;
}

/** An invitee as the booking keeps them. */
export interface Attendee {
  name?: string;
  email: string;
}

/** Wall-clock time in the event's zone, `YYYY-MM-DDTHH:mm:ss` (no offset). */
export type WallTime = string;

/**
 * A booking as a provider event: one event, or one recurring event with its exceptions, keyed by
 * the booking's id so that a retry finds what an earlier attempt made.
 */
export interface PushedEvent {
  /** The booking id: the provider event carries it (Google: in its id and a private extended
   * property; Graph: transactionId and a single-value extended property), which is how a pull
   * knows the event is the product's own. */
  bookingId: string;
  title: string;
  description?: string;
  location?: string;
  /** IANA zone of the wall times. */
  timezone: string;
  start: WallTime;
  end: WallTime;
  attendees: Attendee[];
  /**
   * For a series: the RFC 5545 RRULE value (no `RRULE:` prefix), e.g. `FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20301231T235959Z`.
   */
  rrule?: string;
  /** Original starts (wall) of occurrences that are deleted from the series. */
  exdates: WallTime[];
  /** Occurrences changed on their own, by original start (wall). */
  exceptions: Array<{
    originalStart: WallTime;
    title: string;
    description?: string;
    start: WallTime;
    end: WallTime;
    attendees: Attendee[];
  }>;
}

/** What the provider knows of a pushed event: enough to change or delete it later. */
export interface PushedRef {
  /** The provider's id of the event (the series master's for a series). */
  eventId: string;
  /**
   * Events written beside it for the same booking: occurrences changed on their own whose
   * original start the rule no longer makes, or every occurrence of a rule the provider cannot
   * express. Kept with the push, so a later change or a cancellation finds and removes them.
   */
  extraIds?: string[];
}

/** One event instance read from a linked calendar, in UTC. */
export interface ExternalInstance {
  /** Unique within the calendar and stable: an occurrence's own id. */
  id: string;
  /** The series it belongs to (master id), if any. */
  seriesId?: string;
  title: string;
  /** UTC ISO instants. */
  startAt: string;
  endAt: string;
  /** The booking id, when the product wrote this event itself. */
  bookingId?: string;
}

/**
 * One change read from a calendar:
 * - `series`: a recurring event as it now is, expanded (within the sync horizon) into its regular
 *   occurrences; it replaces the series' regular occurrences read before (exceptions and
 *   cancelled occurrences of the series, reported on their own, stay as they were);
 * - `instance`: a single event, or one occurrence changed on its own (`seriesId` set);
 * - `cancelled`: an event, a whole series (`id` is then the series id, and everything of the
 *   series goes), or one occurrence (`seriesId` set), deleted at the provider.
 */
export type ExternalChange =
  | { type: 'series'; seriesId: string; bookingId?: string; instances: ExternalInstance[] }
  | { type: 'instance'; instance: ExternalInstance }
  | { type: 'cancelled'; id: string; seriesId?: string };

export interface ChangePage {
  changes: ExternalChange[];
  /** Where the next call goes on: more pages of this round (`more` true), or the next round. */
  cursor: string;
  more: boolean;
  /** True when this round started from nothing (no cursor, or after an expired one). */
  full: boolean;
}

/**
 * A push notification channel on a calendar's events, as the product keeps it: Google's channel
 * (the product chose its id; `resourceId` is Google's id of the events) or Graph's subscription
 * (Graph's id).
 */
export interface WatchRef {
  channelId: string;
  resourceId?: string;
  /** Epoch ms when the provider stops notifying. */
  expiresAt: number;
}

export interface WatchRequest {
  /** A new channel's id, the product's choice (Google); Graph names its subscriptions itself. */
  channelId: string;
  /** The public URL the provider posts its notifications to. */
  address: string;
  /**
   * The secret every notification carries back (Google's channel token, Graph's `clientState`),
   * which proves it comes from the provider. Graph keeps the one of a subscription it renews.
   */
  token: string;
  /** Epoch ms the watch should last until; the provider may answer an earlier time. */
  expiresAt: number;
  /** The watch in force: renewed where the provider can (Graph), else left to the caller to stop. */
  renew?: WatchRef;
}

export interface CalendarClient {
  provider: CalendarProvider;
  /** The authorization request's parameters for the venue form's popup (scopes, offline access). */
  authorization(): Promise<{
    endpoint: string;
    clientId: string;
    scope: string;
    extra: Record<string, string>;
  }>;
  /** Exchanges a code from the popup for a grant. Bad code: `GrantRefused`. */
  exchangeCode(code: string, redirectUri: string): Promise<Grant>;
  /** A fresh access token. Withdrawn or expired grant: `GrantRefused`. */
  refresh(refreshToken: string): Promise<AccessToken>;
  listCalendars(accessToken: string): Promise<LinkedCalendar[]>;
  /**
   * Makes the calendar show `event`: creates it, or changes the one `known` names (or the one an
   * earlier attempt made for the same booking) to match, exceptions and deleted occurrences
   * included. Idempotent: calling it twice leaves one event.
   */
  upsertEvent(
    accessToken: string,
    calendarId: string,
    event: PushedEvent,
    known?: PushedRef,
  ): Promise<PushedRef>;
  /** Deletes the event (a series with everything of it); one already gone is not an error. */
  deleteEvent(accessToken: string, calendarId: string, ref: PushedRef): Promise<void>;
  /**
   * The next page of changes since `cursor` (undefined: everything from the start, a full sync),
   * within [`from`, `to`] for providers that need a window. An expired cursor: `SyncExpired`.
   */
  changes(
    accessToken: string,
    calendarId: string,
    cursor: string | undefined,
    window: { from: Date; to: Date },
  ): Promise<ChangePage>;
  /**
   * Asks the provider to notify `address` of every change of the calendar's events: a new
   * channel (Google), or the subscription `renew` names made to last longer (Graph; one it no
   * longer knows is made anew). The answer names the watch in force.
   */
  watch(accessToken: string, calendarId: string, request: WatchRequest): Promise<WatchRef>;
  /** Stops a watch; one the provider no longer knows is not an error. */
  stopWatch(accessToken: string, ref: WatchRef): Promise<void>;
}

/** The provider refused the grant or the token (invalid_grant, 401 after a refresh): reconnect. */
export class GrantRefused extends Error {
  override name = 'GrantRefused';
}

/** The provider did not answer, answered 5xx, or throttles (429): try again later. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
  constructor(
    message: string,
    /** Seconds the provider asked to wait (`Retry-After`), if it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The sync cursor is no longer known (410): start again with a full sync. */
export class SyncExpired extends Error {
  override name = 'SyncExpired';
}

/** The calendar is gone, or the account may no longer write to it (404, 403). */
export class CalendarGone extends Error {
  override name = 'CalendarGone';
}
