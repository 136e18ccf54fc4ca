import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { db } from '@core/table/entities';
import { cognitoClient } from '../../infra/local/emulators/cognito';
import { demoUsers } from '../../infra/local/seed';
import { anAdmin, call, password, signedInAs, signIn } from '../support/api';

/**
 * Super admins (docs/product/admin-and-auth.md §2 "Admin users", §3 Admin user, §5, §7): e-mail unique
 * among admins, made in Cognito and DynamoDB together, who made and who changed each one, the
 * platform's count of active admins, and the two rules of deactivation.
 */
const admin = () => signedInAs('Super Admin');
const anAdminEmail = () => `admin-${ulid().toLowerCase()}@example.test`;
const messages = {
  password:
    'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A profile photo uploaded by a super admin through the presigned POST, as the browser does. */
async function uploadPhoto(token: string): Promise<string> {
  const ticket = await call('POST', '/admin/uploads', {
    token,
    body: { purpose: 'profile-photo', content_type: 'image/png', size: png.length },
  });
  expect(ticket.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  expect((await fetch(ticket.body.result.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return ticket.body.result.key as string;
}

const anAdminBody = (fields: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: anAdminEmail(),
  designation: 'Operations',
  phone_no: '555-0100',
  cell_no: '555-0101',
  password,
  ...fields,
});

/** The fields a PUT sends for an admin as they are (what the edit form holds). */
const asForm = (user: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
  first_name: user.first_name,
  last_name: user.last_name ?? '',
  email: user.email,
  designation: user.designation ?? '',
  phone_no: user.phone_no ?? '',
  cell_no: user.cell_no ?? '',
  ...fields,
});

const activeAdmins = async () => (await db().entities.platformStats.get({}).go()).data?.active_admins ?? 0;
const cognitoUsers = async (email: string) => {
  const env = inject('emulatorEnv');
  const { Users } = await cognitoClient(env.COGNITO_ENDPOINT!).send(
    new ListUsersCommand({ UserPoolId: env.ADMIN_USER_POOL_ID, Filter: `email = "${email}"` }),
  );
  return Users ?? [];
};

describe('GET /admin/admins', () => {
  it('lists every super admin, newest first', async () => {
    const newest = await anAdmin();
    const answer = await call('GET', '/admin/admins', { token: await admin() });
    expect(answer.status).toBe(200);
    const list = answer.body.result as Array<{ id: string; email: string; created_at: string }>;
    expect(list[0]!.id).toBe(newest.id);
    expect(list.map((a) => a.created_at)).toEqual(
      list
        .map((a) => a.created_at)
        .sort()
        .reverse(),
    );
    expect(list.find((a) => a.email === demoUsers.admin.email)).toMatchObject({
      first_name: 'Sam',
      last_name: 'Admin',
      designation: 'Platform administrator',
      status: 'Active',
      created_by: null,
      modified_by: null,
    });
  });
});

describe('POST /admin/admins', () => {
  it('creates an active admin who can sign in, names the creator, counts them and logs it', async () => {
    const creator = await anAdmin();
    const before = await activeAdmins();
    const photo = await uploadPhoto(creator.token);
    const body = anAdminBody({ email: `  ${anAdminEmail().toUpperCase()} `, photo_uri: photo });
    const answer = await call('POST', '/admin/admins', { token: creator.token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User created');
    const created = answer.body.result;
    expect(created).toEqual({
      id: expect.any(String),
      first_name: 'Grace',
      last_name: 'Hopper',
      email: body.email.trim().toLowerCase(),
      designation: 'Operations',
      phone_no: '555-0100',
      cell_no: '555-0101',
      photo_uri: photo.replace(/^pending\//, ''),
      photo_url: expect.stringContaining('http'),
      status: 'Active',
      // No authenticator app until their first sign-in sets one up.
      mfa_enabled: false,
      created_by: { id: creator.id, email: creator.email },
      modified_by: null,
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    expect(await activeAdmins()).toBe(before + 1);
    const token = await signIn('admin', created.email, password);
    expect((await call('GET', '/admin/me', { token })).body.result).toMatchObject({ id: created.id });
    // The same admin; its photo's URL is signed anew for each answer.
    expect((await call('GET', `/admin/admins/${created.id}`, { token })).body.result).toEqual({
      ...created,
      photo_url: expect.stringContaining(created.photo_uri),
      // Their first sign-in set up an authenticator app (which writes the item).
      mfa_enabled: true,
      updated_at: expect.any(String),
    });

    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.find((a) => a.component_id === created.id)).toMatchObject({
      actor_id: creator.id,
      component: 'Admin',
      activity: 'Created admin Grace Hopper',
    });
  });

  it('refuses an e-mail address in use among admins (409), leaving no login and no count', async () => {
    const existing = await anAdmin();
    const before = await activeAdmins();
    const answer = await call('POST', '/admin/admins', {
      token: await admin(),
      body: anAdminBody({ email: existing.email.toUpperCase() }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ email: 'This e-mail address is already in use' });
    expect(await activeAdmins()).toBe(before);
    expect(await cognitoUsers(existing.email)).toHaveLength(1);
  });

  it("answers the spec's messages for bad input", async () => {
    const token = await admin();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ first_name: '' }, { first_name: 'Field is required' }],
      [{ first_name: 'x'.repeat(31) }, { first_name: 'Field should be less than 30 characters' }],
      [{ email: undefined }, { email: 'Field is required' }],
      [{ email: 'grace.example.test' }, { email: 'Field should be an email address' }],
      [{ password: undefined }, { password: 'Field is required' }],
      [{ password: 'lowercase1' }, { password: messages.password }],
      [{ phone_no: '5'.repeat(21) }, { phone_no: 'Field should be less than 20 characters' }],
      [{ cell_no: '5'.repeat(21) }, { cell_no: 'Field should be less than 20 characters' }],
      [{ status: 'Active' }, { status: 'Unknown field' }],
    ];
    for (const [fields, message] of cases) {
      const answer = await call('POST', '/admin/admins', { token, body: anAdminBody(fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.message, JSON.stringify(fields)).toEqual(message);
    }
  });

  it("refuses a photo that is not the creator's own upload", async () => {
    const other = await anAdmin();
    const photo = await uploadPhoto(other.token);
    const answer = await call('POST', '/admin/admins', {
      token: await admin(),
      body: anAdminBody({ photo_uri: photo }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ photo_uri: 'Upload the file again' });
  });
});

describe('PUT /admin/admins/{id}', () => {
  it('changes the fields, clears the blank ones, keeps the photo and names who changed it', async () => {
    const editor = await anAdmin();
    const target = (await call('POST', '/admin/admins', { token: editor.token, body: anAdminBody() })).body
      .result;
    const answer = await call('PUT', `/admin/admins/${target.id}`, {
      token: (await anAdmin()).token,
      body: asForm(target, { first_name: 'Ada', last_name: 'Lovelace', designation: '', cell_no: '' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User updated');
    const updated = answer.body.result;
    expect(updated).toMatchObject({
      id: target.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      designation: null,
      cell_no: null,
      phone_no: '555-0100',
      status: 'Active',
      created_by: { id: editor.id, email: editor.email },
      modified_by: { id: expect.any(String), email: expect.stringContaining('@example.test') },
    });
    expect(updated.modified_by.id).not.toBe(editor.id);
    expect((await call('GET', `/admin/admins/${target.id}`, { token: editor.token })).body.result).toEqual(
      updated,
    );
  });

  it("moves the e-mail: sign-in, the address's guard and Cognito's attribute follow", async () => {
    const target = await anAdmin();
    const email = anAdminEmail();
    const answer = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: asForm({ first_name: 'Ada', last_name: 'Admin', email }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.email).toBe(email);
    expect(await signIn('admin', email, password)).toEqual(expect.any(String));
    expect(
      (await call('POST', '/admin/auth/login', { body: { email: target.email, password } })).status,
    ).toBe(401);
    expect((await cognitoUsers(email)).map((u) => u.Username)).toEqual([target.id]);
    // The old address is free for someone else.
    const reuse = await call('POST', '/admin/admins', {
      token: await admin(),
      body: anAdminBody({ email: target.email }),
    });
    expect(reuse.status).toBe(200);
  });

  it("refuses another admin's e-mail (409) and leaves the login's e-mail as it was", async () => {
    const [target, other] = [await anAdmin(), await anAdmin()];
    const answer = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: asForm({ first_name: 'Ada', email: other.email }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ email: 'This e-mail address is already in use' });
    expect((await cognitoUsers(target.email)).map((u) => u.Username)).toEqual([target.id]);
    expect(await signIn('admin', target.email, password)).toEqual(expect.any(String));
  });

  it('replaces the password in Cognito and ends their sessions', async () => {
    const target = await anAdmin();
    const answer = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: asForm(
        { first_name: 'Ada', last_name: 'Admin', email: target.email },
        { password: 'Newpass123' },
      ),
    });
    expect(answer.status).toBe(200);
    expect((await call('GET', '/admin/me', { token: target.token })).status).toBe(401);
    expect(
      (await call('POST', '/admin/auth/login', { body: { email: target.email, password } })).status,
    ).toBe(401);
    expect(await signIn('admin', target.email, 'Newpass123')).toEqual(expect.any(String));
    const weak = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: asForm({ first_name: 'Ada', email: target.email }, { password: 'weak' }),
    });
    expect(weak.status).toBe(422);
    expect(weak.body.message).toEqual({ password: messages.password });
  });

  it('deactivates and reactivates an admin: the count follows, their sessions end', async () => {
    const target = await anAdmin();
    const form = asForm({ first_name: 'Ada', last_name: 'Admin', email: target.email });
    const before = await activeAdmins();
    const off = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: { ...form, status: 'Inactive' },
    });
    expect(off.status).toBe(200);
    expect(off.body.result.status).toBe('Inactive');
    expect(await activeAdmins()).toBe(before - 1);
    expect((await call('GET', '/admin/me', { token: target.token })).status).toBe(401);
    expect(
      (await call('POST', '/admin/auth/login', { body: { email: target.email, password } })).status,
    ).toBe(403);
    // Left out, the status is kept.
    const kept = await call('PUT', `/admin/admins/${target.id}`, { token: await admin(), body: form });
    expect(kept.body.result.status).toBe('Inactive');
    expect(await activeAdmins()).toBe(before - 1);

    const on = await call('PUT', `/admin/admins/${target.id}`, {
      token: await admin(),
      body: { ...form, status: 'Active' },
    });
    expect(on.body.result.status).toBe('Active');
    expect(await activeAdmins()).toBe(before);
    // The sessions from before the deactivation stay ended.
    expect((await call('GET', '/admin/me', { token: target.token })).status).toBe(401);
    expect(await signIn('admin', target.email, password)).toEqual(expect.any(String));

    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    const logged = data.filter((a) => a.component_id === target.id).map((a) => a.activity);
    expect(logged).toEqual(
      expect.arrayContaining(['Deactivated admin Ada Admin', 'Activated admin Ada Admin']),
    );
  });

  it('does not let an admin deactivate themself or set their own password here (403)', async () => {
    const me = await anAdmin();
    const form = asForm({ first_name: 'Ada', last_name: 'Admin', email: me.email });
    const off = await call('PUT', `/admin/admins/${me.id}`, {
      token: me.token,
      body: { ...form, status: 'Inactive' },
    });
    expect(off.status).toBe(403);
    expect(off.body).toEqual({ message: 'You cannot deactivate yourself' });
    const pass = await call('PUT', `/admin/admins/${me.id}`, {
      token: me.token,
      body: { ...form, password: 'Newpass123' },
    });
    expect(pass.status).toBe(403);
    expect(pass.body).toEqual({
      message: 'Change your own password from your profile, with your current password',
    });
    // Their other fields they may change.
    const ok = await call('PUT', `/admin/admins/${me.id}`, {
      token: me.token,
      body: { ...form, designation: 'Lead', status: 'Active' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ status: 'Active', designation: 'Lead' });
  });

  it('does not deactivate the last active admin (409), by the count kept with every change', async () => {
    const target = await anAdmin();
    const others = (await activeAdmins()) - 1;
    // Make the count say that the target is the only active admin; files run one at a time.
    await db().entities.platformStats.update({}).add({ active_admins: -others }).go();
    try {
      const answer = await call('PUT', `/admin/admins/${target.id}`, {
        token: await admin(),
        body: asForm({ first_name: 'Ada', last_name: 'Admin', email: target.email }, { status: 'Inactive' }),
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toEqual({ status: 'The last active admin cannot be deactivated' });
      expect(await activeAdmins()).toBe(1);
      expect(
        (await call('GET', `/admin/admins/${target.id}`, { token: await admin() })).body.result.status,
      ).toBe('Active');
    } finally {
      await db().entities.platformStats.update({}).add({ active_admins: others }).go();
    }
  });
});

describe('admins: unknown ids and who may call', () => {
  it('answers 404 for an admin that does not exist', async () => {
    const token = await admin();
    const id = ulid();
    const got = await call('GET', `/admin/admins/${id}`, { token });
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ message: 'Admin user not found' });
    const put = await call('PUT', `/admin/admins/${id}`, {
      token,
      body: asForm({ first_name: 'Ada', email: anAdminEmail() }),
    });
    expect(put.status).toBe(404);
  });

  it('refuses client users (403) and callers without a token (401)', async () => {
    const token = await signedInAs('Account Admin');
    const id = ulid();
    expect((await call('GET', '/admin/admins', { token })).status).toBe(403);
    expect((await call('GET', `/admin/admins/${id}`, { token })).status).toBe(403);
    expect((await call('POST', '/admin/admins', { token, body: anAdminBody() })).status).toBe(403);
    expect(
      (
        await call('PUT', `/admin/admins/${id}`, {
          token,
          body: asForm({ first_name: 'A', email: 'a@b.test' }),
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', '/admin/admins')).status).toBe(401);
  });
});
