import { ulid } from 'ulid';
import { db, type ActivityItem } from '@core/table/entities';
import { anAccount, anAdmin, call, signedInAs } from '../support/api';

/**
 * Per-person activity logs (docs/product/admin-and-auth.md §2 "Admin users", §7): a super admin's or an
 * account user's changes in a date range (default the last 30 days), newest first, optionally of
 * one component, each with who made it and, for impersonated changes, the admin behind them.
 */
const admin = () => signedInAs('Super Admin');
const day = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An entry of someone's log at a given time, written as the API writes them. */
async function anEntry(actorId: string, time: string, fields: Partial<ActivityItem> = {}) {
  await db()
    .entities.activity.create({
      scope: 'PLATFORM',
      activity_id: ulid(),
      actor_id: actorId,
      actor: { first_name: 'Ada', last_name: 'Admin', user_role: 'Super Admin', email: 'ada@example.test' },
      component: 'Package',
      component_id: ulid(),
      activity: `At ${time}`,
      time,
      ...fields,
    })
    .go();
}

const logOf = async (path: string, body: Record<string, unknown> = {}) =>
  call('POST', path, { token: await admin(), body });
const activities = (answer: { body: { result: Array<{ activity: string }> } }) =>
  answer.body.result.map((entry) => entry.activity);

describe('POST /admin/admins/{id}/activityLog', () => {
  it("answers an admin's changes of the last 30 days, newest first, as the components are named", async () => {
    const actor = await anAdmin();
    const token = actor.token;
    const pkg = await call('POST', '/admin/packages', {
      token,
      body: { name: `Logged ${ulid().slice(-8)}`, allowed_user_roles: 'Viewer' },
    });
    const amenity = await call('POST', '/admin/amenities', {
      token,
      body: { title: `Sauna ${ulid().slice(-8)}` },
    });
    const banner = await call('POST', '/admin/banner', {
      token,
      body: { title: 'Hello', message: 'World', expiration_date: dateOf(Date.now() + day) },
    });
    const answer = await logOf(`/admin/admins/${actor.id}/activityLog`);
    expect(answer.status).toBe(200);
    const user = {
      first_name: 'Ada',
      last_name: 'Admin',
      user_role: 'Super Admin',
      photo_uri: null,
      photo_url: null,
      email: actor.email,
    };
    expect(answer.body.result).toEqual([
      {
        id: expect.any(String),
        user,
        impersonated_by: null,
        component: 'Banner',
        component_id: banner.body.result.id,
        activity: 'Created banner Hello',
        time: expect.any(String),
      },
      expect.objectContaining({ component: 'Amenities', component_id: amenity.body.result.id, user }),
      expect.objectContaining({ component: 'Package', component_id: pkg.body.result.id, user }),
    ]);
    const times = (answer.body.result as Array<{ time: string }>).map((e) => e.time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by component, mapping the stored names to the filter’s', async () => {
    const actor = await anAdmin();
    const token = actor.token;
    await call('POST', '/admin/amenities', { token, body: { title: `Pool ${ulid().slice(-8)}` } });
    await call('POST', '/admin/venueType', { token, body: { title: `Barn ${ulid().slice(-8)}` } });
    await call('POST', '/admin/packages', {
      token,
      body: { name: `Filtered ${ulid().slice(-8)}`, allowed_user_roles: 'Viewer' },
    });
    await call('POST', '/admin/banner', {
      token,
      body: { title: 'Filtered', message: 'Hello', expiration_date: dateOf(Date.now() + day) },
    });
    const path = `/admin/admins/${actor.id}/activityLog`;
    const components = async (component: string) =>
      ((await logOf(path, { component })).body.result as Array<{ component: string }>).map(
        (e) => e.component,
      );
    expect(await components('Amenities')).toEqual(['Amenities']);
    expect(await components('Venue Type')).toEqual(['Venue Type']);
    expect(await components('Package')).toEqual(['Package']);
    // Banner changes are logged under 'Banner', and the filter takes it.
    expect(await components('Banner')).toEqual(['Banner']);
    expect(await components('License')).toEqual([]);
    expect(await components('')).toHaveLength(4);
  });

  it('answers the days asked for, whole UTC days at both ends', async () => {
    const { id } = await anAdmin();
    await anEntry(id, '2025-02-28T23:59:59.999Z');
    await anEntry(id, '2025-03-01T00:00:00.000Z');
    await anEntry(id, '2025-03-02T23:59:59.999Z');
    await anEntry(id, '2025-03-03T00:00:00.000Z');
    const path = `/admin/admins/${id}/activityLog`;
    expect(activities(await logOf(path, { from_date: '2025-03-01', to_date: '2025-03-02' }))).toEqual([
      'At 2025-03-02T23:59:59.999Z',
      'At 2025-03-01T00:00:00.000Z',
    ]);
    expect(activities(await logOf(path, { from_date: '2025-03-03', to_date: '2025-03-03' }))).toEqual([
      'At 2025-03-03T00:00:00.000Z',
    ]);
    // One date alone: the 30 days up to the end, the end included, or from the start up to today.
    expect(activities(await logOf(path, { to_date: '2025-03-30' }))).toEqual([
      'At 2025-03-03T00:00:00.000Z',
      'At 2025-03-02T23:59:59.999Z',
      'At 2025-03-01T00:00:00.000Z',
    ]);
    expect(activities(await logOf(path, { to_date: '2025-03-31' }))).toEqual([
      'At 2025-03-03T00:00:00.000Z',
      'At 2025-03-02T23:59:59.999Z',
    ]);
    expect(activities(await logOf(path, { from_date: dateOf(Date.now() - 10 * day) }))).toEqual([]);
  });

  it('defaults to the last 30 days up to today, today included (today − 29 … today)', async () => {
    const { id } = await anAdmin();
    const now = Date.now();
    await anEntry(id, new Date(now - 29 * day).toISOString());
    await anEntry(id, new Date(now - 30 * day).toISOString());
    await anEntry(id, new Date(now - 31 * day).toISOString());
    await anEntry(id, new Date(now - 400 * day).toISOString());
    const answer = await logOf(`/admin/admins/${id}/activityLog`, { from_date: '', to_date: '' });
    expect(activities(answer)).toEqual([`At ${new Date(now - 29 * day).toISOString()}`]);
  });

  it('refuses a range backwards, longer than 366 days, or dates that are not dates (422)', async () => {
    const { id } = await anAdmin();
    const path = `/admin/admins/${id}/activityLog`;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { from_date: '2025-03-02', to_date: '2025-03-01' },
        { to_date: 'The end date must not be before the start date' },
      ],
      [
        { from_date: '2024-01-01', to_date: '2025-01-02' },
        { to_date: 'The range may span at most 366 days' },
      ],
      [{ from_date: '2020-01-01' }, { to_date: 'The range may span at most 366 days' }],
      [
        { from_date: dateOf(Date.now() + 2 * day) },
        { to_date: 'The end date must not be before the start date' },
      ],
      [{ from_date: '2025-02-30' }, { from_date: 'Invalid value' }],
      [{ to_date: 'yesterday' }, { to_date: 'Invalid value' }],
      [{ component: 'Banana' }, { component: 'Invalid value' }],
      [{ user: 'me' }, { user: 'Unknown field' }],
    ];
    for (const [body, message] of cases) {
      const answer = await logOf(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.message, JSON.stringify(body)).toEqual(message);
    }
    // 366 days, both ends counted, is allowed; one more is not.
    expect((await logOf(path, { from_date: '2025-01-01', to_date: '2026-01-01' })).status).toBe(200);
    expect((await logOf(path, { from_date: '2024-01-01', to_date: '2024-12-31' })).status).toBe(200);
    for (const body of [
      { from_date: '2025-01-01', to_date: '2026-01-02' },
      { from_date: '2024-01-01', to_date: '2025-01-01' },
    ]) {
      const answer = await logOf(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.message).toEqual({ to_date: 'The range may span at most 366 days' });
    }
  });

  it("answers a signed URL of the actor's photo with each entry", async () => {
    const { id } = await anAdmin();
    const photo = `platform/admins/${id}/profile-photo/${ulid()}`;
    await anEntry(id, new Date().toISOString(), {
      actor: { first_name: 'Ada', last_name: 'Admin', user_role: 'Super Admin', photo_uri: photo },
    });
    const [entry] = (await logOf(`/admin/admins/${id}/activityLog`)).body.result;
    expect(entry.user.photo_uri).toBe(photo);
    const url = new URL(entry.user.photo_url);
    expect(url.pathname).toContain(photo);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 404 for an admin that does not exist, an account user included', async () => {
    const { users } = await anAccount(['Account Admin']);
    for (const id of [ulid(), users['Account Admin']!.id]) {
      const answer = await logOf(`/admin/admins/${id}/activityLog`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Admin user not found' });
    }
  });
});

describe('POST /admin/users/{id}/activityLog', () => {
  it("answers an account user's changes, naming the admin who made them as that user", async () => {
    const { users } = await anAccount(['Account Admin']);
    const user = users['Account Admin']!;
    const profile = { first_name: 'Olga', last_name: 'Own' };
    expect((await call('POST', '/client/profileChange', { token: user.token, body: profile })).status).toBe(
      200,
    );

    const actor = await anAdmin();
    const impersonation = await call('GET', `/admin/impersonate/${user.id}`, { token: actor.token });
    expect(impersonation.status).toBe(200);
    const asUser = impersonation.body.result.access_token as string;
    const changed = await call('POST', '/client/profileChange', {
      token: asUser,
      body: { ...profile, phone_no: '555-0199' },
    });
    expect(changed.status).toBe(200);

    const answer = await logOf(`/admin/users/${user.id}/activityLog`);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual([
      expect.objectContaining({
        component: 'User',
        component_id: user.id,
        impersonated_by: { id: actor.id, email: actor.email },
        user: expect.objectContaining({ first_name: 'Olga', user_role: 'Account Admin', email: user.email }),
      }),
      expect.objectContaining({
        component: 'User',
        impersonated_by: null,
        user: expect.objectContaining({ email: user.email }),
      }),
    ]);
    expect(activities(await logOf(`/admin/users/${user.id}/activityLog`, { component: 'Account' }))).toEqual(
      [],
    );
    expect(
      activities(
        await logOf(`/admin/users/${user.id}/activityLog`, {
          from_date: '2020-01-01',
          to_date: '2020-12-31',
        }),
      ),
    ).toEqual([]);
  });

  it('answers 404 for a user that does not exist, a super admin included', async () => {
    const { id } = await anAdmin();
    for (const unknown of [ulid(), id]) {
      const answer = await logOf(`/admin/users/${unknown}/activityLog`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'User not found' });
    }
  });
});

describe('activity logs: who may call', () => {
  it('refuses client users (403) and callers without a token (401)', async () => {
    const token = await signedInAs('Account Admin');
    const id = ulid();
    for (const path of [`/admin/admins/${id}/activityLog`, `/admin/users/${id}/activityLog`]) {
      expect((await call('POST', path, { token, body: {} })).status).toBe(403);
      expect((await call('POST', path, { body: {} })).status).toBe(401);
    }
  });
});
