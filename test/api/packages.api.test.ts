import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { anAccount, call, signedInAs } from '../support/api';

/**
 * Packages (docs/product/admin-and-auth.md §3 Package, §5, §9): every field, limits 1–10 or Unlimited,
 * flags Yes/No, names unique ignoring case, and what the client area reads of them.
 */
const admin = () => signedInAs('Super Admin');
const unique = (name: string) => `${name} ${ulid().slice(-8)}`;

const aPackageBody = (fields: Record<string, unknown> = {}) => ({
  name: unique('Starter'),
  allowed_user_roles: '"Account Admin","Venue Manager"',
  venue_limit: 2,
  spaces_limit: 'Unlimited',
  admin_limit: 1,
  third_party_integration: 'No',
  custom_integration: 'Yes',
  on_screen_branding: 'No',
  booking_approval: 'Yes',
  ...fields,
});

async function createPackage(fields: Record<string, unknown> = {}) {
  const answer = await call('POST', '/admin/packages', { token: await admin(), body: aPackageBody(fields) });
  expect(answer.status).toBe(200);
  return answer.body.result;
}

const stored = async (id: string) => (await db().entities.package.get({ package_id: id }).go()).data!;

describe('GET /admin/packages', () => {
  it('lists every package by name, with the seeded one as the client area sees it', async () => {
    await createPackage({ name: unique('Aardvark') });
    await createPackage({ name: unique('zebra') });
    const answer = await call('GET', '/admin/packages', { token: await admin() });
    expect(answer.status).toBe(200);
    const names = (answer.body.result as Array<{ name: string }>).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(answer.body.result.find((p: { name: string }) => p.name === 'Enterprise')).toMatchObject({
      allowed_user_roles: 'Account Admin,Venue Manager,Event Coordinator,Viewer',
      venue_limit: 'Unlimited',
      spaces_limit: 'Unlimited',
      admin_limit: 3,
      booking_approval: 'Yes',
      status: 'Active',
    });
  });
});

describe('POST /admin/packages', () => {
  it('creates an active package with every field, logs it, and answers it as GET does', async () => {
    const body = aPackageBody();
    const answer = await call('POST', '/admin/packages', { token: await admin(), body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Package created');
    const created = answer.body.result;
    expect(created).toEqual({
      id: expect.any(String),
      name: body.name,
      allowed_user_roles: 'Account Admin,Venue Manager',
      venue_limit: 2,
      spaces_limit: 'Unlimited',
      admin_limit: 1,
      storage_limit_gb: 5,
      third_party_integration: 'No',
      custom_integration: 'Yes',
      on_screen_branding: 'No',
      booking_approval: 'Yes',
      status: 'Active',
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    expect(
      (await call('GET', `/admin/packages/${created.id}`, { token: await admin() })).body.result,
    ).toEqual(created);
    // Limits are numbers, Unlimited is no number at all.
    const item = await stored(created.id);
    expect(item).toMatchObject({ venue_limit: 2, admin_limit: 1 });
    expect(item.spaces_limit).toBeUndefined();

    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.find((a) => a.component_id === created.id)).toMatchObject({
      component: 'Package',
      activity: `Created package ${body.name}`,
      actor: { email: 'admin@spaces.test' },
    });
  });

  it('takes the roles as a list too, in any order, and fills in the defaults', async () => {
    const answer = await call('POST', '/admin/packages', {
      token: await admin(),
      body: { name: unique('Listed'), allowed_user_roles: ['Viewer', ' Account Admin ', 'Viewer'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      allowed_user_roles: 'Account Admin,Viewer',
      venue_limit: 1,
      spaces_limit: 1,
      admin_limit: 1,
      storage_limit_gb: 5,
      third_party_integration: 'Yes',
      custom_integration: 'Yes',
      on_screen_branding: 'Yes',
      booking_approval: 'Yes',
    });
  });

  it("answers the spec's messages for bad input", async () => {
    const token = await admin();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '  ' }, { name: 'Field is required' }],
      [{ name: 'x'.repeat(81) }, { name: 'Field should be less than 80 characters' }],
      [{ allowed_user_roles: '' }, { allowed_user_roles: 'Field is required' }],
      [{ allowed_user_roles: undefined }, { allowed_user_roles: 'Field is required' }],
      [{ allowed_user_roles: 'Account Admin,Janitor' }, { allowed_user_roles: 'Invalid value' }],
      [{ venue_limit: 11 }, { venue_limit: 'Field should be smaller than 11' }],
      [{ spaces_limit: 0 }, { spaces_limit: 'Field should be larger than 0' }],
      [{ admin_limit: 'Lots' }, { admin_limit: 'Invalid value' }],
      [{ storage_limit_gb: 0 }, { storage_limit_gb: 'Field should be larger than 0' }],
      [{ storage_limit_gb: 1001 }, { storage_limit_gb: 'Field should be smaller than 1001' }],
      [{ storage_limit_gb: 2.5 }, { storage_limit_gb: 'Invalid value' }],
      [{ storage_limit_gb: '10' }, { storage_limit_gb: 'Invalid value' }],
      [{ booking_approval: 'Maybe' }, { booking_approval: 'Invalid value' }],
      [{ status: 'Sleeping' }, { status: 'Invalid value' }],
      [{ colour: 'red' }, { colour: 'Unknown field' }],
    ];
    for (const [fields, message] of cases) {
      const answer = await call('POST', '/admin/packages', { token, body: aPackageBody(fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.message, JSON.stringify(fields)).toEqual(message);
    }
  });

  it('refuses a name in use, ignoring case and surrounding space (409)', async () => {
    const { name } = await createPackage();
    const answer = await call('POST', '/admin/packages', {
      token: await admin(),
      body: aPackageBody({ name: `  ${name.toUpperCase()} ` }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ name: 'This package name is already in use' });
  });
});

describe('PUT /admin/packages/{id}', () => {
  it('changes every field; the client area of an account on it sees the change', async () => {
    const created = await createPackage({ allowed_user_roles: 'Account Admin', admin_limit: 4 });
    const { users } = await anAccount(['Account Admin'], { packageId: created.id });
    // Read before the change: the copy the API keeps for a minute must not outlive it.
    const before = await call('GET', '/client/mypackage', { token: users['Account Admin']!.token });
    expect(before.body.result.name).toBe(created.name);
    const name = unique('Renamed');
    const answer = await call('PUT', `/admin/packages/${created.id}`, {
      token: await admin(),
      body: aPackageBody({
        name,
        allowed_user_roles: 'Viewer,Account Admin',
        venue_limit: 'Unlimited',
        spaces_limit: 10,
        admin_limit: 'Unlimited',
        storage_limit_gb: 20,
        booking_approval: 'No',
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Package updated');
    expect(answer.body.result).toMatchObject({
      id: created.id,
      name,
      allowed_user_roles: 'Account Admin,Viewer',
      venue_limit: 'Unlimited',
      spaces_limit: 10,
      admin_limit: 'Unlimited',
      storage_limit_gb: 20,
      booking_approval: 'No',
      status: 'Active',
      created_at: created.created_at,
    });
    expect(answer.body.result.updated_at > created.updated_at).toBe(true);
    const item = await stored(created.id);
    expect(item.venue_limit).toBeUndefined();
    expect(item.admin_limit).toBeUndefined();

    const mine = await call('GET', '/client/mypackage', { token: users['Account Admin']!.token });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toEqual({
      id: created.id,
      name,
      allowed_user_roles: ['Account Admin', 'Viewer'],
      venue_limit: 'Unlimited',
      spaces_limit: 10,
      admin_limit: 'Unlimited',
      storage_limit_gb: 20,
      storage_used_bytes: 0,
      booking_approval: 'No',
      third_party_integration: 'No',
      custom_integration: 'Yes',
      on_screen_branding: 'No',
      status: 'Active',
    });
  });

  it('answers 5 GB of storage for a package saved before it had the field', async () => {
    const { id } = await createPackage();
    await db().entities.package.patch({ package_id: id }).remove(['storage_limit_gb']).go();
    const answer = await call('GET', `/admin/packages/${id}`, { token: await admin() });
    expect(answer.body.result.storage_limit_gb).toBe(5);
  });

  it('keeps the status when it is left out, changes it when given, and frees the old name', async () => {
    const created = await createPackage();
    const token = await admin();
    const body = aPackageBody({ name: created.name });
    const inactive = await call('PUT', `/admin/packages/${created.id}`, {
      token,
      body: { ...body, status: 'Inactive' },
    });
    expect(inactive.body.result.status).toBe('Inactive');
    const kept = await call('PUT', `/admin/packages/${created.id}`, { token, body });
    expect(kept.body.result.status).toBe('Inactive');

    // A change of case only keeps the name's guard.
    const recased = await call('PUT', `/admin/packages/${created.id}`, {
      token,
      body: { ...body, name: created.name.toUpperCase() },
    });
    expect(recased.status).toBe(200);
    const renamed = await call('PUT', `/admin/packages/${created.id}`, {
      token,
      body: { ...body, name: unique('Other') },
    });
    expect(renamed.status).toBe(200);
    expect((await call('POST', '/admin/packages', { token, body })).status).toBe(200);
  });

  it("refuses another package's name (409) and changes nothing", async () => {
    const first = await createPackage();
    const second = await createPackage();
    const answer = await call('PUT', `/admin/packages/${second.id}`, {
      token: await admin(),
      body: aPackageBody({ name: first.name.toLowerCase(), venue_limit: 9 }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ name: 'This package name is already in use' });
    expect((await call('GET', `/admin/packages/${second.id}`, { token: await admin() })).body.result).toEqual(
      second,
    );
  });
});

describe('packages: unknown ids and who may call', () => {
  it('answers 404 for a package that does not exist', async () => {
    const token = await admin();
    const id = ulid();
    const got = await call('GET', `/admin/packages/${id}`, { token });
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ message: 'Package not found' });
    const put = await call('PUT', `/admin/packages/${id}`, { token, body: aPackageBody() });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: 'Package not found' });
  });

  it('refuses client users (403) and callers without a token (401)', async () => {
    const token = await signedInAs('Account Admin');
    const id = ulid();
    expect((await call('GET', '/admin/packages', { token })).status).toBe(403);
    expect((await call('GET', `/admin/packages/${id}`, { token })).status).toBe(403);
    expect((await call('POST', '/admin/packages', { token, body: aPackageBody() })).status).toBe(403);
    expect((await call('PUT', `/admin/packages/${id}`, { token, body: aPackageBody() })).status).toBe(403);
    expect((await call('GET', '/admin/packages')).status).toBe(401);
  });
});
