import { ulid } from 'ulid';
import { expandOccurrences } from '@shared/recurrence';
import type { ClientRole } from '@shared/roles';
import type { EventTiming } from '@shared/schemas/event-timing';
import {
  DAY_MS,
  formatLocalDate,
  formatWallTime,
  instantToWallTime,
  parseWallTime,
  toUtcIso,
  wallTimeToInstant,
} from '@shared/wall-time';
import type { AssignmentPermission } from '@shared/venues';
import { insertPackage } from '@core/people/account-store';
import { db } from '@core/table/entities';
import { saveSpace } from '../../functions/spaces/store';
import { createItem, updateItem } from '../../functions/config/service';
import { anAccount, call, platformAdmin, type Answer } from '../support/api';

/**
 * Spaces (docs/product/client-area.md §2 "Space form", "CAP alert panel", §3 Space, §5, §7 "Spaces"):
 * the spaces of an account's venues, their event coordinators and alert feeds. An Account Admin
 * acts on every space, a Venue Manager on the spaces of the venues where they are Approved, an
 * Event Coordinator sees the spaces where they are; another account's space is not found.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;

/** A venue of an account, written as the venues group writes it. */
async function aVenue(
  accountId: string,
  fields: { name?: string; status?: 'Active' | 'Inactive'; timezone?: string } = {},
) {
  const venueId = ulid();
  const name = fields.name ?? `Venue ${venueId.slice(-5)}`;
  const timezone = fields.timezone ?? 'Europe/London';
  await db()
    .entities.venue.create({
      account_id: accountId,
      venue_id: venueId,
      name,
      timezone,
      status: fields.status ?? 'Active',
    })
    .go();
  return { id: venueId, name, timezone };
}

/** A Venue Manager's assignment to a venue. */
async function manages(accountId: string, venueId: string, userId: string, permission: AssignmentPermission) {
  await db()
    .entities.venueManager.create({ account_id: accountId, venue_id: venueId, user_id: userId, permission })
    .go();
}

/** An Event Coordinator's assignment to a space, as the coordinator routes write it. */
async function coordinates(
  accountId: string,
  space: { id: string; venue_id: string },
  userId: string,
  permission: AssignmentPermission,
) {
  await db()
    .entities.spaceCoordinator.create({
      account_id: accountId,
      space_id: space.id,
      venue_id: space.venue_id,
      user_id: userId,
      permission,
    })
    .go();
}

/** An active amenity or space type (titles are unique on the platform). */
async function anItem(kind: 'amenities' | 'spaceTypes', title = `${kind} ${ulid()}`) {
  return (await createItem(await platformAdmin(), kind, title)).id;
}

const token = (account: Account, role: ClientRole = 'Account Admin') => account.users[role]!.token;

/** Adds a space through the API as the caller; answers it. */
async function aSpace(
  account: Account,
  venueId: string,
  fields: Record<string, unknown> = {},
  role: ClientRole = 'Account Admin',
) {
  const answer = await call('POST', `/client/newspace/${venueId}`, {
    token: token(account, role),
    body: { title: `Space ${ulid().slice(-6)}`, ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { id: string; venue_id: string; title: string; [field: string]: unknown };
}

const ids = (answer: { body: { result: Array<{ id: string }> } }) => answer.body.result.map((s) => s.id);

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A space photo uploaded with the presigned POST, as the browser does. */
async function aPhoto(userToken: string): Promise<string> {
  const ticket = await call('POST', '/client/uploads', {
    token: userToken,
    body: { purpose: 'space-photo', content_type: 'image/png', size: png.length },
  });
  expect(ticket.status).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  expect((await fetch(ticket.body.result.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return ticket.body.result.key as string;
}

const everyRole: ClientRole[] = ['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer'];

describe('POST /client/newspace/{venueId}', () => {
  it('adds a space with every field, counted in the header and logged', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId, { name: 'Harbour Hall' });
    const [wifi, projector, boardroom] = await Promise.all([
      anItem('amenities'),
      anItem('amenities'),
      anItem('spaceTypes'),
    ]);
    const body = {
      title: 'Blue Room',
      location: 'Second floor',
      capacity: 12,
      dimensions: '6 x 4 m',
      handicap_accessible: 'Yes',
      amenities: `${wifi},${projector}`,
      space_type: boardroom,
      notes: 'Window side',
      availiblity_start: '08:00',
      availiblity_end: '18:30',
      check_in_window: 'Yes',
      before_event: 10,
      after_event: 15,
      calendar_color: '#039BE5',
    };
    const answer = await call('POST', `/client/newspace/${venue.id}`, { token: token(account), body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Space created');
    const space = answer.body.result;
    expect(space).toMatchObject({
      ...body,
      venue_id: venue.id,
      venue_name: 'Harbour Hall',
      status: 'Active',
      availability: 'Available',
      next_schedule: [],
      screens: 0,
      slideshow_id: null,
      slideshow_status: 0,
      cap_alert_urls: [],
      cap_alert_status: 'Inactive',
      calendar_id: null,
      photo: null,
      photo_url: null,
      permission: 'Approved',
    });
    expect((await call('GET', `/client/space/${space.id}`, { token: token(account) })).body.result).toEqual(
      space,
    );

    const me = (await call('GET', '/client/aboutMe', { token: token(account) })).body.result;
    expect(me.totals.total_spaces).toBe(1);
    const log = (await call('GET', '/client/activityLog', { token: token(account) })).body.result;
    expect(log.data[0]).toMatchObject({
      component: 'Space',
      component_id: space.id,
      activity: 'Created space Blue Room in Harbour Hall',
    });
    const filtered = await call('GET', '/client/activityLog?component=Space', { token: token(account) });
    expect(filtered.status).toBe(200);
    expect(filtered.body.result.data.map((e: { component: string }) => e.component)).toEqual(['Space']);
  });

  it('fills the defaults: dark green, no check-in, not accessible, no amenities', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id, { title: 'Plain' });
    expect(space).toMatchObject({
      calendar_color: '#0B8043',
      check_in_window: 'No',
      handicap_accessible: 'No',
      amenities: '',
      space_type: '',
      capacity: null,
      availiblity_start: null,
      availiblity_end: null,
      before_event: null,
    });
  });

  it('answers the spec’s messages for the fields', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const post = (body: Record<string, unknown>) =>
      call('POST', `/client/newspace/${venue.id}`, { token: token(account), body });

    const fields = await post({
      title: '',
      capacity: 0,
      before_event: 31,
      after_event: 0,
      calendar_color: '#123456',
      availiblity_start: '08:15',
      handicap_accessible: 'Maybe',
    });
    expect(fields.status).toBe(422);
    expect(fields.body.message).toEqual({
      title: 'Field is required',
      capacity: 'Field should be larger than 0',
      before_event: 'Field should be smaller than 31',
      after_event: 'Field should be larger than 0',
      calendar_color: 'Invalid value',
      availiblity_start: 'Invalid value',
      handicap_accessible: 'Invalid value',
    });
    expect((await post({ title: 'x'.repeat(101) })).body.message).toEqual({
      title: 'Field should be less than 100 characters',
    });
    expect((await post({ title: 'Half', capacity: 2.5 })).body.message).toEqual({
      capacity: 'Invalid value',
    });

    const backwards = await post({ title: 'A', availiblity_start: '18:00', availiblity_end: '09:00' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.message).toEqual({
      availiblity_end: 'Availability End must be greater than Availability Start',
    });
    expect(
      (await post({ title: 'A', availiblity_start: '09:00', availiblity_end: '09:00' })).body.message,
    ).toEqual({ availiblity_end: 'Availability End must be greater than Availability Start' });
    expect((await post({ title: 'A', availiblity_start: '09:00' })).body.message).toEqual({
      availiblity_end: 'Field is required',
    });
    expect((await post({ title: 'A', availiblity_end: '17:00' })).body.message).toEqual({
      availiblity_start: 'Field is required',
    });
    expect((await post({ title: 'A', check_in_window: 'Yes' })).body.message).toEqual({
      before_event: 'Field is required',
      after_event: 'Field is required',
    });
    expect((await post({ title: 'A', venue_id: venue.id })).body.message).toEqual({
      venue_id: 'Unknown field',
    });

    const me = (await call('GET', '/client/aboutMe', { token: token(account) })).body.result;
    expect(me.totals.total_spaces).toBe(0);
  });

  it('takes only existing, active amenities and space types', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const [amenity, spaceType] = await Promise.all([anItem('amenities'), anItem('spaceTypes')]);
    const retired = await anItem('amenities');
    await updateItem(await platformAdmin(), 'amenities', retired, {
      title: `Retired ${retired}`,
      status: 'Inactive',
    });
    const post = (body: Record<string, unknown>) =>
      call('POST', `/client/newspace/${venue.id}`, {
        token: token(account),
        body: { title: 'Items', ...body },
      });

    for (const amenities of [ulid(), retired, spaceType, `${amenity},${ulid()}`]) {
      const answer = await post({ amenities });
      expect(answer.status, amenities).toBe(422);
      expect(answer.body.message).toEqual({ amenities: 'Invalid value' });
    }
    const wrongKind = await post({ space_type: amenity });
    expect(wrongKind.body.message).toEqual({ space_type: 'Invalid value' });
    expect((await post({ amenities: 'not-an-id' })).status).toBe(422);

    const both = await post({ amenities: [amenity, amenity], space_type: ` ${spaceType} ` });
    expect(both.status).toBe(200);
    expect(both.body.result).toMatchObject({ amenities: amenity, space_type: spaceType });
  });

  it('adds to active venues only, of the caller’s own account', async () => {
    const account = await anAccount(['Account Admin']);
    const other = await anAccount(['Account Admin']);
    const closed = await aVenue(account.accountId, { status: 'Inactive' });
    const inactive = await call('POST', `/client/newspace/${closed.id}`, {
      token: token(account),
      body: { title: 'Nope' },
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toEqual({ venue_id: 'Spaces can be added only to an active venue' });

    const theirs = await aVenue(other.accountId);
    const foreign = await call('POST', `/client/newspace/${theirs.id}`, {
      token: token(account),
      body: { title: 'Nope' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call('POST', `/client/newspace/${ulid()}`, { token: token(account), body: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call('GET', '/client/allspaces', { token: token(other) })).body.result).toEqual([]);
  });

  it('lets a Venue Manager add to the venues where they are Approved only', async () => {
    const account = await anAccount(everyRole);
    const manager = account.users['Venue Manager']!;
    const [approved, denied, unassigned] = await Promise.all([
      aVenue(account.accountId),
      aVenue(account.accountId),
      aVenue(account.accountId),
    ]);
    await manages(account.accountId, approved.id, manager.id, 'Approved');
    await manages(account.accountId, denied.id, manager.id, 'Denied');

    const space = await aSpace(account, approved.id, { title: 'Managed' }, 'Venue Manager');
    expect(space.permission).toBe('Approved');
    const post = (venueId: string, role: ClientRole) =>
      call('POST', `/client/newspace/${venueId}`, { token: token(account, role), body: { title: 'x' } });
    expect((await post(denied.id, 'Venue Manager')).status).toBe(403);
    expect((await post(unassigned.id, 'Venue Manager')).status).toBe(404);
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      expect((await post(approved.id, role)).status, role).toBe(403);
    }
  });

  it("stops at the package's space limit, counting every space of the account", async () => {
    const packageId = ulid();
    await insertPackage({
      package_id: packageId,
      name: `Package ${packageId}`,
      allowed_user_roles: ['Account Admin'],
      spaces_limit: 2,
    });
    const account = await anAccount(['Account Admin'], { packageId });
    const venue = await aVenue(account.accountId);
    const first = await aSpace(account, venue.id);
    await call('GET', `/client/space/${first.id}/Inactive`, { token: token(account) });
    await aSpace(account, venue.id);
    const third = await call('POST', `/client/newspace/${venue.id}`, {
      token: token(account),
      body: { title: 'Third' },
    });
    expect(third.status).toBe(422);
    expect(third.body.message).toEqual({ spaces_limit: 'This package allows at most 2 spaces' });
    const me = (await call('GET', '/client/aboutMe', { token: token(account) })).body.result;
    expect(me.totals.total_spaces).toBe(2);
    expect((await call('GET', '/client/allspaces', { token: token(account) })).body.result).toHaveLength(2);
  });

  it('holds the limit when two spaces are added at the same moment', async () => {
    const packageId = ulid();
    await insertPackage({
      package_id: packageId,
      name: `Package ${packageId}`,
      allowed_user_roles: ['Account Admin'],
      spaces_limit: 1,
    });
    const account = await anAccount(['Account Admin'], { packageId });
    const venue = await aVenue(account.accountId);
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        call('POST', `/client/newspace/${venue.id}`, { token: token(account), body: { title } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect([409, 422]).toContain(refused.status);
    }
    expect((await call('GET', '/client/allspaces', { token: token(account) })).body.result).toHaveLength(1);
    const me = (await call('GET', '/client/aboutMe', { token: token(account) })).body.result;
    expect(me.totals.total_spaces).toBe(1);
  });

  it('takes a photo uploaded by the caller for a space', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager']);
    const venue = await aVenue(account.accountId);
    const key = await aPhoto(token(account));
    const space = await aSpace(account, venue.id, { photo_uri: key });
    expect(space.photo).toBe(key.replace(/^pending\//, ''));
    const photo = await fetch(space.photo_url as string);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);

    const someoneElses = await aPhoto(token(account, 'Venue Manager'));
    const refused = await call('POST', `/client/newspace/${venue.id}`, {
      token: token(account),
      body: { title: 'Stolen photo', photo_uri: someoneElses },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual({ photo_uri: 'Upload the file again' });
  });
});

describe('PUT /client/space/{id}', () => {
  it('changes the fields, clears the blank ones, keeps the venue; logged', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const amenity = await anItem('amenities');
    const space = await aSpace(account, venue.id, {
      title: 'Old',
      location: 'Basement',
      capacity: 4,
      amenities: amenity,
      availiblity_start: '09:00',
      availiblity_end: '17:00',
    });
    const answer = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'New', venue_id: venue.id, capacity: 40, calendar_color: '#D50000', status: 'Inactive' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Space updated');
    expect(answer.body.result).toMatchObject({
      id: space.id,
      venue_id: venue.id,
      title: 'New',
      capacity: 40,
      location: null,
      amenities: '',
      availiblity_start: null,
      availiblity_end: null,
      calendar_color: '#D50000',
      status: 'Inactive',
      created_at: space.created_at,
    });
    expect((await call('GET', `/client/space/${space.id}`, { token: token(account) })).body.result).toEqual(
      answer.body.result,
    );
    // Status left out is kept.
    const kept = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'New' },
    });
    expect(kept.body.result.status).toBe('Inactive');

    const log = (await call('GET', '/client/activityLog', { token: token(account) })).body.result;
    expect(log.data[0]).toMatchObject({
      component: 'Space',
      component_id: space.id,
      activity: 'Updated space New',
    });
  });

  it('refuses another venue, and the spec’s messages', async () => {
    const account = await anAccount(['Account Admin']);
    const [venue, another] = await Promise.all([aVenue(account.accountId), aVenue(account.accountId)]);
    const space = await aSpace(account, venue.id, { title: 'Fixed' });
    const put = (body: Record<string, unknown>) =>
      call('PUT', `/client/space/${space.id}`, { token: token(account), body });

    const moved = await put({ title: 'Moved', venue_id: another.id });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toEqual({ venue_id: 'The venue of a space cannot be changed' });
    expect((await put({ title: 'Moved', venue_id: ulid() })).body.message).toEqual({
      venue_id: 'The venue of a space cannot be changed',
    });
    const rules = await put({ title: '', availiblity_start: '10:00', availiblity_end: '09:30' });
    expect(rules.status).toBe(422);
    expect(rules.body.message).toMatchObject({ title: 'Field is required' });
    const times = await put({ title: 'T', availiblity_start: '10:00', availiblity_end: '09:30' });
    expect(times.body.message).toEqual({
      availiblity_end: 'Availability End must be greater than Availability Start',
    });
    expect((await put({ title: 'T', amenities: ulid() })).body.message).toEqual({
      amenities: 'Invalid value',
    });
    const space2 = (await call('GET', `/client/space/${space.id}`, { token: token(account) })).body.result;
    expect(space2).toMatchObject({ title: 'Fixed', venue_id: venue.id });
  });

  it('keeps an amenity the space has after it was deactivated', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const [amenity, other] = await Promise.all([anItem('amenities'), anItem('amenities')]);
    const space = await aSpace(account, venue.id, { amenities: amenity });
    await updateItem(await platformAdmin(), 'amenities', amenity, {
      title: `Gone ${amenity}`,
      status: 'Inactive',
    });
    const answer = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'Still', amenities: `${amenity},${other}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.amenities).toBe(`${amenity},${other}`);
  });

  it('replaces the photo with a new upload and keeps the same one without checking it again', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const first = await aPhoto(token(account));
    const space = await aSpace(account, venue.id, { photo_uri: first });
    // Saved, the upload is named by its stored key (without `pending/`).
    const stored = space.photo as string;
    expect(stored).toBe(first.replace(/^pending\//, ''));
    const same = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'Same photo', photo_uri: stored },
    });
    expect(same.body.result.photo).toBe(stored);
    const second = await aPhoto(token(account));
    const replaced = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'New photo', photo_uri: second },
    });
    expect(replaced.body.result.photo).toBe(second.replace(/^pending\//, ''));
    const cleared = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'No photo', photo_uri: '' },
    });
    expect(cleared.body.result).toMatchObject({ photo: null, photo_url: null });
  });

  it('is for those who act on the space: 403 for a Denied manager and other roles, 404 elsewhere', async () => {
    const account = await anAccount(everyRole);
    const other = await anAccount(['Account Admin']);
    const [approved, denied] = await Promise.all([aVenue(account.accountId), aVenue(account.accountId)]);
    const manager = account.users['Venue Manager']!;
    await manages(account.accountId, approved.id, manager.id, 'Approved');
    await manages(account.accountId, denied.id, manager.id, 'Denied');
    const managed = await aSpace(account, approved.id);
    const notManaged = await aSpace(account, denied.id);
    const put = (id: string, role: ClientRole, who = account) =>
      call('PUT', `/client/space/${id}`, { token: token(who, role), body: { title: 'Changed' } });

    expect((await put(managed.id, 'Venue Manager')).status).toBe(200);
    expect((await put(notManaged.id, 'Venue Manager')).status).toBe(403);
    await coordinates(account.accountId, managed, account.users['Event Coordinator']!.id, 'Approved');
    expect((await put(managed.id, 'Event Coordinator')).status).toBe(403);
    expect((await put(managed.id, 'Viewer')).status).toBe(403);
    expect((await put(managed.id, 'Account Admin', other)).status).toBe(404);
    expect((await put(ulid(), 'Account Admin')).status).toBe(404);
    const unchanged = await call('GET', `/client/space/${notManaged.id}`, { token: token(account) });
    expect(unchanged.body.result.title).toBe(notManaged.title);
  });
  it('refuses a change made from an older reading of the space (409)', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id, { title: 'Shared' });
    const { data: read } = await db()
      .entities.space.get({ account_id: account.accountId, space_id: space.id })
      .go({ consistent: true });
    const first = await call('PUT', `/client/space/${space.id}`, {
      token: token(account),
      body: { title: 'First editor' },
    });
    expect(first.status).toBe(200);
    const activity = {
      principal: await platformAdmin(),
      component: 'Space',
      componentId: space.id,
      activity: 'x',
    };
    await expect(saveSpace(read!, { title: 'Second editor' }, [], activity)).rejects.toMatchObject({
      status: 409,
      message: 'This item was changed meanwhile. Reload and try again',
    });
    const now = await call('GET', `/client/space/${space.id}`, { token: token(account) });
    expect(now.body.result.title).toBe('First editor');
  });
});

describe('GET /client/space/{id}/{status}', () => {
  it('deactivates and activates a space; it leaves the spaces one may book', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id, { title: 'Toggle' });
    const off = await call('GET', `/client/space/${space.id}/Inactive`, { token: token(account) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Space updated');
    expect(off.body.result.status).toBe('Inactive');
    expect(ids(await call('GET', '/client/myspaces', { token: token(account) }))).not.toContain(space.id);
    expect(ids(await call('GET', '/client/allspaces', { token: token(account) }))).toContain(space.id);
    const on = await call('GET', `/client/space/${space.id}/Active`, { token: token(account) });
    expect(on.body.result.status).toBe('Active');
    expect(ids(await call('GET', '/client/myspaces', { token: token(account) }))).toContain(space.id);

    const log = (await call('GET', '/client/activityLog', { token: token(account) })).body.result;
    expect(log.data.slice(0, 2).map((e: { activity: string }) => e.activity)).toEqual([
      'Activated space Toggle',
      'Deactivated space Toggle',
    ]);
    expect((await call('GET', `/client/space/${space.id}/Paused`, { token: token(account) })).status).toBe(
      404,
    );
  });

  it('is refused to a Denied manager (403), other roles (403) and another account (404)', async () => {
    const account = await anAccount(everyRole);
    const other = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    await manages(account.accountId, venue.id, account.users['Venue Manager']!.id, 'Denied');
    const space = await aSpace(account, venue.id);
    const toggle = (role: ClientRole, who = account) =>
      call('GET', `/client/space/${space.id}/Inactive`, { token: token(who, role) });
    expect((await toggle('Venue Manager')).status).toBe(403);
    expect((await toggle('Event Coordinator')).status).toBe(403);
    expect((await toggle('Viewer')).status).toBe(403);
    expect((await toggle('Account Admin', other)).status).toBe(404);
    const still = await call('GET', `/client/space/${space.id}`, { token: token(account) });
    expect(still.body.result.status).toBe('Active');
  });
});

describe('space lists', () => {
  /** An account with three venues (one inactive) and spaces in each, and who sees what. */
  async function aScenario() {
    const account = await anAccount(everyRole);
    const { accountId } = account;
    const [north, south, closed] = await Promise.all([
      aVenue(accountId, { name: 'North' }),
      aVenue(accountId, { name: 'South' }),
      aVenue(accountId, { name: 'Closed' }),
    ]);
    const manager = account.users['Venue Manager']!.id;
    const coordinator = account.users['Event Coordinator']!.id;
    const charlie = await aSpace(account, north.id, { title: 'charlie' });
    const alpha = await aSpace(account, north.id, { title: 'Alpha' });
    const bravo = await aSpace(account, south.id, { title: 'Bravo' });
    const delta = await aSpace(account, closed.id, { title: 'Delta' });
    const echo = await aSpace(account, south.id, { title: 'Echo', status: 'Inactive' });
    await db()
      .entities.venue.patch({ account_id: accountId, venue_id: closed.id })
      .set({ status: 'Inactive' })
      .go();
    await manages(accountId, north.id, manager, 'Approved');
    await manages(accountId, south.id, manager, 'Denied');
    await coordinates(accountId, bravo, coordinator, 'Approved');
    await coordinates(accountId, alpha, coordinator, 'Denied');
    return { account, north, south, closed, alpha, bravo, charlie, delta, echo };
  }
  let s: Awaited<ReturnType<typeof aScenario>>;
  beforeAll(async () => {
    s = await aScenario();
  });
  const get = (path: string, role: ClientRole) => call('GET', path, { token: token(s.account, role) });

  it('GET /client/allspaces: every space for an Account Admin, by title, with its venue', async () => {
    const answer = await get('/client/allspaces', 'Account Admin');
    expect(answer.status).toBe(200);
    expect(answer.body.result.map((x: { title: string }) => x.title)).toEqual([
      'Alpha',
      'Bravo',
      'charlie',
      'Delta',
      'Echo',
    ]);
    expect(answer.body.result[0]).toMatchObject({ venue_name: 'North', permission: 'Approved' });
  });

  it("GET /client/allspaces: a manager's venues' spaces and a coordinator's own, with their permission", async () => {
    const managed = (await get('/client/allspaces', 'Venue Manager')).body.result;
    expect(managed.map((x: { title: string; permission: string }) => [x.title, x.permission])).toEqual([
      ['Alpha', 'Approved'],
      ['Bravo', 'Denied'],
      ['charlie', 'Approved'],
      ['Echo', 'Denied'],
    ]);
    const coordinated = (await get('/client/allspaces', 'Event Coordinator')).body.result;
    expect(coordinated.map((x: { title: string; permission: string }) => [x.title, x.permission])).toEqual([
      ['Alpha', 'Denied'],
      ['Bravo', 'Approved'],
    ]);
    expect((await get('/client/allspaces', 'Viewer')).status).toBe(403);
  });

  it('GET /client/recentspaces: the five newest the caller sees, newest first', async () => {
    const venue = await aVenue(s.account.accountId);
    const extra = [];
    for (const title of ['F', 'G']) extra.push(await aSpace(s.account, venue.id, { title }));
    const recent = await get('/client/recentspaces', 'Account Admin');
    expect(recent.status).toBe(200);
    expect(ids(recent)).toEqual([extra[1]!.id, extra[0]!.id, s.echo.id, s.delta.id, s.bravo.id]);
    expect(ids(await get('/client/recentspaces', 'Venue Manager'))).toEqual([
      s.echo.id,
      s.bravo.id,
      s.alpha.id,
      s.charlie.id,
    ]);
    expect(ids(await get('/client/recentspaces', 'Event Coordinator'))).toEqual([s.bravo.id, s.alpha.id]);
    expect((await get('/client/recentspaces', 'Viewer')).status).toBe(403);
  });

  it('GET /client/myspaces: the active spaces of active venues the caller may book in', async () => {
    expect(ids(await get('/client/myspaces', 'Account Admin'))).toEqual(
      expect.arrayContaining([s.alpha.id, s.bravo.id, s.charlie.id]),
    );
    const mine = ids(await get('/client/myspaces', 'Account Admin'));
    expect(mine).not.toContain(s.delta.id);
    expect(mine).not.toContain(s.echo.id);
    expect(ids(await get('/client/myspaces', 'Venue Manager'))).toEqual([s.alpha.id, s.charlie.id]);
    expect(ids(await get('/client/myspaces', 'Event Coordinator'))).toEqual([s.bravo.id]);
    const viewer = await get('/client/myspaces', 'Viewer');
    expect(viewer.status).toBe(200);
    expect(viewer.body.result).toEqual([]);
  });

  it('GET /client/myspaces/{venueId}: those of one venue; a venue not seen is not found', async () => {
    expect(ids(await get(`/client/myspaces/${s.north.id}`, 'Account Admin'))).toEqual([
      s.alpha.id,
      s.charlie.id,
    ]);
    expect(ids(await get(`/client/myspaces/${s.south.id}`, 'Account Admin'))).toEqual([s.bravo.id]);
    expect(ids(await get(`/client/myspaces/${s.closed.id}`, 'Account Admin'))).toEqual([]);
    expect(ids(await get(`/client/myspaces/${s.north.id}`, 'Venue Manager'))).toEqual([
      s.alpha.id,
      s.charlie.id,
    ]);
    expect(ids(await get(`/client/myspaces/${s.south.id}`, 'Venue Manager'))).toEqual([]);
    expect((await get(`/client/myspaces/${s.closed.id}`, 'Venue Manager')).status).toBe(404);
    expect(ids(await get(`/client/myspaces/${s.south.id}`, 'Event Coordinator'))).toEqual([s.bravo.id]);
    expect(ids(await get(`/client/myspaces/${s.north.id}`, 'Event Coordinator'))).toEqual([]);
    expect((await get(`/client/myspaces/${s.closed.id}`, 'Event Coordinator')).status).toBe(404);
    expect((await get(`/client/myspaces/${s.north.id}`, 'Viewer')).status).toBe(404);
    const other = await anAccount(['Account Admin']);
    expect((await call('GET', `/client/myspaces/${s.north.id}`, { token: token(other) })).status).toBe(404);
    expect((await get(`/client/myspaces/${ulid()}`, 'Account Admin')).status).toBe(404);
  });

  it('GET /client/space/{id}: a space the caller sees, with their permission; 404 otherwise', async () => {
    expect((await get(`/client/space/${s.bravo.id}`, 'Account Admin')).body.result).toMatchObject({
      title: 'Bravo',
      venue_name: 'South',
      permission: 'Approved',
    });
    expect((await get(`/client/space/${s.bravo.id}`, 'Venue Manager')).body.result.permission).toBe('Denied');
    expect((await get(`/client/space/${s.delta.id}`, 'Venue Manager')).status).toBe(404);
    expect((await get(`/client/space/${s.alpha.id}`, 'Event Coordinator')).body.result.permission).toBe(
      'Denied',
    );
    expect((await get(`/client/space/${s.charlie.id}`, 'Event Coordinator')).status).toBe(404);
    expect((await get(`/client/space/${s.bravo.id}`, 'Viewer')).status).toBe(403);
    const other = await anAccount(['Account Admin']);
    expect((await call('GET', `/client/space/${s.bravo.id}`, { token: token(other) })).status).toBe(404);
    expect((await get('/client/space/not-an-id', 'Account Admin')).status).toBe(404);
  });
});

describe('event coordinators of a space', () => {
  it('lists, offers, adds and approves or denies coordinators; the coordinator’s next request follows', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator']);
    const { accountId } = account;
    const admin = token(account);
    const venue = await aVenue(accountId);
    const space = await aSpace(account, venue.id, { title: 'Studio' });
    const coordinator = account.users['Event Coordinator']!;
    // A second coordinator, inactive: not offered.
    const retired = await call('POST', '/client/newuser', {
      token: admin,
      body: {
        first_name: 'Ivy',
        last_name: 'Inactive',
        email: `ivy-${ulid().toLowerCase()}@example.test`,
        password: 'Test1234',
        user_role: 'Event Coordinator',
      },
    });
    await call('GET', `/client/user/${retired.body.result.id}/Inactive`, { token: admin });

    expect(
      (await call('GET', `/client/eventcoordinators/${space.id}`, { token: admin })).body.result,
    ).toEqual([]);
    const offered = await call('GET', `/client/availablecoordinator/${space.id}`, { token: admin });
    expect(offered.status).toBe(200);
    expect(offered.body.result).toEqual([
      {
        id: coordinator.id,
        first_name: 'Event',
        last_name: 'Tester',
        email: coordinator.email,
        photo_url: null,
        status: 'Active',
      },
    ]);
    expect((await call('GET', `/client/space/${space.id}`, { token: coordinator.token })).status).toBe(404);

    const added = await call('GET', `/client/eventcoordinator/assign/${space.id}/${coordinator.id}`, {
      token: admin,
    });
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ user: { id: coordinator.id }, permission: 'Approved' });
    expect(
      (await call('GET', `/client/eventcoordinators/${space.id}`, { token: admin })).body.result,
    ).toEqual([added.body.result]);
    expect(
      (await call('GET', `/client/availablecoordinator/${space.id}`, { token: admin })).body.result,
    ).toEqual([]);
    expect(ids(await call('GET', '/client/myspaces', { token: coordinator.token }))).toEqual([space.id]);
    const again = await call('GET', `/client/eventcoordinator/assign/${space.id}/${coordinator.id}`, {
      token: admin,
    });
    expect(again.status).toBe(409);

    const denied = await call('GET', `/client/eventcoordinator/${space.id}/${coordinator.id}/Denied`, {
      token: admin,
    });
    expect(denied.status).toBe(200);
    expect(denied.body.result.permission).toBe('Denied');
    expect((await call('GET', '/client/myspaces', { token: coordinator.token })).body.result).toEqual([]);
    const seen = await call('GET', `/client/space/${space.id}`, { token: coordinator.token });
    expect(seen.body.result.permission).toBe('Denied');
    const approved = await call('GET', `/client/eventcoordinator/${space.id}/${coordinator.id}/Approved`, {
      token: admin,
    });
    expect(approved.body.result.permission).toBe('Approved');
    expect(ids(await call('GET', '/client/myspaces', { token: coordinator.token }))).toEqual([space.id]);

    const log = (await call('GET', '/client/activityLog', { token: admin })).body.result;
    expect(log.data.slice(0, 3).map((e: { component: string; activity: string }) => e.activity)).toEqual([
      'Approved Event Tester as Event Coordinator of space Studio',
      'Denied Event Tester as Event Coordinator of space Studio',
      'Added Event Tester as Event Coordinator of space Studio',
    ]);
  });

  it('adds only active Event Coordinators of the account', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager']);
    const other = await anAccount(['Account Admin', 'Event Coordinator']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id);
    const assign = (userId: string) =>
      call('GET', `/client/eventcoordinator/assign/${space.id}/${userId}`, { token: token(account) });
    const manager = await assign(account.users['Venue Manager']!.id);
    expect(manager.status).toBe(422);
    expect(manager.body.message).toEqual({
      user_id: 'Only an active Event Coordinator can be assigned to a space',
    });
    expect((await assign(other.users['Event Coordinator']!.id)).status).toBe(404);
    expect((await assign(ulid())).status).toBe(404);
    const unknown = await call(
      'GET',
      `/client/eventcoordinator/${space.id}/${account.users['Venue Manager']!.id}/Denied`,
      { token: token(account) },
    );
    expect(unknown.status).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/client/eventcoordinator/${space.id}/${account.users['Venue Manager']!.id}/Maybe`,
          {
            token: token(account),
          },
        )
      ).status,
    ).toBe(404);
  });

  it('is managed by those who act on the space: an Approved manager, not a Denied one or others', async () => {
    const account = await anAccount(everyRole);
    const other = await anAccount(['Account Admin']);
    const [approved, denied] = await Promise.all([aVenue(account.accountId), aVenue(account.accountId)]);
    const manager = account.users['Venue Manager']!;
    const coordinator = account.users['Event Coordinator']!;
    await manages(account.accountId, approved.id, manager.id, 'Approved');
    await manages(account.accountId, denied.id, manager.id, 'Denied');
    const managed = await aSpace(account, approved.id);
    const notManaged = await aSpace(account, denied.id);
    await coordinates(account.accountId, managed, coordinator.id, 'Approved');
    await coordinates(account.accountId, notManaged, coordinator.id, 'Approved');

    const paths = (spaceId: string) => [
      `/client/eventcoordinators/${spaceId}`,
      `/client/availablecoordinator/${spaceId}`,
      `/client/eventcoordinator/${spaceId}/${coordinator.id}/Denied`,
    ];
    for (const path of paths(managed.id)) {
      expect((await call('GET', path, { token: manager.token })).status, path).toBe(200);
    }
    expect(
      (
        await call('GET', `/client/eventcoordinator/${managed.id}/${coordinator.id}/Approved`, {
          token: manager.token,
        })
      ).status,
    ).toBe(200);
    for (const path of [
      ...paths(notManaged.id),
      `/client/eventcoordinator/assign/${notManaged.id}/${coordinator.id}`,
    ]) {
      expect((await call('GET', path, { token: manager.token })).status, path).toBe(403);
    }
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      for (const path of [
        ...paths(managed.id),
        `/client/eventcoordinator/assign/${managed.id}/${coordinator.id}`,
      ]) {
        expect((await call('GET', path, { token: token(account, role) })).status, `${role} ${path}`).toBe(
          403,
        );
      }
    }
    for (const path of paths(managed.id)) {
      expect((await call('GET', path, { token: token(other) })).status, path).toBe(404);
    }
  });
});

describe('CAP alert settings', () => {
  it('saves the feeds sent as JSON text, with the message at data.message; the space shows them', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id, { title: 'Lobby' });
    const before = await call('GET', `/client/capAlertURL/${space.id}`, { token: token(account) });
    expect(before.status).toBe(200);
    expect(before.body.result).toEqual({ cap_alert_urls: [], cap_alert_status: 'Inactive' });

    const urls = [
      { url: 'https://alerts.example.test/feed.xml' },
      { url: 'http://weather.example.test/cap' },
    ];
    const saved = await call('POST', `/client/capAlertURL/${space.id}`, {
      token: token(account),
      body: { cap_alert_urls: JSON.stringify(urls), cap_alert_status: 'Active' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Alert settings saved');
    expect(saved.body.data).toEqual({ message: 'Alert settings saved' });
    expect(saved.body.result).toEqual({ cap_alert_urls: urls, cap_alert_status: 'Active' });
    expect(
      (await call('GET', `/client/capAlertURL/${space.id}`, { token: token(account) })).body.result,
    ).toEqual(saved.body.result);
    expect(
      (await call('GET', `/client/space/${space.id}`, { token: token(account) })).body.result,
    ).toMatchObject({
      cap_alert_urls: urls,
      cap_alert_status: 'Active',
    });

    // The toggle alone saves the status with the list as it is (sent as an array here).
    const toggled = await call('POST', `/client/capAlertURL/${space.id}`, {
      token: token(account),
      body: { cap_alert_urls: urls, cap_alert_status: 'Inactive' },
    });
    expect(toggled.body.result).toEqual({ cap_alert_urls: urls, cap_alert_status: 'Inactive' });

    const log = (await call('GET', '/client/activityLog', { token: token(account) })).body.result;
    expect(log.data[0]).toMatchObject({
      component: 'Space',
      component_id: space.id,
      activity: 'Saved the alert settings of space Lobby',
    });
  });

  it('takes at most 10 http(s) URLs and a status', async () => {
    const account = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    const space = await aSpace(account, venue.id);
    const post = (body: Record<string, unknown>) =>
      call('POST', `/client/capAlertURL/${space.id}`, { token: token(account), body });

    const ftp = await post({
      cap_alert_urls: JSON.stringify([{ url: 'ftp://x.example.test' }]),
      cap_alert_status: 'Active',
    });
    expect(ftp.status).toBe(422);
    expect(ftp.body.message).toEqual({ 'cap_alert_urls.0.url': 'Field should be an http or https URL' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://feed${i}.example.test` }));
    expect((await post({ cap_alert_urls: eleven, cap_alert_status: 'Active' })).body.message).toEqual({
      cap_alert_urls: 'At most 10 alert feeds',
    });
    expect((await post({ cap_alert_urls: '[{', cap_alert_status: 'Active' })).body.message).toEqual({
      cap_alert_urls: 'Invalid value',
    });
    expect((await post({ cap_alert_urls: '[]', cap_alert_status: 'On' })).body.message).toEqual({
      cap_alert_status: 'Invalid value',
    });
    expect((await post({ cap_alert_urls: '[]' })).status).toBe(422);
    const ten = await post({
      cap_alert_urls: JSON.stringify(eleven.slice(0, 10)),
      cap_alert_status: 'Active',
    });
    expect(ten.status).toBe(200);
    expect(ten.body.result.cap_alert_urls).toHaveLength(10);
    const cleared = await post({ cap_alert_urls: '', cap_alert_status: 'Inactive' });
    expect(cleared.body.result).toEqual({ cap_alert_urls: [], cap_alert_status: 'Inactive' });
  });

  it('is read by whoever sees the space and saved by those who act on it', async () => {
    const account = await anAccount(everyRole);
    const other = await anAccount(['Account Admin']);
    const venue = await aVenue(account.accountId);
    await manages(account.accountId, venue.id, account.users['Venue Manager']!.id, 'Denied');
    const space = await aSpace(account, venue.id);
    await coordinates(account.accountId, space, account.users['Event Coordinator']!.id, 'Approved');
    const body = { cap_alert_urls: '[]', cap_alert_status: 'Active' };
    const read = (role: ClientRole, who = account) =>
      call('GET', `/client/capAlertURL/${space.id}`, { token: token(who, role) });
    const save = (role: ClientRole, who = account) =>
      call('POST', `/client/capAlertURL/${space.id}`, { token: token(who, role), body });

    expect((await read('Venue Manager')).status).toBe(200);
    expect((await read('Event Coordinator')).status).toBe(200);
    expect((await read('Viewer')).status).toBe(403);
    expect((await read('Account Admin', other)).status).toBe(404);
    expect((await save('Venue Manager')).status).toBe(403);
    expect((await save('Event Coordinator')).status).toBe(403);
    expect((await save('Viewer')).status).toBe(403);
    expect((await save('Account Admin', other)).status).toBe(404);
    expect((await read('Account Admin')).body.result.cap_alert_status).toBe('Inactive');
  });
});

describe('availability and next schedule', () => {
  /** A wall time of `zone` `minutes` from now, to the minute (`YYYY-MM-DD HH:mm:ss`). */
  function fromNow(minutes: number, zone: string): string {
    const wall = instantToWallTime(Date.now() + minutes * 60_000, zone);
    return formatWallTime(wall - (wall % 60_000));
  }
  /** A wall time moved by whole days (the same time of day). */
  const plusDays = (wall: string, days: number) => formatWallTime(parseWallTime(wall)! + days * DAY_MS);
  /** `time` on the local date `days` from today in `zone`. */
  const onDay = (days: number, time: string, zone: string) =>
    `${formatLocalDate(instantToWallTime(Date.now(), zone) + days * DAY_MS)} ${time}`;
  /** The instant a wall time of `zone` names, as stored. */
  const instant = (wall: string, zone: string) => toUtcIso(wallTimeToInstant(parseWallTime(wall)!, zone));

  type Place = { id: string; venue_id: string };

  /** A booking written as the bookings group stores it: one item, its rule, its exceptions. */
  async function aBooking(
    accountId: string,
    space: Place,
    timing: Omit<EventTiming, 'recurring'> & { recurring?: 'Yes' | 'No' },
    fields: { title?: string; exdates?: string[] } = {},
  ) {
    const bookingId = ulid();
    const occurrences = expandOccurrences({ recurring: 'No', ...timing });
    await db()
      .entities.booking.create({
        account_id: accountId,
        booking_id: bookingId,
        venue_id: space.venue_id,
        space_id: space.id,
        title: fields.title ?? 'Booked',
        ...timing,
        recurring: timing.recurring ?? 'No',
        recur_end: timing.recur_end === undefined ? undefined : String(timing.recur_end),
        exdates: fields.exdates ?? [],
        start_at: instant(timing.start_date, timing.timezone),
        end_at: occurrences.at(-1)!.end_utc,
        organizer_id: ulid(),
        organizer_name: 'Ada Lovelace',
        organizer_email: 'ada@example.test',
      })
      .go();
    return bookingId;
  }

  /** An occurrence of a booking changed on its own (THIS), under its own times and title. */
  async function aChangedOccurrence(
    accountId: string,
    space: Place,
    bookingId: string,
    recurrenceId: string,
    changed: { start_date: string; end_date: string; timezone: string; title: string },
  ) {
    await db()
      .entities.bookingOccurrence.create({
        account_id: accountId,
        booking_id: bookingId,
        recurrence_id: recurrenceId,
        venue_id: space.venue_id,
        space_id: space.id,
        ...changed,
        start_at: instant(changed.start_date, changed.timezone),
        end_at: instant(changed.end_date, changed.timezone),
      })
      .go();
  }

  const byId = (answer: Answer, id: string): Record<string, unknown> | undefined =>
    (answer.body.result as Array<{ id: string }>).find((space) => space.id === id);

  it('a space with an occurrence on now is Busy in every answer; the others are Available', async () => {
    const account = await anAccount(['Account Admin']);
    const { accountId } = account;
    const venue = await aVenue(accountId, { name: 'Harbour Hall' });
    const zone = venue.timezone;
    const busy = await aSpace(account, venue.id, { title: 'Busy room' });
    const later = await aSpace(account, venue.id, { title: 'Later room' });
    const idle = await aSpace(account, venue.id, { title: 'Idle room' });
    // A daily series that began ten days ago: today's occurrence started half an hour ago.
    const today = fromNow(-30, zone);
    await aBooking(
      accountId,
      busy,
      {
        start_date: plusDays(today, -10),
        end_date: plusDays(fromNow(30, zone), -10),
        timezone: zone,
        recurring: 'Yes',
        recur_type: 'DAILY',
        recur_end_type: 'AFTER',
        recur_end: 30,
      },
      { title: 'Daily stand-up' },
    );
    await aBooking(
      accountId,
      later,
      { start_date: fromNow(120, zone), end_date: fromNow(180, zone), timezone: zone },
      { title: 'Later today' },
    );
    await aBooking(
      accountId,
      idle,
      { start_date: fromNow(-180, zone), end_date: fromNow(-120, zone), timezone: zone },
      { title: 'Over already' },
    );

    const all = await call('GET', '/client/allspaces', { token: token(account) });
    expect(all.status).toBe(200);
    expect(byId(all, busy.id)).toMatchObject({
      availability: 'Busy',
      next_schedule: [1, 2, 3].map((days) => ({
        start_date: plusDays(today, days),
        end_date: plusDays(fromNow(30, zone), days),
        title: 'Daily stand-up',
      })),
    });
    expect(byId(all, later.id)).toMatchObject({
      availability: 'Available',
      next_schedule: [{ start_date: fromNow(120, zone), end_date: fromNow(180, zone), title: 'Later today' }],
    });
    expect(byId(all, idle.id)).toMatchObject({ availability: 'Available', next_schedule: [] });

    // The same in every answer that carries the space.
    for (const space of [busy, later, idle]) {
      const one = await call('GET', `/client/space/${space.id}`, { token: token(account) });
      expect(one.body.result).toEqual(byId(all, space.id));
    }
    for (const path of ['/client/recentspaces', '/client/myspaces', `/client/myspaces/${venue.id}`]) {
      const list = await call('GET', path, { token: token(account) });
      expect(byId(list, busy.id), path).toEqual(byId(all, busy.id));
    }
    const toggled = await call('GET', `/client/space/${busy.id}/Inactive`, { token: token(account) });
    expect(toggled.body.result).toMatchObject({ status: 'Inactive', availability: 'Busy' });
    const changed = await call('PUT', `/client/space/${later.id}`, {
      token: token(account),
      body: { title: 'Later room' },
    });
    expect(changed.body.result.next_schedule).toEqual(byId(all, later.id)?.next_schedule);
  });

  it("lists the next three, soonest first, in the venue's wall time, with changed and deleted occurrences", async () => {
    const account = await anAccount(['Account Admin', 'Event Coordinator']);
    const { accountId } = account;
    const zone = 'America/New_York';
    const venue = await aVenue(accountId, { name: 'Lakeside', timezone: zone });
    const space = await aSpace(account, venue.id, { title: 'Boardroom' });
    const other = await aSpace(account, venue.id, { title: 'Annex' });
    const far = await aSpace(account, venue.id, { title: 'Far room' });
    const weekly = await aSpace(account, venue.id, { title: 'Weekly room' });
    await coordinates(accountId, space, account.users['Event Coordinator']!.id, 'Approved');

    // Daily at nine from tomorrow; the second occurrence deleted, the third moved and renamed.
    const morning = await aBooking(
      accountId,
      space,
      {
        start_date: onDay(1, '09:00:00', zone),
        end_date: onDay(1, '10:00:00', zone),
        timezone: zone,
        recurring: 'Yes',
        recur_type: 'DAILY',
        recur_end_type: 'AFTER',
        recur_end: 10,
      },
      { title: 'Morning', exdates: [onDay(2, '09:00:00', zone), onDay(3, '09:00:00', zone)] },
    );
    await aChangedOccurrence(accountId, space, morning, onDay(3, '09:00:00', zone), {
      start_date: onDay(3, '07:30:00', zone),
      end_date: onDay(3, '08:00:00', zone),
      timezone: zone,
      title: 'Moved',
    });
    await aBooking(
      accountId,
      space,
      { start_date: fromNow(60, zone), end_date: fromNow(90, zone), timezone: zone },
      { title: 'Soon' },
    );
    await aBooking(
      accountId,
      other,
      { start_date: fromNow(10, zone), end_date: fromNow(20, zone), timezone: zone },
      { title: 'In the annex' },
    );
    // Beyond the month ahead, and one saved while the venue was in London: shown in New York time.
    await aBooking(accountId, far, {
      start_date: onDay(40, '12:00:00', zone),
      end_date: onDay(40, '13:00:00', zone),
      timezone: zone,
    });
    const london = onDay(5, '15:00:00', 'Europe/London');
    await aBooking(
      accountId,
      far,
      {
        start_date: london,
        end_date: plusDays(london, 0).replace('15:00', '16:00'),
        timezone: 'Europe/London',
      },
      { title: 'Saved in London' },
    );

    // Weekly: one a week, so three of them take the month ahead.
    await aBooking(
      accountId,
      weekly,
      {
        start_date: onDay(3, '10:00:00', zone),
        end_date: onDay(3, '11:00:00', zone),
        timezone: zone,
        recurring: 'Yes',
        recur_type: 'WEEKLY',
        recur_end_type: 'AFTER',
        recur_end: 10,
      },
      { title: 'Weekly review' },
    );

    const expected = [
      { start_date: fromNow(60, zone), end_date: fromNow(90, zone), title: 'Soon' },
      { start_date: onDay(1, '09:00:00', zone), end_date: onDay(1, '10:00:00', zone), title: 'Morning' },
      { start_date: onDay(3, '07:30:00', zone), end_date: onDay(3, '08:00:00', zone), title: 'Moved' },
    ];
    const all = await call('GET', '/client/allspaces', { token: token(account) });
    expect(byId(all, space.id)).toMatchObject({ availability: 'Available', next_schedule: expected });
    expect(byId(all, other.id)?.next_schedule).toEqual([
      { start_date: fromNow(10, zone), end_date: fromNow(20, zone), title: 'In the annex' },
    ]);
    const inNewYork = (wall: string) =>
      formatWallTime(instantToWallTime(wallTimeToInstant(parseWallTime(wall)!, 'Europe/London'), zone));
    expect(byId(all, far.id)?.next_schedule).toEqual([
      {
        start_date: inNewYork(london),
        end_date: inNewYork(london.replace('15:00', '16:00')),
        title: 'Saved in London',
      },
    ]);

    expect(byId(all, weekly.id)?.next_schedule).toEqual(
      [3, 10, 17].map((days) => ({
        start_date: onDay(days, '10:00:00', zone),
        end_date: onDay(days, '11:00:00', zone),
        title: 'Weekly review',
      })),
    );

    const one = await call('GET', `/client/space/${space.id}`, { token: token(account) });
    expect(one.body.result.next_schedule).toEqual(expected);
    const mine = await call('GET', '/client/allspaces', { token: token(account, 'Event Coordinator') });
    expect(ids(mine)).toEqual([space.id]);
    expect(mine.body.result[0].next_schedule).toEqual(expected);

    // Another account's spaces show none of it.
    const stranger = await anAccount(['Account Admin']);
    const theirs = await aSpace(stranger, (await aVenue(stranger.accountId)).id);
    const their = await call('GET', `/client/space/${theirs.id}`, { token: token(stranger) });
    expect(their.body.result).toMatchObject({ availability: 'Available', next_schedule: [] });
  });
});
