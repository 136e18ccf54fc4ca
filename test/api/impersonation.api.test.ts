import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { clientUsername, signApiToken } from '@core/auth/tokens';
import { anAccount, anAdmin, call, password, signedInAs, signIn } from '../support/api';

/**
 * A super admin acting as an account user (docs/product/admin-and-auth.md §4, §7): a client token the
 * API signs, an hour at most, naming the admin (RFC 8693 `act`), taken by every client route,
 * logged with both people, unable to change the password or PIN, and ended by the user's logout.
 */
const impersonate = async (userId: string, token?: string) =>
  call('GET', `/admin/impersonate/${userId}`, { token: token ?? (await signedInAs('Super Admin')) });

async function aSession() {
  const { accountId, users } = await anAccount(['Account Admin', 'Venue Manager']);
  const user = users['Venue Manager']!;
  const admin = await anAdmin();
  const answer = await impersonate(user.id, admin.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { accountId, user, admin, token: answer.body.result.access_token as string };
}

describe('GET /admin/impersonate/{id}', () => {
  it('answers a client token of at most an hour, naming the admin, and logs the impersonation', async () => {
    const { user, admin, token } = await aSession();
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: user.id, act: { sub: admin.id }, token_use: 'access' });
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);

    const { data } = await db().entities.activity.query.byActor({ actor_id: admin.id }).go();
    expect(data).toEqual([
      expect.objectContaining({
        scope: 'PLATFORM',
        component: 'User',
        component_id: user.id,
        activity: 'Impersonated Venue Tester',
        actor: expect.objectContaining({ email: admin.email, user_role: 'Super Admin' }),
      }),
    ]);
  });

  it('is taken by client routes as the user; /client/me names the admin', async () => {
    const { accountId, user, admin, token } = await aSession();
    const me = await call('GET', '/client/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({
      id: user.id,
      email: user.email,
      user_role: 'Venue Manager',
      account: { id: accountId },
      impersonated_by: { id: admin.id, email: admin.email },
    });
    const own = await call('GET', '/client/me', { token: user.token });
    expect(own.body.result.impersonated_by).toBeNull();
    expect((await call('GET', '/client/aboutMe', { token })).status).toBe(200);
    // It is a client token: the admin area refuses it.
    expect((await call('GET', '/admin/me', { token })).status).toBe(403);
  });

  it('logs a change made with it with both people', async () => {
    const { accountId, user, admin, token } = await aSession();
    const saved = await call('POST', '/client/profileChange', {
      token,
      body: { first_name: 'Venus', last_name: 'Tester' },
    });
    expect(saved.status).toBe(200);
    const { data } = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${accountId}` })
      .go();
    expect(data.find((entry) => entry.component_id === user.id)).toMatchObject({
      actor_id: user.id,
      actor: { email: user.email, user_role: 'Venue Manager' },
      impersonator: { id: admin.id, email: admin.email },
      activity: 'Updated own profile',
    });
  });

  it('cannot change the password or the PIN (403)', async () => {
    const { token, user } = await aSession();
    const change = await call('POST', '/client/passwordChange', {
      token,
      body: { current_password: password, password: 'Other1234', password_confirmation: 'Other1234' },
    });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe('The password cannot be changed while acting as the user');
    const pin = await call('GET', '/client/resetPIN', { token });
    expect(pin.status).toBe(403);
    expect(pin.body.message).toBe('The PIN cannot be changed while acting as the user');
    // The user's own session can.
    expect((await call('GET', '/client/resetPIN', { token: user.token })).status).toBe(200);
  });

  it("ends with the user's logout, and its own logout ends only itself", async () => {
    const first = await aSession();
    const ownSession = await signIn('client', first.user.email, password);
    expect((await call('POST', '/client/auth/logout', { token: ownSession })).status).toBe(200);
    const ended = await call('GET', '/client/me', { token: first.token });
    expect(ended.status).toBe(401);

    const second = await aSession();
    expect((await call('POST', '/client/auth/logout', { token: second.token })).status).toBe(200);
    expect((await call('GET', '/client/me', { token: second.token })).status).toBe(401);
    expect((await call('GET', '/client/me', { token: second.user.token })).status).toBe(200);
  });

  it("ends with the admin's logout", async () => {
    const { admin, token } = await aSession();
    expect((await call('GET', '/client/me', { token })).status).toBe(200);
    await call('POST', '/admin/auth/logout', { token: admin.token });
    expect((await call('GET', '/client/me', { token })).status).toBe(401);
  });

  it('refuses forged, tampered, expired and unadmitted tokens (401)', async () => {
    const { accountId, user, admin, token } = await aSession();
    const [header, payload, signature] = token.split('.');
    const claims = decodeJwt(token);
    const other = await anAccount(['Account Admin']);
    const tampered = `${header}.${Buffer.from(
      JSON.stringify({ ...claims, username: `${other.accountId}.${other.users['Account Admin']!.id}` }),
    ).toString('base64url')}.${signature}`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-key-that-is-not-the-session-secret-at-all'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const now = Math.floor(Date.now() / 1000);
    const sign = (issuedAt: number, jti: string) =>
      signApiToken({
        area: 'client',
        username: clientUsername(accountId, user.id),
        subject: user.id,
        actorId: admin.id,
        jti,
        issuedAt,
      });
    const expired = await sign(now - 3700, claims.jti!);
    const unadmitted = await sign(now, ulid());
    for (const [what, bad] of Object.entries({ tampered, forged, unsigned, expired, unadmitted })) {
      expect((await call('GET', '/client/me', { token: bad })).status, what).toBe(401);
    }
    expect((await call('GET', '/client/me', { token })).status).toBe(200);
  });

  it('answers 409 for an inactive user, 404 for an unknown one, 403 to a client', async () => {
    const { users } = await anAccount(['Account Admin', 'Viewer']);
    const viewer = users.Viewer!;
    const admin = await signedInAs('Super Admin');
    await call('GET', `/admin/users/${viewer.id}/Inactive`, { token: admin });
    const inactive = await impersonate(viewer.id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe('This user is inactive');
    expect((await impersonate('01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await impersonate(users['Account Admin']!.id, users['Account Admin']!.token)).status).toBe(403);
  });

  it("answers 409 when the user's account is inactive", async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    await call('GET', `/admin/account/${accountId}/Inactive`, { token: await signedInAs('Super Admin') });
    const answer = await impersonate(users['Account Admin']!.id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("The user's account is inactive");
  });
});
