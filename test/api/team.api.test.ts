import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { anAccount, anEmail, aPackage, call, password, signedInAs, signIn } from '../support/api';

/**
 * The Account section of the client area (docs/product/client-area.md §2 "Account management", §5, §7):
 * the Account Admin's own account, its users and its activity log, always the signed-in user's
 * account. Every other role is refused (403); another account's user is not found (404).
 */

const newUser = (fields: Record<string, unknown> = {}) => ({
  first_name: 'Vera',
  last_name: 'Venue',
  email: anEmail('vera'),
  password,
  user_role: 'Venue Manager',
  cell_no: '+44 7700 900123',
  ...fields,
});

describe('PUT /client/account', () => {
  it('saves the Account Admin’s account, shown in their header, with "Success"', async () => {
    const { users } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    const body = { name: 'Harbour Halls', address: '1 Quay Street', city: 'Portsmouth', country: 'UK' };
    const answer = await call('PUT', '/client/account', { token, body: { ...body, zipcode: 'PO1 2AB' } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Success');
    expect(answer.body.result).toMatchObject({ ...body, zipcode: 'PO1 2AB', state: null });
    const me = (await call('GET', '/client/me', { token })).body.result;
    expect(me.account).toMatchObject({ name: 'Harbour Halls', address: '1 Quay Street', zipcode: 'PO1 2AB' });

    // A blanked optional field is cleared.
    await call('PUT', '/client/account', { token, body: { ...body, zipcode: '' } });
    expect((await call('GET', '/client/me', { token })).body.result.account.zipcode).toBeNull();
  });

  it('answers the spec’s messages for what is missing or too long', async () => {
    const { users } = await anAccount(['Account Admin']);
    const answer = await call('PUT', '/client/account', {
      token: users['Account Admin']!.token,
      body: { name: 'x'.repeat(31), address: '', city: 'y'.repeat(26) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      name: 'Field should be less than 30 characters',
      address: 'Field is required',
      city: 'Field should be less than 25 characters',
      country: 'Field is required',
    });
  });

  it('is for the Account Admin only', async () => {
    const { users } = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    const body = { name: 'Taken over', address: 'a', city: 'b', country: 'c' };
    for (const role of ['Venue Manager', 'Event Coordinator', 'Viewer'] as const) {
      const answer = await call('PUT', '/client/account', { token: users[role]!.token, body });
      expect(answer.status, role).toBe(403);
    }
    const me = (await call('GET', '/client/me', { token: users['Account Admin']!.token })).body.result;
    expect(me.account.name).not.toBe('Taken over');
  });
});

describe('users of the account', () => {
  it('adds a user who can sign in, lists and reads them; the activity log has the change', async () => {
    const { users, accountId } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    const body = newUser();
    const created = await call('POST', '/client/newuser', { token, body });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('User created');
    const user = created.body.result;
    expect(user).toMatchObject({
      account_id: accountId,
      email: body.email,
      user_role: 'Venue Manager',
      status: 'Active',
      cell_no: '+44 7700 900123',
    });
    expect(user.pin_number).toMatch(/^\d{4}$/);

    const list = (await call('GET', '/client/allusers', { token })).body.result;
    expect(list.map((u: { id: string }) => u.id)).toContain(user.id);
    expect(list[0].id).toBe(user.id); // newest first
    expect((await call('GET', `/client/user/${user.id}`, { token })).body.result).toEqual(user);

    const managerToken = await signIn('client', body.email, password);
    expect((await call('GET', '/client/me', { token: managerToken })).body.result.user_role).toBe(
      'Venue Manager',
    );

    const log = (await call('GET', '/client/activityLog', { token })).body.result;
    expect(log.data[0]).toMatchObject({
      component: 'User',
      component_id: user.id,
      activity: expect.stringContaining('Vera Venue'),
      user: { first_name: 'Account', user_role: 'Account Admin', photo_uri: null, photo_url: null },
    });
  });

  it('answers the spec’s messages: required fields, e-mail, password rule, lengths, PIN', async () => {
    const { users } = await anAccount(['Account Admin']);
    const answer = await call('POST', '/client/newuser', {
      token: users['Account Admin']!.token,
      body: {
        first_name: '',
        last_name: 'l'.repeat(31),
        email: 'not-an-email',
        password: 'short',
        user_role: '',
        phone_no: '1'.repeat(21),
        pin_number: '12345',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatchObject({
      first_name: 'Field is required',
      last_name: 'Field should be less than 30 characters',
      email: 'Field should be an email address',
      password:
        'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
      user_role: 'Field is required',
      phone_no: 'Field should be less than 20 characters',
    });
    expect(answer.body.message.pin_number).toBeDefined();
  });

  it('requires the last name here (docs/product/client-area.md §5), where the admin area does not', async () => {
    const { users, accountId } = await anAccount(['Account Admin', 'Viewer']);
    const token = users['Account Admin']!.token;
    const { last_name: _left, ...withoutLastName } = newUser();
    const created = await call('POST', '/client/newuser', { token, body: withoutLastName });
    expect(created.status).toBe(422);
    expect(created.body.message).toEqual({ last_name: 'Field is required' });
    const blank = await call('POST', '/client/newuser', { token, body: newUser({ last_name: '  ' }) });
    expect(blank.body.message).toEqual({ last_name: 'Field is required' });

    const viewer = users.Viewer!;
    const fields = { first_name: 'Viewer', email: viewer.email, user_role: 'Viewer' };
    const changed = await call('PUT', `/client/user/${viewer.id}`, { token, body: fields });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toEqual({ last_name: 'Field is required' });
    const tooLong = await call('PUT', `/client/user/${viewer.id}`, {
      token,
      body: { ...fields, last_name: 'l'.repeat(31) },
    });
    expect(tooLong.body.message).toEqual({ last_name: 'Field should be less than 30 characters' });

    // The admin area's rules stay as its spec has them: no last name needed.
    const admin = await signedInAs('Super Admin');
    const byAdmin = await call('POST', `/admin/account/${accountId}/users`, {
      token: admin,
      body: withoutLastName,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.result.last_name).toBeNull();
    expect((await call('PUT', `/admin/users/${viewer.id}`, { token: admin, body: fields })).status).toBe(200);
  });

  it('keeps e-mails unique in the client area and PINs unique in the account (409)', async () => {
    const { users } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    const first = (await call('POST', '/client/newuser', { token, body: newUser({ pin_number: '4321' }) }))
      .body.result;
    const sameEmail = await call('POST', '/client/newuser', { token, body: newUser({ email: first.email }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toEqual({ email: 'This e-mail address is already in use' });
    const samePin = await call('POST', '/client/newuser', { token, body: newUser({ pin_number: '4321' }) });
    expect(samePin.status).toBe(409);
    expect(samePin.body.message).toEqual({ pin_number: 'This PIN is already in use' });
  });

  it("takes only the package's roles, and Account Admins within its limit", async () => {
    const packageId = await aPackage({
      allowed_user_roles: ['Account Admin', 'Venue Manager'],
      admin_limit: 2,
    });
    const { users } = await anAccount(['Account Admin'], { packageId });
    const token = users['Account Admin']!.token;
    const viewer = await call('POST', '/client/newuser', { token, body: newUser({ user_role: 'Viewer' }) });
    expect(viewer.status).toBe(422);
    expect(viewer.body.message.user_role).toBe(
      "This account's package allows only these roles: Account Admin, Venue Manager",
    );
    const second = await call('POST', '/client/newuser', {
      token,
      body: newUser({ user_role: 'Account Admin' }),
    });
    expect(second.status).toBe(200);
    const third = await call('POST', '/client/newuser', {
      token,
      body: newUser({ user_role: 'Account Admin' }),
    });
    expect(third.status).toBe(422);
    expect(third.body.message).toEqual({ user_role: 'This package allows at most 2 active Account Admins' });
    // Promoting a manager is bound by the same limit.
    const manager = (await call('POST', '/client/newuser', { token, body: newUser() })).body.result;
    const promote = await call('PUT', `/client/user/${manager.id}`, {
      token,
      body: { ...newUser({ email: manager.email, user_role: 'Account Admin' }), password: undefined },
    });
    expect(promote.status).toBe(422);
  });

  it('changes a user with "User updated"; an e-mail change moves their sign-in', async () => {
    const { users } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    const user = (await call('POST', '/client/newuser', { token, body: newUser() })).body.result;
    const email = anEmail('renamed');
    const answer = await call('PUT', `/client/user/${user.id}`, {
      token,
      body: {
        first_name: 'Vicky',
        last_name: 'Venue',
        email,
        user_role: 'Event Coordinator',
        pin_number: '0042',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User updated');
    expect(answer.body.result).toMatchObject({
      first_name: 'Vicky',
      email,
      user_role: 'Event Coordinator',
      pin_number: '0042',
      cell_no: null,
    });
    await expect(signIn('client', email, password)).resolves.toEqual(expect.any(String));
  });

  it("lets the Account Admin set another user's password, which ends that user's sessions", async () => {
    const { users } = await anAccount(['Account Admin', 'Event Coordinator']);
    const token = users['Account Admin']!.token;
    const coordinator = users['Event Coordinator']!;
    const current = (await call('GET', `/client/user/${coordinator.id}`, { token })).body.result;
    const fields = {
      first_name: current.first_name,
      last_name: current.last_name,
      email: current.email,
      user_role: current.user_role,
    };
    const mismatch = await call('PUT', `/client/user/${coordinator.id}`, {
      token,
      body: { ...fields, password: 'NewPass99', password_confirmation: 'NewPass98' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toEqual({ password_confirmation: 'Field should be same as Password' });

    const answer = await call('PUT', `/client/user/${coordinator.id}`, {
      token,
      body: { ...fields, password: 'NewPass99', password_confirmation: 'NewPass99' },
    });
    expect(answer.status).toBe(200);
    expect((await call('GET', '/client/me', { token: coordinator.token })).status).toBe(401);
    await expect(signIn('client', coordinator.email, password)).rejects.toThrow(/401|400/);
    await expect(signIn('client', coordinator.email, 'NewPass99')).resolves.toEqual(expect.any(String));
  });

  it('refuses the Account Admin’s own password here (403): that is changed from the profile', async () => {
    const { users } = await anAccount(['Account Admin']);
    const owner = users['Account Admin']!;
    const me = (await call('GET', `/client/user/${owner.id}`, { token: owner.token })).body.result;
    const answer = await call('PUT', `/client/user/${owner.id}`, {
      token: owner.token,
      body: {
        first_name: me.first_name,
        last_name: me.last_name,
        email: me.email,
        user_role: me.user_role,
        password: 'NewPass99',
        password_confirmation: 'NewPass99',
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: 'Change your own password from your profile' });
    // Nothing changed: the session goes on, and the old password still signs in.
    expect((await call('GET', '/client/me', { token: owner.token })).status).toBe(200);
    await expect(signIn('client', owner.email, 'NewPass99')).rejects.toThrow();
    await expect(signIn('client', owner.email, password)).resolves.toEqual(expect.any(String));
  });

  it('deactivates a user, who is signed out at their next request and cannot sign in', async () => {
    const { users } = await anAccount(['Account Admin', 'Venue Manager']);
    const token = users['Account Admin']!.token;
    const manager = users['Venue Manager']!;
    const answer = await call('GET', `/client/user/${manager.id}/Inactive`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.result.status).toBe('Inactive');
    expect((await call('GET', '/client/me', { token: manager.token })).status).toBe(401);
    await expect(signIn('client', manager.email, password)).rejects.toThrow();
    expect((await call('GET', `/client/user/${manager.id}/Active`, { token })).body.result.status).toBe(
      'Active',
    );
    await expect(signIn('client', manager.email, password)).resolves.toEqual(expect.any(String));
  });

  it('refuses a change of your own status (403) and leaves the last active Account Admin in place (409)', async () => {
    const { users, owner } = await anAccount(['Account Admin', 'Venue Manager']);
    const token = users['Account Admin']!.token;
    const own = await call('GET', `/client/user/${owner.id}/Inactive`, { token });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own status');

    // A second Account Admin may not demote or deactivate the last other one either.
    const second = (
      await call('POST', '/client/newuser', { token, body: newUser({ user_role: 'Account Admin' }) })
    ).body.result;
    const secondToken = await signIn('client', second.email, password);
    expect((await call('GET', `/client/user/${owner.id}/Inactive`, { token: secondToken })).status).toBe(200);
    const last = await call('GET', `/client/user/${second.id}/Inactive`, { token: secondToken });
    expect(last.status).toBe(403);
    const me = (await call('GET', '/client/me', { token: secondToken })).body.result;
    const demote = await call('PUT', `/client/user/${second.id}`, {
      token: secondToken,
      body: {
        first_name: me.first_name,
        last_name: me.last_name,
        email: me.email,
        user_role: 'Venue Manager',
      },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toEqual({
      user_role: 'The account must keep at least one active Account Admin',
    });
    expect((await call('GET', '/client/me', { token: secondToken })).body.result.user_role).toBe(
      'Account Admin',
    );
  });

  it('gives a user a new PIN, unique in the account', async () => {
    const { users } = await anAccount(['Account Admin', 'Viewer']);
    const token = users['Account Admin']!.token;
    const viewer = users.Viewer!;
    const before = (await call('GET', `/client/user/${viewer.id}`, { token })).body.result.pin_number;
    const answer = await call('GET', `/client/user/${viewer.id}/resetPIN`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.result.pin_number).toMatch(/^\d{4}$/);
    expect(answer.body.result.pin_number).not.toBe(before);
    expect((await call('GET', `/client/user/${viewer.id}`, { token })).body.result.pin_number).toBe(
      answer.body.result.pin_number,
    );
  });

  it('refuses every user route to the roles without the account permission (403)', async () => {
    const { users, owner } = await anAccount([
      'Account Admin',
      'Venue Manager',
      'Event Coordinator',
      'Viewer',
    ]);
    for (const role of ['Venue Manager', 'Event Coordinator', 'Viewer'] as const) {
      const token = users[role]!.token;
      const answers = await Promise.all([
        call('GET', '/client/allusers', { token }),
        call('GET', `/client/user/${owner.id}`, { token }),
        call('POST', '/client/newuser', { token, body: newUser() }),
        call('PUT', `/client/user/${owner.id}`, { token, body: newUser({ email: owner.email }) }),
        call('GET', `/client/user/${owner.id}/Inactive`, { token }),
        call('GET', `/client/user/${owner.id}/resetPIN`, { token }),
        call('GET', '/client/activityLog', { token }),
        call('POST', '/client/activityLog', { token, body: {} }),
      ]);
      expect(
        answers.map((a) => a.status),
        role,
      ).toEqual(Array(8).fill(403));
    }
  });

  it("does not find another account's user (404), and changes nothing of theirs", async () => {
    const mine = await anAccount(['Account Admin']);
    const theirs = await anAccount(['Account Admin', 'Viewer']);
    const token = mine.users['Account Admin']!.token;
    const viewer = theirs.users.Viewer!;
    const answers = await Promise.all([
      call('GET', `/client/user/${viewer.id}`, { token }),
      call('PUT', `/client/user/${viewer.id}`, {
        token,
        body: { first_name: 'Hijacked', last_name: 'Hijacked', email: viewer.email, user_role: 'Viewer' },
      }),
      call('GET', `/client/user/${viewer.id}/Inactive`, { token }),
      call('GET', `/client/user/${viewer.id}/resetPIN`, { token }),
      call('GET', `/client/activityLog?user_id=${viewer.id}`, { token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    const list = (await call('GET', '/client/allusers', { token })).body.result;
    expect(list.map((u: { id: string }) => u.id)).not.toContain(viewer.id);
    const theirView = (
      await call('GET', `/client/user/${viewer.id}`, { token: theirs.users['Account Admin']!.token })
    ).body.result;
    expect(theirView).toMatchObject({ first_name: 'Viewer', status: 'Active' });
  });
});

describe('GET and POST /client/activityLog', () => {
  it('lists the account’s changes newest first, by user, in pages with a cursor', async () => {
    const { users } = await anAccount(['Account Admin', 'Venue Manager']);
    const token = users['Account Admin']!.token;
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await call('POST', '/client/newuser', { token, body: newUser({ first_name: `U${i}` }) })).body
          .result,
      );
    }
    const all = (await call('GET', '/client/activityLog', { token })).body.result;
    expect(all.data.slice(0, 3).map((e: { component_id: string }) => e.component_id)).toEqual(
      made.map((u) => u.id).toReversed(),
    );
    expect(all.next_cursor).toBeNull();
    // The same by POST, narrowed to the manager (who has changed nothing).
    const byManager = await call('POST', '/client/activityLog', {
      token,
      body: { user_id: users['Venue Manager']!.id },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body.result).toEqual({ data: [], next_cursor: null });
  });

  it('pages a large log: 100 entries a page, the cursor leading to the rest', async () => {
    const { users } = await anAccount(['Account Admin', 'Viewer']);
    const token = users['Account Admin']!.token;
    const viewer = users.Viewer!;
    // 101 changes: PIN refreshes are the cheapest change with an entry of its own.
    for (let i = 0; i < 101; i++) {
      expect((await call('GET', `/client/user/${viewer.id}/resetPIN`, { token })).status).toBe(200);
    }
    const first = (await call('GET', '/client/activityLog', { token })).body.result;
    expect(first.data).toHaveLength(100);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await call('GET', `/client/activityLog?cursor=${encodeURIComponent(first.next_cursor)}`, { token })
    ).body.result;
    // The first refresh (the account and its viewer were made by a super admin: the platform's log).
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const ids = new Set([...first.data, ...second.data].map((e: { id: string }) => e.id));
    expect(ids.size).toBe(101);
    expect(second.data[0].time <= first.data.at(-1).time).toBe(true);
  });

  it("refuses a cursor into another account's log", async () => {
    const mine = await anAccount(['Account Admin', 'Viewer']);
    const theirs = await anAccount(['Account Admin', 'Viewer']);
    const key = {
      pk: `ACCOUNT#${theirs.accountId}#ACTIVITY#`,
      sk: `${new Date().toISOString()}#01J00000000000000000000000#`,
    };
    const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
    const answer = await call('GET', `/client/activityLog?cursor=${cursor}`, {
      token: mine.users['Account Admin']!.token,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      cursor: 'This page of the list is not known. Start from the first page',
    });
  });

  it('answers a signed URL of each entry’s user photo', async () => {
    const { users, accountId } = await anAccount(['Account Admin']);
    const owner = users['Account Admin']!;
    const photo = `accounts/${accountId}/users/${owner.id}/profile-photo/${ulid()}`;
    for (const activity of ['Changed one thing', 'Changed another']) {
      await db()
        .entities.activity.create({
          scope: `ACCOUNT#${accountId}`,
          activity_id: ulid(),
          actor_id: owner.id,
          actor: { first_name: 'Pia', last_name: 'Photo', user_role: 'Account Admin', photo_uri: photo },
          component: 'User',
          component_id: owner.id,
          activity,
          time: new Date().toISOString(),
        })
        .go();
    }
    const log = (await call('GET', '/client/activityLog', { token: owner.token })).body.result;
    const withPhoto = log.data.filter(
      (entry: { user: { photo_uri: string | null } }) => entry.user.photo_uri,
    );
    expect(withPhoto).toHaveLength(2);
    for (const entry of withPhoto) {
      expect(entry.user.photo_uri).toBe(photo);
      const url = new URL(entry.user.photo_url);
      expect(url.pathname).toContain(photo);
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('defaults to the last 30 days, today included', async () => {
    const { users, accountId } = await anAccount(['Account Admin']);
    const owner = users['Account Admin']!;
    const day = 86_400_000;
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
    for (const [days, activity] of [
      [29, '29 days ago'],
      [30, '30 days ago'],
    ] as const) {
      await db()
        .entities.activity.create({
          scope: `ACCOUNT#${accountId}`,
          activity_id: ulid(),
          actor_id: owner.id,
          actor: { first_name: 'Ada' },
          component: 'User',
          component_id: owner.id,
          activity,
          time: new Date(today - days * day).toISOString(),
        })
        .go();
    }
    const log = (await call('GET', '/client/activityLog?time_zone=UTC', { token: owner.token })).body.result;
    const activities = log.data.map((entry: { activity: string }) => entry.activity);
    expect(activities).toContain('29 days ago');
    expect(activities).not.toContain('30 days ago');
  });

  it('checks the dates: the end not before the start, at most 366 days, real dates and zones', async () => {
    const { users } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    const backwards = await call('GET', '/client/activityLog?from_date=2026-05-02&to_date=2026-05-01', {
      token,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.message).toEqual({ to_date: 'The end date must not be before the start date' });
    const tooLong = await call('POST', '/client/activityLog', {
      token,
      body: { from_date: '2025-01-01', to_date: '2026-06-01' },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toEqual({ to_date: 'The range may span at most 366 days' });
    // 366 days counting both ends: 2025-01-01 … 2026-01-01 is; one day more is not.
    const longest = await call('GET', '/client/activityLog?from_date=2025-01-01&to_date=2026-01-01', {
      token,
    });
    expect(longest.status).toBe(200);
    const oneMore = await call('GET', '/client/activityLog?from_date=2025-01-01&to_date=2026-01-02', {
      token,
    });
    expect(oneMore.status).toBe(422);
    expect(oneMore.body.message).toEqual({ to_date: 'The range may span at most 366 days' });
    const zone = await call('GET', '/client/activityLog?time_zone=Mars%2FOlympus', { token });
    expect(zone.status).toBe(422);
    expect(zone.body.message).toEqual({ time_zone: 'Field should be a time zone such as Europe/London' });
  });

  it('reads the days in the caller’s time zone', async () => {
    const { users } = await anAccount(['Account Admin']);
    const token = users['Account Admin']!.token;
    await call('POST', '/client/newuser', { token, body: newUser() });
    // Today in Kiribati (UTC+14) is already tomorrow in UTC for part of the day, and a day in
    // Kiribati that ended before now holds nothing made just now.
    const kiribatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const inZone = await call(
      'GET',
      `/client/activityLog?from_date=${kiribatiToday}&to_date=${kiribatiToday}&time_zone=Pacific/Kiritimati`,
      { token },
    );
    expect(inZone.status).toBe(200);
    expect(inZone.body.result.data.length).toBeGreaterThanOrEqual(1);
    const yesterday = new Date(Date.parse(`${kiribatiToday}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const before = await call(
      'GET',
      `/client/activityLog?from_date=${yesterday}&to_date=${yesterday}&time_zone=Pacific/Kiritimati`,
      { token },
    );
    expect(before.body.result.data).toEqual([]);
  });
});
