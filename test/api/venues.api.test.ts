import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { anAccount, anEmail, aPackage, call, password, signedInAs } from '../support/api';

/**
 * Venues and their managers (docs/product/client-area.md §2 "Venues area", "Venue form"; §3 Venue; §5; §7
 * "Venues"). An Account Admin sees and changes every venue of the account; a Venue
 * Manager the venues they are assigned to, changing only where Approved (403 where Denied); an
 * Event Coordinator sees the venues of their spaces. Another account's venue or user is not
 * found (404).
 */

type Account = Awaited<ReturnType<typeof anAccount>>;
interface VenueAnswer {
  id: string;
  name: string;
  status: string;
  permission: string | null;
  spaces: Array<{ id: string; title: string }>;
  created_at: string;
}

const tokenOf = (account: Account, role: keyof Account['users']) => account.users[role]!.token;

async function aVenue(token: string, fields: Record<string, unknown> = {}): Promise<VenueAnswer> {
  const answer = await call('POST', '/client/newvenue', { token, body: { name: 'Hall A', ...fields } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as VenueAnswer;
}

/** A space of a venue, written as the spaces routes write it (they are not under test here). */
async function aSpace(
  accountId: string,
  venueId: string,
  title: string,
  status: 'Active' | 'Inactive' = 'Active',
) {
  const space_id = ulid();
  await db()
    .entities.space.create({
      account_id: accountId,
      space_id,
      venue_id: venueId,
      title,
      calendar_color: '#0B8043',
      status,
    })
    .go();
  return space_id;
}

/** An Event Coordinator on a space, written as the coordinator routes write it. */
async function coordinate(
  accountId: string,
  venueId: string,
  spaceId: string,
  userId: string,
  permission: 'Approved' | 'Denied' = 'Approved',
) {
  await db()
    .entities.spaceCoordinator.create({
      account_id: accountId,
      venue_id: venueId,
      space_id: spaceId,
      user_id: userId,
      permission,
    })
    .go();
}

const assign = (token: string, venueId: string, userId: string) =>
  call('GET', `/client/venuemanager/assign/${venueId}/${userId}`, { token });
const setPermission = (token: string, venueId: string, userId: string, permission: string) =>
  call('GET', `/client/venuemanager/${venueId}/${userId}/${permission}`, { token });

/** Another user of the account, made by its Account Admin. */
async function aUser(token: string, fields: Record<string, unknown>): Promise<{ id: string; email: string }> {
  const answer = await call('POST', '/client/newuser', {
    token,
    body: { last_name: 'Tester', email: anEmail('user'), password, ...fields },
  });
  expect(answer.status).toBe(200);
  return answer.body.result as { id: string; email: string };
}

async function aVenueType(status: 'Active' | 'Inactive' = 'Active'): Promise<string> {
  const token = await signedInAs('Super Admin');
  const title = `Venue type ${ulid().slice(-8)}`;
  const created = await call('POST', '/admin/venueType', { token, body: { title } });
  const id = created.body.result.id as string;
  if (status === 'Inactive') await call('PUT', `/admin/venueType/${id}`, { token, body: { title, status } });
  return id;
}

const activeVenues = async () =>
  (await call('GET', '/admin/dashboard', { token: await signedInAs('Super Admin') })).body.result
    .active_venues as number;
const totalVenues = async (accountId: string) =>
  (await db().entities.account.get({ account_id: accountId }).go()).data!.total_venues;
const activityLog = async (token: string) =>
  (await call('GET', '/client/activityLog', { token })).body.result.data as Array<Record<string, unknown>>;
const names = (venues: VenueAnswer[]) => venues.map((v) => v.name);

describe('POST /client/newvenue', () => {
  it('adds an active venue in New York time, counted in the account and the admin dashboard, and logged', async () => {
    const account = await anAccount(['Account Admin']);
    const token = tokenOf(account, 'Account Admin');
    const typeId = await aVenueType();
    const before = await activeVenues();
    const body = {
      name: 'Harbour Hall',
      phone_no: '+44 20 7946 0000',
      address: '1 Quay Street',
      city: 'Portsmouth',
      country: 'UK',
      venue_type: typeId,
    };
    const answer = await call('POST', '/client/newvenue', { token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Venue created');
    const venue = answer.body.result;
    expect(venue).toEqual({
      ...body,
      id: expect.any(String),
      state: null,
      zipcode: null,
      timezone: 'America/New_York',
      status: 'Active',
      spaces: [],
      permission: 'Approved',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call('GET', `/client/venue/${venue.id}`, { token })).body.result).toEqual(venue);
    expect(await totalVenues(account.accountId)).toBe(1);
    expect(await activeVenues()).toBe(before + 1);
    expect((await activityLog(token))[0]).toMatchObject({
      component: 'Venue',
      component_id: venue.id,
      activity: 'Created venue Harbour Hall',
    });

    // Another time zone of the list; a venue created inactive is not an active one.
    const london = await aVenue(token, {
      name: 'Thames House',
      timezone: 'Europe/London',
      status: 'Inactive',
    });
    expect(london).toMatchObject({ timezone: 'Europe/London', status: 'Inactive' });
    expect(await totalVenues(account.accountId)).toBe(2);
    expect(await activeVenues()).toBe(before + 1);
    // The header's totals follow.
    expect((await call('GET', '/client/aboutMe', { token })).body.result.totals.total_venues).toBe(2);
  });

  it('answers the rules’ messages and writes nothing', async () => {
    const account = await anAccount(['Account Admin']);
    const token = tokenOf(account, 'Account Admin');
    const answer = await call('POST', '/client/newvenue', {
      token,
      body: { name: ' ', timezone: 'Mars/Olympus_Mons', phone_no: '1'.repeat(21), city: 'c'.repeat(51) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      name: 'Field is required',
      timezone: 'Invalid value',
      phone_no: 'Field should be less than 20 characters',
      city: 'Field should be less than 50 characters',
    });
    const blankZone = await call('POST', '/client/newvenue', { token, body: { name: 'Hall', timezone: '' } });
    expect(blankZone.body.message).toEqual({ timezone: 'Field is required' });

    for (const venue_type of [ulid(), await aVenueType('Inactive')]) {
      const type = await call('POST', '/client/newvenue', { token, body: { name: 'Hall', venue_type } });
      expect(type.status).toBe(422);
      expect(type.body.message).toEqual({ venue_type: 'Invalid value' });
    }
    expect(await totalVenues(account.accountId)).toBe(0);
    expect((await call('GET', '/client/allvenues', { token })).body.result).toEqual([]);
  });

  it("caps the account's venues at its package's venue limit, naming it", async () => {
    const account = await anAccount(['Account Admin'], { packageId: await aPackage({ venue_limit: 2 }) });
    const token = tokenOf(account, 'Account Admin');
    await aVenue(token, { name: 'One' });
    await aVenue(token, { name: 'Two', status: 'Inactive' });
    const third = await call('POST', '/client/newvenue', { token, body: { name: 'Three' } });
    expect(third.status).toBe(422);
    expect(third.body.message).toEqual({ name: 'This package allows at most 2 venues' });
    expect(await totalVenues(account.accountId)).toBe(2);

    // Requests at the same moment cannot pass the limit together.
    const racing = await anAccount(['Account Admin'], { packageId: await aPackage({ venue_limit: 1 }) });
    const racer = tokenOf(racing, 'Account Admin');
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((name) => call('POST', '/client/newvenue', { token: racer, body: { name } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const fourth = await call('POST', '/client/newvenue', { token: racer, body: { name: 'D' } });
    expect(fourth.body.message).toEqual({ name: 'This package allows at most 1 venue' });
    expect(await totalVenues(racing.accountId)).toBe(1);
    expect((await call('GET', '/client/allvenues', { token: racer })).body.result).toHaveLength(1);
  });

  it('is for the Account Admin only (403)', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    for (const role of ['Venue Manager', 'Event Coordinator', 'Viewer'] as const) {
      const answer = await call('POST', '/client/newvenue', {
        token: tokenOf(account, role),
        body: { name: 'Mine' },
      });
      expect(answer.status, role).toBe(403);
    }
    expect(await totalVenues(account.accountId)).toBe(0);
  });
});

describe('PUT /client/venue/{id}', () => {
  it('changes a venue with "Venue updated"; blank fields are cleared; its status moves the active venues', async () => {
    const account = await anAccount(['Account Admin']);
    const token = tokenOf(account, 'Account Admin');
    const venue = await aVenue(token, { name: 'Old Hall', city: 'Leeds', phone_no: '0113 496 0000' });
    const spaceId = await aSpace(account.accountId, venue.id, 'Ballroom');
    const typeId = await aVenueType();
    const before = await activeVenues();
    const answer = await call('PUT', `/client/venue/${venue.id}`, {
      token,
      body: {
        name: 'New Hall',
        city: 'York',
        timezone: 'Europe/London',
        venue_type: typeId,
        status: 'Inactive',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Venue updated');
    expect(answer.body.result).toMatchObject({
      id: venue.id,
      name: 'New Hall',
      city: 'York',
      phone_no: null,
      timezone: 'Europe/London',
      venue_type: typeId,
      status: 'Inactive',
      spaces: [{ id: spaceId, title: 'Ballroom' }],
      permission: 'Approved',
      created_at: venue.created_at,
    });
    expect((await call('GET', `/client/venue/${venue.id}`, { token })).body.result).toEqual(
      answer.body.result,
    );
    expect(await activeVenues()).toBe(before - 1);
    expect((await activityLog(token))[0]).toMatchObject({
      component: 'Venue',
      component_id: venue.id,
      activity: 'Updated venue New Hall (deactivated)',
    });

    // A status left out is kept; a venue type that was since deactivated may stay.
    await call('PUT', `/admin/venueType/${typeId}`, {
      token: await signedInAs('Super Admin'),
      body: { title: `Retired ${ulid().slice(-6)}`, status: 'Inactive' },
    });
    const kept = await call('PUT', `/client/venue/${venue.id}`, {
      token,
      body: { name: 'New Hall', timezone: 'Europe/London', venue_type: typeId },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.result).toMatchObject({ status: 'Inactive', venue_type: typeId, city: null });
    expect(await activeVenues()).toBe(before - 1);
  });

  it('answers the rules’ messages and keeps the venue as it was', async () => {
    const account = await anAccount(['Account Admin']);
    const token = tokenOf(account, 'Account Admin');
    const venue = await aVenue(token, { name: 'Kept Hall' });
    const answer = await call('PUT', `/client/venue/${venue.id}`, {
      token,
      body: { name: '', timezone: 'Nowhere/Else', phone_no: '9'.repeat(25), venue_type: ulid() },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      name: 'Field is required',
      timezone: 'Invalid value',
      phone_no: 'Field should be less than 20 characters',
    });
    const badType = await call('PUT', `/client/venue/${venue.id}`, {
      token,
      body: { name: 'Renamed', timezone: 'America/New_York', venue_type: await aVenueType('Inactive') },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.message).toEqual({ venue_type: 'Invalid value' });
    // A change names its time zone: a new venue's default does not apply to it.
    const noZone = await call('PUT', `/client/venue/${venue.id}`, { token, body: { name: 'Renamed' } });
    expect(noZone.status).toBe(422);
    expect(noZone.body.message).toEqual({ timezone: 'Field is required' });
    expect((await call('GET', `/client/venue/${venue.id}`, { token })).body.result).toEqual(venue);
  });

  it('lets an Approved Venue Manager change their venue, not a Denied one (403), nor other roles (403)', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!;
    const venue = await aVenue(admin, { name: 'Managed Hall' });
    const other = await aVenue(admin, { name: 'Other Hall' });
    await assign(admin, venue.id, manager.id);

    const approved = await call('PUT', `/client/venue/${venue.id}`, {
      token: manager.token,
      body: { name: 'Managed Hall', timezone: 'America/New_York', city: 'Bath' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({ city: 'Bath', permission: 'Approved' });
    // A venue they are not assigned to is not theirs to see.
    expect(
      (
        await call('PUT', `/client/venue/${other.id}`, {
          token: manager.token,
          body: { name: 'Taken', timezone: 'America/New_York' },
        })
      ).status,
    ).toBe(404);

    await setPermission(admin, venue.id, manager.id, 'Denied');
    const denied = await call('PUT', `/client/venue/${venue.id}`, {
      token: manager.token,
      body: { name: 'Denied', timezone: 'America/New_York' },
    });
    expect(denied.status).toBe(403);
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      const answer = await call('PUT', `/client/venue/${venue.id}`, {
        token: tokenOf(account, role),
        body: { name: 'Theirs', timezone: 'America/New_York' },
      });
      expect(answer.status, role).toBe(403);
    }
    expect((await call('GET', `/client/venue/${venue.id}`, { token: admin })).body.result.name).toBe(
      'Managed Hall',
    );
  });

  it("does not find another account's venue (404)", async () => {
    const mine = await anAccount(['Account Admin']);
    const theirs = await anAccount(['Account Admin']);
    const venue = await aVenue(tokenOf(theirs, 'Account Admin'), { name: 'Their Hall' });
    const token = tokenOf(mine, 'Account Admin');
    expect(
      (
        await call('PUT', `/client/venue/${venue.id}`, {
          token,
          body: { name: 'Mine', timezone: 'America/New_York' },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/client/venue/${venue.id}`, { token })).status).toBe(404);
    expect((await call('GET', `/client/venue/${venue.id}/Inactive`, { token })).status).toBe(404);
    expect((await call('GET', `/client/venue/${ulid()}`, { token })).status).toBe(404);
  });
});

describe('GET /client/venue/{id}/{status}', () => {
  it('deactivates and activates with "Venue updated", counting only real changes', async () => {
    const account = await anAccount(['Account Admin']);
    const token = tokenOf(account, 'Account Admin');
    const venue = await aVenue(token, { name: 'Toggle Hall' });
    const before = await activeVenues();

    const off = await call('GET', `/client/venue/${venue.id}/Inactive`, { token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Venue updated');
    expect(off.body.result).toMatchObject({ id: venue.id, status: 'Inactive' });
    expect(await activeVenues()).toBe(before - 1);
    expect((await activityLog(token))[0]).toMatchObject({ activity: 'Deactivated venue Toggle Hall' });

    const again = await call('GET', `/client/venue/${venue.id}/Inactive`, { token });
    expect(again.status).toBe(200);
    expect(await activeVenues()).toBe(before - 1);

    const on = await call('GET', `/client/venue/${venue.id}/Active`, { token });
    expect(on.body.result.status).toBe('Active');
    expect(await activeVenues()).toBe(before);
    expect((await call('GET', `/client/venue/${venue.id}/Closed`, { token })).status).toBe(404);
  });

  it('is refused to a Denied Venue Manager and to roles that may not edit (403)', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!;
    const venue = await aVenue(admin);
    await assign(admin, venue.id, manager.id);
    expect((await call('GET', `/client/venue/${venue.id}/Inactive`, { token: manager.token })).status).toBe(
      200,
    );
    await setPermission(admin, venue.id, manager.id, 'Denied');
    expect((await call('GET', `/client/venue/${venue.id}/Active`, { token: manager.token })).status).toBe(
      403,
    );
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      const answer = await call('GET', `/client/venue/${venue.id}/Active`, { token: tokenOf(account, role) });
      expect(answer.status, role).toBe(403);
    }
    expect((await call('GET', `/client/venue/${venue.id}`, { token: admin })).body.result.status).toBe(
      'Inactive',
    );
  });
});

describe('venue lists', () => {
  let account: Account;
  const ids: Record<string, string> = {};
  const spaces: Record<string, string> = {};

  beforeAll(async () => {
    account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    const admin = tokenOf(account, 'Account Admin');
    for (const name of ['Cedar Hall', 'alder Court', 'Birch House', 'Denied Dome', 'Elm Barn']) {
      ids[name] = (await aVenue(admin, { name })).id;
    }
    await call('GET', `/client/venue/${ids['Elm Barn']}/Inactive`, { token: admin });
    const { accountId } = account;
    spaces['Room 2'] = await aSpace(accountId, ids['Cedar Hall']!, 'Room 2');
    spaces['Room 1'] = await aSpace(accountId, ids['Cedar Hall']!, 'Room 1', 'Inactive');
    spaces.Annex = await aSpace(accountId, ids['alder Court']!, 'Annex');
    spaces.Studio = await aSpace(accountId, ids['Birch House']!, 'Studio');
    spaces.Loft = await aSpace(accountId, ids['Birch House']!, 'Loft');
    const manager = account.users['Venue Manager']!.id;
    await assign(admin, ids['Cedar Hall']!, manager);
    await assign(admin, ids['Denied Dome']!, manager);
    await setPermission(admin, ids['Denied Dome']!, manager, 'Denied');
    const coordinator = account.users['Event Coordinator']!.id;
    await coordinate(accountId, ids['alder Court']!, spaces.Annex, coordinator, 'Approved');
    await coordinate(accountId, ids['Birch House']!, spaces.Studio, coordinator, 'Denied');
  });

  it('GET /client/allvenues: every venue by name for the Account Admin, with its spaces', async () => {
    const answer = await call('GET', '/client/allvenues', { token: tokenOf(account, 'Account Admin') });
    expect(answer.status).toBe(200);
    const venues = answer.body.result as VenueAnswer[];
    expect(names(venues)).toEqual(['alder Court', 'Birch House', 'Cedar Hall', 'Denied Dome', 'Elm Barn']);
    expect(venues.every((v) => v.permission === 'Approved')).toBe(true);
    expect(venues.find((v) => v.name === 'Cedar Hall')!.spaces).toEqual([
      { id: spaces['Room 1'], title: 'Room 1' },
      { id: spaces['Room 2'], title: 'Room 2' },
    ]);
  });

  it("GET /client/allvenues: a Venue Manager's venues, Approved or Denied; a coordinator's spaces' venues", async () => {
    const managed = (await call('GET', '/client/allvenues', { token: tokenOf(account, 'Venue Manager') }))
      .body.result as VenueAnswer[];
    expect(managed.map((v) => [v.name, v.permission, v.spaces.length])).toEqual([
      ['Cedar Hall', 'Approved', 2],
      ['Denied Dome', 'Denied', 0],
    ]);
    const coordinated = (
      await call('GET', '/client/allvenues', { token: tokenOf(account, 'Event Coordinator') })
    ).body.result as VenueAnswer[];
    expect(coordinated.map((v) => [v.name, v.spaces])).toEqual([
      ['alder Court', [{ id: spaces.Annex, title: 'Annex' }]],
      ['Birch House', [{ id: spaces.Studio, title: 'Studio' }]],
    ]);
    expect((await call('GET', '/client/allvenues', { token: tokenOf(account, 'Viewer') })).status).toBe(403);
  });

  it('GET /client/myvenues: the active venues and spaces each role may book in', async () => {
    const mine = async (role: keyof Account['users']) => {
      const answer = await call('GET', '/client/myvenues', { token: tokenOf(account, role) });
      expect(answer.status, role).toBe(200);
      return (answer.body.result as VenueAnswer[]).map((v) => [v.name, v.spaces.map((s) => s.title)]);
    };
    expect(await mine('Account Admin')).toEqual([
      ['alder Court', ['Annex']],
      ['Birch House', ['Loft', 'Studio']],
      ['Cedar Hall', ['Room 2']],
      ['Denied Dome', []],
    ]);
    expect(await mine('Venue Manager')).toEqual([['Cedar Hall', ['Room 2']]]);
    expect(await mine('Event Coordinator')).toEqual([['alder Court', ['Annex']]]);
    expect(await mine('Viewer')).toEqual([]);
  });

  it('GET /client/venue/{id}: what each role sees of one venue', async () => {
    const get = (role: keyof Account['users'], name: string) =>
      call('GET', `/client/venue/${ids[name]}`, { token: tokenOf(account, role) });
    const denied = await get('Venue Manager', 'Denied Dome');
    expect(denied.status).toBe(200);
    expect(denied.body.result).toMatchObject({ name: 'Denied Dome', permission: 'Denied' });
    expect((await get('Venue Manager', 'alder Court')).status).toBe(404);
    const birch = await get('Event Coordinator', 'Birch House');
    expect(birch.status).toBe(200);
    expect(birch.body.result).toMatchObject({
      permission: null,
      spaces: [{ id: spaces.Studio, title: 'Studio' }],
    });
    expect((await get('Event Coordinator', 'Cedar Hall')).status).toBe(404);
    expect((await get('Viewer', 'Cedar Hall')).status).toBe(403);
    expect((await get('Account Admin', 'Birch House')).body.result.spaces).toHaveLength(2);
  });

  it('GET /client/recentvenues: the five newest, newest first, of the caller’s venues', async () => {
    const recent = (await call('GET', '/client/recentvenues', { token: tokenOf(account, 'Account Admin') }))
      .body.result as VenueAnswer[];
    expect(names(recent)).toEqual(['Elm Barn', 'Denied Dome', 'Birch House', 'alder Court', 'Cedar Hall']);
    const admin = tokenOf(account, 'Account Admin');
    const newest = await aVenue(admin, { name: 'Fir Lodge' });
    const after = (await call('GET', '/client/recentvenues', { token: admin })).body.result as VenueAnswer[];
    expect(names(after)).toEqual(['Fir Lodge', 'Elm Barn', 'Denied Dome', 'Birch House', 'alder Court']);
    expect(after[0]).toMatchObject({ id: newest.id, spaces: [] });

    const managed = (await call('GET', '/client/recentvenues', { token: tokenOf(account, 'Venue Manager') }))
      .body.result as VenueAnswer[];
    expect(names(managed)).toEqual(['Denied Dome', 'Cedar Hall']);
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      expect(
        (await call('GET', '/client/recentvenues', { token: tokenOf(account, role) })).status,
        role,
      ).toBe(403);
    }
  });
});

describe('venue managers', () => {
  it('offers the active Venue Managers not on the venue, assigns one Approved, and lists them', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!;
    const zed = await aUser(admin, { first_name: 'Zed', user_role: 'Venue Manager' });
    const gone = await aUser(admin, { first_name: 'Gone', user_role: 'Venue Manager' });
    await call('GET', `/client/user/${gone.id}/Inactive`, { token: admin });
    const venue = await aVenue(admin, { name: 'Hall A' });

    const available = await call('GET', `/client/availablemanager/${venue.id}`, { token: admin });
    expect(available.status).toBe(200);
    expect(available.body.result).toEqual([
      {
        id: manager.id,
        first_name: 'Venue',
        last_name: 'Tester',
        email: manager.email,
        photo_url: null,
        status: 'Active',
      },
      expect.objectContaining({ id: zed.id, first_name: 'Zed' }),
    ]);

    const assigned = await assign(admin, venue.id, manager.id);
    expect(assigned.status).toBe(200);
    expect(assigned.body.result).toEqual({ user: available.body.result[0], permission: 'Approved' });
    const managers = await call('GET', `/client/venuemanagers/${venue.id}`, { token: admin });
    expect(managers.status).toBe(200);
    expect(managers.body.result).toEqual([assigned.body.result]);
    expect(
      (await call('GET', `/client/availablemanager/${venue.id}`, { token: admin })).body.result.map(
        (u: { id: string }) => u.id,
      ),
    ).toEqual([zed.id]);
    expect((await activityLog(admin))[0]).toMatchObject({
      component: 'Venue',
      component_id: venue.id,
      activity: 'Assigned Venue Tester to Hall A',
    });
    // The manager now sees the venue.
    expect(names((await call('GET', '/client/allvenues', { token: manager.token })).body.result)).toEqual([
      'Hall A',
    ]);

    const twice = await assign(admin, venue.id, manager.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This Venue Manager is already assigned to the venue');
    for (const userId of [account.users['Event Coordinator']!.id, gone.id, account.owner.id, ulid()]) {
      const refused = await assign(admin, venue.id, userId);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Venue Manager not found');
    }
    expect(
      (await call('GET', `/client/venuemanagers/${venue.id}`, { token: admin })).body.result,
    ).toHaveLength(1);
  });

  it("denies a manager, which applies from the manager's next request, and approves them again", async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!;
    const venue = await aVenue(admin, { name: 'Hall A' });
    await assign(admin, venue.id, manager.id);
    const edit = () =>
      call('PUT', `/client/venue/${venue.id}`, {
        token: manager.token,
        body: { name: 'Hall A', timezone: 'America/New_York' },
      });
    expect((await edit()).status).toBe(200);

    const denied = await setPermission(admin, venue.id, manager.id, 'Denied');
    expect(denied.status).toBe(200);
    expect(denied.body.result).toMatchObject({ user: { id: manager.id }, permission: 'Denied' });
    expect((await edit()).status).toBe(403);
    expect((await call('GET', '/client/allvenues', { token: manager.token })).body.result[0].permission).toBe(
      'Denied',
    );
    expect((await call('GET', '/client/myvenues', { token: manager.token })).body.result).toEqual([]);
    expect((await activityLog(admin))[0]).toMatchObject({
      component: 'Venue',
      activity: 'Denied Venue Tester on Hall A',
    });
    expect((await call('GET', `/client/venuemanagers/${venue.id}`, { token: admin })).body.result).toEqual([
      denied.body.result,
    ]);

    const approved = await setPermission(admin, venue.id, manager.id, 'Approved');
    expect(approved.body.result.permission).toBe('Approved');
    expect((await activityLog(admin))[0]).toMatchObject({ activity: 'Approved Venue Tester on Hall A' });
    expect((await edit()).status).toBe(200);
    expect((await setPermission(admin, venue.id, manager.id, 'Maybe')).status).toBe(404);
    expect((await setPermission(admin, venue.id, ulid(), 'Denied')).status).toBe(404);
  });

  it('lets an Approved Venue Manager manage the managers, but not a Denied one nor their own permission', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!;
    const colleague = await aUser(admin, { first_name: 'Colin', user_role: 'Venue Manager' });
    const venue = await aVenue(admin, { name: 'Hall A' });
    const unassigned = await aVenue(admin, { name: 'Hall B' });
    await assign(admin, venue.id, manager.id);

    const token = manager.token;
    expect((await call('GET', `/client/availablemanager/${venue.id}`, { token })).body.result).toHaveLength(
      1,
    );
    expect((await assign(token, venue.id, colleague.id)).status).toBe(200);
    expect((await setPermission(token, venue.id, colleague.id, 'Denied')).status).toBe(200);
    const own = await setPermission(token, venue.id, manager.id, 'Denied');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own permission');
    expect((await call('GET', `/client/venuemanagers/${unassigned.id}`, { token })).status).toBe(404);
    expect((await assign(token, unassigned.id, colleague.id)).status).toBe(404);

    await setPermission(admin, venue.id, manager.id, 'Denied');
    expect((await call('GET', `/client/venuemanagers/${venue.id}`, { token })).status).toBe(403);
    expect((await call('GET', `/client/availablemanager/${venue.id}`, { token })).status).toBe(403);
    expect((await setPermission(token, venue.id, colleague.id, 'Approved')).status).toBe(403);

    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      const other = tokenOf(account, role);
      expect((await call('GET', `/client/venuemanagers/${venue.id}`, { token: other })).status, role).toBe(
        403,
      );
      expect((await call('GET', `/client/availablemanager/${venue.id}`, { token: other })).status, role).toBe(
        403,
      );
      expect((await assign(other, venue.id, colleague.id)).status, role).toBe(403);
      expect((await setPermission(other, venue.id, colleague.id, 'Approved')).status, role).toBe(403);
    }
  });

  it("does not find another account's venue or Venue Manager (404)", async () => {
    const mine = await anAccount(['Account Admin', 'Venue Manager']);
    const theirs = await anAccount(['Account Admin', 'Venue Manager']);
    const token = tokenOf(mine, 'Account Admin');
    const myVenue = await aVenue(token);
    const theirVenue = await aVenue(tokenOf(theirs, 'Account Admin'));
    const theirManager = theirs.users['Venue Manager']!.id;
    await assign(tokenOf(theirs, 'Account Admin'), theirVenue.id, theirManager);

    expect((await call('GET', `/client/venuemanagers/${theirVenue.id}`, { token })).status).toBe(404);
    expect((await call('GET', `/client/availablemanager/${theirVenue.id}`, { token })).status).toBe(404);
    expect((await assign(token, theirVenue.id, mine.users['Venue Manager']!.id)).status).toBe(404);
    expect((await assign(token, myVenue.id, theirManager)).status).toBe(404);
    expect((await setPermission(token, theirVenue.id, theirManager, 'Denied')).status).toBe(404);
    const available = await call('GET', `/client/availablemanager/${myVenue.id}`, { token });
    expect(available.body.result.map((u: { id: string }) => u.id)).toEqual([mine.users['Venue Manager']!.id]);
  });
});

describe('GET /client/userproperties/{id}', () => {
  it("answers a Venue Manager's venues and an Event Coordinator's spaces, with their permission", async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator']);
    const admin = tokenOf(account, 'Account Admin');
    const manager = account.users['Venue Manager']!.id;
    const coordinator = account.users['Event Coordinator']!.id;
    const west = await aVenue(admin, { name: 'West Wing' });
    const east = await aVenue(admin, { name: 'East Wing' });
    await assign(admin, west.id, manager);
    await assign(admin, east.id, manager);
    await setPermission(admin, west.id, manager, 'Denied');
    const lab = await aSpace(account.accountId, west.id, 'Lab');
    const den = await aSpace(account.accountId, east.id, 'Den');
    await coordinate(account.accountId, west.id, lab, coordinator, 'Approved');
    await coordinate(account.accountId, east.id, den, coordinator, 'Denied');

    const venues = await call('GET', `/client/userproperties/${manager}`, { token: admin });
    expect(venues.status).toBe(200);
    expect(venues.body.result).toEqual([
      { permission: 'Approved', venue: { id: east.id, name: 'East Wing' }, space: null },
      { permission: 'Denied', venue: { id: west.id, name: 'West Wing' }, space: null },
    ]);
    const spaces = await call('GET', `/client/userproperties/${coordinator}`, { token: admin });
    expect(spaces.body.result).toEqual([
      { permission: 'Denied', venue: { id: east.id, name: 'East Wing' }, space: { id: den, title: 'Den' } },
      { permission: 'Approved', venue: { id: west.id, name: 'West Wing' }, space: { id: lab, title: 'Lab' } },
    ]);
    expect(
      (await call('GET', `/client/userproperties/${account.owner.id}`, { token: admin })).body.result,
    ).toEqual([]);
  });

  it("is for the Account Admin (403 otherwise), and does not find another account's user (404)", async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator']);
    const other = await anAccount(['Account Admin', 'Venue Manager']);
    const manager = account.users['Venue Manager']!.id;
    for (const role of ['Venue Manager', 'Event Coordinator'] as const) {
      const answer = await call('GET', `/client/userproperties/${manager}`, {
        token: tokenOf(account, role),
      });
      expect(answer.status, role).toBe(403);
    }
    const token = tokenOf(account, 'Account Admin');
    expect(
      (await call('GET', `/client/userproperties/${other.users['Venue Manager']!.id}`, { token })).status,
    ).toBe(404);
    expect((await call('GET', `/client/userproperties/${ulid()}`, { token })).status).toBe(404);
  });
});
