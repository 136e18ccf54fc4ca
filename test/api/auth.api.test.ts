import { db } from '@core/table/entities';
import { anAccount, anAdmin, call, mailTo, password, resetLinkIn, signedInAs } from '../support/api';
import { signInWithCode } from '../support/second-factor';
import { credentials, demoUsers } from '../../infra/local/seed';

const refreshCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('spaces_refresh='))
    ?.split(';')[0];

describe('POST /{area}/auth/login', () => {
  it('signs a client user in with a bearer token and a refresh cookie', async () => {
    const answer = await call('POST', '/client/auth/login', { body: credentials(demoUsers.owner) });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    expect(answer.body.result.expires_in).toBeGreaterThan(0);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('spaces_refresh='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it('answers the super admin with the challenge of a second factor, not a session', async () => {
    const answer = await call('POST', '/admin/auth/login', {
      body: { email: 'ADMIN@spaces.test ', password: 'Admin1234' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      challenge: expect.stringMatching(/^mfa_(setup|code)$/),
      mfa_token: expect.any(String),
    });
    expect(answer.body.result).not.toHaveProperty('access_token');
    // test/api/second-factor.api.test.ts takes it from there.
  });

  it('answers 401 alike for a wrong password and an unknown e-mail', async () => {
    const wrong = await call('POST', '/client/auth/login', {
      body: { email: demoUsers.manager.email, password: 'Wrong1234' },
    });
    const unknown = await call('POST', '/client/auth/login', {
      body: { email: 'nobody@demo.test', password: 'Wrong1234' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Incorrect e-mail or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('does not let a client user in through the admin login, nor the reverse', async () => {
    expect((await call('POST', '/admin/auth/login', { body: credentials(demoUsers.owner) })).status).toBe(
      401,
    );
    expect((await call('POST', '/client/auth/login', { body: credentials(demoUsers.admin) })).status).toBe(
      401,
    );
  });

  it("answers 422 with the spec's messages for bad input, and 400 for a body that is not JSON", async () => {
    const empty = await call('POST', '/client/auth/login', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toEqual({ email: 'Field is required', password: 'Field is required' });
    const notEmail = await call('POST', '/client/auth/login', { body: { email: 'owner', password: 'x' } });
    expect(notEmail.body.message).toEqual({ email: 'Field should be an email address' });
    const broken = await call('POST', '/client/auth/login', { rawBody: '{"email":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('locks an e-mail for a while after five failures, even for the right password', async () => {
    const { users } = await anAccount(['Viewer']);
    const email = users.Viewer!.email;
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', '/client/auth/login', { body: { email, password: 'Wrong1234' } })).status,
      ).toBe(401);
    }
    const locked = await call('POST', '/client/auth/login', { body: { email, password } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('checks at most five of 30 wrong passwords sent at once, refuses the rest, then the right one too', async () => {
    const { users } = await anAccount(['Viewer']);
    const email = users.Viewer!.email;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/client/auth/login', { body: { email, password: `Wrong${1000 + i}` } }),
      ),
    );
    const judged = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(judged.length + refused.length).toBe(answers.length);
    expect(judged.length).toBe(5);
    for (const answer of judged) expect(answer.body.message).toBe('Incorrect e-mail or password');
    for (const answer of refused)
      expect(answer.body.message).toMatch(
        /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/,
      );
    const locked = await call('POST', '/client/auth/login', { body: { email, password } });
    expect(locked.status).toBe(429);
  });

  it('refuses an inactive user at sign-in and on the next request', async () => {
    const { accountId, users } = await anAccount(['Venue Manager']);
    const user = users['Venue Manager']!;
    await db()
      .entities.user.patch({ account_id: accountId, user_id: user.id })
      .set({ status: 'Inactive' })
      .go();
    const login = await call('POST', '/client/auth/login', { body: { email: user.email, password } });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: 'Your user is inactive' });
    const me = await call('GET', '/client/me', { token: user.token });
    expect(me.status).toBe(401);
  });

  it('refuses every user of an inactive account', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    await db().entities.account.patch({ account_id: accountId }).set({ status: 'Inactive' }).go();
    expect((await call('GET', '/client/me', { token: users['Account Admin']!.token })).status).toBe(401);
    const login = await call('POST', '/client/auth/login', {
      body: { email: users['Account Admin']!.email, password },
    });
    expect(login.body).toEqual({ message: 'Your account is inactive' });
  });
});

describe('tokens and areas', () => {
  it('answers 401 without a token or with a token that is not one of ours', async () => {
    expect((await call('GET', '/client/me')).status).toBe(401);
    expect((await call('GET', '/client/me', { token: 'not.a.token' })).status).toBe(401);
  });

  it('answers 403 to a client token on admin routes and to an admin token on client routes', async () => {
    const admin = await call('GET', '/admin/me', { token: await signedInAs('Account Admin') });
    expect(admin.status).toBe(403);
    const client = await call('GET', '/client/me', { token: await signedInAs('Super Admin') });
    expect(client.status).toBe(403);
  });
});

describe('logout and refresh', () => {
  it('refreshes a client session from its cookie, and ends it on logout', async () => {
    const { users } = await anAccount(['Account Admin']);
    const login = await call('POST', '/client/auth/login', {
      body: { email: users['Account Admin']!.email, password },
    });
    const cookie = refreshCookieOf(login.headers)!;
    const token = login.body.result.access_token as string;

    const refreshed = await call('POST', '/client/auth/refresh', { headers: { cookie } });
    expect(refreshed.status).toBe(200);
    expect((await call('GET', '/client/me', { token: refreshed.body.result.access_token })).status).toBe(200);

    const logout = await call('POST', '/client/auth/logout', { token, headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(logout.body.message).toBe('Logged out');
    expect(refreshCookieOf(logout.headers)).toBe('spaces_refresh=');
    expect((await call('GET', '/client/me', { token })).status).toBe(401);
    expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses an admin token on the client logout', async () => {
    const answer = await call('POST', '/client/auth/logout', { token: await signedInAs('Super Admin') });
    expect(answer.status).toBe(403);
  });

  it('answers 401 to a refresh without a cookie', async () => {
    const answer = await call('POST', '/client/auth/refresh');
    expect(answer.status).toBe(401);
  });

  it('ends an admin session on logout, and refuses a client token there', async () => {
    const { token } = await anAdmin();
    expect(
      (await call('POST', '/admin/auth/logout', { token: await signedInAs('Account Admin') })).status,
    ).toBe(403);
    expect((await call('POST', '/admin/auth/logout', { token })).status).toBe(200);
    expect((await call('GET', '/admin/me', { token })).status).toBe(401);
  });
});

describe('password recovery and reset', () => {
  it('e-mails a reset link that sets a new password once', async () => {
    const { users } = await anAccount(['Event Coordinator']);
    const email = users['Event Coordinator']!.email;
    const recovery = await call('POST', '/client/auth/recovery', { body: { email } });
    expect(recovery.status).toBe(200);
    expect(recovery.body.message).toMatch(/link to reset the password/);

    const [mail] = await mailTo(email);
    expect(mail?.subject).toBe('Reset your Spaces password');
    // Token and e-mail only in the fragment, which no server and no Referer sees.
    const { url: link, token, email: linkEmail } = resetLinkIn(mail!.html!);
    expect(`${link.pathname}${link.search}`).toBe('/password-reset');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(linkEmail).toBe(email);

    const mismatch = await call('POST', '/client/auth/reset', {
      body: { email, token, password: 'Newpass123', password_confirmation: 'Other1234' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toEqual({ password_confirmation: 'Field should be same as Password' });
    const weak = await call('POST', '/client/auth/reset', {
      body: { email, token, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.body.message.password).toBe(
      'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
    );

    const reset = await call('POST', '/client/auth/reset', {
      body: { email, token, password: 'Newpass123', password_confirmation: 'Newpass123' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset success');
    expect(
      (await call('POST', '/client/auth/login', { body: { email, password: 'Newpass123' } })).status,
    ).toBe(200);
    expect((await call('POST', '/client/auth/login', { body: { email, password } })).status).toBe(401);

    const again = await call('POST', '/client/auth/reset', {
      body: { email, token, password: 'Another123', password_confirmation: 'Another123' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This password reset link is invalid or has expired');
  });

  it('answers an unknown address alike and sends nothing', async () => {
    const answer = await call('POST', '/client/auth/recovery', { body: { email: 'ghost@nowhere.test' } });
    expect(answer.status).toBe(200);
    expect(await mailTo('ghost@nowhere.test')).toEqual([]);
    const bad = await call('POST', '/client/auth/recovery', { body: { email: 'ghost' } });
    expect(bad.body.message).toEqual({ email: 'Field should be an email address' });
  });

  it('links admins to the admin reset page', async () => {
    await call('POST', '/admin/auth/recovery', { body: { email: demoUsers.admin.email } });
    const mails = await mailTo(demoUsers.admin.email);
    const { url: link, email } = resetLinkIn(mails.at(-1)!.html!);
    expect(`${link.pathname}${link.search}`).toBe('/admin/password-reset');
    expect(email).toBe(demoUsers.admin.email);
    const wrongToken = await call('POST', '/admin/auth/reset', {
      body: {
        email: demoUsers.admin.email,
        token: 'forged',
        password: 'Admin9999',
        password_confirmation: 'Admin9999',
      },
    });
    expect(wrongToken.status).toBe(400);
  });
});

describe('POST /{area}/passwordChange', () => {
  it('changes the password after checking the current one, and ends the session', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { email, token } = users['Account Admin']!;
    const wrong = await call('POST', '/client/passwordChange', {
      token,
      body: { current_password: 'Wrong1234', password: 'Changed123', password_confirmation: 'Changed123' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toEqual({ current_password: 'The current password is incorrect' });
    await new Promise((r) => setTimeout(r, 1000));
    const changed = await call('POST', '/client/passwordChange', {
      token,
      body: { current_password: password, password: 'Changed123', password_confirmation: 'Changed123' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password changed');
    expect((await call('GET', '/client/me', { token })).status).toBe(401);
    expect(
      (await call('POST', '/client/auth/login', { body: { email, password: 'Changed123' } })).status,
    ).toBe(200);
  });

  it('refuses the other area and bad input', async () => {
    const body = { current_password: 'Admin1234', password: 'Admin5678', password_confirmation: 'Admin5678' };
    expect(
      (await call('POST', '/admin/passwordChange', { token: await signedInAs('Account Admin'), body }))
        .status,
    ).toBe(403);
    const empty = await call('POST', '/admin/passwordChange', {
      token: await signedInAs('Super Admin'),
      body: {},
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatchObject({
      current_password: 'Field is required',
      password: 'Field is required',
    });
  });
});

describe('sessions end exactly', () => {
  const issuedAt = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;
  const login = async (area: 'client' | 'admin', email: string) => {
    const answer = await signInWithCode((path, body) => call('POST', path, { body }), area, email, password);
    expect(answer.status).toBe(200);
    return { token: answer.body.result.access_token as string, cookie: refreshCookieOf(answer.headers) };
  };

  /**
   * Runs `scenario` until its tokens before and after the end of sessions carry the same
   * whole-second `iat` (at most three tries), so the second itself is what is tested.
   */
  async function withinOneSecond(scenario: () => Promise<{ before: string; after: string }>) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = Date.now();
      const { before, after } = await scenario();
      if (issuedAt(before) === issuedAt(after) && Date.now() - started < 1000) return;
    }
    throw new Error('Could not run the scenario within one second three times');
  }

  it('logout refuses every token issued before it, even in the same second, and admits a new sign-in', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { email } = users['Account Admin']!;
    await withinOneSecond(async () => {
      const first = await login('client', email);
      const second = await login('client', email); // another device
      expect((await call('POST', '/client/auth/logout', { token: first.token })).status).toBe(200);
      const after = await login('client', email);
      expect((await call('GET', '/client/me', { token: first.token })).status).toBe(401);
      expect((await call('GET', '/client/me', { token: second.token })).status).toBe(401);
      // The other device cannot bring its session back with its refresh token either.
      const refreshed = await call('POST', '/client/auth/refresh', { headers: { cookie: second.cookie! } });
      expect(refreshed.status).toBe(401);
      expect((await call('GET', '/client/me', { token: after.token })).status).toBe(200);
      // A refresh of the session that began after the logout is admitted too.
      const renewed = await call('POST', '/client/auth/refresh', { headers: { cookie: after.cookie! } });
      expect(renewed.status).toBe(200);
      expect((await call('GET', '/client/me', { token: renewed.body.result.access_token })).status).toBe(200);
      return { before: second.token, after: after.token };
    });
  });

  it('a password change refuses the tokens before it in the same second; signing in with the new one works', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { email } = users['Account Admin']!;
    let current = password;
    await withinOneSecond(async () => {
      const next = current === password ? 'Changed1234' : password;
      const before = await login('client', email).catch(async () => ({
        token: (await call('POST', '/client/auth/login', { body: { email, password: current } })).body.result
          .access_token as string,
        cookie: undefined,
      }));
      const change = await call('POST', '/client/passwordChange', {
        token: before.token,
        body: { current_password: current, password: next, password_confirmation: next },
      });
      expect(change.status).toBe(200);
      current = next;
      const answer = await call('POST', '/client/auth/login', { body: { email, password: next } });
      expect(answer.status).toBe(200);
      const after = answer.body.result.access_token as string;
      expect((await call('GET', '/client/me', { token: before.token })).status).toBe(401);
      expect((await call('GET', '/client/me', { token: after })).status).toBe(200);
      return { before: before.token, after };
    });
  });

  it('an admin logout refuses the tokens before it in the same second and admits a new sign-in', async () => {
    // A new admin for each try: each code is good once, and a try takes two (docs/decisions.md).
    const admins = [await anAdmin(), await anAdmin(), await anAdmin()];
    await withinOneSecond(async () => {
      const { email } = admins.pop()!;
      const before = await login('admin', email);
      expect((await call('POST', '/admin/auth/logout', { token: before.token })).status).toBe(200);
      const after = await login('admin', email);
      expect((await call('GET', '/admin/me', { token: before.token })).status).toBe(401);
      expect((await call('GET', '/admin/me', { token: after.token })).status).toBe(200);
      return { before: before.token, after: after.token };
    });
  });
});
