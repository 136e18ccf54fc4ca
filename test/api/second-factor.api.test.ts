import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { getAdmin } from '@core/people/admin-store';
import { createAdminUser } from '../../functions/platform/admins';
import { challengeHash } from '../../functions/auth/second-factor';
import { endSessions } from '@core/auth/sessions';
import { clientUsername } from '@core/auth/tokens';
import { anAccount, anAdmin, call, password, signedInAs } from '../support/api';
import { passwordAtCognito } from '../support/cognito';
import { codeFor, currentStep, freshCode, secondFactorOf } from '../support/second-factor';

/**
 * Two-factor authentication (docs/decisions.md "Two-factor authentication"): every super admin
 * gives a code from an authenticator app after the password, setting one up at the first
 * sign-in; a super admin resets another's; a client user may turn it on from the profile.
 */

const wrongCodeMessage = 'The code is not correct. Enter the current code from your authenticator app';
const usedCodeMessage = 'This code has been used already. Wait for the next code from your authenticator app';
const expiredMessage = 'This sign-in has expired. Please log in again';

/** A super admin who has never signed in (no authenticator app yet). */
async function aNewAdmin() {
  const email = `admin-${ulid().toLowerCase()}@example.test`;
  const id = await createAdminUser({ email, password, firstName: 'Nia', lastName: 'New' });
  return { id, email };
}

const login = (area: 'client' | 'admin', email: string, pass = password) =>
  call('POST', `/${area}/auth/login`, { body: { email, password: pass } });
const answer = (area: 'client' | 'admin', mfaToken: string, code: string) =>
  call('POST', `/${area}/auth/mfa`, { body: { mfa_token: mfaToken, code } });

/** Signs an admin who has a second factor in with a code of the step after the last one used. */
async function signInWithCode(email: string) {
  const challenge = (await login('admin', email)).body.result;
  const factor = (await secondFactorOf('admin', email))!;
  return answer('admin', challenge.mfa_token, await freshCode(factor.secret, factor.lastStep));
}

describe('the admin sign-in asks for a code from an authenticator app', () => {
  it('sets an app up at the first sign-in: the QR code and the key, then a code of it begins the session', async () => {
    const admin = await aNewAdmin();
    const first = await login('admin', admin.email);
    expect(first.status).toBe(200);
    const challenge = first.body.result;
    expect(challenge).toEqual({
      challenge: 'mfa_setup',
      mfa_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 900,
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/Spaces%20Admin:admin-[^?]+\?/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    const uri = new URL(challenge.otpauth_uri);
    expect(uri.searchParams.get('secret')).toBe(challenge.secret);
    expect(uri.searchParams.get('issuer')).toBe('Spaces Admin');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Spaces Admin:${admin.email}`);

    const done = await answer('admin', challenge.mfa_token, await freshCode(challenge.secret));
    expect(done.status).toBe(200);
    expect(done.body.result).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    expect((await call('GET', '/admin/me', { token: done.body.result.access_token })).status).toBe(200);

    // The secret is kept sealed, never as it was shown.
    const item = (await getAdmin(admin.id))!;
    expect(item.mfa_secret).toMatch(/^v1\.local\./);
    expect(item.mfa_secret).not.toContain(challenge.secret);
    expect(item.mfa_enabled_at).toEqual(expect.any(String));
    const listed = await call('GET', `/admin/admins/${admin.id}`, { token: await signedInAs('Super Admin') });
    expect(listed.body.result.mfa_enabled).toBe(true);
    // The next sign-in asks for a code of that secret.
    const next = await login('admin', admin.email);
    expect(next.body.result).toEqual({
      challenge: 'mfa_code',
      mfa_token: expect.any(String),
      expires_in: 300,
      otpauth_uri: null,
      secret: null,
    });
  });

  it('refuses a wrong code with a clear message and signs in with the right one', async () => {
    const admin = await anAdmin();
    const challenge = (await login('admin', admin.email)).body.result;
    const { secret } = (await secondFactorOf('admin', admin.email))!;
    const valid = new Set([-1, 0, 1].map((d) => codeFor(secret, currentStep() + d)));
    const wrong = await answer(
      'admin',
      challenge.mfa_token,
      ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: wrongCodeMessage });
    // The sign-in waits on; its lockout count is the e-mail's.
    const done = await signInWithCode(admin.email);
    expect(done.status).toBe(200);
  });

  it('takes each code once, and no code of a step long past', async () => {
    const admin = await anAdmin();
    const factor = (await secondFactorOf('admin', admin.email))!;
    const code = await freshCode(factor.secret, factor.lastStep);
    const first = await answer('admin', (await login('admin', admin.email)).body.result.mfa_token, code);
    expect(first.status).toBe(200);
    const replayed = await answer('admin', (await login('admin', admin.email)).body.result.mfa_token, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: usedCodeMessage });
    const stale = codeFor(factor.secret, currentStep() - 3);
    const old = await answer('admin', (await login('admin', admin.email)).body.result.mfa_token, stale);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: wrongCodeMessage });
  });

  it('answers a challenge once, and refuses one that has expired while its item is still there', async () => {
    const admin = await anAdmin();
    const token = (await login('admin', admin.email)).body.result.mfa_token as string;
    await db()
      .entities.signInChallenge.patch({ token_hash: challengeHash(token) })
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .go();
    const factor = (await secondFactorOf('admin', admin.email))!;
    const late = await answer('admin', token, await freshCode(factor.secret, factor.lastStep));
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: expiredMessage });
    const { data } = await db()
      .entities.signInChallenge.get({ token_hash: challengeHash(token) })
      .go();
    expect(data).not.toBeNull();

    const fresh = (await login('admin', admin.email)).body.result.mfa_token as string;
    expect((await answer('admin', fresh, await freshCode(factor.secret, factor.lastStep))).status).toBe(200);
    const again = await answer('admin', fresh, await freshCode(factor.secret, currentStep() + 1));
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: expiredMessage });
    expect((await answer('admin', 'no-such-sign-in', '123456')).body).toEqual({ message: expiredMessage });
    // Nor does a challenge of one area answer in the other.
    const other = (await login('admin', admin.email)).body.result.mfa_token as string;
    expect((await answer('client', other, '123456')).body).toEqual({ message: expiredMessage });
  });

  it('refuses a sign-in begun before the sessions ended (a logout, a reset)', async () => {
    const admin = await anAdmin();
    const token = (await login('admin', admin.email)).body.result.mfa_token as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await endSessions({ area: 'admin', ownerId: admin.id });
    const factor = (await secondFactorOf('admin', admin.email))!;
    const answered = await answer('admin', token, await freshCode(factor.secret, factor.lastStep));
    expect(answered.body).toEqual({ message: expiredMessage });
  });

  it('counts wrong codes toward the sign-in lock of the e-mail', async () => {
    const admin = await anAdmin();
    const { secret } = (await secondFactorOf('admin', admin.email))!;
    const token = (await login('admin', admin.email)).body.result.mfa_token as string;
    const valid = new Set([-1, 0, 1].map((d) => codeFor(secret, currentStep() + d)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => !valid.has(c));
    for (const code of wrong.slice(0, 5)) expect((await answer('admin', token, code)).status).toBe(401);
    const locked = await answer('admin', token, codeFor(secret, currentStep()));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect((await login('admin', admin.email)).status).toBe(429);
  });

  it('answers 422 with a message for a code that is not six digits, and for missing fields', async () => {
    const admin = await anAdmin();
    const token = (await login('admin', admin.email)).body.result.mfa_token as string;
    const letters = await answer('admin', token, '12ab56');
    expect(letters.status).toBe(422);
    expect(letters.body.message).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    const empty = await call('POST', '/admin/auth/mfa', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toEqual({ mfa_token: 'Field is required', code: 'Field is required' });
    const extra = await call('POST', '/admin/auth/mfa', { body: { mfa_token: token, code: '123456', x: 1 } });
    expect(extra.body.message).toEqual({ x: 'Unknown field' });
    // Spaces typed in the middle are dropped: '123 456' is a code.
    const spaced = await answer('admin', token, '123 456');
    expect(spaced.status).toBe(401);
  });

  it("refuses a token Cognito issued for the password alone: an admin's session is the API's", async () => {
    const admin = await anAdmin();
    const cognito = await passwordAtCognito('admin', admin.id, password);
    const refused = await call('GET', '/admin/me', { token: cognito.accessToken });
    expect(refused.status).toBe(401);
    expect((await call('GET', '/admin/me', { token: admin.token })).status).toBe(200);
  });
});

describe('POST /admin/admins/{id}/mfa/reset', () => {
  it("takes another admin's app away, ends their sessions, and logs it; their next sign-in sets one up", async () => {
    const actor = await anAdmin();
    const target = await anAdmin();
    const reset = await call('POST', `/admin/admins/${target.id}/mfa/reset`, { token: actor.token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ result: null, message: 'Two-factor authentication reset' });
    expect((await call('GET', '/admin/me', { token: target.token })).status).toBe(401);
    expect((await getAdmin(target.id))!.mfa_secret).toBeUndefined();
    const shown = await call('GET', `/admin/admins/${target.id}`, { token: actor.token });
    expect(shown.body.result.mfa_enabled).toBe(false);
    expect((await login('admin', target.email)).body.result.challenge).toBe('mfa_setup');

    const log = await call('POST', `/admin/admins/${actor.id}/activityLog`, { token: actor.token, body: {} });
    expect(log.body.result[0]).toMatchObject({
      component: 'Admin',
      component_id: target.id,
      activity: 'Reset two-factor authentication of admin Ada Admin',
    });
  });

  it('refuses one’s own (403), a client user (403), and an unknown admin (404)', async () => {
    const actor = await anAdmin();
    const own = await call('POST', `/admin/admins/${actor.id}/mfa/reset`, { token: actor.token });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: 'You cannot reset your own two-factor authentication' });
    const client = await call('POST', `/admin/admins/${actor.id}/mfa/reset`, {
      token: await signedInAs('Account Admin'),
    });
    expect(client.status).toBe(403);
    const unknown = await call('POST', `/admin/admins/${ulid()}/mfa/reset`, { token: actor.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Admin user not found' });
    expect((await call('POST', '/admin/admins/not-an-id/mfa/reset', { token: actor.token })).status).toBe(
      404,
    );
    expect((await call('POST', `/admin/admins/${actor.id}/mfa/reset`)).status).toBe(401);
  });
});

describe('a client user turns two-factor authentication on and off from the profile', () => {
  it('sets up, turns on with a code (every session ends), then signs in with a code and refreshes', async () => {
    const { accountId, users } = await anAccount(['Venue Manager']);
    const user = users['Venue Manager']!;
    const setup = await call('POST', '/client/me/mfa/setup', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.result).toEqual({
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/Spaces:/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    const { secret } = setup.body.result;
    const wrong = await call('POST', '/client/me/mfa/enable', {
      token: user.token,
      body: { code: codeFor(secret, currentStep() - 3) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toEqual({ code: wrongCodeMessage });
    const code = await freshCode(secret);
    const enabled = await call('POST', '/client/me/mfa/enable', { token: user.token, body: { code } });
    expect(enabled.status).toBe(200);
    expect((await call('GET', '/client/me', { token: user.token })).status).toBe(401);

    const challenge = (await login('client', user.email)).body.result;
    expect(challenge.challenge).toBe('mfa_code');
    expect((await answer('client', challenge.mfa_token, code)).body).toEqual({ message: usedCodeMessage });
    const factor = (await secondFactorOf('client', user.email))!;
    const challenge2 = (await login('client', user.email)).body.result;
    const done = await answer(
      'client',
      challenge2.mfa_token,
      await freshCode(factor.secret, factor.lastStep),
    );
    expect(done.status).toBe(200);
    const cookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith('spaces_refresh='))
      ?.split(';')[0];
    expect(cookie).toMatch(/^spaces_refresh=api\./);
    const me = await call('GET', '/client/me', { token: done.body.result.access_token });
    expect(me.body.result.mfa_enabled).toBe(true);
    const refreshed = await call('POST', '/client/auth/refresh', { headers: { cookie: cookie! } });
    expect(refreshed.status).toBe(200);
    // Cognito's token for the password alone is no session of theirs any more.
    const cognito = await passwordAtCognito('client', clientUsername(accountId, user.id), password);
    expect((await call('GET', '/client/me', { token: cognito.accessToken })).status).toBe(401);

    const log = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${accountId}` })
      .go();
    expect(log.data.map((entry) => entry.activity)).toContain('Turned on two-factor authentication');
  });

  it('turns it off with a current code; the next sign-in needs none', async () => {
    const { users } = await anAccount(['Viewer']);
    const user = users.Viewer!;
    const { secret } = (await call('POST', '/client/me/mfa/setup', { token: user.token })).body.result;
    await call('POST', '/client/me/mfa/enable', {
      token: user.token,
      body: { code: await freshCode(secret) },
    });
    const factor = (await secondFactorOf('client', user.email))!;
    const challenge = (await login('client', user.email)).body.result;
    const token = (await answer('client', challenge.mfa_token, await freshCode(secret, factor.lastStep))).body
      .result.access_token as string;

    const bad = await call('POST', '/client/me/mfa/disable', { token, body: { code: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual({ code: 'Enter the 6-digit code from your authenticator app' });
    const wrong = await call('POST', '/client/me/mfa/disable', {
      token,
      body: { code: codeFor(secret, currentStep() - 3) },
    });
    expect(wrong.body.message).toEqual({ code: wrongCodeMessage });
    const last = (await secondFactorOf('client', user.email))!.lastStep;
    const off = await call('POST', '/client/me/mfa/disable', {
      token,
      body: { code: await freshCode(secret, last) },
    });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Two-factor authentication is off');
    expect((await call('GET', '/client/me', { token })).body.result.mfa_enabled).toBe(false);
    expect((await login('client', user.email)).body.result).toMatchObject({ token_type: 'bearer' });
  });

  it('answers 409 out of order, 403 to an admin or while acting as the user, 401 without a session', async () => {
    const { users } = await anAccount(['Event Coordinator']);
    const user = users['Event Coordinator']!;
    const early = await call('POST', '/client/me/mfa/enable', {
      token: user.token,
      body: { code: '123456' },
    });
    expect(early.status).toBe(409);
    expect(
      (await call('POST', '/client/me/mfa/disable', { token: user.token, body: { code: '123456' } })).status,
    ).toBe(409);
    const admin = await signedInAs('Super Admin');
    expect((await call('POST', '/client/me/mfa/setup', { token: admin })).status).toBe(403);
    const acting = await call('GET', `/admin/impersonate/${user.id}`, { token: admin });
    const asUser = await call('POST', '/client/me/mfa/setup', { token: acting.body.result.access_token });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({
      message: 'The two-factor authentication cannot be changed while acting as the user',
    });
    expect((await call('POST', '/client/me/mfa/setup')).status).toBe(401);
    const empty = await call('POST', '/client/me/mfa/enable', { token: user.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toEqual({ code: 'Field is required' });
  });
});
