import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import type { CustomFetch } from 'openid-client';
import { inject } from 'vitest';
import { API_BASE } from '../../functions/routes';
import { brokerConfiguration, verifiedIdentity } from '../../functions/services/social';
import { demoUsers } from '../../infra/local/seed';
import { anAccount, call, signedInAs, tableSnapshot } from '../support/api';
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

  it('matches a later sign-in by the provider subject, even after the e-mail address changed', async () => {
    const admin = await signedInAs('Super Admin');
    const { users } = await anAccount(['Account Admin', 'Event Coordinator']);
    const coordinator = users['Event Coordinator']!;
    const first = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: coordinator.email })).body,
    );
    expect(first.status).toBe(200);

    const renamed = `renamed-${coordinator.email}`;
    const changed = await call('PUT', `/admin/users/${coordinator.id}`, {
      token: admin,
      body: { first_name: 'Event', last_name: 'Tester', email: renamed, user_role: 'Event Coordinator' },
    });
    expect(changed.status).toBe(200);
    // Google still knows the old address under the same subject: the link made at the first sign-in holds.
    const again = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'google', email: coordinator.email })).body,
    );
    expect(again.status).toBe(200);
    const me = await call('GET', '/client/me', { token: again.body.result.access_token });
    expect(me.body.result).toMatchObject({ id: coordinator.id, email: renamed });
    // Another provider has no such link, and the old address belongs to nobody now.
    const microsoft = await socialLogin(
      'client',
      (await codeFor({ area: 'client', provider: 'microsoft', email: coordinator.email })).body,
    );
    expect(microsoft.status).toBe(401);
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
