import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import { API_BASE } from '@shared/api/routes';
import { getCalendarChannel, getCalendarLink } from '../../functions/calendars/store';
import { resetEnvCache } from '@core/env';
import { runPulls } from '../../functions/calendars/pull';
import { call } from '../support/api';
import { aLinkedSpace, control } from '../support/calendars';

/**
 * The providers' change notifications over HTTP, where the API has a public URL
 * (`CALENDAR_WEBHOOK_URL`, here the test server's own): the pull job watches a synced space's
 * calendar (a Google channel, a Graph subscription — Graph checks the URL first), and an event
 * added in the calendar then shows in the space within seconds, read by the notification's own
 * pull, without the job running again. Forged notifications are refused and change nothing;
 * unlinking the space or removing the account stops the watch. The providers are the local
 * stand-ins for Google Calendar and Microsoft Graph: nothing reaches Google or Microsoft.
 *
 * The jobs run in this worker (which alone has the variable), the API and the stand-ins in the
 * global setup's process: the stand-ins post their notifications to the API under test.
 */

const base = `${inject('baseUrl')}${API_BASE}`;
process.env.CALENDAR_WEBHOOK_URL = base;
resetEnvCache();
afterAll(() => {
  delete process.env.CALENDAR_WEBHOOK_URL;
  resetEnvCache();
});

type Provider = 'google' | 'microsoft';
type Json = Record<string, unknown>;
const DAY = 86_400_000;

/** A day within the pull window (a week back to a year ahead of today), as `YYYY-MM-DD`. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An event as a person adds it in the calendar app (through the stand-in's control API). */
async function addEvent(provider: Provider, calendarId: string, title: string, day: string) {
  const made = await control(
    provider,
    'POST',
    `/calendars/${encodeURIComponent(calendarId)}/events`,
    provider === 'google'
      ? { summary: title, start: { dateTime: `${day}T10:00:00Z` }, end: { dateTime: `${day}T11:00:00Z` } }
      : {
          subject: title,
          start: { dateTime: `${day}T10:00:00`, timeZone: 'UTC' },
          end: { dateTime: `${day}T11:00:00`, timeZone: 'UTC' },
        },
  );
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
}

/** The titles the space's calendar shows around `day`. */
async function titlesAround(token: string, place: { venue: string; space: string }, day: string) {
  const from = new Date(Date.parse(day) - DAY).toISOString().slice(0, 10);
  const to = new Date(Date.parse(day) + DAY).toISOString().slice(0, 10);
  const listed = await call('GET', `/client/bookings/${place.venue}/${place.space}/${from}/${to}`, { token });
  expect(listed.status).toBe(200);
  return (listed.body.result as Array<{ title: string }>).map((booking) => booking.title);
}

/** Polls the space's calendar until `title` shows (up to ~5 s): no job runs meanwhile. */
async function shows(token: string, place: { venue: string; space: string }, day: string, title: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    if ((await titlesAround(token, place, day)).includes(title)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The stand-in's watch on the calendar: Google's channel, or Graph's subscription. */
async function watchAt(provider: Provider, calendarId: string): Promise<Json | undefined> {
  const listed = await control(provider, 'GET', provider === 'google' ? '/channels' : '/subscriptions');
  const all = (listed.body.items ?? listed.body.value) as Json[];
  return all.find((watch) => watch.calendarId === calendarId);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** When the space was last read, once the pulls under way have ended (it holds still for 300 ms). */
async function syncedAt(accountId: string, spaceId: string): Promise<string | undefined> {
  let last = (await getCalendarLink(accountId, spaceId))?.synced_at;
  for (let round = 0; round < 20; round++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = (await getCalendarLink(accountId, spaceId))?.synced_at;
    if (now === last) return now;
    last = now;
  }
  throw new Error('The space is still being read');
}

/** A notification as Google sends it: no body, everything in its headers. */
const fromGoogle = (headers: Record<string, string>) =>
  fetch(`${base}/calendar/notify/google`, { method: 'POST', headers });
/** A batch of notifications as Graph sends it. */
const fromGraph = (value: Json[]) =>
  fetch(`${base}/calendar/notify/microsoft`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value }),
  });

describe('a watched Google calendar', () => {
  it('is read within seconds of a change; forged notifications change nothing; unlinking stops the watch', async () => {
    const { accountId, token, place, calendarId } = await aLinkedSpace('google');
    await runPulls();
    const channel = await watchAt('google', calendarId);
    expect(channel).toMatchObject({ address: `${base}/calendar/notify/google` });
    const link = (await getCalendarLink(accountId, place.space))!;
    expect(link).toMatchObject({
      watch_channel_id: channel!.id,
      watch_resource_id: channel!.resourceId,
      watch_token_hash: sha256(channel!.token as string),
      watch_expires_at: Number(channel!.expiration),
    });
    // The token itself is kept nowhere but at the provider.
    expect(JSON.stringify(link)).not.toContain(channel!.token as string);
    expect(link.watch_expires_at! - Date.now()).toBeGreaterThan(6 * DAY);
    expect(await getCalendarChannel(channel!.id as string)).toMatchObject({
      account_id: accountId,
      space_id: place.space,
      provider: 'google',
    });

    const day = dayFromToday(20);
    await addEvent('google', calendarId, 'Added in Google Calendar', day);
    expect(await shows(token, place, day, 'Added in Google Calendar')).toBe(true);

    // Refused before anything happens: the link is not even read again by a pull.
    const before = await syncedAt(accountId, place.space);
    const headers = {
      'x-goog-channel-id': channel!.id as string,
      'x-goog-channel-token': channel!.token as string,
      'x-goog-resource-id': channel!.resourceId as string,
      'x-goog-resource-state': 'exists',
      'x-goog-message-number': '99',
    };
    expect((await fromGoogle({ ...headers, 'x-goog-channel-token': 'not-the-token' })).status).toBe(403);
    expect((await fromGoogle({ ...headers, 'x-goog-channel-token': '' })).status).toBe(403);
    expect((await fromGoogle({ ...headers, 'x-goog-channel-id': 'no-such-channel' })).status).toBe(404);
    expect((await fromGoogle({ ...headers, 'x-goog-resource-state': 'sync' })).status).toBe(200);
    expect((await getCalendarLink(accountId, place.space))!.synced_at).toBe(before);
    // The right one pulls at once.
    expect((await fromGoogle(headers)).status).toBe(200);
    expect((await getCalendarLink(accountId, place.space))!.synced_at).not.toBe(before);

    const unlinked = await call('POST', `/client/calendar/unlink/${place.space}`, { token });
    expect(unlinked.status).toBe(200);
    expect(await watchAt('google', calendarId)).toBeUndefined();
    expect(await getCalendarChannel(channel!.id as string)).toBeNull();
    expect((await fromGoogle(headers)).status).toBe(404);
  });
});

describe('a watched Microsoft calendar', () => {
  it('answers Graph’s check of the URL with its token as text', async () => {
    const validationToken =
      'Validation: Testing client application reachability for subscription Request-Id: 7c1b';
    const answer = await fetch(
      `${base}/calendar/notify/microsoft?validationToken=${encodeURIComponent(validationToken)}`,
      { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe(validationToken);
  });

  it('is read within seconds of a change; forged notifications change nothing; removing the account stops the watch', async () => {
    const { accountId, token, place, calendarId, linked } = await aLinkedSpace('microsoft');
    await runPulls();
    const subscription = await watchAt('microsoft', calendarId);
    expect(subscription).toMatchObject({
      notificationUrl: `${base}/calendar/notify/microsoft`,
      changeType: 'created,updated,deleted',
    });
    const link = (await getCalendarLink(accountId, place.space))!;
    expect(link.watch_channel_id).toBe(subscription!.id);
    expect(link.watch_token_hash).toBe(sha256(subscription!.clientState as string));
    // Graph keeps a subscription on events for 4230 minutes at most.
    expect(link.watch_expires_at! - Date.now()).toBeLessThanOrEqual(4230 * 60_000);

    const day = dayFromToday(45);
    await addEvent('microsoft', calendarId, 'Added in Outlook', day);
    expect(await shows(token, place, day, 'Added in Outlook')).toBe(true);

    const before = await syncedAt(accountId, place.space);
    const genuine = {
      subscriptionId: subscription!.id,
      clientState: subscription!.clientState,
      changeType: 'updated',
      resource: 'Users/someone/Events/x',
      tenantId: 'tenant',
      resourceData: { '@odata.type': '#Microsoft.Graph.Event', id: 'x' },
    };
    expect((await fromGraph([{ ...genuine, clientState: 'not-the-secret' }])).status).toBe(403);
    expect((await fromGraph([{ ...genuine, clientState: undefined }])).status).toBe(403);
    expect((await fromGraph([{ ...genuine, subscriptionId: 'no-such-subscription' }])).status).toBe(404);
    // One forged notification refuses the batch: the genuine one beside it is not read either.
    expect((await fromGraph([genuine, { ...genuine, clientState: 'forged' }])).status).toBe(403);
    expect((await getCalendarLink(accountId, place.space))!.synced_at).toBe(before);
    expect((await fromGraph([genuine])).status).toBe(200);
    expect((await getCalendarLink(accountId, place.space))!.synced_at).not.toBe(before);

    const removed = await call('POST', `/client/calendar/remove/${linked.id}`, { token });
    expect(removed.status).toBe(200);
    expect(await watchAt('microsoft', calendarId)).toBeUndefined();
    expect(await getCalendarChannel(subscription!.id as string)).toBeNull();
    expect((await fromGraph([genuine])).status).toBe(404);
  });
});
