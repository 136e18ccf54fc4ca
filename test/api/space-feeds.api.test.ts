import { DateTime } from 'luxon';
import ical, { type VEvent } from 'node-ical';
import { inject } from 'vitest';
import { ulid } from 'ulid';
import type { ClientRole } from '@shared/roles';
import type { AssignmentPermission } from '@shared/venues';
import { db } from '@core/table/entities';
import { anAccount, anEmail, call } from '../support/api';

/**
 * Space calendar feeds (issue 10, "Space feed"): GET /client/space/{id}/calendarFeed answers the
 * space's secret subscription URL, made on first asking; POST replaces it (the old one answers
 * 404); GET /ical/{token}.ics is the public calendar of the space's bookings from a month ago to
 * twelve months ahead. Only whoever acts on the space sees or replaces the URL: an Account Admin,
 * a Venue Manager Approved on its venue.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;

const zone = 'Europe/London';
const token = (account: Account, role: ClientRole = 'Account Admin') => account.users[role]!.token;

/** A venue in London and a space in it, through the API. */
async function aPlace(account: Account) {
  const suffix = ulid().slice(-6);
  const venue = await call('POST', '/client/newvenue', {
    token: token(account),
    body: { name: `Hall ${suffix}`, timezone: zone },
  });
  expect(venue.status, JSON.stringify(venue.body)).toBe(200);
  const space = await call('POST', `/client/newspace/${venue.body.result.id}`, {
    token: token(account),
    body: { title: `Room ${suffix}` },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(200);
  return {
    venue: { id: venue.body.result.id as string, name: venue.body.result.name as string },
    space: { id: space.body.result.id as string, title: space.body.result.title as string },
  };
}

/** A Venue Manager's assignment to a venue, as the venues routes write it. */
async function manages(account: Account, venueId: string, permission: AssignmentPermission) {
  await db()
    .entities.venueManager.create({
      account_id: account.accountId,
      venue_id: venueId,
      user_id: account.users['Venue Manager']!.id,
      permission,
    })
    .go();
}

const feedPath = (spaceId: string) => `/client/space/${spaceId}/calendarFeed`;

/** Reads a feed URL as a calendar app does. */
async function readFeed(url: string) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const feedUrl = new RegExp(
  `^${inject('baseUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/v1/ical/[A-Za-z0-9_-]{43}\\.ics$`,
);

describe('GET and POST /client/space/{id}/calendarFeed', () => {
  let account: Account;
  let place: Awaited<ReturnType<typeof aPlace>>;

  beforeAll(async () => {
    account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    place = await aPlace(account);
  });

  it('makes the URL on first asking and answers the same one after; the space keeps its token', async () => {
    const first = await call('GET', feedPath(place.space.id), { token: token(account) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result.url).toMatch(feedUrl);
    const again = await call('GET', feedPath(place.space.id), { token: token(account) });
    expect(again.body.result).toEqual(first.body.result);
    const { data: space } = await db()
      .entities.space.get({ account_id: account.accountId, space_id: place.space.id })
      .go();
    expect(first.body.result.url).toContain(`/ical/${space!.feed_token}.ics`);
    expect((await readFeed(first.body.result.url)).status).toBe(200);
  });

  it('POST replaces it: a new URL, the old one answers 404, and asking again gives the new one', async () => {
    const { url: old } = (await call('GET', feedPath(place.space.id), { token: token(account) })).body.result;
    const rotated = await call('POST', feedPath(place.space.id), { token: token(account) });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.message).toBe('Calendar feed URL replaced');
    const { url } = rotated.body.result;
    expect(url).toMatch(feedUrl);
    expect(url).not.toBe(old);
    const gone = await readFeed(old);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual({ message: 'Calendar not found' });
    expect((await readFeed(url)).status).toBe(200);
    expect((await call('GET', feedPath(place.space.id), { token: token(account) })).body.result.url).toBe(
      url,
    );
    const log = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${account.accountId}` })
      .go({ order: 'desc', limit: 5 });
    expect(log.data.map((entry) => [entry.component, entry.activity])).toContainEqual([
      'Space',
      `Replaced the calendar feed URL of space ${place.space.title}`,
    ]);
  });

  it('POST on a space without a URL yet makes one', async () => {
    const other = await aPlace(account);
    const made = await call('POST', feedPath(other.space.id), { token: token(account) });
    expect(made.status).toBe(200);
    expect(made.body.result.url).toMatch(feedUrl);
    expect((await call('GET', feedPath(other.space.id), { token: token(account) })).body.result).toEqual(
      made.body.result,
    );
  });

  it("a Venue Manager: Approved on the space's venue, yes; Denied, 403; not theirs, 404", async () => {
    const approved = await aPlace(account);
    const denied = await aPlace(account);
    const elsewhere = await aPlace(account);
    await manages(account, approved.venue.id, 'Approved');
    await manages(account, denied.venue.id, 'Denied');
    const manager = token(account, 'Venue Manager');
    for (const method of ['GET', 'POST']) {
      const ok = await call(method, feedPath(approved.space.id), { token: manager });
      expect(ok.status, `${method} ${JSON.stringify(ok.body)}`).toBe(200);
      expect(ok.body.result.url).toMatch(feedUrl);
      expect((await call(method, feedPath(denied.space.id), { token: manager })).status).toBe(403);
      expect((await call(method, feedPath(elsewhere.space.id), { token: manager })).status).toBe(404);
    }
  });

  it('an Event Coordinator or a Viewer may not (403); another account or an unknown space is not found', async () => {
    await db()
      .entities.spaceCoordinator.create({
        account_id: account.accountId,
        space_id: place.space.id,
        venue_id: place.venue.id,
        user_id: account.users['Event Coordinator']!.id,
        permission: 'Approved',
      })
      .go();
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      for (const method of ['GET', 'POST']) {
        const answer = await call(method, feedPath(place.space.id), { token: token(account, role) });
        expect(answer.status, `${role} ${method}`).toBe(403);
      }
    }
    const stranger = await anAccount(['Account Admin']);
    for (const method of ['GET', 'POST']) {
      expect((await call(method, feedPath(place.space.id), { token: token(stranger) })).status).toBe(404);
      expect((await call(method, feedPath(ulid()), { token: token(account) })).status).toBe(404);
    }
    expect((await call('GET', feedPath(place.space.id))).status).toBe(401);
  });
});

describe('GET /ical/{token}.ics', () => {
  let account: Account;

  beforeAll(async () => {
    account = await anAccount(['Account Admin']);
  });

  /** Books through the API; answers the booking's id. */
  async function book(place: Awaited<ReturnType<typeof aPlace>>, fields: Record<string, unknown>) {
    const answer = await call('POST', '/client/booking', {
      token: token(account),
      body: { venue: place.venue.id, space: place.space.id, title: 'Booking', ...fields },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.id as string;
  }

  const wall = (time: DateTime) => time.toFormat('yyyy-MM-dd HH:mm:ss');

  it("is the space's bookings from a month ago to twelve months ahead, one VEVENT per occurrence, in the venue's zone", async () => {
    const place = await aPlace(account);
    const invitee = anEmail('Invitee');
    const today = DateTime.now().setZone(zone).startOf('day');
    const from = today.minus({ months: 1 });
    const to = today.plus({ months: 12 }).plus({ days: 1 });
    // Mondays 10:00–11:00, from six weeks ago, twelve times: the first ones end before the window.
    const firstMonday = today.minus({ weeks: 6 }).set({ weekday: 1, hour: 10 });
    const seriesId = await book(place, {
      title: 'Weekly review',
      description: 'Numbers; plans, and the rest',
      start_date: wall(firstMonday),
      end_date: wall(firstMonday.plus({ hours: 1 })),
      recurring: 'Yes',
      recur_type: 'WEEKLY',
      recur_interval: 1,
      recur_on: 'MO',
      recur_end_type: 'AFTER',
      recur_end: 12,
      invites_list: [{ name: 'In Vitee', email: invitee }],
    });
    const mondays = Array.from({ length: 12 }, (_, week) => firstMonday.plus({ weeks: week }));
    // The eighth Monday moves to Tuesday 15:00–16:30.
    const movedFrom = mondays[7]!;
    const movedTo = movedFrom.plus({ days: 1 }).set({ hour: 15 });
    const moved = await call('PUT', `/client/booking/${seriesId}`, {
      token: token(account),
      body: {
        venue: place.venue.id,
        space: place.space.id,
        title: 'Weekly review (moved)',
        start_date: wall(movedTo),
        end_date: wall(movedTo.plus({ minutes: 90 })),
        recurring: 'Yes',
        recur_type: 'WEEKLY',
        recur_interval: 1,
        recur_on: 'MO',
        recur_end_type: 'AFTER',
        recur_end: 12,
        invites_list: [{ email: invitee }],
        applicable: 'THIS',
        occurrence_start: wall(movedFrom),
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const inSixMonths = today.plus({ months: 6 }).set({ hour: 14 });
    const singleId = await book(place, {
      title: 'Launch',
      start_date: wall(inSixMonths),
      end_date: wall(inSixMonths.plus({ hours: 2 })),
      invites_list: [{ email: invitee }],
    });
    const tooFar = today.plus({ months: 13 }).set({ hour: 9 });
    await book(place, {
      title: 'Too far',
      start_date: wall(tooFar),
      end_date: wall(tooFar.plus({ hours: 1 })),
    });
    // Another space's booking stays in its own feed.
    const elsewhere = await aPlace(account);
    await book(elsewhere, {
      title: 'Elsewhere',
      start_date: wall(inSixMonths),
      end_date: wall(inSixMonths.plus({ hours: 1 })),
    });

    const { url } = (await call('GET', feedPath(place.space.id), { token: token(account) })).body.result;
    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    // No invitee's or organizer's address.
    expect(feed.text).not.toContain(invitee);
    expect(feed.text).not.toMatch(/ATTENDEE|ORGANIZER|mailto:/i);
    expect(feed.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');

    const calendar = ical.sync.parseICS(feed.text);
    const head = calendar.vcalendar as unknown as Record<string, string>;
    expect(head.method).toBe('PUBLISH');
    expect(head['WR-CALNAME']).toBe(place.space.title);
    expect(head['WR-TIMEZONE']).toBe(zone);
    const events = Object.values(calendar).filter((item): item is VEvent => item?.type === 'VEVENT');
    for (const event of events) {
      expect(event.start.tz).toBe(zone);
      expect(event.rrule).toBeUndefined();
      expect(event.location).toBe(`${place.space.title}, ${place.venue.name}`);
    }
    const uid = (id: string, start: DateTime) => `${id}-${start.toFormat("yyyyMMdd'T'HHmmss")}@spaces`;
    const expected = [
      ...mondays
        .filter((start) => start !== movedFrom)
        .filter((start) => start.plus({ hours: 1 }) > from && start < to)
        .map((start) => ({ uid: uid(seriesId, start), start, title: 'Weekly review' })),
      { uid: uid(seriesId, movedFrom), start: movedTo, title: 'Weekly review (moved)' },
      { uid: uid(singleId, inSixMonths), start: inSixMonths, title: 'Launch' },
    ].sort((a, b) => a.start.toMillis() - b.start.toMillis());
    expect(
      events.map((event) => ({
        uid: event.uid,
        start: event.start.toISOString(),
        title: event.summary,
      })),
    ).toEqual(
      expected.map((event) => ({ uid: event.uid, start: event.start.toUTC().toISO(), title: event.title })),
    );
    const review = events.find((event) => event.summary === 'Weekly review')!;
    expect(review.description).toBe('Numbers; plans, and the rest');
    expect(review.end!.getTime() - review.start.getTime()).toBe(3_600_000);
  });

  it('an unknown token, or a file that is not a token, is not found', async () => {
    for (const file of [`${'a'.repeat(43)}.ics`, 'nothing-here.txt', 'short.ics']) {
      const answer = await call('GET', `/ical/${file}`);
      expect(answer.status, file).toBe(404);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});
