import { db } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { aPackage, anAccount, anEmail, call, password, signedInAs, signIn } from '../support/api';

/**
 * The users of an account in the admin area (docs/product/admin-and-auth.md §2 "Account users screen", §5, §7
 * "Account users"): roles of the package, unique e-mail and PIN, the package's limit on
 * active Account Admins held by the account's counter.
 */
const admin = () => signedInAs('Super Admin');
const accountItem = async (id: string) => (await db().entities.account.get({ account_id: id }).go()).data!;
const totalUsers = async () =>
  (await call('GET', '/admin/dashboard', { token: await admin() })).body.result.total_users as number;

const newUser = (fields: Record<string, unknown> = {}) => ({
  first_name: 'Vera',
  last_name: 'Venue',
  email: anEmail('vera'),
  user_role: 'Venue Manager',
  phone_no: '555-0199',
  password,
  ...fields,
});

/** Adds a user through the API; answers the user. */
async function addUser(accountId: string, fields: Record<string, unknown> = {}) {
  const answer = await call('POST', `/admin/account/${accountId}/users`, {
    token: await admin(),
    body: newUser(fields),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

describe('POST /admin/account/{id}/users', () => {
  it('adds an active user who can sign in, with a PIN, and counts them', async () => {
    const { accountId } = await anAccount();
    const before = await totalUsers();
    const body = newUser();
    const answer = await call('POST', `/admin/account/${accountId}/users`, { token: await admin(), body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User created');
    expect(answer.body.result).toMatchObject({
      account_id: accountId,
      first_name: 'Vera',
      last_name: 'Venue',
      email: body.email,
      user_role: 'Venue Manager',
      phone_no: '555-0199',
      status: 'Active',
      created_source: 'admin',
    });
    expect(answer.body.result.pin_number).toMatch(/^\d{4}$/);
    expect(answer.body.result).not.toHaveProperty('password');
    expect(await totalUsers()).toBe(before + 1);
    expect(await accountItem(accountId)).toMatchObject({ total_users: 2, active_admins: 1 });
    const token = await signIn('client', body.email, password);
    expect((await call('GET', '/client/me', { token })).body.result.user_role).toBe('Venue Manager');
  });

  it('keeps e-mail addresses unique in the client area and PINs unique in the account (409)', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const other = await anAccount();
    const first = await addUser(accountId, { pin_number: '0421' });
    expect(first.pin_number).toBe('0421');

    const sameEmail = await call('POST', `/admin/account/${other.accountId}/users`, {
      token: await admin(),
      body: newUser({ email: users['Account Admin']!.email.toUpperCase() }),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toEqual({ email: 'This e-mail address is already in use' });

    const samePin = await call('POST', `/admin/account/${accountId}/users`, {
      token: await admin(),
      body: newUser({ pin_number: '0421' }),
    });
    expect(samePin.status).toBe(409);
    expect(samePin.body.message).toEqual({ pin_number: 'This PIN is already in use' });
    // Another account may have the same PIN.
    expect((await addUser(other.accountId, { pin_number: '0421' })).pin_number).toBe('0421');
    expect(await accountItem(accountId)).toMatchObject({ total_users: 2 });
  });

  it("takes only the roles of the account's package", async () => {
    const packageId = await aPackage({ allowed_user_roles: ['Account Admin', 'Event Coordinator'] });
    const { accountId } = await anAccount(['Account Admin'], { packageId });
    const answer = await call('POST', `/admin/account/${accountId}/users`, {
      token: await admin(),
      body: newUser({ user_role: 'Viewer' }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      user_role: "This account's package allows only these roles: Account Admin, Event Coordinator",
    });
    expect((await addUser(accountId, { user_role: 'Event Coordinator' })).user_role).toBe(
      'Event Coordinator',
    );
  });

  it("holds the package's limit of active Account Admins", async () => {
    const { accountId } = await anAccount(['Account Admin'], {
      packageId: await aPackage({ admin_limit: 2 }),
    });
    await addUser(accountId, { user_role: 'Account Admin' });
    const third = await call('POST', `/admin/account/${accountId}/users`, {
      token: await admin(),
      body: newUser({ user_role: 'Account Admin' }),
    });
    expect(third.status).toBe(422);
    expect(third.body.message).toEqual({ user_role: 'This package allows at most 2 active Account Admins' });
    expect(await accountItem(accountId)).toMatchObject({ total_users: 2, active_admins: 2 });
    // Other roles are not limited.
    await addUser(accountId, { user_role: 'Viewer' });
  });

  it('answers the spec’s messages, 404 for an unknown account, 403 to a client', async () => {
    const { accountId } = await anAccount();
    const token = await admin();
    const empty = await call('POST', `/admin/account/${accountId}/users`, { token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toEqual({
      first_name: 'Field is required',
      email: 'Field is required',
      user_role: 'Field is required',
      password: 'Field is required',
    });
    const wrong = await call('POST', `/admin/account/${accountId}/users`, {
      token,
      body: newUser({
        first_name: 'x'.repeat(31),
        email: 'nope',
        phone_no: '1'.repeat(21),
        pin_number: '12a4',
      }),
    });
    expect(wrong.body.message).toEqual({
      first_name: 'Field should be less than 30 characters',
      email: 'Field should be an email address',
      phone_no: 'Field should be less than 20 characters',
      pin_number: 'PIN must be 4 digits',
    });
    expect(
      (await call('POST', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/users', { token, body: newUser() }))
        .status,
    ).toBe(404);
    expect(
      (
        await call('POST', `/admin/account/${accountId}/users`, {
          token: await signedInAs('Account Admin'),
          body: newUser(),
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /admin/account/{id}/users, /admin/users/{id}, /admin/recentUsers', () => {
  it("lists an account's users newest first, and one user by id", async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const added = await addUser(accountId);
    const list = await call('GET', `/admin/account/${accountId}/users`, { token: await admin() });
    expect(list.status).toBe(200);
    expect(list.body.result.map((u: { id: string }) => u.id)).toEqual([added.id, users['Account Admin']!.id]);
    const one = await call('GET', `/admin/users/${added.id}`, { token: await admin() });
    expect(one.body.result).toEqual(added);
  });

  it("answers the newest users of every account with their account's name", async () => {
    const { accountId } = await anAccount();
    const added = await addUser(accountId);
    const recent = await call('GET', '/admin/recentUsers', { token: await admin() });
    expect(recent.body.result).toHaveLength(5);
    expect(recent.body.result[0]).toMatchObject({
      id: added.id,
      account: { id: accountId, name: (await accountItem(accountId)).name },
    });
  });

  it('answers the five newest users across the shards of the list, newest first', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const made: string[] = [users['Account Admin']!.id];
    // Users until they lie in three shards at least: the newest five come from several.
    while (made.length < 6 || new Set(made.map(shardOf)).size < 3) {
      expect(made.length).toBeLessThan(16);
      made.push((await addUser(accountId)).id);
    }
    const items = await Promise.all(
      made.map(
        async (user_id) => (await db().entities.user.get({ account_id: accountId, user_id }).go()).data!,
      ),
    );
    for (const item of items) expect(item.recent_shard).toBe(shardOf(item.user_id));
    const order = (item: { created_at: string; user_id: string }) => `${item.created_at}#${item.user_id}`;
    const newest = items
      .sort((a, b) => (order(a) < order(b) ? 1 : -1))
      .slice(0, 5)
      .map((item) => item.user_id);
    const recent = await call('GET', '/admin/recentUsers', { token: await admin() });
    expect(recent.body.result.map((user: { id: string }) => user.id)).toEqual(newest);
  });

  it('answers 404 for an unknown account or user, and 403 to a client', async () => {
    const token = await admin();
    expect((await call('GET', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/users', { token })).status).toBe(
      404,
    );
    expect((await call('GET', '/admin/users/01ARZ3NDEKTSV4RRFFQ69G5FAV', { token })).status).toBe(404);
    const client = await signedInAs('Account Admin');
    const { accountId, users } = await anAccount();
    expect((await call('GET', `/admin/account/${accountId}/users`, { token: client })).status).toBe(403);
    expect((await call('GET', `/admin/users/${users['Account Admin']!.id}`, { token: client })).status).toBe(
      403,
    );
    expect((await call('GET', '/admin/recentUsers', { token: client })).status).toBe(403);
  });
});

describe('PUT /admin/users/{id}', () => {
  it('changes the user; a new e-mail signs in, the old one no longer; a new PIN frees the old', async () => {
    const { accountId } = await anAccount();
    const user = await addUser(accountId, { pin_number: '1111', cell_no: '555-0111' });
    const email = anEmail('renamed');
    const saved = await call('PUT', `/admin/users/${user.id}`, {
      token: await admin(),
      body: {
        first_name: 'Vanessa',
        email,
        user_role: 'Event Coordinator',
        pin_number: '2222',
        phone_no: '',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('User updated');
    expect(saved.body.result).toMatchObject({
      first_name: 'Vanessa',
      last_name: null,
      email,
      user_role: 'Event Coordinator',
      pin_number: '2222',
      phone_no: null,
      // The admin area's change takes no cell (docs/product/admin-and-auth.md §7): the user keeps theirs.
      cell_no: '555-0111',
      status: 'Active',
    });
    expect((await call('GET', `/admin/users/${user.id}`, { token: await admin() })).body.result).toEqual(
      saved.body.result,
    );
    expect((await call('POST', '/client/auth/login', { body: { email: user.email, password } })).status).toBe(
      401,
    );
    expect((await call('POST', '/client/auth/login', { body: { email, password } })).status).toBe(200);
    expect((await addUser(accountId, { pin_number: '1111', email: user.email })).pin_number).toBe('1111');
    const taken = await call('PUT', `/admin/users/${user.id}`, {
      token: await admin(),
      body: { first_name: 'Vanessa', email, user_role: 'Event Coordinator', pin_number: '1111' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toEqual({ pin_number: 'This PIN is already in use' });
  });

  it("keeps the account's first Account Admin named as they are", async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const email = anEmail('owner');
    await call('PUT', `/admin/users/${users['Account Admin']!.id}`, {
      token: await admin(),
      body: { first_name: 'Octavia', last_name: 'Owner', email, user_role: 'Account Admin' },
    });
    const account = await call('GET', `/admin/account/${accountId}`, { token: await admin() });
    expect(account.body.result.admin).toEqual({
      id: users['Account Admin']!.id,
      email,
      first_name: 'Octavia',
      last_name: 'Owner',
    });
  });

  it("holds the package's roles and its limit of active Account Admins", async () => {
    const packageId = await aPackage({
      allowed_user_roles: ['Account Admin', 'Venue Manager'],
      admin_limit: 1,
    });
    const { accountId } = await anAccount(['Account Admin'], { packageId });
    const user = await addUser(accountId);
    const base = { first_name: 'Vera', email: user.email };
    const viewer = await call('PUT', `/admin/users/${user.id}`, {
      token: await admin(),
      body: { ...base, user_role: 'Viewer' },
    });
    expect(viewer.body.message).toEqual({
      user_role: "This account's package allows only these roles: Account Admin, Venue Manager",
    });
    const promoted = await call('PUT', `/admin/users/${user.id}`, {
      token: await admin(),
      body: { ...base, user_role: 'Account Admin' },
    });
    expect(promoted.status).toBe(422);
    expect(promoted.body.message).toEqual({
      user_role: 'This package allows at most 1 active Account Admin',
    });
    // An inactive Account Admin does not count.
    const inactive = await call('PUT', `/admin/users/${user.id}`, {
      token: await admin(),
      body: { ...base, user_role: 'Account Admin', status: 'Inactive' },
    });
    expect(inactive.status).toBe(200);
    expect(await accountItem(accountId)).toMatchObject({ active_admins: 1 });
  });

  it('answers the spec’s messages, 404 for an unknown user, 403 to a client', async () => {
    const token = await admin();
    const { users } = await anAccount();
    const id = users['Account Admin']!.id;
    const unknownField = await call('PUT', `/admin/users/${id}`, {
      token,
      body: { first_name: 'A', email: anEmail(), user_role: 'Account Admin', password: 'Secret123' },
    });
    expect(unknownField.body.message).toEqual({ password: 'Unknown field' });
    // Only the spec's fields are taken: a cell is not one of them.
    const cell = await call('PUT', `/admin/users/${id}`, {
      token,
      body: { first_name: 'A', email: anEmail(), user_role: 'Account Admin', cell_no: '555-0199' },
    });
    expect(cell.status).toBe(422);
    expect(cell.body.message).toEqual({ cell_no: 'Unknown field' });
    const empty = await call('PUT', `/admin/users/${id}`, { token, body: {} });
    expect(empty.body.message).toEqual({
      first_name: 'Field is required',
      email: 'Field is required',
      user_role: 'Field is required',
    });
    const body = { first_name: 'A', email: anEmail(), user_role: 'Viewer' };
    expect((await call('PUT', '/admin/users/01ARZ3NDEKTSV4RRFFQ69G5FAV', { token, body })).status).toBe(404);
    expect(
      (await call('PUT', `/admin/users/${id}`, { token: await signedInAs('Account Admin'), body })).status,
    ).toBe(403);
  });
});

describe('GET /admin/users/{id}/{status}', () => {
  it("deactivates a user, whose sessions end, and keeps the account's active Account Admins right", async () => {
    const { accountId, users } = await anAccount(['Account Admin'], {
      packageId: await aPackage({ admin_limit: 1 }),
    });
    const owner = users['Account Admin']!;
    const token = await admin();

    const off = await call('GET', `/admin/users/${owner.id}/Inactive`, { token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('User status updated');
    expect(off.body.result).toMatchObject({ id: owner.id, status: 'Inactive' });
    expect(await accountItem(accountId)).toMatchObject({ active_admins: 0 });
    expect((await call('GET', '/client/me', { token: owner.token })).body.message).toBe(
      'Your user is inactive',
    );

    // The place is free for another Account Admin; then the first cannot come back.
    const second = await addUser(accountId, { user_role: 'Account Admin' });
    const back = await call('GET', `/admin/users/${owner.id}/Active`, { token });
    expect(back.status).toBe(422);
    expect(back.body.message).toEqual({ user_role: 'This package allows at most 1 active Account Admin' });
    expect((await call('GET', `/admin/users/${second.id}/Inactive`, { token })).status).toBe(200);
    expect((await call('GET', `/admin/users/${owner.id}/Active`, { token })).body.result.status).toBe(
      'Active',
    );
    expect(await accountItem(accountId)).toMatchObject({ active_admins: 1, total_users: 2 });

    // The session from before the deactivation stays ended; a new sign-in works.
    expect((await call('GET', '/client/me', { token: owner.token })).status).toBe(401);
    expect(
      (await call('GET', '/client/me', { token: await signIn('client', owner.email, password) })).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown user or status, and 403 to a client', async () => {
    const token = await admin();
    const { users } = await anAccount();
    const id = users['Account Admin']!.id;
    expect((await call('GET', '/admin/users/01ARZ3NDEKTSV4RRFFQ69G5FAV/Inactive', { token })).status).toBe(
      404,
    );
    expect((await call('GET', `/admin/users/${id}/Paused`, { token })).status).toBe(404);
    expect(
      (await call('GET', `/admin/users/${id}/Inactive`, { token: await signedInAs('Account Admin') })).status,
    ).toBe(403);
  });
});
