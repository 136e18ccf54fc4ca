import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import { db } from '@core/table/entities';
import { JOB_DIMENSION, MetricName } from '@core/observability/catalogue';
import { flushMetrics, setMetricsSink } from '@core/observability/metrics';
import { runPulls } from '../../functions/calendars/pull';
import { runPushes } from '../../functions/calendars/push';
import { calendarMessages } from '@shared/schemas/calendars';
import { aPackage, anAccount, anEmail, call } from '../support/api';
import {
  aCalendar,
  aLinkedSpace,
  calendarCode,
  control,
  eventsAt,
  faults,
  linkAccount,
  postCalendarCode,
} from '../support/calendars';
import { aVenue, manages } from '../support/places';

/**
 * Linked calendars over HTTP (docs/product/client-area.md §2, §4, §7, §8): linking Google and Microsoft accounts
 * to a venue through the popup's code, a space syncing with one calendar, bookings pushed to it
 * through the outbox and events made there read back. The providers are the local stand-ins for
 * Google Calendar API v3 and Microsoft Graph v1.0, and the local OpenID provider stands in for
 * their sign-in: nothing here reaches Google or Microsoft. The push and pull jobs are run by the
 * tests themselves, as the schedule would run them.
 */

const booking = (place: { venue: string; space: string }, fields: Record<string, unknown> = {}) => ({
  title: 'Quarterly review',
  description: 'Numbers first',
  venue: place.venue,
  space: place.space,
  start_date: '2031-05-05 10:00:00',
  end_date: '2031-05-05 11:00:00',
  invites_list: [{ name: 'Ana', email: 'ana@example.test' }],
  ...fields,
});

/**
 * When the pull job runs: it reads a window from a week back to a year ahead of it, and these
 * tests' events are in 2031.
 */
const PULL_AT = Date.parse('2031-04-20T00:00:00Z');

/** Runs the push job until nothing is due (at most a few rounds). */
async function pushAll(now = Date.now()) {
  let run = await runPushes(now);
  for (let round = 0; round < 3 && run.retried === 0 && run.delivered > 0; round++)
    run = await runPushes(now);
  return run;
}

const summaries = (events: Array<Record<string, unknown>>) =>
  events.map((event) => (event.summary ?? event.subject) as string).sort();

describe('linking a calendar account to a venue', () => {
  it('links a Google account with its calendars and keeps its refresh token sealed', async () => {
    const account = await anAccount(['Account Admin']);
    const token = account.users['Account Admin']!.token;
    const venue = await aVenue(account.accountId);
    const person = anEmail('planner');
    await aCalendar('google', person, 'Meeting rooms');
    const code = await calendarCode(token, 'google', person);
    const answer = await postCalendarCode(token, venue, 'google', code);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Calendar account linked');
    expect(answer.body.result).toMatchObject({ provider: 'google', email: person, status: 'Connected' });
    expect(answer.body.result.calendars.map((c: { title: string }) => c.title)).toContain('Meeting rooms');

    const listed = await call('GET', `/client/calendar/accounts/${venue}`, { token });
    expect(listed.body.result).toHaveLength(1);
    const available = await call('GET', `/client/calendar/available/${venue}`, { token });
    expect(available.body.result.map((c: { calendar_title: string }) => c.calendar_title)).toContain(
      'Meeting rooms',
    );

    // The grant is nowhere in clear: not in the answers, the item or the activity log.
    const { data: item } = await db()
      .entities.calendarAccount.get({
        account_id: account.accountId,
        calendar_account_id: answer.body.result.id,
      })
      .go();
    expect(item!.sealed_token).toMatch(/^v1\.local\./);
    const { data: log } = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${account.accountId}` })
      .go({ pages: 'all' });
    expect(log.map((entry) => entry.activity)).toContain(
      `Linked the Google account ${person} to ${(await db().entities.venue.get({ account_id: account.accountId, venue_id: venue }).go()).data!.name}`,
    );
    expect(JSON.stringify([answer.body, listed.body, log])).not.toMatch(/refresh|sealed/i);

    // The same person again renews the link: still one account.
    await linkAccount(token, venue, 'google', person);
    expect((await call('GET', `/client/calendar/accounts/${venue}`, { token })).body.result).toHaveLength(1);
  });

  it('refuses a code the provider did not give, a package without integration, and roles that may not', async () => {
    const account = await anAccount(['Account Admin', 'Event Coordinator', 'Venue Manager']);
    const admin = account.users['Account Admin']!.token;
    const venue = await aVenue(account.accountId);
    const bad = await postCalendarCode(admin, venue, 'google', 'not-a-code');
    expect(bad.status).toBe(401);
    expect(bad.body.message).toMatch(/Google did not accept the sign-in/);
    const noProvider = await postCalendarCode(admin, venue, 'yahoo', 'x');
    expect(noProvider.status).toBe(422);

    const coordinator = account.users['Event Coordinator']!.token;
    expect((await call('GET', `/client/calendar/accounts/${venue}`, { token: coordinator })).status).toBe(
      403,
    );
    expect((await postCalendarCode(coordinator, venue, 'google', 'x')).status).toBe(403);
    // A Venue Manager of another venue does not see this one.
    const manager = account.users['Venue Manager']!;
    expect((await call('GET', `/client/calendar/accounts/${venue}`, { token: manager.token })).status).toBe(
      404,
    );
    await manages(account.accountId, venue, manager.id);
    expect((await call('GET', `/client/calendar/accounts/${venue}`, { token: manager.token })).status).toBe(
      200,
    );

    // Written before the account reads it: a container keeps a package it read for a minute.
    const noIntegration = await aPackage();
    await db()
      .entities.package.patch({ package_id: noIntegration })
      .set({ third_party_integration: 'No' })
      .go();
    const without = await anAccount(['Account Admin'], { packageId: noIntegration });
    const theirs = await aVenue(without.accountId);
    const refused = await call('GET', `/client/calendar/accounts/${theirs}`, {
      token: without.users['Account Admin']!.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(calendarMessages.notInPackage);
    const noPopup = await call('GET', '/client/calendar/providers', {
      token: without.users['Account Admin']!.token,
    });
    expect(noPopup.status).toBe(403);

    // Another account's venue and linked account are not found.
    const other = await anAccount(['Account Admin']);
    const otherToken = other.users['Account Admin']!.token;
    expect((await call('GET', `/client/calendar/accounts/${venue}`, { token: otherToken })).status).toBe(404);
    const person = anEmail('someone');
    const linked = await linkAccount(admin, venue, 'microsoft', person);
    expect((await call('POST', `/client/calendar/remove/${linked.id}`, { token: otherToken })).status).toBe(
      404,
    );
  });

  it("says 'Reconnect needed' once the provider withdraws the grant", async () => {
    const { token, place, person } = await aLinkedSpace('google');
    const issuer = process.env.GOOGLE_OAUTH_ISSUER!;
    const revoked = await fetch(`${issuer}/_local/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person }),
    });
    expect(revoked.ok).toBe(true);
    // The next time the product needs the grant, it finds out.
    expect((await call('POST', '/client/booking', { token, body: booking(place) })).status).toBe(200);
    await runPushes(Date.now());
    const [linked] = (await call('GET', `/client/calendar/accounts/${place.venue}`, { token })).body.result;
    expect(linked.status).toBe('Reconnect needed');
    expect(linked.status_reason).toContain(person);
  });
});

describe('a space syncing with a calendar', () => {
  it('links through the space form, refuses a calendar of no linked account, and unlinks', async () => {
    const { token, place, linked } = await aLinkedSpace('google');
    const space = (await call('GET', `/client/space/${place.space}`, { token })).body.result;
    expect(space.calendar_account_id).toBe(linked.id);
    expect(space.calendar_title).toBe('Rooms');

    const wrong = await call('PUT', `/client/space/${place.space}`, {
      token,
      body: {
        title: 'Board room',
        calendar_sync: 'Yes',
        calendar_account_id: linked.id,
        calendar_id: 'nope',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toEqual({ calendar_id: 'Choose one of the calendars of the linked account' });
    const missing = await call('PUT', `/client/space/${place.space}`, {
      token,
      body: { title: 'Board room', calendar_sync: 'Yes' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message.calendar_account_id).toBe('Field is required');

    const unlinked = await call('POST', `/client/calendar/unlink/${place.space}`, { token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.message).toBe('Third Party unlinked');
    expect(unlinked.body.result).toMatchObject({
      calendar_account_id: null,
      calendar_id: null,
      calendar_title: null,
    });
  });
});

for (const provider of ['google', 'microsoft'] as const) {
  describe(`pushing bookings to a linked ${provider === 'google' ? 'Google' : 'Microsoft'} calendar`, () => {
    it('writes a booking, its series with an exception and a deleted occurrence, and its cancellation: one event each, never twice', async () => {
      const { token, place, calendarId } = await aLinkedSpace(provider);
      const single = await call('POST', '/client/booking', { token, body: booking(place) });
      expect(single.status).toBe(200);
      const weekly = await call('POST', '/client/booking', {
        token,
        body: booking(place, {
          title: 'Weekly stand-up',
          start_date: '2031-06-02 09:00:00',
          end_date: '2031-06-02 09:30:00',
          recurring: 'Yes',
          recur_interval: 1,
          recur_type: 'WEEKLY',
          recur_on: 'MO',
          recur_end_type: 'AFTER',
          recur_end: 6,
        }),
      });
      expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
      const seriesId = weekly.body.result.id as string;
      // Nothing reaches the calendar until the outbox is delivered.
      expect(await eventsAt(provider, calendarId)).toEqual([]);
      await pushAll();
      await pushAll();
      const pushed = await eventsAt(provider, calendarId);
      expect(summaries(pushed.filter((e) => !e.recurringEventId && !e.seriesMasterId))).toEqual([
        'Quarterly review',
        'Weekly stand-up',
      ]);

      // THIS: the third occurrence moves an hour; the fourth is deleted.
      const moved = await call('PUT', `/client/booking/${seriesId}`, {
        token,
        body: booking(place, {
          title: 'Stand-up (late)',
          start_date: '2031-06-16 10:00:00',
          end_date: '2031-06-16 10:30:00',
          applicable: 'THIS',
          occurrence_start: '2031-06-16 09:00:00',
        }),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const dropped = await call(
        'DELETE',
        `/client/booking/${seriesId}?applicable=THIS&occurrence_start=${encodeURIComponent('2031-06-23 09:00:00')}`,
        { token },
      );
      expect(dropped.status).toBe(200);
      await pushAll();
      const after = await eventsAt(provider, calendarId);
      const masters = after.filter(
        (e) => (e.summary ?? e.subject) === 'Weekly stand-up' && (e.recurrence || e.type === 'seriesMaster'),
      );
      expect(masters).toHaveLength(1);
      expect(JSON.stringify(after)).toContain('Stand-up (late)');

      // Cancelled: gone from the calendar.
      const cancelled = await call('DELETE', `/client/booking/${single.body.result.id}?applicable=ALL`, {
        token,
      });
      expect(cancelled.status).toBe(200);
      await pushAll();
      expect(summaries(await eventsAt(provider, calendarId))).not.toContain('Quarterly review');
    });

    it('keeps a booking while the provider is down and delivers it once, when it is back', async () => {
      const { token, place, calendarId } = await aLinkedSpace(provider);
      await faults(provider, 503, 20);
      const made = await call('POST', '/client/booking', {
        token,
        body: booking(place, { title: 'During the outage' }),
      });
      expect(made.status).toBe(200);
      const first = await runPushes(Date.now());
      expect(first.retried).toBeGreaterThan(0);
      await control(provider, 'DELETE', '/faults');
      expect(await eventsAt(provider, calendarId)).toEqual([]);
      // Not before its back-off…
      expect((await runPushes(Date.now())).delivered).toBe(0);
      // …and then exactly once, however often the job runs.
      await runPushes(Date.now() + 120_000);
      await runPushes(Date.now() + 240_000);
      expect(summaries(await eventsAt(provider, calendarId))).toEqual(['During the outage']);
    });

    it('reads events made in the calendar into the space, counts them as busy, and lets them go when deleted there', async () => {
      const { token, place, calendarId } = await aLinkedSpace(provider);
      const mine = await call('POST', '/client/booking', { token, body: booking(place, { title: 'Ours' }) });
      expect(mine.status).toBe(200);
      await pushAll();
      const made = await control(
        provider,
        'POST',
        `/calendars/${encodeURIComponent(calendarId)}/events`,
        provider === 'google'
          ? {
              summary: 'Booked in Google',
              start: { dateTime: '2031-05-06T14:00:00+01:00', timeZone: 'Europe/London' },
              end: { dateTime: '2031-05-06T15:00:00+01:00', timeZone: 'Europe/London' },
            }
          : {
              subject: 'Booked in Outlook',
              start: { dateTime: '2031-05-06T14:00:00', timeZone: 'Europe/London' },
              end: { dateTime: '2031-05-06T15:00:00', timeZone: 'Europe/London' },
            },
      );
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
      await runPulls(PULL_AT);
      const listed = await call(
        'GET',
        `/client/bookings/${place.venue}/${place.space}/2031-05-01/2031-05-31`,
        { token },
      );
      expect(listed.status).toBe(200);
      const titles = listed.body.result.map(
        (o: { title: string; source: string }) => `${o.title}|${o.source}`,
      );
      const external = provider === 'google' ? 'Booked in Google|google' : 'Booked in Outlook|microsoft';
      // Ours is not read back as a second booking.
      expect(titles.sort()).toEqual([external, 'Ours|spaces'].sort());
      const theirs = listed.body.result.find((o: { source: string }) => o.source !== 'spaces');
      expect(theirs).toMatchObject({
        start_date: '2031-05-06 14:00:00',
        editPermission: false,
        deletePermission: false,
      });

      // It blocks the room like any booking.
      const clash = await call('POST', '/client/booking', {
        token,
        body: booking(place, { start_date: '2031-05-06 14:30:00', end_date: '2031-05-06 15:30:00' }),
      });
      expect(clash.status).toBe(409);
      expect((await call('DELETE', `/client/booking/${theirs.id}?applicable=ALL`, { token })).status).toBe(
        409,
      );

      // Read again: still one. Deleted there: gone here.
      await runPulls(PULL_AT);
      const again = await call(
        'GET',
        `/client/bookings/${place.venue}/${place.space}/2031-05-01/2031-05-31`,
        { token },
      );
      expect(again.body.result).toHaveLength(2);
      await control(
        provider,
        'DELETE',
        `/calendars/${encodeURIComponent(calendarId)}/events/${made.body.id as string}`,
      );
      await runPulls(PULL_AT);
      const gone = await call('GET', `/client/bookings/${place.venue}/${place.space}/2031-05-01/2031-05-31`, {
        token,
      });
      expect(gone.body.result.map((o: { title: string }) => o.title)).toEqual(['Ours']);
    });
  });
}

describe('removing a linked account', () => {
  it('stops its spaces syncing: new bookings are not written, and its events leave the space', async () => {
    const { token, place, calendarId, linked } = await aLinkedSpace('google');
    await control('google', 'POST', `/calendars/${encodeURIComponent(calendarId)}/events`, {
      summary: 'From Google',
      start: { dateTime: '2031-07-01T10:00:00Z' },
      end: { dateTime: '2031-07-01T11:00:00Z' },
    });
    await runPulls(PULL_AT);
    const window = `/client/bookings/${place.venue}/${place.space}/2031-07-01/2031-07-31`;
    expect((await call('GET', window, { token })).body.result).toHaveLength(1);

    const removed = await call('POST', `/client/calendar/remove/${linked.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Third-party account removed');
    expect((await call('GET', `/client/calendar/accounts/${place.venue}`, { token })).body.result).toEqual(
      [],
    );
    const space = (await call('GET', `/client/space/${place.space}`, { token })).body.result;
    expect(space.calendar_account_id).toBeNull();
    expect((await call('GET', window, { token })).body.result).toEqual([]);

    expect(
      (await call('POST', '/client/booking', { token, body: booking(place, { title: 'After removal' }) }))
        .status,
    ).toBe(200);
    await pushAll();
    expect(summaries(await eventsAt('google', calendarId))).toEqual(['From Google']);
  });
});

describe('the pull job fanned out (a planner, a message per account’s spaces, the worker)', () => {
  it('reads the other spaces when one fails, and counts each failed space as a failed item of the job', async () => {
    const failing = await aLinkedSpace('google');
    const working = await aLinkedSpace('microsoft');
    await control('microsoft', 'POST', `/calendars/${encodeURIComponent(working.calendarId)}/events`, {
      subject: 'Read all the same',
      start: { dateTime: '2031-05-07T09:00:00', timeZone: 'Europe/London' },
      end: { dateTime: '2031-05-07T10:00:00', timeZone: 'Europe/London' },
    });
    // Google is down for this run: every synced Google space of the table fails, in its own account's message.
    await faults('google', 503, 1_000);
    const emitted: EmfOutput[] = [];
    flushMetrics();
    setMetricsSink((emf) => emitted.push(emf));
    try {
      const report = await runPulls(PULL_AT);
      flushMetrics();
      expect(report).toMatchObject({ queue: 'in-process' });
      expect(report.messages).toBeGreaterThanOrEqual(2);
      expect(report.failed).toBeGreaterThanOrEqual(1);
      expect(report.spaces).toBeGreaterThanOrEqual(1);
      const failures = emitted.filter((emf) => MetricName.JobItemFailures in emf);
      expect(failures.map((emf) => [emf[JOB_DIMENSION], emf[MetricName.JobItemFailures]])).toEqual([
        ['calendar-pull', report.failed],
      ]);
      const pulls = emitted
        .flatMap((emf) => [emf[MetricName.CalendarPulls] ?? []].flat())
        .reduce((sum: number, value) => sum + Number(value), 0);
      expect(pulls).toBe(report.spaces);
    } finally {
      setMetricsSink(undefined);
      await control('google', 'DELETE', '/faults');
    }
    const window = (place: { venue: string; space: string }) =>
      `/client/bookings/${place.venue}/${place.space}/2031-05-01/2031-05-31`;
    const read = await call('GET', window(working.place), { token: working.token });
    expect(read.body.result.map((o: { title: string }) => o.title)).toEqual(['Read all the same']);
    expect((await call('GET', window(failing.place), { token: failing.token })).body.result).toEqual([]);
  });
});
