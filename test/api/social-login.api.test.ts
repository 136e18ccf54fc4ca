import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import type { CustomFetch } from 'openid-client';
import { inject } from 'vitest';
import { API_BASE } from '@shared/api/routes';
import { brokerConfiguration, verifiedIdentity } from '../../functions/auth/social-sign-in';
import { demoUsers } from '../../infra/local/seed';
import { anAccount, anAdmin, call, password, signIn, signedInAs, tableSnapshot } from '../support/api';
import { codeForChallenge } from '../support/second-factor';
import { socialCode, type SocialAttempt } from '../support/social';

/**
 * Social sign-in through the local OpenID provider, which stands in for the user pools' Cognito
 * domain: the codes are real, obtained as the login page's popup obtains them.
 */
const apiBase = () => `${inject('baseUrl')}${API_BASE}`;
const codeFor = (attempt: SocialAttempt) => socialCode(apiBase(), attempt);
const socialLogin = (area: 'client' | 'admin', body: unknown) =>
  call('POST', `/${area}/auth/socialLogin`, { body });
const refreshCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('spaces_refresh='))
    ?.split(';')[0];

describe('GET /{area}/auth/social', () => {
  it('tells each login page its providers and where to start', async () => {
    const client = await call('GET', '/client/auth/social');
    expect(client.status).toBe(200);
    expect(client.body.result).toMatchObject({
      providers: ['google', 'facebook', 'microsoft', 'linkedin'],
      scope: 'openid email profile',
    });
    expect(client.body.result.authorization_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    const admin = await call('GET', '/admin/auth/social');
    expect(admin.body.result.providers).toEqual(['google']);
    expect(admin.body.result.client_id).not.toBe(client.body.result.client_id);
  });
});

describe('POST /client/auth/socialLogin', () => {
  it.each(['google', 'facebook', 'microsoft', 'linkedin'] as const)(
    'signs the demo owner in with %s: a session like a password sign-in, refreshed and ended alike',
    async (provider) => {
      const { body } = await codeFor({ area: 'client', provider, email: demoUsers.owner.email });
      const answer = await socialLogin('client', body);
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      const token = answer.body.result.access_token as string;
      const me = await call('GET', '/client/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.result.email).toBe(demoUsers.owner.email);

      const cookie = refreshCookieOf(answer.headers)!;
      expect(cookie).toMatch(/^spaces_refresh=.+/);
      const refreshed = await call('POST', '/client/auth/refresh', { headers: { cookie } });
      expect(refreshed.status).toBe(200);
      const renewed = refreshed.body.result.access_token as string;
      expect((await call('GET', '/client/me', { token: renewed })).status).toBe(200);

      expect((await call('POST', '/client/auth/logout', { token, headers: { cookie } })).status).toBe(200);
      expect((await call('GET', '/client/me', { token })).status).toBe(401);
      expect((await call('GET', '/client/me', { token: renewed })).status).toBe(401);
      expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(401);
    },
  );

  it('refuses a code used twice (401) and a code sent with another PKCE verifier or nonce', async () => {
    const { body } = await codeFor({ area: 'client', provider: 'google', email: demoUsers.manager.email });
    expect((await socialLogin('client', body)).status).toBe(200);
    const replayed = await socialLogin('client', body);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe('The sign-in could not be completed. Please try again');

    const other = await codeFor({ area: 'client', provider: 'google', email: demoUsers.manager.email });
    const wrongVerifier = { ...other.body, code_verifier: 'x'.repeat(43) };
    expect((await socialLogin('client', wrongVerifier)).status).toBe(401);
    const third = await codeFor({ area: 'client', provider: 'google', email: demoUsers.manager.email });
    expect((await socialLogin('client', { ...third.body, nonce: 'not-the-nonce-of-this-code' })).status).toBe(
      401,
    );
  });

  it('refuses an unknown or unverified e-mail address with its message, and writes nothing', async () => {
    const unknown = await codeFor({ area: 'client', provider: 'microsoft', email: 'nobody@example.test' });
    const unverified = await codeFor({
      area: 'client',
      provider: 'facebook',
      email: demoUsers.owner.email,
      verified: false,
    });
    const before = await tableSnapshot();
    const noUser = await socialLogin('client', unknown.body);
    expect(noUser.status).toBe(401);
    expect(noUser.body.message).toBe(
      'There is no Spaces user with the e-mail address nobody@example.test. Ask your administrator to add you',
    );
    const notVerified = await socialLogin('client', unverified.body);
    expect(notVerified.status).toBe(401);
    expect(notVerified.body.message).toBe(
      'Facebook did not share a verified e-mail address, so it cannot be used to sign in',
    );
    const googleUnverified = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: demoUsers.owner.email, verified: false }))
        .body,
    );
    expect(googleUnverified.status).toBe(401);
    expect(googleUnverified.body.message).toBe(
      'Google did not share a verified e-mail address, so it cannot be used to sign in',
    );
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses an inactive user and a user of an inactive account (403)', async () => {
    const admin = await signedInAs('Super Admin');
    const { accountId, users } = await anAccount(['Account Admin', 'Venue Manager']);
    const manager = users['Venue Manager']!;
    await call('GET', `/admin/users/${manager.id}/Inactive`, { token: admin });
    const inactiveUser = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: manager.email })).body,
    );
    expect(inactiveUser.status).toBe(403);
    expect(inactiveUser.body.message).toBe('Your user is inactive');

    await call('GET', `/admin/account/${accountId}/Inactive`, { token: admin });
    const owner = users['Account Admin']!;
    const inactiveAccount = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: owner.email })).body,
    );
    expect(inactiveAccount.status).toBe(403);
    expect(inactiveAccount.body.message).toBe('Your account is inactive');
  });

  it('refuses a code of another provider than the one named (401)', async () => {
    const { body } = await codeFor({
      area: 'client',
      provider: 'linkedin',
      brokerProvider: 'google',
      email: demoUsers.owner.email,
    });
    expect((await socialLogin('client', body)).status).toBe(401);
  });

  it.each([
    ['a super admin', '/admin/users'],
    ['the Account Admin', '/client/user'],
  ] as const)(
    "unlinks a user's social sign-ins when %s changes their e-mail address: the sign-in and its sessions end, logged",
    async (editor, path) => {
      const admin = await signedInAs('Super Admin');
      const { users } = await anAccount(['Account Admin', 'Event Coordinator']);
      const coordinator = users['Event Coordinator']!;
      const first = await socialLogin(
        'client',
        (await codeFor({ area: 'client', provider: 'google', email: coordinator.email })).body,
      );
      expect(first.status).toBe(200);
      const googleToken = first.body.result.access_token as string;
      const cookie = refreshCookieOf(first.headers)!;
      const listed = await call('GET', '/client/me/sign-ins', { token: googleToken });
      expect(listed.body.result).toEqual([
        { provider: 'google', email: coordinator.email, linked_at: expect.any(String) },
      ]);

      const renamed = `renamed-${coordinator.email}`;
      const changed = await call('PUT', `${path}/${coordinator.id}`, {
        token: editor === 'a super admin' ? admin : users['Account Admin']!.token,
        body: { first_name: 'Event', last_name: 'Tester', email: renamed, user_role: 'Event Coordinator' },
      });
      expect(changed.status).toBe(200);
      // The Google account belonged to whoever had the old address: it signs nobody in now,
      // and the session it began has ended.
      const again = await socialLogin(
        'client',
        (await codeFor({ area: 'client', provider: 'google', email: coordinator.email })).body,
      );
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(
        `There is no Spaces user with the e-mail address ${coordinator.email}. Ask your administrator to add you`,
      );
      expect((await call('GET', '/client/me', { token: googleToken })).status).toBe(401);
      expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(401);
      // The password goes on, and the profile lists no linked sign-in.
      const byPassword = await signIn('client', renamed, password);
      expect((await call('GET', '/client/me/sign-ins', { token: byPassword })).body.result).toEqual([]);
      // Logged where the editor's changes are: the account's log, or the super admin's.
      const adminId = (await call('GET', '/admin/me', { token: admin })).body.result.id as string;
      const log =
        editor === 'a super admin'
          ? (await call('POST', `/admin/admins/${adminId}/activityLog`, { token: admin, body: {} })).body
              .result
          : (await call('GET', '/client/activityLog', { token: users['Account Admin']!.token })).body.result
              .data;
      expect(
        log.find((entry: { component_id: string }) => entry.component_id === coordinator.id),
      ).toMatchObject({
        component: 'User',
        component_id: coordinator.id,
        activity: 'Updated user Event Tester and unlinked their Google sign-in',
      });
      // The new address's owner may link their own Google account.
      const theirs = await socialLogin(
        'client',
        (await codeFor({ area: 'client', provider: 'google', email: renamed })).body,
      );
      expect(theirs.status).toBe(200);
    },
  );

  it('matches a later sign-in by the provider subject after the person changed their own e-mail address', async () => {
    const { users } = await anAccount(['Account Admin']);
    const owner = users['Account Admin']!;
    expect(
      (
        await socialLogin(
          'client',
          (await codeFor({ area: 'client', provider: 'microsoft', email: owner.email })).body,
        )
      ).status,
    ).toBe(200);
    const renamed = `renamed-${owner.email}`;
    const changed = await call('PUT', `/client/user/${owner.id}`, {
      token: owner.token,
      body: { first_name: 'Account', last_name: 'Tester', email: renamed, user_role: 'Account Admin' },
    });
    expect(changed.status).toBe(200);
    // Microsoft still knows the old address under the same subject: the person's own link holds.
    const again = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'microsoft', email: owner.email })).body,
    );
    expect(again.status).toBe(200);
    const me = await call('GET', '/client/me', { token: again.body.result.access_token });
    expect(me.body.result).toMatchObject({ id: owner.id, email: renamed });
  });

  it('answers 422 with the field messages for a malformed request', async () => {
    const answer = await socialLogin('client', { token: '', provider: 'myspace', code_verifier: 'short' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      token: 'Field is required',
      provider: 'Invalid value',
      code_verifier: 'Invalid value',
      nonce: 'Field is required',
    });
  });
});

describe('POST /admin/auth/socialLogin', () => {
  it('signs the super admin in with Google and a code from their app, and the session ends at logout', async () => {
    const { body } = await codeFor({ area: 'admin', provider: 'google', email: demoUsers.admin.email });
    const answer = await socialLogin('admin', body);
    expect(answer.status).toBe(200);
    // Google is the first factor: the code of the authenticator app comes next, as after a password.
    const challenge = answer.body.result;
    expect(challenge).toMatchObject({ challenge: expect.stringMatching(/^mfa_(code|setup)$/) });
    expect(challenge).not.toHaveProperty('access_token');
    const done = await call('POST', '/admin/auth/mfa', {
      body: {
        mfa_token: challenge.mfa_token,
        code: await codeForChallenge('admin', demoUsers.admin.email, challenge),
      },
    });
    expect(done.status).toBe(200);
    const token = done.body.result.access_token as string;
    const me = await call('GET', '/admin/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.result.email).toBe(demoUsers.admin.email);
    // A client route refuses the admin's session, as it does a password sign-in's.
    expect((await call('GET', '/client/me', { token })).status).toBe(403);
    expect((await call('POST', '/admin/auth/logout', { token })).status).toBe(200);
    expect((await call('GET', '/admin/me', { token })).status).toBe(401);
  });

  it('offers no provider but Google (422), and no client user signs in here (401)', async () => {
    const facebook = await codeFor({ area: 'client', provider: 'facebook', email: demoUsers.admin.email });
    const refused = await socialLogin('admin', facebook.body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual({ provider: 'Sign-in with Facebook is not available here' });

    const client = await codeFor({ area: 'admin', provider: 'google', email: demoUsers.owner.email });
    const notAnAdmin = await socialLogin('admin', client.body);
    expect(notAnAdmin.status).toBe(401);
  });
});

describe('GET and DELETE /client/me/sign-ins', () => {
  it('lists the own linked sign-ins and unlinks one: its sessions end, it signs in no more, logged', async () => {
    const { users } = await anAccount(['Account Admin', 'Venue Manager']);
    const manager = users['Venue Manager']!;
    const google = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: manager.email })).body,
    );
    expect(google.status).toBe(200);
    const googleToken = google.body.result.access_token as string;
    const cookie = refreshCookieOf(google.headers)!;
    const facebook = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'facebook', email: manager.email })).body,
    );
    expect(facebook.status).toBe(200);

    const listed = await call('GET', '/client/me/sign-ins', { token: manager.token });
    expect(listed.status).toBe(200);
    expect(listed.body.result).toEqual([
      { provider: 'google', email: manager.email, linked_at: expect.any(String) },
      { provider: 'facebook', email: manager.email, linked_at: expect.any(String) },
    ]);

    const unlinked = await call('DELETE', '/client/me/sign-ins/google', { token: manager.token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ result: null, message: 'Google sign-in unlinked' });
    expect((await call('GET', '/client/me/sign-ins', { token: manager.token })).body.result).toEqual([
      { provider: 'facebook', email: manager.email, linked_at: expect.any(String) },
    ]);
    // The session Google began has ended; the password's and Facebook's go on.
    expect((await call('GET', '/client/me', { token: googleToken })).status).toBe(401);
    expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(401);
    expect((await call('GET', '/client/me', { token: manager.token })).status).toBe(200);
    expect((await call('GET', '/client/me', { token: facebook.body.result.access_token })).status).toBe(200);
    // The same Google account no longer signs in, even though its address is the user's.
    const again = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: manager.email })).body,
    );
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(
      'This Google sign-in was unlinked from your Spaces user, so it cannot be used to sign in',
    );
    expect((await call('DELETE', '/client/me/sign-ins/google', { token: manager.token })).status).toBe(404);

    const log = (await call('GET', '/client/activityLog', { token: users['Account Admin']!.token })).body
      .result;
    expect(log.data[0]).toMatchObject({
      component: 'User',
      component_id: manager.id,
      activity: `Unlinked their Google sign-in (${manager.email})`,
    });
  });

  it("never reaches another person's link (404), and refuses without a sign-in (401) or from the admin area (403)", async () => {
    const { users } = await anAccount(['Account Admin', 'Event Coordinator']);
    const owner = users['Account Admin']!;
    expect(
      (
        await socialLogin(
          'client',
          (await codeFor({ area: 'client', provider: 'microsoft', email: owner.email })).body,
        )
      ).status,
    ).toBe(200);
    const other = users['Event Coordinator']!;
    expect((await call('GET', '/client/me/sign-ins', { token: other.token })).body.result).toEqual([]);
    const notTheirs = await call('DELETE', '/client/me/sign-ins/microsoft', { token: other.token });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe('Microsoft sign-in not found');
    expect((await call('DELETE', '/client/me/sign-ins/myspace', { token: owner.token })).status).toBe(404);
    expect((await call('GET', '/client/me/sign-ins', { token: owner.token })).body.result).toHaveLength(1);

    expect((await call('GET', '/client/me/sign-ins')).status).toBe(401);
    expect((await call('DELETE', '/client/me/sign-ins/microsoft')).status).toBe(401);
    const admin = await signedInAs('Super Admin');
    expect((await call('GET', '/client/me/sign-ins', { token: admin })).status).toBe(403);
    expect((await call('DELETE', '/client/me/sign-ins/microsoft', { token: admin })).status).toBe(403);
    expect((await call('GET', '/admin/me/sign-ins', { token: owner.token })).status).toBe(403);
    expect((await call('DELETE', '/admin/me/sign-ins/google', { token: owner.token })).status).toBe(403);
    expect((await call('GET', '/client/me/sign-ins', { token: owner.token })).body.result).toHaveLength(1);
  });
});

describe('GET and DELETE /admin/me/sign-ins', () => {
  /** A fresh super admin signed in with Google and a code from their app: the session's token. */
  async function withGoogle(email: string): Promise<string> {
    const answer = await socialLogin(
      'admin',
      (await codeFor({ area: 'admin', provider: 'google', email })).body,
    );
    expect(answer.status).toBe(200);
    const challenge = answer.body.result;
    const done = await call('POST', '/admin/auth/mfa', {
      body: { mfa_token: challenge.mfa_token, code: await codeForChallenge('admin', email, challenge) },
    });
    expect(done.status).toBe(200);
    return done.body.result.access_token as string;
  }

  it("lists and unlinks an admin's own Google sign-in, and another admin's e-mail change unlinks it, logged", async () => {
    const ada = await anAdmin();
    const adaGoogle = await withGoogle(ada.email);
    const listed = await call('GET', '/admin/me/sign-ins', { token: adaGoogle });
    expect(listed.body.result).toEqual([
      { provider: 'google', email: ada.email, linked_at: expect.any(String) },
    ]);
    const unlinked = await call('DELETE', '/admin/me/sign-ins/google', { token: ada.token });
    expect(unlinked.body).toEqual({ result: null, message: 'Google sign-in unlinked' });
    expect((await call('GET', '/admin/me', { token: adaGoogle })).status).toBe(401);
    expect((await call('GET', '/admin/me', { token: ada.token })).status).toBe(200);
    expect((await call('GET', '/admin/me/sign-ins')).status).toBe(401);

    const bo = await anAdmin();
    const boGoogle = await withGoogle(bo.email);
    const renamed = `renamed-${bo.email}`;
    const changed = await call('PUT', `/admin/admins/${bo.id}`, {
      token: ada.token,
      body: { first_name: 'Ada', last_name: 'Admin', email: renamed },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/admin/me', { token: boGoogle })).status).toBe(401);
    const again = await socialLogin(
      'admin',
      (await codeFor({ area: 'admin', provider: 'google', email: bo.email })).body,
    );
    expect(again.status).toBe(401);
    const log = await call('POST', `/admin/admins/${ada.id}/activityLog`, { token: ada.token, body: {} });
    expect(log.body.result[0]).toMatchObject({
      component: 'Admin',
      component_id: bo.id,
      activity: 'Updated admin Ada Admin and unlinked their Google sign-in',
    });
  });
});

describe('the ID token', () => {
  /** The broker's answers as they reach the API, with the token endpoint's ID token rewritten. */
  const rewriting =
    (rewrite: (idToken: string) => Promise<string>): CustomFetch =>
    async (url, options) => {
      const answer = await fetch(url, options as RequestInit);
      if (!url.endsWith('/token')) return answer;
      const tokens = (await answer.json()) as { id_token: string };
      return Response.json(
        { ...tokens, id_token: await rewrite(tokens.id_token) },
        { status: answer.status },
      );
    };

  it('is accepted as the broker signed it', async () => {
    const { body } = await codeFor({ area: 'client', provider: 'google', email: demoUsers.owner.email });
    const identity = await verifiedIdentity(
      await brokerConfiguration(
        'client',
        rewriting(async (idToken) => idToken),
      ),
      body,
    );
    expect(identity).toMatchObject({ provider: 'google', email: demoUsers.owner.email, emailVerified: true });
  });

  it('is refused when signed with another key, or changed after signing (401)', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = async (idToken: string) =>
      new SignJWT({ ...decodeJwt(idToken), email: 'admin@spaces.test' })
        .setProtectedHeader(decodeProtectedHeader(idToken) as { alg: string })
        .sign(otherKey);
    const tampered = async (idToken: string) => {
      const [header, , signature] = idToken.split('.');
      const payload = { ...decodeJwt(idToken), email: 'admin@spaces.test' };
      return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    };
    for (const rewrite of [forged, tampered]) {
      const { body } = await codeFor({ area: 'client', provider: 'google', email: demoUsers.owner.email });
      const refused = await verifiedIdentity(
        await brokerConfiguration('client', rewriting(rewrite)),
        body,
      ).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 401 });
    }
  });
});
