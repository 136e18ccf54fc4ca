import { randomBytes } from 'node:crypto';
import type { SpaceFeed } from '@shared/schemas/bookings';
import { seriesOccurrences } from '@shared/series-edit';
import {
  addLocalMonths,
  DAY_MS,
  formatLocalDate,
  instantToWallTime,
  toUtcIso,
  wallTimeToInstant,
} from '@shared/wall-time';
import { bookingsTouching } from './lookup-store';
import type { SpaceItem } from '@core/table/entities';
import { getSpaceFeedItem, replaceSpaceFeed } from './feed-store';
import { getSpaceWithScope } from '../venues';
import { env } from '@core/env';
import { API_BASE } from '@shared/api/contract';
import { AppError, NotFound } from '@core/errors';
import { logger } from '@core/logger';
import type { ClientPrincipal } from '@core/auth/principal';
import { addEvent, icalLocal, ICalCalendarMethod, newCalendar, type EventInput } from './icalendar';
import { seriesOf } from './views';
import { assertActsOnSpace } from '../venues';

/**
 * Space calendar feeds (docs/architecture.md §13): each space has a secret subscription URL,
 * `…/api/v1/ical/<token>.ics`, made when it is first asked for and replaced on demand by whoever
 * acts on the space (an Account Admin; a Venue Manager Approved on its venue). The public feed is
 * the space's bookings of the last month and the next twelve, each occurrence a VEVENT of its own
 * in the venue's zone, without invitees.
 */

/** How often subscribers are asked to read the feed again (REFRESH-INTERVAL), in seconds. */
const FEED_TTL_SECONDS = 15 * 60;
/** Bytes of randomness in a token: 43 url-safe characters. */
const TOKEN_BYTES = 32;

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** The public URL of a feed token. */
export const feedUrl = (token: string) => `${env().APP_URL.replace(/\/+$/, '')}${API_BASE}/ical/${token}.ics`;

/** The space the caller acts on, read with their assignment (pattern 37): 404 unseen, 403 not theirs. */
async function spaceActedOn(principal: ClientPrincipal, spaceId: string): Promise<SpaceItem> {
  const found = await getSpaceWithScope(
    principal.accountId,
    spaceId,
    principal.role === 'Account Admin' ? undefined : principal.userId,
  );
  return assertActsOnSpace(principal, found);
}

const activityOf = (principal: ClientPrincipal, space: SpaceItem, activity: string) => ({
  principal,
  component: 'Space',
  componentId: space.space_id,
  activity,
});

/** Whether an error is a write that lost to another one on the same space. */
const lostRace = (error: unknown) => error instanceof AppError && error.status === 409;

/** GET /client/space/{id}/calendarFeed: the feed URL, made on first asking. */
export async function getSpaceFeed(principal: ClientPrincipal, spaceId: string): Promise<SpaceFeed> {
  const space = await spaceActedOn(principal, spaceId);
  if (space.feed_token) return { url: feedUrl(space.feed_token) };
  const token = newToken();
  try {
    await replaceSpaceFeed(
      space,
      token,
      activityOf(principal, space, `Created the calendar feed URL of space ${space.title}`),
    );
  } catch (error) {
    // Another first asking made it meanwhile: that one is the space's URL.
    if (!lostRace(error)) throw error;
    const again = await spaceActedOn(principal, spaceId);
    if (!again.feed_token) throw error;
    return { url: feedUrl(again.feed_token) };
  }
  return { url: feedUrl(token) };
}

/** POST /client/space/{id}/calendarFeed: a new feed URL; the old one answers 404 from now on. */
export async function rotateSpaceFeed(principal: ClientPrincipal, spaceId: string): Promise<SpaceFeed> {
  for (let attempt = 0; ; attempt += 1) {
    const space = await spaceActedOn(principal, spaceId);
    const token = newToken();
    try {
      await replaceSpaceFeed(
        space,
        token,
        activityOf(principal, space, `Replaced the calendar feed URL of space ${space.title}`),
      );
      return { url: feedUrl(token) };
    } catch (error) {
      // Replaced meanwhile by someone else: replace theirs.
      if (!lostRace(error) || attempt >= 2) throw error;
    }
  }
}

// ---- the public feed ---------------------------------------------------------------------------

/** The feed's window in a zone: local dates (both included) from a month ago to twelve months ahead. */
function feedWindow(zone: string, now = Date.now()) {
  const today = Math.floor(instantToWallTime(now, zone) / DAY_MS) * DAY_MS;
  const from = addLocalMonths(today, -1);
  const to = addLocalMonths(today, 12);
  return {
    from: formatLocalDate(from),
    to: formatLocalDate(to),
    fromInstant: toUtcIso(wallTimeToInstant(from, zone)),
    toInstant: toUtcIso(wallTimeToInstant(to + DAY_MS, zone)),
    year: new Date(today).getUTCFullYear(),
  };
}

/** The UID of one occurrence in a feed: its booking and original start, kept when it is moved. */
const occurrenceUid = (bookingId: string, recurrenceId: string) =>
  `${bookingId}-${icalLocal(recurrenceId)}@spaces`;

/**
 * GET /ical/{file}: the calendar of the space whose feed token `file` names (`<token>.ics`):
 * its occurrences from a month ago to twelve months ahead, one VEVENT each (its times exactly as
 * the booking calendar shows them), in the venue's zone, with the space's title as the
 * calendar's name. No invitee or organizer address is in it. Unknown token: 404.
 */
export async function spaceCalendar(file: string): Promise<string> {
  const token = file.replace(/\.ics$/, '');
  const feed = await getSpaceFeedItem(token);
  if (!feed) throw new NotFound('Calendar');
  const { space, venue } = await getSpaceWithScope(feed.account_id, feed.space_id);
  if (!space || space.feed_token !== token) throw new NotFound('Calendar');
  const zone = venue?.timezone ?? 'UTC';
  const window = feedWindow(zone);
  const found = await bookingsTouching(
    { accountId: feed.account_id, spaceId: feed.space_id },
    { from: window.fromInstant, to: window.toInstant },
  );
  const location = venue ? `${space.title}, ${venue.name}` : space.title;
  const sequences = new Map(found.bookings.map((booking) => [booking.booking_id, booking.sequence]));
  const events: Array<EventInput & { at: string }> = [];
  for (const booking of found.bookings) {
    try {
      for (const occurrence of seriesOccurrences(seriesOf(booking), window)) {
        events.push({
          at: occurrence.start_utc,
          uid: occurrenceUid(booking.booking_id, occurrence.recurrence_id),
          sequence: booking.sequence,
          title: booking.title,
          description: booking.description,
          location,
          timezone: booking.timezone,
          start: occurrence.start_date,
          end: occurrence.end_date,
          created: booking.created_at,
          lastModified: booking.updated_at,
        });
      }
    } catch (error) {
      // A stored booking that cannot be expanded is left out of the feed, not the feed out.
      logger.error('A booking could not be expanded for a calendar feed', {
        bookingId: booking.booking_id,
        error: error as Error,
      });
    }
  }
  for (const occurrence of found.occurrences) {
    events.push({
      at: occurrence.start_at,
      uid: occurrenceUid(occurrence.booking_id, occurrence.recurrence_id),
      sequence: sequences.get(occurrence.booking_id) ?? 0,
      title: occurrence.title,
      description: occurrence.description,
      location,
      timezone: occurrence.timezone,
      start: occurrence.start_date,
      end: occurrence.end_date,
      created: occurrence.created_at,
      lastModified: occurrence.updated_at,
    });
  }
  events.sort((a, b) => a.at.localeCompare(b.at) || a.uid.localeCompare(b.uid));
  const calendar = newCalendar({
    method: ICalCalendarMethod.PUBLISH,
    name: space.title,
    timezone: zone,
    ttl: FEED_TTL_SECONDS,
  });
  for (const { at: _at, ...event } of events) addEvent(calendar, event);
  return calendar.toString();
}
