import { clientUsername } from '@core/auth/tokens';
import { anAccount, anAdmin, call, mailTo, password, resetLinkIn, signedInAs } from '../support/api';
import { passwordAtCognito, refreshAtCognito } from '../support/cognito';
import { signInWithCode } from '../support/second-factor';

/**
 * Every session is the API's own (docs/architecture.md "Sign-in"): Cognito checks passwords and
 * nothing more. Someone who asks the user pool directly, with a person's password or with a
 * refresh token taken from a session, gets tokens the API refuses, before and after that person's
 * sessions end, and cannot reach around the sign-in lock. (In AWS the app clients are
 * confidential as well, so Cognito itself refuses them: test/infra/auth-stack.infra.test.ts.)
 */

const refreshCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('spaces_refresh='))
    ?.split(';')[0];

async function login(area: 'client' | 'admin', email: string, pass = password) {
  const answer = await signInWithCode((path, body) => call('POST', path, { body }), area, email, pass);
  expect(answer.status).toBe(200);
  return { token: answer.body.result.access_token as string, cookie: refreshCookieOf(answer.headers) };
}

const me = async (area: 'client' | 'admin', token: string) =>
  (await call('GET', `/${area}/me`, { token })).status;
const refresh = async (cookie: string) =>
  (await call('POST', '/client/auth/refresh', { headers: { cookie } })).status;

/** Past the second of a session end and the clocks' margin (functions/core/auth/session-rule.ts). */
const laterThanTheEnd = () => new Promise((resolve) => setTimeout(resolve, 2_100));

/** A password reset through the e-mailed link, as the person would do it. */
async function resetPassword(email: string, next: string) {
  expect((await call('POST', '/client/auth/recovery', { body: { email } })).status).toBe(200);
  const [mail] = await mailTo(email);
  const { token } = resetLinkIn(mail!.html!);
  const reset = await call('POST', '/client/auth/reset', {
    body: { email, token, password: next, password_confirmation: next },
  });
  expect(reset.status).toBe(200);
}

describe('tokens got from Cognito directly', () => {
  const ends: Array<
    [
      string,
      (user: { id: string; email: string }, session: { token: string; cookie?: string }) => Promise<void>,
    ]
  > = [
    [
      'a logout',
      async (_user, session) => {
        const logout = await call('POST', '/client/auth/logout', {
          token: session.token,
          headers: { cookie: session.cookie! },
        });
        expect(logout.status).toBe(200);
      },
    ],
    [
      'a password change',
      async (_user, session) => {
        const change = await call('POST', '/client/passwordChange', {
          token: session.token,
          body: { current_password: password, password: 'Changed1234', password_confirmation: 'Changed1234' },
        });
        expect(change.status).toBe(200);
      },
    ],
    ['a password reset', async (user) => resetPassword(user.email, 'Reset12345')],
    [
      'a deactivation (and a reactivation after it)',
      async (user) => {
        const admin = await signedInAs('Super Admin');
        expect((await call('GET', `/admin/users/${user.id}/Inactive`, { token: admin })).status).toBe(200);
        expect((await call('GET', `/admin/users/${user.id}/Active`, { token: admin })).status).toBe(200);
      },
    ],
  ];

  it.each(ends)(
    "are refused for a client user before and after %s, which ends the user's own session",
    async (_name, end) => {
      const { accountId, users } = await anAccount(['Venue Manager']);
      const user = users['Venue Manager']!;
      const session = await login('client', user.email);
      const taken = await passwordAtCognito('client', clientUsername(accountId, user.id), password);

      expect(await me('client', taken.accessToken)).toBe(401);
      expect(await me('client', await refreshAtCognito('client', taken.refreshToken))).toBe(401);
      expect(await me('client', session.token)).toBe(200);
      expect(await refresh(session.cookie!)).toBe(200);

      await end(user, session);
      await laterThanTheEnd();
      expect(await me('client', await refreshAtCognito('client', taken.refreshToken))).toBe(401);
      expect(await me('client', session.token)).toBe(401);
      expect(await refresh(session.cookie!)).toBe(401);
    },
  );

  it('are refused for a super admin before and after a logout', async () => {
    const admin = await anAdmin();
    const taken = await passwordAtCognito('admin', admin.id, password);
    expect(await me('admin', taken.accessToken)).toBe(401);
    expect(await me('admin', await refreshAtCognito('admin', taken.refreshToken))).toBe(401);
    expect(await me('admin', admin.token)).toBe(200);

    expect((await call('POST', '/admin/auth/logout', { token: admin.token })).status).toBe(200);
    await laterThanTheEnd();
    expect(await me('admin', await refreshAtCognito('admin', taken.refreshToken))).toBe(401);
    expect(await me('admin', admin.token)).toBe(401);
  });

  it.each(['client', 'admin'] as const)(
    'do not reach around the sign-in lock of the %s area',
    async (area) => {
      const person: { email: string; username: string } =
        area === 'admin'
          ? await anAdmin().then((admin) => ({ email: admin.email, username: admin.id }))
          : await anAccount(['Venue Manager']).then(({ accountId, users }) => ({
              email: users['Venue Manager']!.email,
              username: clientUsername(accountId, users['Venue Manager']!.id),
            }));
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await call('POST', `/${area}/auth/login`, {
          body: { email: person.email, password: 'Wrong1234' },
        });
        expect(wrong.status).toBe(401);
      }
      // The password, found by asking the pool directly, gives no session.
      const taken = await passwordAtCognito(area, person.username, password);
      expect(await me(area, taken.accessToken)).toBe(401);
      const locked = await call('POST', `/${area}/auth/login`, { body: { email: person.email, password } });
      expect(locked.status).toBe(429);
    },
  );
});
