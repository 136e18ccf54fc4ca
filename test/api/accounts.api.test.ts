import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { db } from '@core/table/entities';
import { cognitoClient } from '../../infra/local/emulators/cognito';
import {
  aPackage,
  anAccount,
  anEmail,
  call,
  mailTo,
  password,
  resetLinkIn,
  signedInAs,
  signIn,
  tableSnapshot,
} from '../support/api';

/**
 * The accounts of the admin area (docs/product/admin-and-auth.md §2, §5, §7): the dashboard's totals,
 * accounts with their first Account Admin, created in Cognito and DynamoDB together, and the
 * counters kept in the transaction of every change.
 */
const admin = () => signedInAs('Super Admin');

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadLogo(bytes: Buffer, contentType = 'image/png'): Promise<string> {
  const ticket = await call('POST', '/admin/uploads', {
    token: await admin(),
    body: { purpose: 'account-logo', content_type: contentType, size: bytes.length },
  });
  expect(ticket.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  expect((await fetch(ticket.body.result.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return ticket.body.result.key as string;
}

/** A valid new account for a package, with a fresh admin e-mail. */
async function newAccount(fields: Record<string, unknown> = {}) {
  return {
    name: 'Harbour Halls',
    address: '1 Quay Street',
    city: 'Portsmouth',
    state: 'Hampshire',
    country: 'United Kingdom',
    zipcode: 'PO1 2AB',
    package_id: await aPackage({ admin_limit: 2 }),
    package_start_date: '2026-01-01',
    package_end_date: '2026-12-31',
    admin_first_name: 'Hana',
    admin_last_name: 'Harbour',
    admin_email: anEmail('hana'),
    admin_password: password,
    ...fields,
  };
}

const dashboard = async () => (await call('GET', '/admin/dashboard', { token: await admin() })).body.result;
const accountItem = async (id: string) => (await db().entities.account.get({ account_id: id }).go()).data!;
const platformTotalsItem = async () => (await db().entities.platformStats.get({}).go()).data;

describe('GET /admin/dashboard', () => {
  it('answers the totals, which move with every account and user', async () => {
    const before = await dashboard();
    expect(before).toEqual({
      total_accounts: expect.any(Number),
      total_users: expect.any(Number),
      active_accounts: expect.any(Number),
      active_venues: expect.any(Number),
    });
    // The seed: one account with three users.
    expect(before.total_accounts).toBeGreaterThanOrEqual(1);
    expect(before.total_users).toBeGreaterThanOrEqual(3);

    const { accountId } = await anAccount(['Account Admin', 'Viewer']);
    expect(await dashboard()).toEqual({
      ...before,
      total_accounts: before.total_accounts + 1,
      active_accounts: before.active_accounts + 1,
      total_users: before.total_users + 2,
    });
    await call('GET', `/admin/account/${accountId}/Inactive`, { token: await admin() });
    expect(await dashboard()).toEqual({
      ...before,
      total_accounts: before.total_accounts + 1,
      total_users: before.total_users + 2,
    });
  });

  it('adds up every shard of the totals and what the single item counted before them', async () => {
    const before = await dashboard();
    const { platformStats, platformStatsShard } = db().entities;
    const moves = async (sign: 1 | -1) => {
      await platformStatsShard
        .update({ stats_shard: '0' })
        .add({ total_accounts: 3 * sign })
        .go();
      await platformStatsShard
        .update({ stats_shard: '7' })
        .add({ total_users: 5 * sign, active_venues: 2 * sign, active_accounts: sign })
        .go();
      await platformStats
        .update({})
        .add({ total_users: 4 * sign, total_accounts: sign })
        .go();
    };
    await moves(1);
    try {
      expect(await dashboard()).toEqual({
        total_accounts: before.total_accounts + 4,
        active_accounts: before.active_accounts + 1,
        total_users: before.total_users + 9,
        active_venues: before.active_venues + 2,
      });
    } finally {
      await moves(-1);
    }
    expect(await dashboard()).toEqual(before);
  });

  it('is for super admins only', async () => {
    expect((await call('GET', '/admin/dashboard', { token: await signedInAs('Account Admin') })).status).toBe(
      403,
    );
    expect((await call('GET', '/admin/dashboard')).status).toBe(401);
  });
});

describe('POST /admin/account', () => {
  it('adds the account and its first Account Admin, who can sign in, with counters and a log entry', async () => {
    const domain = ` Harbour-${Date.now()}.Example.COM `;
    const body = await newAccount({ domain });
    const answer = await call('POST', '/admin/account', { token: await admin(), body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Account created');
    const account = answer.body.result;
    expect(account).toMatchObject({
      name: 'Harbour Halls',
      city: 'Portsmouth',
      domain: domain.trim().toLowerCase(),
      status: 'Active',
      isActive: true,
      package_id: body.package_id,
      package: {
        id: body.package_id,
        allowed_user_roles: 'Account Admin,Venue Manager,Event Coordinator,Viewer',
      },
      package_start_date: '2026-01-01',
      package_end_date: '2026-12-31',
      admin: { email: body.admin_email, first_name: 'Hana', last_name: 'Harbour' },
      total_users: 1,
      logo_url: null,
    });
    expect(await accountItem(account.id)).toMatchObject({ total_users: 1, active_admins: 1, licence_seq: 0 });

    const token = await signIn('client', body.admin_email, password);
    const me = (await call('GET', '/client/me', { token })).body.result;
    expect(me).toMatchObject({
      id: account.admin.id,
      user_role: 'Account Admin',
      account: { id: account.id },
    });
    expect(me.pin_number).toMatch(/^\d{4}$/);

    const { data: log } = await db()
      .entities.activity.query.byScope({ scope: 'PLATFORM' })
      .go({ order: 'desc' });
    expect(log.find((entry) => entry.component_id === account.id)).toMatchObject({
      component: 'Account',
      activity: 'Created account Harbour Halls',
      actor: { email: 'admin@spaces.test', user_role: 'Super Admin' },
    });
  });

  it('counts every account added at the same moment: the platform totals are not lost to the race', async () => {
    const token = await admin();
    const before = await dashboard();
    const single = await platformTotalsItem();
    const bodies = await Promise.all(Array.from({ length: 6 }, () => newAccount()));
    const answers = await Promise.all(bodies.map((body) => call('POST', '/admin/account', { token, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(await dashboard()).toMatchObject({
      total_accounts: before.total_accounts + 6,
      active_accounts: before.active_accounts + 6,
      total_users: before.total_users + 6,
    });
    // Counted in the shards: the single item the admins' total keeps takes none of these writes.
    expect(await platformTotalsItem()).toEqual(single);
  });

  it('e-mails a new Account Admin without a password a link to set one, valid 72 hours', async () => {
    const body = await newAccount({ admin_password: '' });
    const started = Math.floor(Date.now() / 1000);
    const answer = await call('POST', '/admin/account', { token: await admin(), body });
    expect(answer.status).toBe(200);
    expect(
      (await call('POST', '/client/auth/login', { body: { email: body.admin_email, password } })).status,
    ).toBe(401);

    const [mail] = await mailTo(body.admin_email);
    expect(mail?.subject).toBe('Welcome to Spaces: set your password');
    const { url: link, token, email } = resetLinkIn(mail!.html!);
    expect(`${link.pathname}${link.search}`).toBe('/password-reset');
    expect(email).toBe(body.admin_email);
    const { data: reset } = await db()
      .entities.resetToken.get({ area: 'client', email: body.admin_email })
      .go();
    expect(reset!.expires_at - started).toBeGreaterThanOrEqual(72 * 3600);
    expect(reset!.expires_at - started).toBeLessThan(72 * 3600 + 60);

    const set = await call('POST', '/client/auth/reset', {
      body: { email: body.admin_email, token, password: 'Chosen123', password_confirmation: 'Chosen123' },
    });
    expect(set.status).toBe(200);
    expect(
      (await call('POST', '/client/auth/login', { body: { email: body.admin_email, password: 'Chosen123' } }))
        .status,
    ).toBe(200);
  });

  it('answers the spec’s messages for what is missing or wrong', async () => {
    const token = await admin();
    const empty = await call('POST', '/admin/account', { token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatchObject({
      name: 'Field is required',
      package_id: 'Field is required',
      package_start_date: 'Field is required',
      package_end_date: 'Field is required',
      admin_first_name: 'Field is required',
      admin_email: 'Field is required',
    });
    const wrong = await call('POST', '/admin/account', {
      token,
      body: await newAccount({
        name: 'x'.repeat(31),
        address: 'y'.repeat(26),
        package_end_date: '2025-12-31',
        admin_email: 'not-an-address',
        domain: 'not a domain',
        admin_password: 'short',
      }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toEqual({
      name: 'Field should be less than 30 characters',
      address: 'Field should be less than 25 characters',
      package_end_date: 'The package end date must not be before its start date',
      admin_email: 'Field should be an email address',
      domain: 'Field should be a domain name such as example.com',
      admin_password:
        'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
    });
  });

  it('takes only a package that exists and is active', async () => {
    const token = await admin();
    const unknown = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ package_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toEqual({ package_id: 'This package does not exist' });
    const inactive = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ package_id: await aPackage({ status: 'Inactive' }) }),
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toEqual({ package_id: 'This package is inactive' });
  });

  it('keeps domains unique among accounts (409)', async () => {
    const token = await admin();
    const domain = `venue-${Date.now()}.example.org`;
    expect((await call('POST', '/admin/account', { token, body: await newAccount({ domain }) })).status).toBe(
      200,
    );
    const again = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ domain: domain.toUpperCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual({ domain: 'This domain is already used by another account' });
  });

  it('leaves nothing when the admin’s e-mail is taken: no item, no counter, no login', async () => {
    const { users } = await anAccount(['Venue Manager']);
    const taken = users['Venue Manager']!.email;
    const before = await tableSnapshot();
    const answer = await call('POST', '/admin/account', {
      token: await admin(),
      body: await newAccount({ admin_email: taken }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ admin_email: 'This e-mail address is already in use' });
    // The package the builder added is the only difference.
    expect(
      (await tableSnapshot()).filter((item) => !String((item as { pk: string }).pk).startsWith('PACKAGE#')),
    ).toEqual(before.filter((item) => !String((item as { pk: string }).pk).startsWith('PACKAGE#')));
    const env = inject('emulatorEnv');
    const { Users } = await cognitoClient(env.COGNITO_ENDPOINT!).send(
      new ListUsersCommand({ UserPoolId: env.CLIENT_USER_POOL_ID, Filter: `email = "${taken}"` }),
    );
    expect(Users?.length).toBe(1);
  });

  it('leaves nothing when Cognito does not answer (503)', async () => {
    const body = await newAccount();
    const pid = inject('emulatorPids').cognito!;
    const before = await tableSnapshot();
    process.kill(-pid, 'SIGSTOP');
    try {
      const answer = await call('POST', '/admin/account', { token: await admin(), body });
      expect(answer.status).toBe(503);
    } finally {
      process.kill(-pid, 'SIGCONT');
    }
    expect(await tableSnapshot()).toEqual(before);
    expect(
      (await call('POST', '/client/auth/login', { body: { email: body.admin_email, password } })).status,
    ).toBe(401);
  }, 30_000);

  it('takes a logo uploaded for the purpose, PNG or JPEG only', async () => {
    const token = await admin();
    const key = await uploadLogo(png);
    const created = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ logo_uri: key }),
    });
    expect(created.status).toBe(200);
    expect(created.body.result.logo_uri).toBe(key.replace(/^pending\//, ''));
    const logo = await fetch(created.body.result.logo_url);
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(png);

    const notImage = await uploadLogo(Buffer.from('GIF89a not really'), 'image/png');
    const refused = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ logo_uri: notImage }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual({ logo_uri: 'Only files of type PNG and JPEG are allowed' });
    const tooBig = await call('POST', '/admin/uploads', {
      token,
      body: { purpose: 'account-logo', content_type: 'image/png', size: 2 * 1024 * 1024 + 1 },
    });
    expect(tooBig.body.message).toEqual({ size: 'The file is too large: at most 2 MB' });
  });

  it('is for super admins only', async () => {
    const answer = await call('POST', '/admin/account', {
      token: await signedInAs('Account Admin'),
      body: await newAccount(),
    });
    expect(answer.status).toBe(403);
  });
});

describe('GET /admin/accounts, /admin/accounts/{search}, /admin/account/{id}, /admin/recentAccounts', () => {
  it('lists every account newest first, with package, first Account Admin and users', async () => {
    const token = await admin();
    const first = (
      await call('POST', '/admin/account', { token, body: await newAccount({ name: 'Older Hall' }) })
    ).body.result;
    const second = (
      await call('POST', '/admin/account', {
        token,
        body: await newAccount({ name: 'Newer Hall', city: 'Leeds' }),
      })
    ).body.result;
    const list = await call('GET', '/admin/accounts', { token });
    expect(list.status).toBe(200);
    const ids = list.body.result.map((a: { id: string }) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.result.find((a: { id: string }) => a.id === second.id)).toEqual(second);
    expect(list.body.result.find((a: { name: string }) => a.name === 'Demo Venues')).toMatchObject({
      package: { name: 'Enterprise' },
      admin: { email: 'owner@demo.test' },
      total_users: 3,
    });

    const recent = await call('GET', '/admin/recentAccounts', { token });
    expect(recent.body.result).toHaveLength(5);
    expect(recent.body.result[0].id).toBe(second.id);
    expect(recent.body.result[1].id).toBe(first.id);
  });

  it('searches any shown field, trimmed and in any case', async () => {
    const token = await admin();
    const marker = `Zephyr${Date.now()}`;
    const account = (
      await call('POST', '/admin/account', {
        token,
        body: await newAccount({ name: marker, city: 'Quimper' }),
      })
    ).body.result;
    const search = async (text: string) =>
      (await call('GET', `/admin/accounts/${encodeURIComponent(text)}`, { token })).body.result.map(
        (a: { id: string }) => a.id,
      );
    expect(await search(`  ${marker.toLowerCase()} `)).toEqual([account.id]);
    expect(await search('QUIMPER')).toContain(account.id);
    expect(await search(account.admin.email.toUpperCase())).toEqual([account.id]);
    expect(await search(account.package.name)).toEqual([account.id]);
    expect(await search('enterprise')).not.toContain(account.id);
    expect(await search('no-such-account-anywhere')).toEqual([]);
  });

  it('answers one account, 404 for an unknown one, 403 to a client', async () => {
    const token = await admin();
    const { accountId } = await anAccount();
    const one = await call('GET', `/admin/account/${accountId}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.result).toMatchObject({ id: accountId, city: 'Testville', total_users: 1 });
    expect((await call('GET', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV', { token })).status).toBe(404);
    const client = await signedInAs('Account Admin');
    expect((await call('GET', `/admin/account/${accountId}`, { token: client })).status).toBe(403);
    expect((await call('GET', '/admin/accounts', { token: client })).status).toBe(403);
    expect((await call('GET', '/admin/recentAccounts', { token: client })).status).toBe(403);
  });
});

describe('PUT /admin/account/{id}', () => {
  it('changes the account, clears blanked fields and moves the domain', async () => {
    const token = await admin();
    const domain = `old-${Date.now()}.example.net`;
    const body = await newAccount({ domain });
    const account = (await call('POST', '/admin/account', { token, body })).body.result;
    const fields = Object.fromEntries(Object.entries(body).filter(([key]) => !key.startsWith('admin_')));
    const newDomain = `new-${Date.now()}.example.net`;
    const saved = await call('PUT', `/admin/account/${account.id}`, {
      token,
      body: {
        ...fields,
        name: 'Renamed Halls',
        address: '',
        domain: newDomain,
        package_end_date: '2027-06-30',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Account updated');
    expect(saved.body.result).toMatchObject({
      name: 'Renamed Halls',
      address: null,
      domain: newDomain,
      package_end_date: '2027-06-30',
      total_users: 1,
      admin: account.admin,
    });
    expect((await call('GET', `/admin/account/${account.id}`, { token })).body.result).toEqual(
      saved.body.result,
    );
    // The old domain is free again, the new one taken.
    expect((await call('POST', '/admin/account', { token, body: await newAccount({ domain }) })).status).toBe(
      200,
    );
    const taken = await call('POST', '/admin/account', {
      token,
      body: await newAccount({ domain: newDomain }),
    });
    expect(taken.status).toBe(409);
  });

  it('takes a new package only when active and within its limit of active Account Admins', async () => {
    const token = await admin();
    const { accountId } = await anAccount(['Account Admin']);
    await call('POST', `/admin/account/${accountId}/users`, {
      token,
      body: { first_name: 'Second', email: anEmail('second'), user_role: 'Account Admin', password },
    });
    const fields = { name: 'Limits', package_start_date: '2026-01-01', package_end_date: '2026-12-31' };
    const inactive = await call('PUT', `/admin/account/${accountId}`, {
      token,
      body: { ...fields, package_id: await aPackage({ status: 'Inactive' }) },
    });
    expect(inactive.body.message).toEqual({ package_id: 'This package is inactive' });
    const small = await call('PUT', `/admin/account/${accountId}`, {
      token,
      body: { ...fields, package_id: await aPackage({ admin_limit: 1 }) },
    });
    expect(small.status).toBe(422);
    expect(small.body.message).toEqual({
      package_id: 'This package allows at most 1 active Account Admin; the account has 2',
    });
    const roomy = await aPackage({ admin_limit: 2 });
    const moved = await call('PUT', `/admin/account/${accountId}`, {
      token,
      body: { ...fields, package_id: roomy },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.result.package.id).toBe(roomy);
    // Its own package, even once inactive, stays.
    await db().entities.package.patch({ package_id: roomy }).set({ status: 'Inactive' }).go();
    expect(
      (await call('PUT', `/admin/account/${accountId}`, { token, body: { ...fields, package_id: roomy } }))
        .status,
    ).toBe(200);
  });

  it('answers 404 for an unknown account and 403 to a client', async () => {
    const body = {
      name: 'X',
      package_id: await aPackage(),
      package_start_date: '2026-01-01',
      package_end_date: '2026-01-02',
    };
    expect(
      (await call('PUT', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV', { token: await admin(), body })).status,
    ).toBe(404);
    const { accountId } = await anAccount();
    expect(
      (await call('PUT', `/admin/account/${accountId}`, { token: await signedInAs('Account Admin'), body }))
        .status,
    ).toBe(403);
  });
});

describe('GET /admin/account/{id}/{status}', () => {
  it("deactivates an account: its users' sessions and refresh tokens end, even once it is active again", async () => {
    const token = await admin();
    const { accountId, users } = await anAccount(['Account Admin', 'Venue Manager']);
    const manager = users['Venue Manager']!;
    const login = await call('POST', '/client/auth/login', { body: { email: manager.email, password } });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('spaces_refresh='))!
      .split(';')[0]!;
    // Tokens are stamped in whole seconds: these are clearly older than the deactivation.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const off = await call('GET', `/admin/account/${accountId}/Inactive`, { token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Account updated');
    expect(off.body.result).toMatchObject({ status: 'Inactive', isActive: false });
    const refused = await call('GET', '/client/me', { token: manager.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your account is inactive');
    expect(
      (await call('POST', '/client/auth/login', { body: { email: manager.email, password } })).status,
    ).toBe(403);

    const on = await call('GET', `/admin/account/${accountId}/Active`, { token });
    expect(on.body.result.isActive).toBe(true);
    expect((await call('GET', '/client/me', { token: manager.token })).status).toBe(401);
    expect((await call('GET', '/client/me', { token: login.body.result.access_token })).status).toBe(401);
    expect((await call('POST', '/client/auth/refresh', { headers: { cookie } })).status).toBe(401);
    const fresh = await signIn('client', manager.email, password);
    expect((await call('GET', '/client/me', { token: fresh })).status).toBe(200);
  });

  it('changes nothing when the account already has that status', async () => {
    const { accountId } = await anAccount();
    const before = await dashboard();
    const same = await call('GET', `/admin/account/${accountId}/Active`, { token: await admin() });
    expect(same.status).toBe(200);
    expect(await dashboard()).toEqual(before);
  });

  it('answers 404 for an unknown account or status, and 403 to a client', async () => {
    const token = await admin();
    expect((await call('GET', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/Inactive', { token })).status).toBe(
      404,
    );
    const { accountId } = await anAccount();
    expect((await call('GET', `/admin/account/${accountId}/Paused`, { token })).status).toBe(404);
    expect(
      (
        await call('GET', `/admin/account/${accountId}/Inactive`, {
          token: await signedInAs('Account Admin'),
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /admin/recentScreens', () => {
  it('answers at most five screens (test/api/screens.api.test.ts has what they show), and 403 to a client', async () => {
    const answer = await call('GET', '/admin/recentScreens', { token: await admin() });
    expect(answer.status).toBe(200);
    expect(answer.body.result.length).toBeLessThanOrEqual(5);
    expect(
      (await call('GET', '/admin/recentScreens', { token: await signedInAs('Account Admin') })).status,
    ).toBe(403);
  });
});
