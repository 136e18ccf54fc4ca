import { recordHeartbeat } from '../../functions/device/store';
import { db } from '@core/table/entities';
import { runNoShowRelease } from '../../functions/bookings/no-show';
import { readSchedules } from '../../functions/bookings/space-schedule';
import { periodEnd, runScreenOffline, SILENT_AFTER_MS } from '../../functions/screens/offline';
import { PUSH_POLL_SECONDS } from '@shared/devices';
import { anEmail, call, mailTo } from '../support/api';
import { aDisplay, aScreenFor, poll } from '../support/displays';
import { aZoneAtMidday, wallTimeIn } from '../support/now';

/**
 * The room display's jobs (issue 12), run by the test at the instants it chooses, as the schedule
 * would run them then: the no-show release and the screen-offline mails, read from the local SES
 * mailbox. Other tests' spaces and screens share the table; each test looks only at its own.
 */

const MINUTE = 60_000;

async function activityOf(accountId: string, componentId: string) {
  const { data } = await db()
    .entities.activity.query.byScope({ scope: `ACCOUNT#${accountId}` })
    .go({ pages: 'all' });
  return data.filter((entry) => entry.component_id === componentId).map((entry) => entry.activity);
}

async function statesOf(accountId: string, spaceId: string) {
  const { data } = await db()
    .entities.occurrenceState.query.bySpace({ account_id: accountId, space_id: spaceId })
    .go({ pages: 'all' });
  return data;
}

describe('the no-show job', () => {
  it("releases an occurrence nobody checked in to at the minute its window closes, in the venue's zone across a DST change", async () => {
    const display = await aDisplay();
    const scene = await aScreenFor(display.code, { checkIn: { before_event: 5, after_event: 10 } });
    // Daily at 09:00 in London, 26 to 30 March 2027: the clocks go forward on the 28th.
    const booked = await call('POST', '/client/booking', {
      token: scene.token,
      body: {
        title: 'Morning briefing',
        venue: scene.place.venue,
        space: scene.place.space,
        start_date: '2027-03-26 09:00:00',
        end_date: '2027-03-26 10:00:00',
        recurring: 'Yes',
        recur_interval: 1,
        recur_type: 'DAILY',
        recur_end_type: 'AFTER',
        recur_end: 5,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const bookingId = booked.body.result.id as string;
    const { accountId } = scene.account;
    const ownerEmail = scene.account.owner.email;

    // Friday (GMT): 09:10 local is 09:10 UTC.
    await runNoShowRelease(Date.parse('2027-03-26T09:09:00Z'));
    expect(await statesOf(accountId, scene.place.space)).toEqual([]);
    await runNoShowRelease(Date.parse('2027-03-26T09:10:00Z'));
    expect(await statesOf(accountId, scene.place.space)).toEqual([
      expect.objectContaining({ booking_id: bookingId, start_utc: '2027-03-26T09:00:00.000Z' }),
    ]);

    // Monday (BST): 09:10 local is 08:10 UTC.
    await runNoShowRelease(Date.parse('2027-03-29T08:09:00Z'));
    expect(await statesOf(accountId, scene.place.space)).toHaveLength(1);
    await runNoShowRelease(Date.parse('2027-03-29T08:10:00Z'));
    const states = await statesOf(accountId, scene.place.space);
    expect(states.map((s) => s.start_utc)).toEqual(['2027-03-26T09:00:00.000Z', '2027-03-29T08:00:00.000Z']);
    expect(states.every((s) => s.released_at && !s.checked_in_at)).toBe(true);

    // Whoever made the booking hears of each release once, with the local time; the log says so.
    await runNoShowRelease(Date.parse('2027-03-29T08:30:00Z'));
    const mails = (await mailTo(ownerEmail)).filter((m) => m.subject === 'Released: Morning briefing');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text)).toEqual([
      expect.stringContaining('Friday, 26 March 2027 at 09:00'),
      expect.stringContaining('Monday, 29 March 2027 at 09:00'),
    ]);
    expect(mails[0]!.text).toContain('Boardroom, Harbour Hall');
    expect(await activityOf(accountId, bookingId)).toEqual(
      expect.arrayContaining(['Released: nobody checked in within 10 minutes of the start']),
    );
    expect((await activityOf(accountId, bookingId)).filter((a) => a.startsWith('Released'))).toHaveLength(2);

    // The released time is free again: another booking may take it.
    const over = await call('POST', '/client/booking', {
      token: scene.token,
      body: {
        title: 'Walk-in',
        venue: scene.place.venue,
        space: scene.place.space,
        start_date: '2027-03-29 09:30:00',
        end_date: '2027-03-29 09:45:00',
      },
    });
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    // …but not the time of an occurrence that was not released.
    const clash = await call('POST', '/client/booking', {
      token: scene.token,
      body: {
        title: 'Walk-in',
        venue: scene.place.venue,
        space: scene.place.space,
        start_date: '2027-03-30 09:30:00',
        end_date: '2027-03-30 09:45:00',
      },
    });
    expect(clash.status).toBe(409);
  });

  it('leaves an occurrence someone checked in to, and a late check-in after a release is refused', async () => {
    const display = await aDisplay();
    // Bookings from now on, within the room's hours: at a venue where it is about midday.
    const zone = aZoneAtMidday();
    const scene = await aScreenFor(display.code, {
      checkIn: { before_event: 15, after_event: 5 },
      timezone: zone,
    });
    const now = Date.now();
    const at = (offset: number) => wallTimeIn(offset, zone, now);
    const book = async (title: string, from: number) => {
      const answer = await call('POST', '/client/booking', {
        token: scene.token,
        body: {
          title,
          venue: scene.place.venue,
          space: scene.place.space,
          start_date: at(from),
          end_date: at(from + 30),
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await book('Attended', 2);
    await book('Forgotten', 40);
    await poll(display.token); // binds it
    const state = (await poll(display.token)).body.result;
    const [attended, forgotten] = state.occurrences as Array<{ title: string; start_utc: string }>;
    const { data: owner } = await db()
      .entities.user.get({ account_id: scene.account.accountId, user_id: scene.account.owner.id })
      .go();
    const checkedIn = await call('POST', '/device/checkin', {
      token: display.token,
      body: { occurrence_start: attended!.start_utc, pin: owner!.pin_number },
    });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);

    // Past both windows: the attended one stays, the forgotten one is released.
    await runNoShowRelease(Date.parse(forgotten!.start_utc) + 6 * MINUTE);
    const states = await statesOf(scene.account.accountId, scene.place.space);
    expect(states.map((s) => [s.start_utc, !!s.checked_in_at, !!s.released_at])).toEqual([
      [attended!.start_utc, true, false],
      [forgotten!.start_utc, false, true],
    ]);
    // The calendar says what happened to each.
    const dateIn = (offset: number) => at(offset).slice(0, 10);
    const listed = await call(
      'GET',
      `/client/bookings/${scene.place.venue}/${scene.place.space}/${dateIn(0)}/${dateIn(120)}`,
      { token: scene.token },
    );
    expect(listed.status).toBe(200);
    expect(
      (listed.body.result as Array<{ title: string; check_in: string | null }>)
        .filter((o) => ['Attended', 'Forgotten'].includes(o.title))
        .map((o) => [o.title, o.check_in]),
    ).toEqual([
      ['Attended', 'Checked in'],
      ['Forgotten', 'Released'],
    ]);
    // The space card shows the room Available while the released one would have been on.
    const during = Date.parse(forgotten!.start_utc) + 7 * MINUTE;
    const schedule = await readSchedules(
      { accountId: scene.account.accountId, spaceId: scene.place.space },
      during,
    );
    expect(schedule(scene.place.space, zone).availability).toBe('Available');
    // The display no longer shows the released one: the room is free then.
    const after = (await poll(display.token)).body.result;
    expect(after.occurrences.map((o: { title: string }) => o.title)).toEqual(['Attended']);
  });
});

describe('the screen-offline job', () => {
  /** A bound display that has polled (a heartbeat), its screen e-mailing `recipients` at `frequency`. */
  async function aPollingScreen(frequency: string, recipients: string[]) {
    const display = await aDisplay();
    const scene = await aScreenFor(display.code);
    const saved = await call('PUT', `/client/screen/${scene.screen.id}/offlineNotification`, {
      token: scene.token,
      body: {
        offline_notification_recipient: recipients.join(','),
        offline_notification_frequency: frequency,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await poll(display.token)).status).toBe(200);
    const heartbeat = Date.now();
    return { display, scene, heartbeat };
  }

  const screenOf = async (scene: Awaited<ReturnType<typeof aScreenFor>>) =>
    (await db().entities.screen.get({ account_id: scene.account.accountId, screen_id: scene.screen.id }).go())
      .data!;

  it('As it happens: tells each recipient once when a screen goes silent, and once when it is back', async () => {
    const [ops, desk] = [anEmail('ops'), anEmail('desk')];
    const { display, scene, heartbeat } = await aPollingScreen('As it happens', [ops, desk]);

    // A display on its push channel polls every 5 minutes, 6 at most with its jitter: one poll
    // missed, or nearly two, is not silence. Still Online, no mail.
    await runScreenOffline(heartbeat + 2 * PUSH_POLL_SECONDS * 1.2 * 1000 - MINUTE);
    expect((await screenOf(scene)).device_status).toBe('Online');
    expect(await mailTo(ops)).toEqual([]);

    await runScreenOffline(heartbeat + SILENT_AFTER_MS + 1000);
    expect((await screenOf(scene)).device_status).toBe('Offline');
    const card = await call('GET', '/client/allscreens', { token: scene.token });
    expect(card.body.result.find((s: { id: string }) => s.id === scene.screen.id).device_status).toBe(
      'Offline',
    );
    for (const address of [ops, desk]) {
      const mails = await mailTo(address);
      expect(mails.map((m) => m.subject)).toEqual(['Screen offline: Lobby screen']);
      expect(mails[0]!.text).toContain(
        'Lobby screen (Boardroom, Harbour Hall) has not been heard from since',
      );
    }
    // A second run, the same minute or later, sends nothing again.
    await runScreenOffline(heartbeat + SILENT_AFTER_MS + MINUTE);
    await runScreenOffline(heartbeat + SILENT_AFTER_MS + 10 * MINUTE);
    expect(await mailTo(ops)).toHaveLength(1);

    // The display polls again: Online, and the recipients hear it is back, once.
    expect((await poll(display.token)).status).toBe(200);
    expect((await screenOf(scene)).device_status).toBe('Online');
    await runScreenOffline(Date.now());
    await runScreenOffline(Date.now());
    for (const address of [ops, desk]) {
      expect((await mailTo(address)).map((m) => m.subject)).toEqual([
        'Screen offline: Lobby screen',
        'Screen back online: Lobby screen',
      ]);
    }
  });

  it('Once an hour: one digest at the end of the hour, listing the screens still offline', async () => {
    const ops = anEmail('ops');
    const first = await aPollingScreen('Once an hour', [ops]);
    const second = await aPollingScreen('Once an hour', [ops]);
    await db()
      .entities.screen.patch({
        account_id: second.scene.account.accountId,
        screen_id: second.scene.screen.id,
      })
      .set({ name: 'Foyer screen' })
      .go();
    const silentAt = Math.max(first.heartbeat, second.heartbeat) + SILENT_AFTER_MS + 1000;
    await runScreenOffline(silentAt);
    expect((await screenOf(first.scene)).device_status).toBe('Offline');
    expect(await mailTo(ops)).toEqual([]);

    const due = periodEnd('Once an hour', silentAt);
    await runScreenOffline(due - 1000);
    expect(await mailTo(ops)).toEqual([]);
    await runScreenOffline(due);
    await runScreenOffline(due + MINUTE);
    // The two screens belong to two accounts: a digest for each.
    const mails = await mailTo(ops);
    expect(mails.map((m) => m.subject)).toEqual(['Screens offline: 1 screen', 'Screens offline: 1 screen']);
    expect(mails.map((m) => m.text).join('\n')).toMatch(
      /Lobby screen[\s\S]*Foyer screen|Foyer screen[\s\S]*Lobby screen/,
    );
    expect(mails[0]!.text).toContain('These screens went offline in the last hour and are still offline');
  });

  it('Once a day: a screen back before the end of the day is not in the digest; Never sends nothing', async () => {
    const ops = anEmail('ops');
    const never = anEmail('never');
    const daily = await aPollingScreen('Once a day', [ops]);
    const quiet = await aPollingScreen('Never', [never]);
    const silentAt = Math.max(daily.heartbeat, quiet.heartbeat) + SILENT_AFTER_MS + 1000;
    await runScreenOffline(silentAt);
    expect((await screenOf(quiet.scene)).device_status).toBe('Offline');
    // The daily one comes back, and polls on until the day ends (its heartbeat as a poll writes it,
    // at the test's instant).
    const due = periodEnd('Once a day', silentAt);
    const { data: device } = await db().entities.device.get({ device_id: daily.display.device_id }).go();
    await recordHeartbeat(
      device!,
      await screenOf(daily.scene),
      undefined,
      new Date(due - MINUTE).toISOString(),
    );
    await runScreenOffline(due);
    expect((await screenOf(daily.scene)).device_status).toBe('Online');
    expect(await mailTo(ops)).toEqual([]);
    expect(await mailTo(never)).toEqual([]);
  });

  it('ends its periods on the hour, at midnight UTC and on Monday', () => {
    const at = Date.parse('2026-11-25T10:17:00Z'); // a Wednesday
    expect(new Date(periodEnd('Once an hour', at)).toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(new Date(periodEnd('Once a day', at)).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(new Date(periodEnd('Once a week', at)).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(periodEnd('Once a week', Date.parse('2026-11-30T00:00:00Z'))).toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
  });
});
