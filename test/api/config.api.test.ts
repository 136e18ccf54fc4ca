import { db } from '@core/table/entities';
import { call, signedInAs } from '../support/api';

const lists = [
  { path: '/admin/amenities', client: '/client/amenities', label: 'Amenity', seeded: 'Projector' },
  { path: '/admin/venueType', client: '/client/venue_types/', label: 'Venue Type', seeded: 'Hotel' },
  { path: '/admin/spaceType', client: '/client/space_types/', label: 'Space Type', seeded: 'Boardroom' },
] as const;

describe.each(lists)('configuration list $path', ({ path, client, label, seeded }) => {
  const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

  it('lists the items sorted by title for a super admin', async () => {
    const answer = await call('GET', path, { token: await signedInAs('Super Admin') });
    expect(answer.status).toBe(200);
    const titles = (answer.body.result as Array<{ title: string }>).map((i) => i.title);
    expect(titles).toContain(seeded);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('creates an active item, logs it, and offers it to client users', async () => {
    const token = await signedInAs('Super Admin');
    const title = unique('Rooftop');
    const created = await call('POST', path, { token, body: { title: `  ${title} ` } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(`${label} created`);
    expect(created.body.result).toMatchObject({ title, status: 'Active', id: expect.any(String) });

    const offered = await call('GET', client, { token: await signedInAs('Event Coordinator') });
    expect(offered.status).toBe(200);
    expect(offered.body.result.map((i: { title: string }) => i.title)).toContain(title);

    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ pages: 'all' });
    expect(data.find((a) => a.component_id === created.body.result.id)).toMatchObject({
      component: label,
      activity: `${label} created`,
      actor: { email: 'admin@spaces.test', user_role: 'Super Admin' },
    });
  });

  it('renames and deactivates an item; inactive items are not offered to clients', async () => {
    const token = await signedInAs('Super Admin');
    const created = await call('POST', path, { token, body: { title: unique('Lobby') } });
    const id = created.body.result.id as string;
    const renamed = unique('Atrium');
    const updated = await call('PUT', `${path}/${id}`, {
      token,
      body: { title: renamed, status: 'Inactive' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(`${label} updated`);
    expect(updated.body.result).toMatchObject({ id, title: renamed, status: 'Inactive' });
    const listed = (await call('GET', path, { token })).body.result.find((i: { id: string }) => i.id === id);
    expect(listed).toEqual(updated.body.result);
    expect(listed.updated_at > created.body.result.updated_at).toBe(true);

    const offered = await call('GET', client, { token: await signedInAs('Account Admin') });
    expect(offered.body.result.map((i: { id: string }) => i.id)).not.toContain(id);
    // The old title is free again.
    expect((await call('POST', path, { token, body: { title: created.body.result.title } })).status).toBe(
      200,
    );
  });

  it("answers the spec's messages for bad input and 409 for a title in use", async () => {
    const token = await signedInAs('Super Admin');
    const blank = await call('POST', path, { token, body: { title: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toEqual({ title: 'Field is required' });
    const long = await call('POST', path, { token, body: { title: 'x'.repeat(81) } });
    expect(long.body.message).toEqual({ title: 'Field should be less than 80 characters' });
    const missing = await call('POST', path, { token, body: {} });
    expect(missing.body.message).toEqual({ title: 'Field is required' });
    const status = await call('PUT', `${path}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, {
      token,
      body: { title: 'Ok', status: 'Sleeping' },
    });
    expect(status.body.message).toEqual({ status: 'Invalid value' });

    const duplicate = await call('POST', path, { token, body: { title: seeded.toUpperCase() } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toEqual({ title: 'This title is already in use' });
  });

  it('answers 404 for an item that does not exist or an id that cannot be one', async () => {
    const token = await signedInAs('Super Admin');
    const answer = await call('PUT', `${path}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, {
      token,
      body: { title: 'Nothing' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: `${label} not found` });
    // Ids that cannot be one: too long, and percent-escapes that decode to nothing.
    for (const id of ['x'.repeat(2000), '%', '%zz', '%E0%A4%A', 'a%00b', '%E2%80%8F01']) {
      const impossible = await call('PUT', `${path}/${id}`, { token, body: { title: 'Nothing' } });
      expect(impossible.status, id).toBe(404);
      expect(impossible.body, id).toEqual({ message: 'Item not found' });
    }
  });

  it('answers 400 to a body that is not a JSON object, and the generic message to a wrong type', async () => {
    const token = await signedInAs('Super Admin');
    const list = await call('POST', path, { token, rawBody: '["title"]' });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: 'The request body must be a JSON object' });
    const number = await call('POST', path, { token, body: { title: 42 } });
    expect(number.status).toBe(422);
    expect(number.body.message).toEqual({ title: 'Invalid value' });
  });

  it('refuses client users on the admin routes, and super admins on the client lookup', async () => {
    const clientToken = await signedInAs('Account Admin');
    expect((await call('GET', path, { token: clientToken })).status).toBe(403);
    expect((await call('POST', path, { token: clientToken, body: { title: 'Sneaky' } })).status).toBe(403);
    expect((await call('PUT', `${path}/x`, { token: clientToken, body: { title: 'Sneaky' } })).status).toBe(
      403,
    );
    expect((await call('GET', client, { token: await signedInAs('Super Admin') })).status).toBe(403);
    expect((await call('GET', path)).status).toBe(401);
  });
});

describe('GET /client/timezones', () => {
  it('lists IANA time zones for client users only', async () => {
    const answer = await call('GET', '/client/timezones', { token: await signedInAs('Event Coordinator') });
    expect(answer.body.result).toEqual(
      expect.arrayContaining(['America/New_York', 'Europe/London', 'Asia/Kolkata']),
    );
    expect((await call('GET', '/client/timezones', { token: await signedInAs('Super Admin') })).status).toBe(
      403,
    );
  });
});
