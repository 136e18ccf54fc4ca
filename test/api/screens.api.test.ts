import { ulid } from 'ulid';
import { db } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { anAccount, call, signedInAs } from '../support/api';
import { addLicences, aPlace, aSpace, aVenue } from '../support/places';

/**
 * Screens and the licences they hold (docs/product/client-area.md §2 "Screen form", "Screen offline
 * notifications panel", §3 Screen, §5, §7 "Screens"): a screen is put on an active
 * space of an active venue by its activation code, unique across the platform; an active screen
 * takes an available licence of the account and frees it when deactivated. An Account Admin acts
 * on every screen, a Venue Manager on those of the venues where they are Approved; an Event
 * Coordinator sees the screens of their spaces. Another account's screen is not found.
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Account = Awaited<ReturnType<typeof anAccount>>;
const tokenOf = (
  account: Account,
  role: 'Account Admin' | 'Venue Manager' | 'Event Coordinator' | 'Viewer',
) => account.users[role]!.token;

/** A fresh activation code, as a device would show it. */
const aCode = () => `S${ulid().slice(-9)}`;

async function assignManager(
  account: Account,
  venueId: string,
  permission: 'Approved' | 'Denied' = 'Approved',
) {
  await db()
    .entities.venueManager.create({
      account_id: account.accountId,
      venue_id: venueId,
      user_id: account.users['Venue Manager']!.id,
      permission,
    })
    .go();
}

async function assignCoordinator(
  account: Account,
  place: { venue: string; space: string },
  permission: 'Approved' | 'Denied' = 'Approved',
) {
  await db()
    .entities.spaceCoordinator.create({
      account_id: account.accountId,
      space_id: place.space,
      venue_id: place.venue,
      user_id: account.users['Event Coordinator']!.id,
      permission,
    })
    .go();
}

const superAdmin = () => signedInAs('Super Admin');

/** The account's licences as the admin Licences page lists them. */
async function adminLicences(accountId: string) {
  const answer = await call('GET', `/admin/account/${accountId}/license`, { token: await superAdmin() });
  return answer.body.result.data as Array<{
    licence_no: number;
    screen_id: string | null;
    screen: { id: string; name: string } | null;
  }>;
}

const screenBody = (place: { venue: string; space: string }, fields: Record<string, unknown> = {}) => ({
  screen_id_no: aCode(),
  venue: place.venue,
  space: place.space,
  name: 'Lobby screen',
  hardware: 'Tablet 10"',
  ...fields,
});

async function aScreen(
  token: string,
  place: { venue: string; space: string },
  fields: Record<string, unknown> = {},
) {
  const answer = await call('POST', '/client/screen', { token, body: screenBody(place, fields) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as {
    id: string;
    screen_id_no: string;
    name: string | null;
    status: string;
    licence: { id: string; licence_no: number; expiration_date: string } | null;
  };
}

/** An account with an Account Admin, a Venue Manager, an Event Coordinator and a Viewer, a place and licences. */
async function aScene(licences = 3) {
  const account = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']);
  const place = await aPlace(account.accountId, { venue: 'Harbour Hall', space: 'Boardroom' });
  if (licences) await addLicences(account.accountId, licences);
  return { account, place, admin: tokenOf(account, 'Account Admin') };
}

const licenceCounts = async (token: string) => {
  const { availableActiveLicence, activeLicence } = (await call('GET', '/client/licences', { token })).body
    .result;
  return { availableActiveLicence, activeLicence };
};

const spaceScreens = async (accountId: string, spaceId: string) =>
  (await db().entities.space.get({ account_id: accountId, space_id: spaceId }).go()).data!.total_screens;

async function screenActivity(accountId: string, screenId: string) {
  const { data } = await db()
    .entities.activity.query.byScope({ scope: `ACCOUNT#${accountId}` })
    .go({ pages: 'all' });
  return data
    .filter((entry) => entry.component === 'Screen' && entry.component_id === screenId)
    .map((entry) => entry.activity);
}

describe('POST /client/screen', () => {
  it('adds an active screen that takes a licence, counted in the header and on its space', async () => {
    const { account, place, admin } = await aScene(2);
    const code = aCode();
    const answer = await call('POST', '/client/screen', {
      token: admin,
      body: screenBody(place, { screen_id_no: ` ${code.toLowerCase()} ` }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Screen created');
    const screen = answer.body.result;
    expect(screen).toMatchObject({
      screen_id_no: code,
      name: 'Lobby screen',
      hardware: 'Tablet 10"',
      venue: { id: place.venue, name: 'Harbour Hall' },
      space: { id: place.space, title: 'Boardroom' },
      status: 'Active',
      device_status: 'Offline',
      app_version: null,
      last_check_in: null,
      photo_url: null,
      licence: { licence_no: 1, expiration_date: '2099-12-31' },
      offline_notification_recipient: '',
      offline_notification_frequency: 'Never',
      permission: 'Approved',
    });

    // The licence names its screen on the admin Licences page; one of two is left.
    const licences = await adminLicences(account.accountId);
    expect(licences.find((l) => l.licence_no === 1)).toMatchObject({
      screen_id: screen.id,
      screen: { id: screen.id, name: 'Lobby screen' },
    });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 1, activeLicence: 2 });
    const me = (await call('GET', '/client/me', { token: admin })).body.result;
    expect(me.screesLicence).toEqual({ availableActiveLicence: 1, activeLicence: 2 });
    const about = (await call('GET', '/client/aboutMe', { token: admin })).body.result;
    expect(about.totals.total_screens).toBe(1);
    expect(await spaceScreens(account.accountId, place.space)).toBe(1);
    expect(await screenActivity(account.accountId, screen.id)).toEqual([
      `Created screen Lobby screen (${code}) with license #1`,
    ]);
  });

  it("shows its licence's new expiration date when an admin renews the licence", async () => {
    const { place, admin, account } = await aScene(1);
    const created = await call('POST', '/client/screen', { token: admin, body: screenBody(place) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const licence = created.body.result.licence as { id: string; expiration_date: string };
    const renewed = await call('PUT', `/admin/account/${account.accountId}/license/${licence.id}`, {
      token: await superAdmin(),
      body: { purchase_date: '2026-01-01', expiration_date: '2100-06-30' },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const screens = (await call('GET', '/client/allscreens', { token: admin })).body.result as Array<{
      id: string;
      licence: { expiration_date: string } | null;
    }>;
    expect(screens.find((s) => s.id === created.body.result.id)?.licence?.expiration_date).toBe('2100-06-30');
  });

  it('adds an inactive screen without a licence, and names a screen without a name by its code', async () => {
    const { account, place, admin } = await aScene(1);
    const inactive = await aScreen(admin, place, { status: 'Inactive' });
    expect(inactive).toMatchObject({ status: 'Inactive', licence: null });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 1, activeLicence: 1 });

    const unnamed = await aScreen(admin, place, { name: '' });
    expect(unnamed.name).toBeNull();
    const licence = (await adminLicences(account.accountId))[0]!;
    expect(licence.screen).toEqual({ id: unnamed.id, name: unnamed.screen_id_no });
    expect(await spaceScreens(account.accountId, place.space)).toBe(2);
  });

  it('answers the spec’s messages for what is missing', async () => {
    const { admin } = await aScene(1);
    const answer = await call('POST', '/client/screen', { token: admin, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      screen_id_no: 'Field is required',
      venue: 'Field is required',
      space: 'Field is required',
    });
    const long = await call('POST', '/client/screen', {
      token: admin,
      body: { screen_id_no: 'X'.repeat(21), venue: ' ', space: 'nope', name: 'n'.repeat(101) },
    });
    expect(long.body.message).toEqual({
      screen_id_no: 'Field should be less than 20 characters',
      venue: 'Field is required',
      space: 'Invalid value',
      name: 'Field should be less than 100 characters',
    });
  });

  it('keeps an activation code to one screen of the platform, whatever its case', async () => {
    const { place, admin } = await aScene(2);
    const code = aCode();
    await aScreen(admin, place, { screen_id_no: code });
    const again = await call('POST', '/client/screen', {
      token: admin,
      body: screenBody(place, { screen_id_no: code.toLowerCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual({ screen_id_no: 'This screen ID number is already in use' });

    const other = await aScene(1);
    const elsewhere = await call('POST', '/client/screen', {
      token: other.admin,
      body: screenBody(other.place, { screen_id_no: code }),
    });
    expect(elsewhere.status).toBe(409);
    expect(await licenceCounts(other.admin)).toEqual({ availableActiveLicence: 1, activeLicence: 1 });
  });

  it('gives a code to one of two screens added at the same time', async () => {
    const { account, place, admin } = await aScene(2);
    const code = aCode();
    const answers = await Promise.all(
      [0, 1].map(() =>
        call('POST', '/client/screen', { token: admin, body: screenBody(place, { screen_id_no: code }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await spaceScreens(account.accountId, place.space)).toBe(1);
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 1, activeLicence: 2 });
  });

  it('refuses an active screen when no licence is left: expired and declined ones do not count', async () => {
    const { account, place, admin } = await aScene(0);
    const none = await call('POST', '/client/screen', { token: admin, body: screenBody(place) });
    expect(none.status).toBe(422);
    expect(none.body.message).toEqual({ screen_id_no: 'No screen licence available' });

    await addLicences(account.accountId, 1, { purchase_date: '2020-01-01', expiration_date: '2020-12-31' });
    const [declined] = await addLicences(account.accountId, 1);
    const change = await call('PUT', `/admin/account/${account.accountId}/license/${declined!.id}`, {
      token: await superAdmin(),
      body: { purchase_date: '2026-01-01', expiration_date: '2099-12-31', status: 'Declined' },
    });
    expect(change.status).toBe(200);
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 0, activeLicence: 0 });
    expect((await call('POST', '/client/screen', { token: admin, body: screenBody(place) })).status).toBe(
      422,
    );

    // The last licence goes to one of two screens added at once.
    await addLicences(account.accountId, 1);
    const both = await Promise.all(
      [0, 1].map(() => call('POST', '/client/screen', { token: admin, body: screenBody(place) })),
    );
    expect(both.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await spaceScreens(account.accountId, place.space)).toBe(1);
    const about = (await call('GET', '/client/aboutMe', { token: admin })).body.result;
    expect(about.totals.total_screens).toBe(1);
  });

  it('takes the licence that expires first', async () => {
    const { account, place, admin } = await aScene(0);
    await addLicences(account.accountId, 1, { expiration_date: '2099-06-30' });
    await addLicences(account.accountId, 1, { expiration_date: '2098-06-30' });
    expect((await aScreen(admin, place)).licence).toMatchObject({
      licence_no: 2,
      expiration_date: '2098-06-30',
    });
  });

  it('puts a screen on an active space of an active venue of the account', async () => {
    const { account, place, admin } = await aScene(3);
    const send = (body: Record<string, unknown>) => call('POST', '/client/screen', { token: admin, body });
    const other = await aScene(0);

    const foreign = await send(screenBody(other.place));
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toEqual({ venue: 'This venue does not exist' });

    const elsewhere = await aPlace(account.accountId);
    const mismatch = await send(screenBody({ venue: place.venue, space: elsewhere.space }));
    expect(mismatch.body.message).toEqual({ space: 'Choose a space of this venue' });

    const closedVenue = await aVenue(account.accountId, { status: 'Inactive' });
    const inClosed = await aSpace(account.accountId, closedVenue);
    expect((await send(screenBody({ venue: closedVenue, space: inClosed }))).body.message).toEqual({
      venue: 'This venue is inactive',
    });
    const closedSpace = await aSpace(account.accountId, place.venue, { status: 'Inactive' });
    expect((await send(screenBody({ venue: place.venue, space: closedSpace }))).body.message).toEqual({
      space: 'This space is inactive',
    });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 3, activeLicence: 3 });
  });

  it('lets a Venue Manager add screens to venues where they are Approved only', async () => {
    const { account, place } = await aScene(3);
    const manager = tokenOf(account, 'Venue Manager');
    // Not on the venue: as if it did not exist.
    const unassigned = await call('POST', '/client/screen', { token: manager, body: screenBody(place) });
    expect(unassigned.status).toBe(422);
    expect(unassigned.body.message).toEqual({ venue: 'This venue does not exist' });

    await assignManager(account, place.venue);
    const added = await aScreen(manager, place);
    expect(added).toMatchObject({ status: 'Active', licence: { licence_no: 1 } });

    const denied = await aPlace(account.accountId);
    await assignManager(account, denied.venue, 'Denied');
    expect((await call('POST', '/client/screen', { token: manager, body: screenBody(denied) })).status).toBe(
      403,
    );
  });

  it('is refused to an Event Coordinator and a Viewer', async () => {
    const { account, place } = await aScene(1);
    await assignCoordinator(account, place);
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      const answer = await call('POST', '/client/screen', {
        token: tokenOf(account, role),
        body: screenBody(place),
      });
      expect(answer.status, role).toBe(403);
    }
    expect((await call('POST', '/client/screen', { token: await superAdmin(), body: {} })).status).toBe(403);
  });

  it('keeps a photo uploaded for it', async () => {
    const { place, admin } = await aScene(1);
    const ticket = await call('POST', '/client/uploads', {
      token: admin,
      body: { purpose: 'screen-photo', content_type: 'image/png', size: png.length },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>))
      form.append(k, v);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect((await fetch(ticket.body.result.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const answer = await call('POST', '/client/screen', {
      token: admin,
      body: screenBody(place, { photo_uri: ticket.body.result.key }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.photo_uri).toBe(ticket.body.result.key.replace(/^pending\//, ''));
    expect(answer.body.result.photo_url).toMatch(/^http/);

    const missing = await call('POST', '/client/screen', {
      token: admin,
      body: screenBody(place, { photo_uri: `${ticket.body.result.key}x` }),
    });
    expect(missing.status).toBe(422);
  });
});

describe('GET /client/allscreens, /client/allscreens/{spaceId}, /client/recentscreens', () => {
  it('lists what each role sees, with venue, space, licence and the caller’s permission', async () => {
    const { account, place, admin } = await aScene(4);
    const second = await aPlace(account.accountId, { venue: 'Dock House', space: 'Loft' });
    const denied = await aPlace(account.accountId, { venue: 'Mill', space: 'Cellar' });
    const a = await aScreen(admin, place, { name: 'A' });
    const b = await aScreen(admin, second, { name: 'B' });
    const c = await aScreen(admin, denied, { name: 'C', status: 'Inactive' });
    await assignManager(account, place.venue);
    await assignManager(account, denied.venue, 'Denied');
    await assignCoordinator(account, second);

    const all = await call('GET', '/client/allscreens', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.result.map((s: { id: string }) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.result[1]).toMatchObject({
      venue: { id: second.venue, name: 'Dock House' },
      space: { id: second.space, title: 'Loft' },
      licence: { licence_no: 2 },
      permission: 'Approved',
    });

    const managed = await call('GET', '/client/allscreens', { token: tokenOf(account, 'Venue Manager') });
    expect(
      managed.body.result.map((s: { name: string; permission: string }) => [s.name, s.permission]),
    ).toEqual([
      ['C', 'Denied'],
      ['A', 'Approved'],
    ]);
    const coordinated = await call('GET', '/client/allscreens', {
      token: tokenOf(account, 'Event Coordinator'),
    });
    expect(coordinated.body.result.map((s: { name: string }) => s.name)).toEqual(['B']);
    expect((await call('GET', '/client/allscreens', { token: tokenOf(account, 'Viewer') })).status).toBe(403);

    // Another account sees none of them.
    const other = await aScene(0);
    expect((await call('GET', '/client/allscreens', { token: other.admin })).body.result).toEqual([]);
  });

  it('lists the screens of a space the caller sees, and answers 404 for one they do not', async () => {
    const { account, place, admin } = await aScene(3);
    const second = await aPlace(account.accountId);
    const a = await aScreen(admin, place);
    await aScreen(admin, second);
    const path = `/client/allscreens/${place.space}`;
    const answer = await call('GET', path, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.result.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect(answer.body.result[0].space).toEqual({ id: place.space, title: 'Boardroom' });

    const manager = tokenOf(account, 'Venue Manager');
    const coordinator = tokenOf(account, 'Event Coordinator');
    expect((await call('GET', path, { token: manager })).status).toBe(404);
    expect((await call('GET', path, { token: coordinator })).status).toBe(404);
    await assignManager(account, place.venue, 'Denied');
    await assignCoordinator(account, place);
    const managed = await call('GET', path, { token: manager });
    expect(managed.body.result).toMatchObject([{ id: a.id, permission: 'Denied' }]);
    expect((await call('GET', path, { token: coordinator })).body.result).toMatchObject([
      { id: a.id, permission: 'Approved' },
    ]);
    expect((await call('GET', `/client/allscreens/${second.space}`, { token: coordinator })).status).toBe(
      404,
    );

    const other = await aScene(0);
    expect((await call('GET', path, { token: other.admin })).status).toBe(404);
    expect((await call('GET', `/client/allscreens/${ulid()}`, { token: admin })).status).toBe(404);
  });

  it('answers the five newest screens the caller sees, newest first', async () => {
    const { account, place, admin } = await aScene(7);
    const second = await aPlace(account.accountId);
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await aScreen(admin, place, { name: `Screen ${i}` }));
    const elsewhere = await aScreen(admin, second, { name: 'Elsewhere' });
    const recent = await call('GET', '/client/recentscreens', { token: admin });
    expect(recent.status).toBe(200);
    expect(recent.body.result.map((s: { name: string }) => s.name)).toEqual([
      'Elsewhere',
      'Screen 5',
      'Screen 4',
      'Screen 3',
      'Screen 2',
    ]);
    expect(recent.body.result[0]).toMatchObject({ id: elsewhere.id, venue: { id: second.venue } });

    await assignManager(account, place.venue);
    const managed = await call('GET', '/client/recentscreens', { token: tokenOf(account, 'Venue Manager') });
    expect(managed.body.result.map((s: { id: string }) => s.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((s) => s.id),
    );
    expect(managed.body.result[0].space.title).toBe('Boardroom');
    expect(
      (await call('GET', '/client/recentscreens', { token: tokenOf(account, 'Event Coordinator') })).body
        .result,
    ).toEqual([]);
  });
});

describe('PUT /client/screen/{id}', () => {
  it('changes a screen: the licence follows its name, counters follow its space', async () => {
    const { account, place, admin } = await aScene(2);
    const screen = await aScreen(admin, place);
    const second = await aPlace(account.accountId, { venue: 'Dock House', space: 'Loft' });
    const code = aCode();
    const answer = await call('PUT', `/client/screen/${screen.id}`, {
      token: admin,
      body: { screen_id_no: code, venue: second.venue, space: second.space, name: 'Foyer', hardware: '' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Screen updated');
    expect(answer.body.result).toMatchObject({
      screen_id_no: code,
      name: 'Foyer',
      hardware: null,
      venue: { id: second.venue, name: 'Dock House' },
      space: { id: second.space, title: 'Loft' },
      status: 'Active',
      licence: { licence_no: 1 },
    });
    expect((await adminLicences(account.accountId)).find((l) => l.licence_no === 1)!.screen).toEqual({
      id: screen.id,
      name: 'Foyer',
    });
    expect(await spaceScreens(account.accountId, place.space)).toBe(0);
    expect(await spaceScreens(account.accountId, second.space)).toBe(1);
    const ids = async (spaceId: string) =>
      (await call('GET', `/client/allscreens/${spaceId}`, { token: admin })).body.result.map(
        (s: { id: string }) => s.id,
      );
    expect(await ids(place.space)).toEqual([]);
    expect(await ids(second.space)).toEqual([screen.id]);

    // The old code is free again; the new one is taken.
    await aScreen(admin, place, { screen_id_no: screen.screen_id_no });
    const taken = await call('POST', '/client/screen', {
      token: admin,
      body: screenBody(place, { screen_id_no: code }),
    });
    expect(taken.status).toBe(409);
    expect(await screenActivity(account.accountId, screen.id)).toContain(`Updated screen Foyer (${code})`);
  });

  it('frees the licence when saved inactive, and takes one when saved active again', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place);
    const body = screenBody(place, { screen_id_no: screen.screen_id_no });
    const off = await call('PUT', `/client/screen/${screen.id}`, {
      token: admin,
      body: { ...body, status: 'Inactive' },
    });
    expect(off.body.result).toMatchObject({ status: 'Inactive', licence: null });
    expect((await adminLicences(account.accountId))[0]!.screen).toBeNull();

    // Another screen takes the free licence; this one cannot come back on.
    await aScreen(admin, place);
    const on = await call('PUT', `/client/screen/${screen.id}`, {
      token: admin,
      body: { ...body, status: 'Active' },
    });
    expect(on.status).toBe(422);
    expect(on.body.message).toEqual({ screen_id_no: 'No screen licence available' });
    // Saved without a status, it stays as it is.
    const kept = await call('PUT', `/client/screen/${screen.id}`, {
      token: admin,
      body: { ...body, name: 'Kept' },
    });
    expect(kept.body.result).toMatchObject({ name: 'Kept', status: 'Inactive' });
  });

  it('refuses a code another screen has', async () => {
    const { place, admin } = await aScene(2);
    const first = await aScreen(admin, place);
    const second = await aScreen(admin, place);
    const answer = await call('PUT', `/client/screen/${second.id}`, {
      token: admin,
      body: screenBody(place, { screen_id_no: first.screen_id_no }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toEqual({ screen_id_no: 'This screen ID number is already in use' });
  });

  it('is a Venue Manager’s on their Approved venues; another account’s screen is not found', async () => {
    const { account, place, admin } = await aScene(2);
    const screen = await aScreen(admin, place);
    const manager = tokenOf(account, 'Venue Manager');
    const body = screenBody(place, { screen_id_no: screen.screen_id_no, name: 'Managed' });
    expect((await call('PUT', `/client/screen/${screen.id}`, { token: manager, body })).status).toBe(404);
    await assignManager(account, place.venue, 'Denied');
    expect((await call('PUT', `/client/screen/${screen.id}`, { token: manager, body })).status).toBe(403);

    // Approved on the venue: may change the screen, but not move it to a venue they do not manage.
    const approved = await aScene(2);
    const mine = await aScreen(approved.admin, approved.place);
    await assignManager(approved.account, approved.place.venue);
    const own = tokenOf(approved.account, 'Venue Manager');
    const ok = await call('PUT', `/client/screen/${mine.id}`, {
      token: own,
      body: screenBody(approved.place, { screen_id_no: mine.screen_id_no, name: 'Managed' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result.name).toBe('Managed');
    const away = await aPlace(approved.account.accountId);
    const moved = await call('PUT', `/client/screen/${mine.id}`, {
      token: own,
      body: screenBody(away, { screen_id_no: mine.screen_id_no }),
    });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toEqual({ venue: 'This venue does not exist' });

    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      expect(
        (await call('PUT', `/client/screen/${mine.id}`, { token: tokenOf(approved.account, role), body }))
          .status,
        role,
      ).toBe(403);
    }
    const other = await aScene(0);
    expect((await call('PUT', `/client/screen/${screen.id}`, { token: other.admin, body })).status).toBe(404);
  });
});

describe('GET /client/screen/{id}/{status}', () => {
  it('deactivates a screen, freeing its licence, and activates it, taking one', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place, { name: 'Hall' });
    const off = await call('GET', `/client/screen/${screen.id}/Inactive`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Screen updated');
    expect(off.body.result).toMatchObject({ status: 'Inactive', licence: null });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 1, activeLicence: 1 });

    const on = await call('GET', `/client/screen/${screen.id}/Active`, { token: admin });
    expect(on.body.result).toMatchObject({ status: 'Active', licence: { licence_no: 1 } });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 0, activeLicence: 1 });
    expect(await screenActivity(account.accountId, screen.id)).toEqual(
      expect.arrayContaining([
        `Deactivated screen Hall (${screen.screen_id_no}), freeing license #1`,
        `Activated screen Hall (${screen.screen_id_no}), taking license #1`,
      ]),
    );

    // The same status again changes nothing.
    const again = await call('GET', `/client/screen/${screen.id}/Active`, { token: admin });
    expect(again.body.result.licence).toMatchObject({ licence_no: 1 });
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 0, activeLicence: 1 });
  });

  it('cannot activate a screen when no licence is left', async () => {
    const { place, admin } = await aScene(1);
    const screen = await aScreen(admin, place, { status: 'Inactive' });
    await aScreen(admin, place);
    const answer = await call('GET', `/client/screen/${screen.id}/Active`, { token: admin });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ status: 'No screen licence available' });
  });

  it('is refused to a Denied manager and to an Event Coordinator; another account’s screen is not found', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place);
    await assignManager(account, place.venue, 'Denied');
    await assignCoordinator(account, place);
    for (const role of ['Venue Manager', 'Event Coordinator', 'Viewer'] as const) {
      const answer = await call('GET', `/client/screen/${screen.id}/Inactive`, {
        token: tokenOf(account, role),
      });
      expect(answer.status, role).toBe(403);
    }
    const other = await aScene(0);
    expect((await call('GET', `/client/screen/${screen.id}/Inactive`, { token: other.admin })).status).toBe(
      404,
    );
    expect((await call('GET', `/client/screen/${screen.id}/Off`, { token: admin })).status).toBe(404);
    expect(await licenceCounts(admin)).toEqual({ availableActiveLicence: 0, activeLicence: 1 });
  });
});

describe('PUT /client/screen/{id}/offlineNotification', () => {
  it('saves who is e-mailed and how often', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place);
    const answer = await call('PUT', `/client/screen/${screen.id}/offlineNotification`, {
      token: admin,
      body: {
        offline_notification_recipient: 'Ops@Example.test, desk@example.test,,ops@example.test',
        offline_notification_frequency: 'Once an hour',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Updated offline notification settings');
    expect(answer.body.result).toMatchObject({
      offline_notification_recipient: 'ops@example.test,desk@example.test',
      offline_notification_frequency: 'Once an hour',
      venue: { name: 'Harbour Hall' },
    });
    const listed = (await call('GET', '/client/allscreens', { token: admin })).body.result[0];
    expect(listed.offline_notification_frequency).toBe('Once an hour');
    expect(await screenActivity(account.accountId, screen.id)).toContain(
      `Updated offline notification settings of screen Lobby screen (${screen.screen_id_no})`,
    );
  });

  it('answers the messages for bad addresses, too many of them, and an unknown frequency', async () => {
    const { place, admin } = await aScene(1);
    const screen = await aScreen(admin, place);
    const path = `/client/screen/${screen.id}/offlineNotification`;
    const bad = await call('PUT', path, {
      token: admin,
      body: {
        offline_notification_recipient: 'ops@example.test, not-an-address',
        offline_notification_frequency: 'Daily',
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual({
      offline_notification_recipient: 'Field should be an email address',
      offline_notification_frequency: 'Invalid value',
    });
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.test`).join(',');
    const tooMany = await call('PUT', path, {
      token: admin,
      body: { offline_notification_recipient: many, offline_notification_frequency: 'Never' },
    });
    expect(tooMany.body.message).toEqual({ offline_notification_recipient: 'At most 20 addresses' });
  });

  it('is refused to a Denied manager; another account’s screen is not found', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place);
    const body = { offline_notification_recipient: '', offline_notification_frequency: 'Never' };
    const path = `/client/screen/${screen.id}/offlineNotification`;
    await assignManager(account, place.venue, 'Denied');
    expect((await call('PUT', path, { token: tokenOf(account, 'Venue Manager'), body })).status).toBe(403);
    expect((await call('PUT', path, { token: tokenOf(account, 'Event Coordinator'), body })).status).toBe(
      403,
    );
    const other = await aScene(0);
    expect((await call('PUT', path, { token: other.admin, body })).status).toBe(404);
  });
});

describe('GET /client/licences', () => {
  it("answers the account's licences with the active and available counts", async () => {
    const { account, place, admin } = await aScene(2);
    await addLicences(account.accountId, 1, { purchase_date: '2020-01-01', expiration_date: '2020-12-31' });
    const screen = await aScreen(admin, place, { name: 'Hall' });
    const answer = await call('GET', '/client/licences', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ availableActiveLicence: 1, activeLicence: 2 });
    expect(
      answer.body.result.licences.map((l: { licence_no: number; status: string }) => [
        l.licence_no,
        l.status,
      ]),
    ).toEqual([
      [1, 'Active'],
      [2, 'Active'],
      [3, 'Expired'],
    ]);
    expect(answer.body.result.licences[0].screen).toEqual({ id: screen.id, name: 'Hall' });

    await assignManager(account, place.venue);
    expect((await call('GET', '/client/licences', { token: tokenOf(account, 'Venue Manager') })).status).toBe(
      200,
    );
    for (const role of ['Event Coordinator', 'Viewer'] as const) {
      expect((await call('GET', '/client/licences', { token: tokenOf(account, role) })).status, role).toBe(
        403,
      );
    }
  });
});

describe('GET /admin/recentScreens', () => {
  it('answers the newest screens of every account with their account, venue and space', async () => {
    const { account, place, admin } = await aScene(1);
    const screen = await aScreen(admin, place, { name: 'Newest', hardware: 'Kiosk' });
    const answer = await call('GET', '/admin/recentScreens', { token: await superAdmin() });
    expect(answer.status).toBe(200);
    expect(answer.body.result.length).toBeLessThanOrEqual(5);
    const name = (await db().entities.account.get({ account_id: account.accountId }).go()).data!.name;
    expect(answer.body.result.find((s: { id: string }) => s.id === screen.id)).toEqual({
      id: screen.id,
      screen_id_no: screen.screen_id_no,
      name: 'Newest',
      hardware: 'Kiosk',
      venue: { id: place.venue, name: 'Harbour Hall' },
      space: { id: place.space, title: 'Boardroom' },
      status: 'Active',
      device_status: 'Offline',
      app_version: null,
      last_check_in: null,
      account: { id: account.accountId, name },
      created_at: expect.any(String),
    });
    expect((await call('GET', '/admin/recentScreens', { token: admin })).status).toBe(403);
  });

  it('answers the five newest across the shards of the list, newest first', async () => {
    const { account, place, admin } = await aScene(12);
    const made: string[] = [];
    // Screens until they lie in three shards at least: the newest five come from several.
    while (made.length < 6 || new Set(made.map(shardOf)).size < 3) {
      expect(made.length).toBeLessThan(12);
      made.push((await aScreen(admin, place)).id);
    }
    const items = await Promise.all(
      made.map(
        async (screen_id) =>
          (await db().entities.screen.get({ account_id: account.accountId, screen_id }).go()).data!,
      ),
    );
    for (const item of items) expect(item.recent_shard).toBe(shardOf(item.screen_id));
    const order = (item: { created_at: string; screen_id: string }) => `${item.created_at}#${item.screen_id}`;
    const newest = items
      .sort((a, b) => (order(a) < order(b) ? 1 : -1))
      .slice(0, 5)
      .map((item) => item.screen_id);
    const answer = await call('GET', '/admin/recentScreens', { token: await superAdmin() });
    expect(answer.body.result.map((screen: { id: string }) => screen.id)).toEqual(newest);
  });
});
