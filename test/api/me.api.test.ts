import { db } from '@core/table/entities';
import { anAccount, call, signedInAs, type Answer } from '../support/api';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads bytes with the presigned POST the API hands out, as the browser does. */
async function upload(token: string, area: 'client' | 'admin', bytes: Buffer, contentType = 'image/png') {
  const ticket = await call('POST', `/${area}/uploads`, {
    token,
    body: { purpose: 'profile-photo', content_type: contentType, size: bytes.length },
  });
  expect(ticket.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const response = await fetch(ticket.body.result.url, { method: 'POST', body: form });
  return { key: ticket.body.result.key as string, status: response.status };
}

const profile = { first_name: 'Olivia', last_name: 'Owner', phone_no: '555-0100', cell_no: '555-0101' };

describe('GET /client/me', () => {
  it('answers the user with role attributes, account and package, and the account from the token', async () => {
    const answer = await call('GET', '/client/me', { token: await signedInAs('Account Admin') });
    expect(answer.status).toBe(200);
    const me = answer.body.result;
    expect(me).toMatchObject({
      email: 'owner@demo.test',
      user_role: 'Account Admin',
      status: 'Active',
      account: { name: 'Demo Venues', city: 'Springfield' },
      package: {
        name: 'Enterprise',
        allowed_user_roles: ['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer'],
      },
    });
    expect(me.pin_number).toMatch(/^\d{4}$/);
    expect(me.rolesAttr.statistics).toBe(true);
    expect(me.rolesAttr.account.visible).toBe(true);

    const other = await anAccount(['Account Admin']);
    const theirs = await call('GET', '/client/me', { token: other.users['Account Admin']!.token });
    expect(theirs.body.result.account.id).toBe(other.accountId);
    expect(theirs.body.result.account.name).not.toBe('Demo Venues');
  });

  it('computes role attributes per role', async () => {
    const coordinator = (await call('GET', '/client/me', { token: await signedInAs('Event Coordinator') }))
      .body.result;
    expect(coordinator.rolesAttr.statistics).toBe(false);
    expect(coordinator.rolesAttr.account.visible).toBe(false);
    expect(coordinator.rolesAttr.events.permission).toEqual({ add: true, edit: true, delete: true });
  });
});

describe('GET /admin/me', () => {
  it('answers the super admin, and 403 to a client', async () => {
    const answer = await call('GET', '/admin/me', { token: await signedInAs('Super Admin') });
    expect(answer.body.result).toMatchObject({
      email: 'admin@spaces.test',
      role: 'Super Admin',
      first_name: 'Sam',
    });
    expect(answer.body.result).not.toHaveProperty('pin_number');
    expect((await call('GET', '/admin/me', { token: await signedInAs('Venue Manager') })).status).toBe(403);
  });
});

describe('GET /client/aboutMe and /client/mypackage', () => {
  it('gives totals to roles with statistics only', async () => {
    const { accountId, users } = await anAccount(['Account Admin', 'Event Coordinator', 'Venue Manager']);
    const admin = await call('GET', '/client/aboutMe', { token: users['Account Admin']!.token });
    expect(admin.body.result.account.id).toBe(accountId);
    expect(admin.body.result.totals).toEqual({
      total_users: 3,
      total_venues: 0,
      total_spaces: 0,
      total_screens: 0,
    });
    const coordinator = await call('GET', '/client/aboutMe', { token: users['Event Coordinator']!.token });
    expect(coordinator.body.result.totals).toBeNull();
    expect((await call('GET', '/client/aboutMe', { token: await signedInAs('Super Admin') })).status).toBe(
      403,
    );
  });

  it("answers the account's own package", async () => {
    const answer = await call('GET', '/client/mypackage', { token: await signedInAs('Venue Manager') });
    expect(answer.body.result).toMatchObject({
      name: 'Enterprise',
      venue_limit: 'Unlimited',
      admin_limit: 3,
      booking_approval: 'Yes',
    });
    expect((await call('GET', '/client/mypackage', { token: await signedInAs('Super Admin') })).status).toBe(
      403,
    );
  });
});

describe('POST /{area}/profileChange', () => {
  it('saves the own profile, clears blanked fields, and logs the change', async () => {
    const { accountId, users } = await anAccount(['Event Coordinator']);
    const { id, token } = users['Event Coordinator']!;
    const saved = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, first_name: ' Chloe ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Profile updated');
    expect(saved.body.result).toMatchObject({
      first_name: 'Chloe',
      phone_no: '555-0100',
      cell_no: '555-0101',
    });

    const cleared = await call('POST', '/client/profileChange', {
      token,
      body: { first_name: 'Chloe', phone_no: '' },
    });
    expect(cleared.body.result).toMatchObject({ phone_no: null, last_name: null });

    const { data } = await db()
      .entities.activity.query.byScope({ scope: `ACCOUNT#${accountId}` })
      .go();
    expect(data.filter((a) => a.component_id === id).map((a) => a.activity)).toEqual([
      'Updated own profile',
      'Updated own profile',
    ]);
  });

  it("answers the spec's messages for bad input", async () => {
    const token = await signedInAs('Venue Manager');
    const answer = await call('POST', '/client/profileChange', {
      token,
      body: { first_name: ' ', phone_no: '1'.repeat(21) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      first_name: 'Field is required',
      phone_no: 'Field should be less than 20 characters',
    });
  });

  it('lets a super admin change their own profile, and only on the admin path', async () => {
    const token = await signedInAs('Super Admin');
    const answer = await call('POST', '/admin/profileChange', {
      token,
      body: { first_name: 'Sam', last_name: 'Admin', phone_no: '555-0199' },
    });
    expect(answer.body.result).toMatchObject({ first_name: 'Sam', phone_no: '555-0199' });
    expect((await call('POST', '/client/profileChange', { token, body: profile })).status).toBe(403);
  });
});

describe('profile photos through presigned uploads', () => {
  it('accepts an uploaded PNG and serves it back through a presigned URL', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const { key, status } = await upload(token, 'client', png);
    expect(status).toBeLessThan(300);
    const saved = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: key },
    });
    expect(saved.status).toBe(200);
    const photo = await fetch(saved.body.result.photo_url as string);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);
  });

  it('refuses a file that is not an image whatever its declared type, and deletes it', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const { key } = await upload(token, 'client', Buffer.from('<svg onload="alert(1)"></svg>'));
    const refused = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: key },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual({ photo_uri: 'Only files of type PNG and JPEG are allowed' });
    const again = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: key },
    });
    expect(again.body.message).toEqual({ photo_uri: 'Upload the file first' });
  });

  it("refuses another user's upload key", async () => {
    const mine = await anAccount(['Account Admin']);
    const theirs = await anAccount(['Account Admin']);
    const { key } = await upload(theirs.users['Account Admin']!.token, 'client', png);
    const answer: Answer = await call('POST', '/client/profileChange', {
      token: mine.users['Account Admin']!.token,
      body: { ...profile, photo_uri: key },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ photo_uri: 'Upload the file again' });
  });

  it('refuses an uploaded file over the size limit even when the store let it through, and deletes it', async () => {
    const { users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const ticket = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'profile-photo', content_type: 'image/png', size: png.length },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>))
      form.append(k, v);
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }));
    await fetch(ticket.body.result.url, { method: 'POST', body: form });
    const refused = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: ticket.body.result.key },
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ message: 'The file is too large: at most 5 MB' });
    const again = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: ticket.body.result.key },
    });
    expect(again.body.message).toEqual({ photo_uri: 'Upload the file first' });
  });

  it('refuses an upload request over the size limit or of another type', async () => {
    const token = await signedInAs('Account Admin');
    const big = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'profile-photo', content_type: 'image/png', size: 6 * 1024 * 1024 },
    });
    expect(big.status).toBe(422);
    expect(big.body.message).toEqual({ size: 'The file is too large: at most 5 MB' });
    const gif = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'profile-photo', content_type: 'image/gif', size: 10 },
    });
    expect(gif.body.message).toEqual({ content_type: 'Invalid value' });
  });

  it('lets a super admin upload a photo on the admin path only', async () => {
    const token = await signedInAs('Super Admin');
    const { key } = await upload(token, 'admin', png);
    expect(key).toMatch(/^pending\/platform\/admins\//);
    expect(
      (
        await call('POST', '/client/uploads', {
          token,
          body: { purpose: 'profile-photo', content_type: 'image/png', size: 10 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /client/resetPIN', () => {
  it('gives the user a new four-digit PIN, unique in the account', async () => {
    const { users } = await anAccount(['Venue Manager']);
    const { token } = users['Venue Manager']!;
    const before = (await call('GET', '/client/me', { token })).body.result.pin_number;
    const answer = await call('GET', '/client/resetPIN', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('PIN updated');
    expect(answer.body.result.pin_number).toMatch(/^\d{4}$/);
    expect(answer.body.result.pin_number).not.toBe(before);
    expect((await call('GET', '/client/me', { token })).body.result.pin_number).toBe(
      answer.body.result.pin_number,
    );
    expect((await call('GET', '/client/resetPIN', { token: await signedInAs('Super Admin') })).status).toBe(
      403,
    );
  });
});
