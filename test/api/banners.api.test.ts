import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { aPackage, anAccount, call, signedInAs } from '../support/api';

/**
 * Banner announcements (docs/product/admin-and-auth.md §3 Banner announcement, §5, §9): the admin tab's
 * routes, and the banners shown on the login pages and in the client area.
 */
const admin = () => signedInAs('Super Admin');

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => dayFromToday(0);

const aBannerBody = (fields: Record<string, unknown> = {}) => ({
  title: `Maintenance ${ulid().slice(-8)}`,
  message: 'Sign-in pauses on Sunday from 02:00 to 03:00 UTC.',
  expiration_date: dayFromToday(7),
  ...fields,
});

async function createBanner(fields: Record<string, unknown> = {}) {
  const answer = await call('POST', '/admin/banner', { token: await admin(), body: aBannerBody(fields) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

const ids = (answer: { body: { result: Array<{ id: string }> } }) => answer.body.result.map((b) => b.id);

describe('POST /admin/banner', () => {
  it('creates a banner with every field, logs it, and answers it as GET does', async () => {
    const [first, second] = [await aPackage(), await aPackage()];
    const body = aBannerBody({
      on_login_page: true,
      for_packages: `${first}, ${second}`,
      hideable: false,
      position: 'bottom-left',
    });
    const answer = await call('POST', '/admin/banner', { token: await admin(), body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Banner created');
    const created = answer.body.result;
    expect(created).toEqual({
      id: expect.any(String),
      title: body.title,
      message: body.message,
      expiration_date: body.expiration_date,
      on_login_page: true,
      for_login_page: true,
      for_packages: `${first},${second}`,
      hideable: false,
      position: 'bottom-left',
      status: 'Active',
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    expect((await call('GET', `/admin/banner/${created.id}`, { token: await admin() })).body.result).toEqual(
      created,
    );
    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.find((a) => a.component_id === created.id)).toMatchObject({
      component: 'Banner',
      activity: `Created banner ${body.title}`,
    });
  });

  it('reads on_login_form as on_login_page, takes packages as a list, and fills in the defaults', async () => {
    const packageId = await aPackage();
    const created = await createBanner({ on_login_form: true, for_packages: [packageId, packageId] });
    expect(created).toMatchObject({
      on_login_page: true,
      for_login_page: true,
      for_packages: packageId,
      hideable: true,
      position: 'top-center',
    });
    const plain = await createBanner();
    expect(plain).toMatchObject({ on_login_page: false, for_login_page: false, for_packages: '' });
  });

  it("answers the spec's messages for bad input, and 422 for a package that does not exist", async () => {
    const token = await admin();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: ' ' }, { title: 'Field is required' }],
      [{ title: 'x'.repeat(256) }, { title: 'Field should be less than 255 characters' }],
      [{ message: undefined }, { message: 'Field is required' }],
      [{ expiration_date: undefined }, { expiration_date: 'Field is required' }],
      [{ expiration_date: '2026-02-30' }, { expiration_date: 'Invalid value' }],
      [{ expiration_date: '31/12/2026' }, { expiration_date: 'Invalid value' }],
      [{ position: 'middle' }, { position: 'Invalid value' }],
      [{ hideable: 'yes' }, { hideable: 'Invalid value' }],
      [{ for_packages: 'not-an-id' }, { for_packages: 'Invalid value' }],
      [{ for_packages: ulid() }, { for_packages: 'Choose packages that exist' }],
    ];
    for (const [fields, message] of cases) {
      const answer = await call('POST', '/admin/banner', { token, body: aBannerBody(fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.message, JSON.stringify(fields)).toEqual(message);
    }
  });
});

describe('GET /admin/banner', () => {
  it('lists every banner, newest first, inactive and expired ones included', async () => {
    const older = await createBanner({ expiration_date: dayFromToday(-3) });
    const newer = await createBanner({ status: 'Inactive' });
    const answer = await call('GET', '/admin/banner', { token: await admin() });
    expect(answer.status).toBe(200);
    const listed = ids(answer);
    expect(listed.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(listed.indexOf(newer.id)).toBeLessThan(listed.indexOf(older.id));
    const times = (answer.body.result as Array<{ created_at: string }>).map((b) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('PUT /admin/banner/{id}', () => {
  it('replaces the fields, keeps the status when it is left out, and logs the change', async () => {
    const packageId = await aPackage();
    const created = await createBanner({ on_login_page: true });
    const token = await admin();
    const body = aBannerBody({
      title: 'Changed',
      on_login_page: false,
      for_packages: packageId,
      position: 'top-right',
      hideable: false,
    });
    const answer = await call('PUT', `/admin/banner/${created.id}`, { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Banner updated');
    expect(answer.body.result).toMatchObject({
      id: created.id,
      title: 'Changed',
      on_login_page: false,
      for_login_page: false,
      for_packages: packageId,
      position: 'top-right',
      hideable: false,
      status: 'Active',
      created_at: created.created_at,
    });
    const inactive = await call('PUT', `/admin/banner/${created.id}`, {
      token,
      body: { ...body, status: 'Inactive' },
    });
    expect(inactive.body.result.status).toBe('Inactive');
    const kept = await call('PUT', `/admin/banner/${created.id}`, { token, body });
    expect(kept.body.result.status).toBe('Inactive');
    expect((await call('GET', `/admin/banner/${created.id}`, { token })).body.result).toEqual(
      kept.body.result,
    );
    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.filter((a) => a.component_id === created.id).map((a) => a.activity)).toContain(
      'Updated banner Changed',
    );
  });

  it('answers 422 for a package that does not exist and changes nothing', async () => {
    const created = await createBanner();
    const answer = await call('PUT', `/admin/banner/${created.id}`, {
      token: await admin(),
      body: aBannerBody({ for_packages: ulid() }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ for_packages: 'Choose packages that exist' });
    expect((await call('GET', `/admin/banner/${created.id}`, { token: await admin() })).body.result).toEqual(
      created,
    );
  });
});

describe('DELETE /admin/banner/{id}', () => {
  it('deletes a banner and logs it; a second delete is a 404', async () => {
    const created = await createBanner();
    const token = await admin();
    const answer = await call('DELETE', `/admin/banner/${created.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: null, message: 'Banner Announcement deleted' });
    expect((await call('GET', `/admin/banner/${created.id}`, { token })).status).toBe(404);
    expect(ids(await call('GET', '/admin/banner', { token }))).not.toContain(created.id);
    const again = await call('DELETE', `/admin/banner/${created.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Banner not found' });
    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.find((a) => a.component_id === created.id && a.activity.startsWith('Deleted'))).toMatchObject(
      {
        component: 'Banner',
        activity: `Deleted banner ${created.title}`,
      },
    );
  });
});

describe('GET /banners/login', () => {
  it('shows the active, unexpired login-page banners to anyone, through their expiration date', async () => {
    const shown = await createBanner({ on_login_page: true, position: 'bottom-center' });
    const lastDay = await createBanner({ on_login_form: true, expiration_date: today() });
    const expired = await createBanner({ on_login_page: true, expiration_date: dayFromToday(-1) });
    const inactive = await createBanner({ on_login_page: true, status: 'Inactive' });
    const clientOnly = await createBanner({ on_login_page: false });
    const answer = await call('GET', '/banners/login');
    expect(answer.status).toBe(200);
    const listed = ids(answer);
    expect(listed).toEqual(expect.arrayContaining([shown.id, lastDay.id]));
    for (const hidden of [expired, inactive, clientOnly]) expect(listed).not.toContain(hidden.id);
    expect(answer.body.result.find((b: { id: string }) => b.id === shown.id)).toEqual(shown);

    // Deactivated: no longer shown.
    await call('PUT', `/admin/banner/${shown.id}`, {
      token: await admin(),
      body: aBannerBody({ on_login_page: true, status: 'Inactive' }),
    });
    expect(ids(await call('GET', '/banners/login'))).not.toContain(shown.id);
  });
});

describe('GET /client/banners', () => {
  it("shows the active, unexpired banners for every package or the caller's account's package", async () => {
    const { packageId, users } = await anAccount(['Account Admin', 'Viewer']);
    const otherPackage = await aPackage();
    const forAll = await createBanner();
    const forMine = await createBanner({ for_packages: `${otherPackage},${packageId}` });
    const forOther = await createBanner({ for_packages: otherPackage });
    const loginToo = await createBanner({ on_login_page: true });
    const expired = await createBanner({ expiration_date: dayFromToday(-1) });
    const inactive = await createBanner({ status: 'Inactive', for_packages: packageId });
    for (const role of ['Account Admin', 'Viewer'] as const) {
      const answer = await call('GET', '/client/banners', { token: users[role]!.token });
      expect(answer.status).toBe(200);
      const listed = ids(answer);
      expect(listed).toEqual(expect.arrayContaining([forAll.id, forMine.id, loginToo.id]));
      for (const hidden of [forOther, expired, inactive]) expect(listed).not.toContain(hidden.id);
    }
  });

  it('refuses super admins (403) and callers without a token (401)', async () => {
    expect((await call('GET', '/client/banners', { token: await admin() })).status).toBe(403);
    expect((await call('GET', '/client/banners')).status).toBe(401);
  });
});

describe('banners: unknown ids and who may call', () => {
  it('answers 404 for a banner that does not exist', async () => {
    const token = await admin();
    const id = ulid();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', aBannerBody()],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/admin/banner/${id}`, { token, body });
      expect(answer.status, method).toBe(404);
      expect(answer.body, method).toEqual({ message: 'Banner not found' });
    }
  });

  it('refuses client users on the admin routes (403)', async () => {
    const token = await signedInAs('Account Admin');
    const id = ulid();
    expect((await call('GET', '/admin/banner', { token })).status).toBe(403);
    expect((await call('GET', `/admin/banner/${id}`, { token })).status).toBe(403);
    expect((await call('POST', '/admin/banner', { token, body: aBannerBody() })).status).toBe(403);
    expect((await call('PUT', `/admin/banner/${id}`, { token, body: aBannerBody() })).status).toBe(403);
    expect((await call('DELETE', `/admin/banner/${id}`, { token })).status).toBe(403);
    expect((await call('GET', '/admin/banner')).status).toBe(401);
  });
});
