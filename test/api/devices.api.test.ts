import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { resetEnvCache } from '@core/env';
import { documentClient } from '@core/aws/dynamodb';
import { db } from '@core/table/entities';
import { handler as deviceLambda } from '../../functions/device/handlers';
import { SILENT_AFTER_MS } from '../../functions/screens/offline';
import { markOffline } from '../../functions/screens/offline-store';
import { ACTIVATION_ALPHABET, registerDevice } from '../../functions/device/registration';
import { anAccount, call, signedInAs } from '../support/api';
import { listen } from '../support/channel';
import { aDisplay, aScreenFor, poll } from '../support/displays';
import { anApiEvent, context } from '../support/lambda-events';
import { aZoneAtMidday, localDateIn, thisMinute, wallTimeIn } from '../support/now';

/**
 * The room-display devices (docs/architecture.md §7): registration hands a device its id, a secret
 * token shown once (kept as a hash) and a 6-character activation code from an unambiguous alphabet,
 * unique among the codes in force and valid 24 hours; registrations are limited per IP address.
 */

const codePattern = new RegExp(`^[${ACTIVATION_ALPHABET}]{6}$`);

describe('POST /device/register', () => {
  it('answers an id, a secret token shown once, and an activation code valid for 24 hours', async () => {
    const before = Date.now();
    const answer = await call('POST', '/device/register', { body: { app_version: '1.0.0' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { device_id, token, code, code_expires_at } = answer.body.result;
    expect(device_id).toMatch(/^[0-9A-Z]{26}$/);
    expect(code).toMatch(codePattern);
    const [id, secret] = (token as string).split('.');
    expect(id).toBe(device_id);
    expect(secret!.length).toBeGreaterThanOrEqual(40);
    const expires = Date.parse(code_expires_at);
    expect(expires - before).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    // The table keeps the secret's hash, never the secret.
    const { data } = await db().entities.device.get({ device_id }).go();
    expect(data).toMatchObject({ code, app_version: '1.0.0' });
    expect(data!.token_hash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(data)).not.toContain(secret);
    // Its code is held for it.
    expect((await db().entities.deviceCode.get({ code }).go()).data).toMatchObject({ device_id });
  });

  it('gives every device a code of its own', async () => {
    const codes = await Promise.all(
      Array.from(
        { length: 12 },
        async () => (await call('POST', '/device/register', { body: {} })).body.result.code,
      ),
    );
    expect(new Set(codes).size).toBe(12);
  });

  it('refuses bad input with the field and its message', async () => {
    const answer = await call('POST', '/device/register', { body: { app_version: 'x'.repeat(51) } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ app_version: 'Field should be less than 50 characters' });
  });

  it('refuses an address past its hourly registrations, saying how long to wait', async () => {
    const limit = process.env.DEVICE_REGISTRATIONS_PER_HOUR;
    process.env.DEVICE_REGISTRATIONS_PER_HOUR = '3';
    resetEnvCache();
    try {
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`;
      for (let i = 0; i < 3; i++) await registerDevice(ip, {});
      const refused = await registerDevice(ip, {}).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 429 });
      expect((refused as Error).message).toMatch(
        /^Too many screens registered from this address\. Try again in \d+ minutes?\.$/,
      );
      // Another address is not held back.
      await expect(registerDevice(`${ip}-other`, {})).resolves.toMatchObject({
        code: expect.stringMatching(codePattern),
      });
    } finally {
      process.env.DEVICE_REGISTRATIONS_PER_HOUR = limit;
      resetEnvCache();
    }
  });
});

describe('GET /device/state', () => {
  it('shows an unbound display its code, and answers 304 while nothing changes', async () => {
    const display = await aDisplay();
    const first = await poll(display.token);
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      bound: false,
      code: display.code,
      code_expires_at: expect.any(String),
      poll_interval_seconds: 15,
    });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call('GET', '/device/state', {
      token: display.token,
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('binds a display to the screen that took its code, and shows that room', async () => {
    const display = await aDisplay();
    const { account, place, screen, token } = await aScreenFor(display.code);
    // A booking of the room today.
    const state = await poll(display.token, {}, '?app_version=1.2.3');
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    expect(state.body.result).toMatchObject({
      bound: true,
      active: true,
      screen: { id: screen.id, name: 'Lobby screen' },
      space: { id: place.space, title: 'Boardroom', calendar_color: '#0B8043' },
      venue: { id: place.venue, name: 'Harbour Hall', timezone: 'Europe/London' },
      check_in: { enabled: false },
      slideshow: null,
      alerts: [],
    });
    // The device is bound; its code is no longer offered.
    expect((await db().entities.device.get({ device_id: display.device_id }).go()).data).toMatchObject({
      account_id: account.accountId,
      screen_id: screen.id,
    });
    expect((await db().entities.deviceCode.get({ code: display.code }).go()).data).toBeNull();
    // The poll was a heartbeat: the screen card shows the device online with its version.
    const card = await call('GET', '/client/allscreens', { token });
    expect(card.body.result.find((s: { id: string }) => s.id === screen.id)).toMatchObject({
      device_status: 'Online',
      app_version: '1.2.3',
    });
    // …and so does the admin dashboard's list of recent screens.
    const recent = await call('GET', '/admin/recentScreens', { token: await signedInAs('Super Admin') });
    expect(recent.body.result.find((s: { id: string }) => s.id === screen.id)).toMatchObject({
      device_status: 'Online',
      app_version: '1.2.3',
      last_check_in: expect.any(String),
    });
  });

  it("lists today's and tomorrow's bookings of the room, and its active slideshow", async () => {
    const display = await aDisplay();
    const { place, token } = await aScreenFor(display.code);
    const tomorrow = localDateIn(1, 'Europe/London');
    const booked = await call('POST', '/client/booking', {
      token,
      body: {
        title: 'Quarterly review',
        venue: place.venue,
        space: place.space,
        start_date: `${tomorrow} 10:00:00`,
        end_date: `${tomorrow} 11:00:00`,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const show = await call('POST', `/client/slideshows/${place.space}`, {
      token,
      body: { name: 'Welcome', transition: 'fade', duration: '00:00:10', slideshow_status: 1, slides: [] },
    });
    expect(show.status).toBe(200);
    const state = (await poll(display.token)).body.result;
    expect(state.occurrences).toEqual([
      expect.objectContaining({ title: 'Quarterly review', start_utc: expect.stringContaining(tomorrow) }),
    ]);
    expect(JSON.stringify(state)).not.toMatch(/@/); // no organizer or invitee e-mails
    expect(state.slideshow).toMatchObject({ name: 'Welcome', transition: 'fade', slideshow_status: 1 });
  });

  it('answers a bound display 304 until what it shows changes: a booking, its screen, its slideshow', async () => {
    const display = await aDisplay();
    const { place, token, screen } = await aScreenFor(display.code);
    await poll(display.token); // binds it
    const since = async (etag: string) => poll(display.token, { 'if-none-match': etag });
    const first = await poll(display.token);
    let etag = first.headers.get('etag')!;
    expect((await since(etag)).status).toBe(304);

    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a booking',
        () =>
          call('POST', '/client/booking', {
            token,
            body: {
              title: 'Board meeting',
              venue: place.venue,
              space: place.space,
              start_date: `${localDateIn(1, 'Europe/London')} 14:00:00`,
              end_date: `${localDateIn(1, 'Europe/London')} 15:00:00`,
            },
          }),
      ],
      [
        "the screen's name",
        () =>
          call('PUT', `/client/screen/${screen.id}`, {
            token,
            body: { screen_id_no: display.code, venue: place.venue, space: place.space, name: 'Door screen' },
          }),
      ],
      [
        'a slideshow',
        () =>
          call('POST', `/client/slideshows/${place.space}`, {
            token,
            body: {
              name: 'Welcome',
              transition: 'fade',
              duration: '00:00:10',
              slideshow_status: 1,
              slides: [],
            },
          }),
      ],
    ];
    // A change reaches the device through the table's stream, which bumps its state version and
    // then tells its channel: the display polls once told, as the display app does.
    const listener = await listen(display.token, display.device_id);
    for (const [n, [what, change]] of changes.entries()) {
      await change();
      await vi.waitFor(() => expect(listener.events(), what).toHaveLength(n + 1), {
        timeout: 10_000,
        interval: 50,
      });
      const changed = await since(etag);
      expect(changed.status, what).toBe(200);
      expect(changed.headers.get('etag'), what).not.toBe(etag);
      etag = changed.headers.get('etag')!;
      expect((await since(etag)).status, what).toBe(304);
    }
    listener.close();
    const state = (await poll(display.token)).body.result;
    expect(state.occurrences.map((o: { title: string }) => o.title)).toContain('Board meeting');
    expect(state.screen.name).toBe('Door screen');
    expect(state.slideshow).toMatchObject({ name: 'Welcome' });
    // A made-up tag naming another room is just not a match.
    const other = await since(`"r1.${'A'.repeat(26)}.${'B'.repeat(26)}.C.D.E.-.x"`);
    expect(other.status).toBe(200);
  });

  it('decides a poll is unchanged by one rule: its tag among the If-None-Match list, weak or strong, or *', async () => {
    const display = await aDisplay();
    await aScreenFor(display.code);
    await poll(display.token); // binds it
    const first = await poll(display.token);
    const etag = first.headers.get('etag')!;
    const since = (ifNoneMatch: string) => poll(display.token, { 'if-none-match': ifNoneMatch });
    for (const listed of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      expect((await since(listed)).status, listed).toBe(304);
    }
    // Its tag inside a malformed list (no comma between the tags) names nothing: the whole state, never a 500.
    const malformed = await since(`"other" ${etag}`);
    expect(malformed.status).toBe(200);
    expect(malformed.body.result).toMatchObject({ bound: true, screen: first.body.result.screen });
  });

  it('says a screen is inactive, and makes a display whose screen took another code register again', async () => {
    const display = await aDisplay();
    const { screen, token, place } = await aScreenFor(display.code);
    expect((await poll(display.token)).body.result.active).toBe(true);
    await call('GET', `/client/screen/${screen.id}/Inactive`, { token });
    expect((await poll(display.token)).body.result).toMatchObject({
      bound: true,
      active: false,
      occurrences: [],
    });
    await call('GET', `/client/screen/${screen.id}/Active`, { token });
    const recoded = await call('PUT', `/client/screen/${screen.id}`, {
      token,
      body: { screen_id_no: 'OTHER1', venue: place.venue, space: place.space, name: 'Lobby screen' },
    });
    expect(recoded.status, JSON.stringify(recoded.body)).toBe(200);
    const revoked = await poll(display.token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This screen must register again');
    expect((await poll(display.token)).status).toBe(401);
  });

  it("refuses a token that is not a display's own", async () => {
    const display = await aDisplay();
    const [id] = display.token.split('.');
    expect((await poll(`${id}.${'x'.repeat(43)}`)).status).toBe(401);
    expect((await call('GET', '/device/state')).status).toBe(401);
    const account = await anAccount();
    expect((await poll(account.users['Account Admin']!.token)).status).toBe(401);
  });
});

describe('GET /device/state by its state version', () => {
  /**
   * The device Lambda called in this process, against the same emulators (as test/api/edge.api.test.ts
   * does), so that the table reads a poll makes are seen: each DynamoDB command the process sends
   * while it runs, and how many items it asks for.
   */
  async function pollHere(token: string, headers: Record<string, string> = {}, query = '') {
    const reads: Array<{ command: string; items: number }> = [];
    const name = `reads-${ulid()}`;
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        const { commandName } = context as { commandName: string };
        if (/^(Get|BatchGet|Query|Scan|TransactGet)/.test(commandName)) {
          const input = args.input as { RequestItems?: Record<string, { Keys: unknown[] }> };
          const items = input.RequestItems
            ? Object.values(input.RequestItems).reduce((sum, { Keys }) => sum + Keys.length, 0)
            : 1;
          reads.push({ command: commandName, items });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      const event = anApiEvent('GET', '/device/state', {
        headers: {
          'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET!,
          authorization: `Bearer ${token}`,
          ...headers,
        },
      });
      if (query) {
        event.rawQueryString = query;
        event.queryStringParameters = Object.fromEntries(new URLSearchParams(query));
      }
      const answer = await deviceLambda(event, context);
      return {
        status: answer.statusCode,
        etag: answer.headers?.etag as string | undefined,
        body: answer.body ? JSON.parse(answer.body) : undefined,
        reads,
      };
    } finally {
      documentClient().middlewareStack.remove(name);
    }
  }

  const deviceOf = async (deviceId: string) =>
    (await db().entities.device.get({ device_id: deviceId }).go()).data!;
  const screenOf = async (scene: Awaited<ReturnType<typeof aScreenFor>>) =>
    (await db().entities.screen.get({ account_id: scene.account.accountId, screen_id: scene.screen.id }).go())
      .data!;
  /** As the room's changes do (functions/device/room-changes.ts): its state version goes up by one. */
  const bump = (deviceId: string) =>
    db().entities.device.patch({ device_id: deviceId }).add({ state_version: 1 }).go();
  /**
   * Waits until the table's stream has bumped the device's state version to at least `version`,
   * and it has stayed there for a second (the stream is read every 250 ms locally).
   */
  async function settled(deviceId: string, version: number) {
    await vi.waitFor(
      async () => expect((await deviceOf(deviceId)).state_version).toBeGreaterThanOrEqual(version),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    for (let seen = (await deviceOf(deviceId)).state_version; ;) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const now = (await deviceOf(deviceId)).state_version;
      if (now === seen) return;
      seen = now;
    }
  }
  /** Its last heartbeat a while ago, so that its next poll writes one. */
  const lastSeen = (deviceId: string, msAgo: number) =>
    db()
      .entities.device.patch({ device_id: deviceId })
      .set({ last_seen_at: new Date(Date.now() - msAgo).toISOString() })
      .go();

  /** A bound display whose room's changes are counted on its device. */
  async function aCountedDisplay(options: Parameters<typeof aScreenFor>[1] = {}) {
    const display = await aDisplay();
    const scene = await aScreenFor(display.code, options);
    expect((await poll(display.token)).status).toBe(200); // binds it
    await bump(display.device_id);
    const first = await pollHere(display.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    return { display, scene, etag: first.etag! };
  }

  it('answers a poll that names its state version 304 having read the device item alone', async () => {
    const display = await aDisplay();
    await aScreenFor(display.code);
    await poll(display.token); // binds it
    // Before its room's changes are counted, a 304 reads its room with it: one BatchGetItem of
    // the device, its screen, account, package, space, venue and alerts.
    const roomTagged = (await pollHere(display.token)).etag!;
    const before = await pollHere(display.token, { 'if-none-match': roomTagged });
    expect(before.status).toBe(304);
    expect(before.reads).toEqual([{ command: 'BatchGetItemCommand', items: 7 }]);

    await bump(display.device_id);
    const changed = await pollHere(display.token, { 'if-none-match': roomTagged });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(roomTagged);
    const after = await pollHere(display.token, { 'if-none-match': changed.etag! });
    expect(after.status).toBe(304);
    expect(after.reads).toEqual([{ command: 'GetItemCommand', items: 1 }]);
  });

  it("writes a 304's heartbeat without reading the screen", async () => {
    const { display, scene, etag } = await aCountedDisplay();
    await lastSeen(display.device_id, 2 * 60_000);
    const polledAt = new Date().toISOString();
    const steady = await pollHere(display.token, { 'if-none-match': etag }, 'app_version=2.0.0');
    expect(steady.status).toBe(304);
    expect(steady.reads).toEqual([{ command: 'GetItemCommand', items: 1 }]);
    const screen = await screenOf(scene);
    expect(screen).toMatchObject({
      device_status: 'Online',
      app_version: '2.0.0',
      device_id: display.device_id,
    });
    expect(screen.last_check_in! >= polledAt).toBe(true);
    expect(screen.heartbeat_at).toBe(screen.last_check_in);
    expect((await deviceOf(display.device_id)).last_seen_at).toBe(screen.last_check_in);
    // Within the minute, a poll writes nothing and reads the device alone.
    const again = await pollHere(display.token, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.reads).toEqual([{ command: 'GetItemCommand', items: 1 }]);
    expect((await screenOf(scene)).last_check_in).toBe(screen.last_check_in);
  });

  it('reads the room when the screen refuses the steady heartbeat: back from silence, or given another code', async () => {
    const { display, scene, etag } = await aCountedDisplay();
    // The offline job finds the screen silent.
    await lastSeen(display.device_id, SILENT_AFTER_MS + 60_000);
    expect(await markOffline(await screenOf(scene), null)).toBe(true);
    expect(await screenOf(scene)).toMatchObject({
      device_status: 'Offline',
      offline_since: expect.any(String),
    });
    // Its next poll is still a 304 (what it shows is the same), and the screen is Online again.
    const back = await pollHere(display.token, { 'if-none-match': etag });
    expect(back.status).toBe(304);
    expect(back.reads.length).toBeGreaterThan(1);
    const screen = await screenOf(scene);
    expect(screen.device_status).toBe('Online');
    expect(screen.offline_since).toBeUndefined();

    // The screen takes another code: the display's next heartbeat finds it is not its screen any more.
    const recoded = await call('PUT', `/client/screen/${scene.screen.id}`, {
      token: scene.token,
      body: {
        screen_id_no: 'OTHER2',
        venue: scene.place.venue,
        space: scene.place.space,
        name: 'Lobby screen',
      },
    });
    expect(recoded.status, JSON.stringify(recoded.body)).toBe(200);
    await lastSeen(display.device_id, 2 * 60_000);
    const revoked = await pollHere(display.token, { 'if-none-match': etag });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This screen must register again');
    expect((await pollHere(display.token)).status).toBe(401);
  });

  it('turns the tag when the state version is bumped', async () => {
    const { display } = await aCountedDisplay();
    const first = await poll(display.token);
    let etag = first.headers.get('etag')!;
    expect((await poll(display.token, { 'if-none-match': etag })).status).toBe(304);
    for (let change = 0; change < 2; change++) {
      await bump(display.device_id);
      const changed = await poll(display.token, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.result).toMatchObject({ bound: true, screen: first.body.result.screen });
      etag = changed.headers.get('etag')!;
      expect((await poll(display.token, { 'if-none-match': etag })).status).toBe(304);
    }
  });

  it('names the push channel when it is configured, null when not, and polls every 60 s', async () => {
    const saved = { http: process.env.EVENTS_HTTP_URL, realtime: process.env.EVENTS_REALTIME_URL };
    const configure = (http: string | undefined, realtime: string | undefined) => {
      if (http === undefined) delete process.env.EVENTS_HTTP_URL;
      else process.env.EVENTS_HTTP_URL = http;
      if (realtime === undefined) delete process.env.EVENTS_REALTIME_URL;
      else process.env.EVENTS_REALTIME_URL = realtime;
      resetEnvCache();
    };
    try {
      configure(undefined, undefined);
      const { display } = await aCountedDisplay();
      const alone = await pollHere(display.token);
      expect(alone.body.result).toMatchObject({ bound: true, push: null, poll_interval_seconds: 60 });

      // Once the channel is configured, the display learns of it at its next poll.
      configure(
        'https://example123.appsync-api.eu-west-1.amazonaws.com',
        'wss://example123.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime',
      );
      const pushed = await pollHere(display.token, { 'if-none-match': alone.etag! });
      expect(pushed.status).toBe(200);
      expect(pushed.body.result).toMatchObject({
        bound: true,
        poll_interval_seconds: 60,
        push: {
          url: 'wss://example123.appsync-realtime-api.eu-west-1.amazonaws.com/event/realtime',
          host: 'example123.appsync-api.eu-west-1.amazonaws.com',
          channel: `/displays/${display.device_id}`,
        },
      });
      expect((await pollHere(display.token, { 'if-none-match': pushed.etag! })).status).toBe(304);
    } finally {
      configure(saved.http, saved.realtime);
    }
  });

  it('turns the tag when an alert in force ends', async () => {
    const { display, scene } = await aCountedDisplay();
    const before = (await deviceOf(display.device_id)).state_version ?? 0;
    const feed = 'https://alerts.example.test/feed.xml';
    const { accountId: account_id } = scene.account;
    const space_id = scene.place.space;
    await db()
      .entities.space.patch({ account_id, space_id })
      .set({ cap_alert_status: 'Active', cap_alert_urls: [{ url: feed }] })
      .go();
    const ends = Date.now() + 3_000;
    const alert = (id: string, expires: string | null) => ({
      id,
      identifier: id,
      sender: 'alerts@example.test',
      sent: new Date().toISOString(),
      msg_type: 'Alert',
      language: 'en-GB',
      event: id === 'short' ? 'Fire drill' : 'Road works',
      headline: null,
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Likely',
      description: null,
      instruction: null,
      area_desc: null,
      sender_name: null,
      effective: null,
      onset: null,
      expires,
      web: null,
      source_url: feed,
    });
    await db()
      .entities.spaceAlerts.put({
        account_id,
        space_id,
        alerts: [alert('short', new Date(ends).toISOString()), alert('long', null)],
        digest: 'two',
      })
      .go();
    // The table's stream tells the device of the change (the space's alerts): its state version
    // goes up, and then stays.
    await settled(display.device_id, before + 1);
    const showing = await pollHere(display.token);
    expect(showing.body.result.alerts.map((a: { event: string }) => a.event)).toEqual([
      'Fire drill',
      'Road works',
    ]);
    expect((await pollHere(display.token, { 'if-none-match': showing.etag! })).status).toBe(304);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now()) + 100));
    const ended = await pollHere(display.token, { 'if-none-match': showing.etag! });
    expect(ended.status).toBe(200);
    expect(ended.body.result.alerts.map((a: { event: string }) => a.event)).toEqual(['Road works']);
    expect((await pollHere(display.token, { 'if-none-match': ended.etag! })).status).toBe(304);
  });
});

describe('POST /device/checkin', () => {
  /**
   * A bound display whose room takes check-ins 15 minutes either side, with a booking starting in
   * `minutes`, at a venue where it is about midday (so that the booking is within the room's hours).
   */
  async function aRoomWithBooking(minutes: number, checkIn: 'Yes' | 'No' = 'Yes') {
    const display = await aDisplay();
    const zone = aZoneAtMidday();
    const scene = await aScreenFor(display.code, { timezone: zone });
    await db()
      .entities.space.patch({ account_id: scene.account.accountId, space_id: scene.place.space })
      .set({ check_in_window: checkIn, before_event: 15, after_event: 15 })
      .go();
    const now = Date.now();
    const at = (offset: number) => wallTimeIn(offset, zone, now);
    const booked = await call('POST', '/client/booking', {
      token: scene.token,
      body: {
        title: 'Stand-up',
        venue: scene.place.venue,
        space: scene.place.space,
        start_date: at(minutes),
        end_date: at(minutes + 30),
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    await poll(display.token); // binds it
    const state = (await poll(display.token)).body.result;
    const occurrence = state.occurrences.find((o: { title: string }) => o.title === 'Stand-up');
    const { data: owner } = await db()
      .entities.user.get({
        account_id: scene.account.accountId,
        user_id: scene.account.users['Account Admin']!.id,
      })
      .go();
    return { display, scene, start: occurrence.start_utc as string, pin: owner!.pin_number };
  }

  const checkIn = (token: string, body: Record<string, unknown>) =>
    call('POST', '/device/checkin', { token, body });

  it('checks a booking in with a PIN during its window, once, and the display shows it', async () => {
    const { display, scene, start, pin } = await aRoomWithBooking(5);
    const answer = await checkIn(display.token, { occurrence_start: start, pin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Checked in by Account Tester');
    expect(answer.body.result).toMatchObject({
      checked_in_by: 'Account Tester',
      checked_in_at: expect.any(String),
    });
    const state = (await poll(display.token)).body.result;
    expect(state.occurrences.find((o: { start_utc: string }) => o.start_utc === start)).toMatchObject({
      checked_in: true,
    });
    // A second tap changes nothing.
    const again = await checkIn(display.token, { occurrence_start: start, pin });
    expect(again.body.result.checked_in_at).toBe(answer.body.result.checked_in_at);
    const { data: activity } = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${scene.account.accountId}` })
      .go({ pages: 'all' });
    expect(activity.filter((a) => a.activity === 'Checked in by Account Tester')).toHaveLength(1);
  });

  it('refuses a wrong PIN, and after five of them refuses PINs on that display for 15 minutes', async () => {
    const { display, start, pin } = await aRoomWithBooking(5);
    const wrong = pin === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const refused = await checkIn(display.token, { occurrence_start: start, pin: wrong });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toEqual({ pin: 'PIN not recognised' });
    }
    expect((await checkIn(display.token, { occurrence_start: start, pin: 'abc' })).status).toBe(422);
    const locked = await checkIn(display.token, { occurrence_start: start, pin });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong PINs. Try again in 15 minutes.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('checks at most five of 50 wrong PINs entered at once, refuses the rest, then the right PIN too', async () => {
    const { display, start, pin } = await aRoomWithBooking(5);
    const wrongs = Array.from({ length: 50 }, (_, i) => String(i).padStart(4, '0')).filter((p) => p !== pin);
    const answers = await Promise.all(
      wrongs.map((wrong) => checkIn(display.token, { occurrence_start: start, pin: wrong })),
    );
    const judged = answers.filter((a) => a.status === 422);
    const refused = answers.filter((a) => a.status === 429);
    expect(judged.length + refused.length).toBe(answers.length);
    expect(judged.length).toBe(5);
    for (const answer of judged) expect(answer.body.message).toEqual({ pin: 'PIN not recognised' });
    for (const answer of refused)
      expect(answer.body.message).toMatch(/^Too many wrong PINs\. Try again in 1[45] minutes\.$/);
    const locked = await checkIn(display.token, { occurrence_start: start, pin });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong PINs. Try again in 15 minutes.');
  });

  it('opens the window before the start only as far as the space says', async () => {
    const { display, start, pin } = await aRoomWithBooking(90);
    const early = await checkIn(display.token, { occurrence_start: start, pin });
    expect(early.status).toBe(422);
    expect(early.body.message).toEqual({ occurrence_start: 'Check-in opens 15 minutes before the start' });
    const unknown = await checkIn(display.token, {
      occurrence_start: new Date(Date.parse(start) + 60_000).toISOString(),
      pin,
    });
    expect(unknown.status).toBe(404);
  });

  it('is refused in a room that does not use check-in', async () => {
    const { display, start, pin } = await aRoomWithBooking(5, 'No');
    const answer = await checkIn(display.token, { occurrence_start: start, pin });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Check-in is not used in this room');
  });
});

describe('POST /device/booknow', () => {
  /**
   * A bound display of a free room at a venue where it is about midday: a room booked at its screen
   * is booked until the end of its hours at the latest, which is never far off at night.
   */
  async function aFreeRoom() {
    const display = await aDisplay();
    const zone = aZoneAtMidday();
    const scene = await aScreenFor(display.code, { timezone: zone });
    await poll(display.token); // binds it
    const pinOf = async (userId: string) =>
      (await db().entities.user.get({ account_id: scene.account.accountId, user_id: userId }).go()).data!
        .pin_number;
    return { display, scene, zone, pin: await pinOf(scene.account.users['Account Admin']!.id) };
  }
  const bookNow = (token: string, body: Record<string, unknown>) =>
    call('POST', '/device/booknow', { token, body });

  it('books a free room from now, and the display and the calendar show it', async () => {
    const { display, pin } = await aFreeRoom();
    const answer = await bookNow(display.token, { minutes: 30, pin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Booked by Account Tester');
    const { start_utc, end_utc, booking_id } = answer.body.result;
    expect(Date.parse(end_utc) - Date.parse(start_utc)).toBe(30 * 60_000);
    expect(Math.abs(Date.parse(start_utc) - Date.now())).toBeLessThan(61_000);
    const state = (await poll(display.token)).body.result;
    // Whoever booked at the door is there: it is checked in, so no-show release leaves it alone.
    expect(state.occurrences).toEqual([
      expect.objectContaining({
        booking_id,
        title: 'Booked at the screen',
        start_utc,
        end_utc,
        checked_in: true,
      }),
    ]);
    // Busy now: a second press is refused.
    const again = await bookNow(display.token, { minutes: 15, pin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The room is busy now');
  });

  it("cuts the booking at the room's next one", async () => {
    const { display, scene, zone, pin } = await aFreeRoom();
    const now = Date.now();
    const later = await call('POST', '/client/booking', {
      token: scene.token,
      body: {
        title: 'Board',
        venue: scene.place.venue,
        space: scene.place.space,
        start_date: wallTimeIn(20, zone, now),
        end_date: wallTimeIn(50, zone, now),
      },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const answer = await bookNow(display.token, { minutes: 60, pin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // From this minute (or the next, when the clock has just turned) until the Board begins.
    const { start_utc, end_utc } = answer.body.result;
    expect([0, 60_000]).toContain(Date.parse(start_utc) - thisMinute(now));
    expect(end_utc).toBe(new Date(thisMinute(now) + 20 * 60_000).toISOString());
  });

  it('needs a PIN whose role may add events, and a length of 15, 30 or 60 minutes', async () => {
    const { display, scene } = await aFreeRoom();
    const viewer = await call('POST', '/client/newuser', {
      token: scene.token,
      body: {
        first_name: 'Vera',
        last_name: 'Viewer',
        email: `vera-${Date.now()}@example.test`,
        password: 'Test1234',
        user_role: 'Viewer',
      },
    });
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
    const { data } = await db()
      .entities.user.get({ account_id: scene.account.accountId, user_id: viewer.body.result.id })
      .go();
    const refused = await bookNow(display.token, { minutes: 30, pin: data!.pin_number });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual({ pin: 'This PIN may not book rooms' });
    const odd = await bookNow(display.token, { minutes: 45, pin: data!.pin_number });
    expect(odd.status).toBe(422);
    expect(odd.body.message).toEqual({ minutes: 'Invalid value' });
  });
});
