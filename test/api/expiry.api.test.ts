import { ulid } from 'ulid';
import { getCalendarChannel } from '../../functions/calendars/store';
import { insertDevice } from '../../functions/device/store';
import { db } from '@core/table/entities';
import { listDueNotices, screenNotice } from '../../functions/screens/offline-store';
import { secretHash } from '@core/auth/secret-hash';
import { newResetToken } from '../../functions/auth/sign-in';
import { signInLimits } from '../../functions/auth/throttle';
import { anAccount, call, password } from '../support/api';
import { aDisplay, aScreenFor, poll } from '../support/displays';

/**
 * TTL is never relied on (docs/data-model.md "Expiry"): DynamoDB deletes an expired item up to 48
 * hours late and DynamoDB Local never does, so these tests leave expired items in the table, as
 * DynamoDB may, and show each read treating them as absent.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);
const aMinuteAgo = () => nowSeconds() - 60;
const refreshCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('spaces_refresh='))
    ?.split(';')[0];

describe('sign-in', () => {
  it('refuses an expired password-reset link while its item is still in the table', async () => {
    const { users } = await anAccount(['Event Coordinator']);
    const email = users['Event Coordinator']!.email;
    const { record, link } = newResetToken('client', email, 3600);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    const reset = () =>
      call('POST', '/client/auth/reset', {
        body: { email, token, password: 'Newpass123', password_confirmation: 'Newpass123' },
      });

    await db()
      .entities.resetToken.put({ ...record, expires_at: aMinuteAgo(), ttl: aMinuteAgo() })
      .go();
    const refused = await reset();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This password reset link is invalid or has expired');
    expect((await db().entities.resetToken.get({ area: 'client', email }).go()).data).not.toBeNull();

    // The same link in force works: it was refused for its age alone.
    await db().entities.resetToken.put(record).go();
    expect((await reset()).status).toBe(200);
  });

  it('refuses to refresh a session whose refresh record has expired, while it is still in the table', async () => {
    const { users } = await anAccount(['Venue Manager']);
    const login = await call('POST', '/client/auth/login', {
      body: { email: users['Venue Manager']!.email, password },
    });
    const cookie = refreshCookieOf(login.headers)!;
    expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(200);

    const key = { token_hash: secretHash(cookie.slice('spaces_refresh='.length)) };
    await db().entities.refreshSession.patch(key).set({ ttl: aMinuteAgo() }).go();
    const refused = await call('POST', '/client/auth/refresh', { headers: { cookie } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your session has ended. Please log in again');
    expect((await db().entities.refreshSession.get(key).go()).data).not.toBeNull();
  });

  it('counts failures afresh, and does not lock, once a lock or a window is over, whatever the table still holds', async () => {
    const { users } = await anAccount(['Event Coordinator']);
    const email = users['Event Coordinator']!.email;
    const signIn = (pass: string) => call('POST', '/client/auth/login', { body: { email, password: pass } });
    const now = nowSeconds();
    const stale = { area: 'client' as const, email, ttl: now - 1 };

    // A lock that ended a minute ago.
    await db()
      .entities.loginAttempt.put({
        ...stale,
        failures: 0,
        window_start: now - signInLimits.windowSeconds - 60,
        locked_until: now - 60,
      })
      .go();
    expect((await signIn(password)).status).toBe(200);

    // Four failures in a window that ended a minute ago: the next failure is the first of a new one.
    await db()
      .entities.loginAttempt.put({
        ...stale,
        failures: signInLimits.maxFailures - 1,
        window_start: now - signInLimits.windowSeconds - 60,
        locked_until: 0,
      })
      .go();
    expect((await signIn('Wrong1234')).status).toBe(401);
    expect((await db().entities.loginAttempt.get({ area: 'client', email }).go()).data).toMatchObject({
      failures: 1,
    });
    expect((await signIn(password)).status).toBe(200);

    // A lock in force still locks (so the record above was refused for its age alone).
    await db()
      .entities.loginAttempt.put({
        ...stale,
        failures: 0,
        window_start: now,
        locked_until: now + 600,
        ttl: now + 1800,
      })
      .go();
    expect((await signIn(password)).status).toBe(429);
  });
});

describe('room displays', () => {
  it('forgets an unbound display past its TTL while its item is still in the table', async () => {
    const display = await aDisplay();
    expect((await poll(display.token)).status).toBe(200);
    await db().entities.device.patch({ device_id: display.device_id }).set({ ttl: aMinuteAgo() }).go();
    const refused = await poll(display.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This screen must register again');
    expect((await db().entities.device.get({ device_id: display.device_id }).go()).data).not.toBeNull();
  });

  it('does not bind a display by an expired activation code: it shows a new one', async () => {
    const display = await aDisplay();
    const expiredAt = new Date(Date.now() - 60_000).toISOString();
    await db()
      .entities.device.patch({ device_id: display.device_id })
      .set({ code_expires_at: expiredAt })
      .go();
    await db()
      .entities.deviceCode.patch({ code: display.code })
      .set({ expires_at: expiredAt, ttl: aMinuteAgo() })
      .go();
    await aScreenFor(display.code);

    const answer = await poll(display.token);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ bound: false });
    expect(answer.body.result.code).not.toBe(display.code);
    expect(Date.parse(answer.body.result.code_expires_at)).toBeGreaterThan(Date.now());
    const device = (await db().entities.device.get({ device_id: display.device_id }).go()).data!;
    expect(device.screen_id).toBeUndefined();
  });

  it('hands out a code whose item has expired but is still in the table', async () => {
    const code = `Z${ulid().slice(-5)}`;
    await db()
      .entities.deviceCode.put({
        code,
        device_id: ulid(),
        expires_at: new Date(Date.now() - 60_000).toISOString(),
        ttl: aMinuteAgo(),
      })
      .go();
    const now = new Date().toISOString();
    const device = {
      device_id: ulid(),
      token_hash: secretHash(ulid()),
      code,
      code_expires_at: new Date(Date.now() + 3600_000).toISOString(),
      created_at: now,
      updated_at: now,
    };
    expect(await insertDevice(device)).toBe(true);
    expect((await db().entities.deviceCode.get({ code }).go()).data).toMatchObject({
      device_id: device.device_id,
    });
    // A code in force is not handed out again.
    expect(await insertDevice({ ...device, device_id: ulid() })).toBe(false);
  });

  it('leaves out a screen mail no run sent within a month of its due time, while it is still in the table', async () => {
    const screen = { account_id: ulid(), screen_id: ulid() };
    const stale = screenNotice(screen, 'offline', new Date(Date.now() - 40 * 86_400_000).toISOString(), '');
    const due = screenNotice(screen, 'back', new Date(Date.now() - 60_000).toISOString(), '');
    await Promise.all([stale, due].map((notice) => db().entities.screenNotice.put(notice).go()));
    try {
      const listed = (await listDueNotices(Date.now())).filter((n) => n.screen_id === screen.screen_id);
      expect(listed.map((notice) => notice.kind)).toEqual(['back']);
      expect((await db().entities.screenNotice.get(stale).go()).data).not.toBeNull();
    } finally {
      await Promise.all([stale, due].map((notice) => db().entities.screenNotice.delete(notice).go()));
    }
  });
});

describe('linked calendars', () => {
  it('reads no space for a notification channel past its TTL while its item is still in the table', async () => {
    const channel = { account_id: ulid(), space_id: ulid(), provider: 'google' as const };
    const [expired, inForce] = [ulid(), ulid()];
    await db()
      .entities.calendarChannel.put({ ...channel, channel_id: expired, ttl: aMinuteAgo() })
      .go();
    await db()
      .entities.calendarChannel.put({ ...channel, channel_id: inForce, ttl: nowSeconds() + 3600 })
      .go();
    expect(await getCalendarChannel(expired)).toBeNull();
    expect((await db().entities.calendarChannel.get({ channel_id: expired }).go()).data).not.toBeNull();
    expect(await getCalendarChannel(inForce)).toMatchObject({ space_id: channel.space_id });
  });
});
