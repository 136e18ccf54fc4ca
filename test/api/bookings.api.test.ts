import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@core/aws/dynamodb';
import { env } from '@core/env';
import type { ClientRole } from '@shared/roles';
import { anAccount, call, mailTo } from '../support/api';

/**
 * Bookings (docs/product/client-area.md §2 "Booking calendar", "Event form", "Event details panel", §3 Booking,
 * §5 "Event", §7 "Bookings"): a booking is one item with its rule, occurrences are
 * expanded when read, two occurrences of a space never overlap (409 naming the first clash, and of
 * concurrent requests for one slot exactly one wins), THIS / FOLLOWING / ALL change and delete as
 * shared/series-edit.ts plans them, across DST in the venue's zone. An Account Admin books
 * anywhere, a Venue Manager in their Approved venues, an Event Coordinator in their Approved
 * spaces; a Viewer reads. Another account's booking is not found.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;
type Occurrence = {
  id: string;
  occurrence_start: string;
  detached: boolean;
  title: string;
  start_date: string;
  end_date: string;
  start_at: string;
  end_at: string;
  venue: { id: string; name: string; timezone: string };
  space: { id: string; title: string; calendar_color: string };
  editPermission: boolean;
  deletePermission: boolean;
  invites_list: Array<{ name: string | null; email: string }>;
  recur_end: string | number | null;
};

const token = (account: Account, role: ClientRole = 'Account Admin') => account.users[role]!.token;

let main: Account;
let other: Account;

beforeAll(async () => {
  [main, other] = await Promise.all([
    anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']),
    anAccount(['Account Admin']),
  ]);
});

/** A venue with one space, through the API as the account's admin. */
async function aPlace(
  account: Account,
  options: { timezone?: string; availiblity_start?: string; availiblity_end?: string } = {},
) {
  const venue = await call('POST', '/client/newvenue', {
    token: token(account),
    body: {
      name: `Hall ${Math.random().toString(36).slice(2, 7)}`,
      timezone: options.timezone ?? 'Europe/London',
    },
  });
  expect(venue.status, JSON.stringify(venue.body)).toBe(200);
  const hours =
    options.availiblity_start && options.availiblity_end
      ? { availiblity_start: options.availiblity_start, availiblity_end: options.availiblity_end }
      : {};
  const space = await call('POST', `/client/newspace/${venue.body.result.id}`, {
    token: token(account),
    body: { title: `Room ${Math.random().toString(36).slice(2, 7)}`, ...hours },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(200);
  return { venue: venue.body.result.id as string, space: space.body.result.id as string };
}

type Place = Awaited<ReturnType<typeof aPlace>>;

const event = (place: Place, fields: Record<string, unknown> = {}) => ({
  venue: place.venue,
  space: place.space,
  title: 'Planning',
  start_date: '2027-02-01 09:00:00',
  end_date: '2027-02-01 10:00:00',
  ...fields,
});

/** Books as the caller; answers the booking. */
async function book(tokenOf: string, body: Record<string, unknown>) {
  const answer = await call('POST', '/client/booking', { token: tokenOf, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { id: string; [field: string]: unknown };
}

async function occurrences(tokenOf: string, path: string): Promise<Occurrence[]> {
  const answer = await call('GET', `/client/bookings/${path}`, { token: tokenOf });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as Occurrence[];
}

/** A weekly Monday booking from 2027-03-15 across the start of British Summer Time (2027-03-28). */
const mondays = (place: Place, fields: Record<string, unknown> = {}) =>
  event(place, {
    title: 'Weekly review',
    start_date: '2027-03-15 09:00:00',
    end_date: '2027-03-15 10:00:00',
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_on: 'MO',
    recur_end_type: 'AFTER',
    recur_end: 4,
    ...fields,
  });

const march = (place: Place) => `${place.venue}/${place.space}/2027-03-01/2027-04-30`;
const times = (list: Occurrence[]) => list.map((o) => [o.start_date, o.start_at]);

describe('POST /client/booking', () => {
  it('books a space and answers the booking with its rule, in the venue’s zone', async () => {
    const place = await aPlace(main, { timezone: 'America/New_York' });
    const answer = await call('POST', '/client/booking', {
      token: token(main),
      body: mondays(place, {
        description: 'Quarterly numbers',
        invites_list: [{ name: 'Ann', email: 'Ann@Example.test' }],
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Success');
    expect(answer.body.result).toMatchObject({
      title: 'Weekly review',
      description: 'Quarterly numbers',
      venue: { id: place.venue, timezone: 'America/New_York' },
      space: { id: place.space },
      start_date: '2027-03-15 09:00:00',
      recurring: 'Yes',
      recur_type: 'WEEKLY',
      recur_on: 'MO',
      recur_end_type: 'AFTER',
      recur_end: 4,
      exdates: [],
      invites_list: [{ name: 'Ann', email: 'ann@example.test' }],
      organizer: { id: main.owner.id },
      editPermission: true,
      deletePermission: true,
    });
    const list = await occurrences(token(main), march(place));
    // New York moved to daylight time on 2027-03-14: 09:00 is 13:00 UTC throughout.
    expect(times(list)).toEqual([
      ['2027-03-15 09:00:00', '2027-03-15T13:00:00.000Z'],
      ['2027-03-22 09:00:00', '2027-03-22T13:00:00.000Z'],
      ['2027-03-29 09:00:00', '2027-03-29T13:00:00.000Z'],
      ['2027-04-05 09:00:00', '2027-04-05T13:00:00.000Z'],
    ]);
  });

  it('logs the booking in the activity log', async () => {
    const place = await aPlace(main);
    const booking = await book(token(main), event(place, { title: 'Logged meeting' }));
    const log = await call('GET', '/client/activityLog', { token: token(main) });
    expect(log.body.result.data).toContainEqual(
      expect.objectContaining({ component: 'Booking', component_id: booking.id }),
    );
  });

  it('e-mails each invitee an invitation with an iCalendar file', async () => {
    const place = await aPlace(main);
    const address = `guest-${Date.now()}@example.test`;
    await book(
      token(main),
      event(place, { title: 'Guest visit', invites_list: [{ name: 'Guest', email: address }] }),
    );
    await vi.waitFor(async () => expect((await mailTo(address)).length).toBeGreaterThan(0), {
      timeout: 5000,
    });
  });

  it.each([
    [{ title: '' }, { title: 'Field is required' }],
    [{ venue: undefined }, { venue: 'Field is required' }],
    [{ end_date: '2027-02-01 08:00:00' }, { end_date: 'End date must be greater than start date' }],
    [
      { recur_interval: 366, recurring: 'Yes', recur_type: 'DAILY', recur_end_type: 'AFTER', recur_end: 2 },
      { recur_interval: 'Field should be smaller than 365' },
    ],
    [
      { invites_list: [{ name: 'Bad', email: 'not-an-address' }] },
      { 'invites_list.0.email': 'Field should be an email address' },
    ],
  ])('answers 422 with the spec’s message: %j', async (fields, errors) => {
    const place = await aPlace(main);
    const answer = await call('POST', '/client/booking', { token: token(main), body: event(place, fields) });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatchObject(errors);
  });

  it('refuses more than 1,000 occurrences', async () => {
    const place = await aPlace(main);
    const answer = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, {
        recurring: 'Yes',
        recur_type: 'DAILY',
        recur_interval: 1,
        recur_end_type: 'ON',
        recur_end: '2030-12-31',
      }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ recur_end: 'A series may have at most 1000 occurrences' });
  });

  it('refuses occurrences outside the space’s hours', async () => {
    const place = await aPlace(main, { availiblity_start: '08:00', availiblity_end: '18:00' });
    const early = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { start_date: '2027-02-01 07:30:00', end_date: '2027-02-01 08:30:00' }),
    });
    expect(early.status).toBe(422);
    expect(early.body.message).toEqual({ start_date: 'Space is available between 08:00 - 18:00' });
    const late = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { start_date: '2027-02-01 17:00:00', end_date: '2027-02-01 18:30:00' }),
    });
    expect(late.body.message).toEqual({ end_date: 'Space is available between 08:00 - 18:00' });
    const edges = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { start_date: '2027-02-01 08:00:00', end_date: '2027-02-01 18:00:00' }),
    });
    expect(edges.status).toBe(200);
  });

  it('names the venue or space at fault: unknown, of another venue, inactive', async () => {
    const place = await aPlace(main);
    const elsewhere = await aPlace(main);
    const foreign = await aPlace(other);
    const post = (fields: Record<string, unknown>) =>
      call('POST', '/client/booking', { token: token(main), body: event(place, fields) });
    expect((await post({ venue: foreign.venue, space: foreign.space })).body.message).toEqual({
      venue: 'This venue does not exist',
    });
    expect((await post({ venue: 'not-an-id' })).body.message).toEqual({ venue: 'This venue does not exist' });
    expect((await post({ space: foreign.space })).body.message).toEqual({
      space: 'This space does not exist',
    });
    expect((await post({ space: elsewhere.space })).body.message).toEqual({
      space: 'Choose a space of this venue',
    });
    await call('GET', `/client/space/${place.space}/Inactive`, { token: token(main) });
    const inactive = await post({});
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toEqual({ space: 'This space is inactive' });
  });

  it('keeps invitees to 50 a booking', async () => {
    const place = await aPlace(main);
    const invites = Array.from({ length: 51 }, (_, n) => ({ email: `person${n}@example.test` }));
    const answer = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { invites_list: invites }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ invites_list: 'A booking may invite at most 50 people' });
  });
});

describe('no double booking', () => {
  it('refuses an overlap with 409 naming the first clash at its local times; back to back is fine', async () => {
    const place = await aPlace(main);
    await book(token(main), event(place, { title: 'Board meeting' }));
    const overlap = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { start_date: '2027-02-01 09:30:00', end_date: '2027-02-01 10:30:00' }),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(
      'Board meeting is already booked from 2027-02-01 09:00 to 2027-02-01 10:00',
    );
    await book(
      token(main),
      event(place, { start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' }),
    );
    await book(
      token(main),
      event(place, { start_date: '2027-02-01 08:00:00', end_date: '2027-02-01 09:00:00' }),
    );
  });

  it('sees a booking that the space index does not show yet (the index is eventually consistent)', async () => {
    const place = await aPlace(main);
    const first = await book(token(main), event(place, { title: 'Just booked' }));
    // As a global secondary index may, the space's index has not taken the new booking in yet.
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { pk: `ACCOUNT#${main.accountId}#`, sk: `BOOKING#${first.id}#` },
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    const listed = await occurrences(token(main), `-/${place.space}/2027-02-01/2027-02-01`);
    expect(listed).toEqual([]);
    const clash = await call('POST', '/client/booking', {
      token: token(main),
      body: event(place, { start_date: '2027-02-01 09:30:00', end_date: '2027-02-01 10:30:00' }),
    });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.message).toBe(
      'Just booked is already booked from 2027-02-01 09:00 to 2027-02-01 10:00',
    );
  });

  it('checks every occurrence of a series against existing series and their changed occurrences', async () => {
    const place = await aPlace(main);
    await book(
      token(main),
      event(place, {
        title: 'Late review',
        start_date: '2027-03-29 09:30:00',
        end_date: '2027-03-29 09:45:00',
      }),
    );
    const series = await call('POST', '/client/booking', { token: token(main), body: mondays(place) });
    expect(series.status).toBe(409);
    expect(series.body.message).toBe(
      'Late review is already booked from 2027-03-29 09:30 to 2027-03-29 09:45',
    );
    // Another space of the same venue is free.
    const other = await call('POST', `/client/newspace/${place.venue}`, {
      token: token(main),
      body: { title: 'Second room' },
    });
    await book(token(main), mondays({ venue: place.venue, space: other.body.result.id }));
  });

  it('lets exactly one of 50 concurrent requests for one free slot succeed', async () => {
    const place = await aPlace(main);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        call('POST', '/client/booking', { token: token(main), body: event(place, { title: `Racer ${n}` }) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = answers.find((answer) => answer.status === 200)!.body.result.title as string;
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.message).toMatch(/ is already booked from 2027-02-01 09:00 to 2027-02-01 10:00$/);
    const list = await occurrences(token(main), `${place.venue}/${place.space}/2027-02-01/2027-02-01`);
    expect(list.map((o) => o.title)).toEqual([winner]);
  });
});

describe('THIS / FOLLOWING / ALL across the start of British Summer Time', () => {
  it('keeps wall-clock times across DST and changes one, the following, or all occurrences', async () => {
    const place = await aPlace(main);
    const first = await book(token(main), mondays(place));
    expect(times(await occurrences(token(main), march(place)))).toEqual([
      ['2027-03-15 09:00:00', '2027-03-15T09:00:00.000Z'],
      ['2027-03-22 09:00:00', '2027-03-22T09:00:00.000Z'],
      ['2027-03-29 09:00:00', '2027-03-29T08:00:00.000Z'],
      ['2027-04-05 09:00:00', '2027-04-05T08:00:00.000Z'],
    ]);

    // THIS: the first Monday of summer time moves to 11:00.
    const moved = await call('PUT', `/client/booking/${first.id}`, {
      token: token(main),
      body: mondays(place, {
        start_date: '2027-03-29 11:00:00',
        end_date: '2027-03-29 12:00:00',
        applicable: 'THIS',
        occurrence_start: '2027-03-29 09:00:00',
      }),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe('Success');
    expect(moved.body.result.exdates).toEqual(['2027-03-29 09:00:00']);
    expect(moved.body.result.occurrence).toMatchObject({ start_date: '2027-03-29 11:00:00', detached: true });
    let list = await occurrences(token(main), march(place));
    expect(list.map((o) => [o.start_date, o.start_at, o.detached])).toEqual([
      ['2027-03-15 09:00:00', '2027-03-15T09:00:00.000Z', false],
      ['2027-03-22 09:00:00', '2027-03-22T09:00:00.000Z', false],
      ['2027-03-29 11:00:00', '2027-03-29T10:00:00.000Z', true],
      ['2027-04-05 09:00:00', '2027-04-05T08:00:00.000Z', false],
    ]);

    // FOLLOWING from the 22nd: 14:00 from then on; the changed occurrence keeps its own time.
    const following = await call('PUT', `/client/booking/${first.id}`, {
      token: token(main),
      body: mondays(place, {
        start_date: '2027-03-22 14:00:00',
        end_date: '2027-03-22 15:00:00',
        applicable: 'FOLLOWING',
        occurrence_start: '2027-03-22 09:00:00',
      }),
    });
    expect(following.status, JSON.stringify(following.body)).toBe(200);
    list = await occurrences(token(main), march(place));
    expect(list.map((o) => [o.start_date, o.start_at, o.detached])).toEqual([
      ['2027-03-15 09:00:00', '2027-03-15T09:00:00.000Z', false],
      ['2027-03-22 14:00:00', '2027-03-22T14:00:00.000Z', false],
      ['2027-03-29 11:00:00', '2027-03-29T10:00:00.000Z', true],
      ['2027-04-05 14:00:00', '2027-04-05T13:00:00.000Z', false],
    ]);
    const [old, ...later] = list;
    const second = later[0]!.id;
    expect(old!.id).toBe(first.id);
    expect(later.every((o) => o.id === second) && second !== first.id).toBe(true);
    // The old booking ends after one occurrence, the new one has what was left.
    expect(old!.recur_end).toBe(1);
    expect(later[0]!.recur_end).toBe(3);

    // ALL on the new booking, from its last occurrence: an hour later each week.
    const all = await call('PUT', `/client/booking/${second}`, {
      token: token(main),
      body: mondays(place, {
        start_date: '2027-04-05 15:00:00',
        end_date: '2027-04-05 16:00:00',
        recur_end: 3,
        applicable: 'ALL',
        occurrence_start: '2027-04-05 14:00:00',
      }),
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    list = await occurrences(token(main), march(place));
    expect(list.map((o) => [o.start_date, o.start_at])).toEqual([
      ['2027-03-15 09:00:00', '2027-03-15T09:00:00.000Z'],
      ['2027-03-22 15:00:00', '2027-03-22T15:00:00.000Z'],
      ['2027-03-29 11:00:00', '2027-03-29T10:00:00.000Z'],
      ['2027-04-05 15:00:00', '2027-04-05T14:00:00.000Z'],
    ]);

    // DELETE THIS, then FOLLOWING, then ALL.
    const changed = list[2]!;
    const deleteOne = await call(
      'DELETE',
      `/client/booking/${second}?applicable=THIS&occurrence_start=${encodeURIComponent(changed.occurrence_start)}`,
      { token: token(main) },
    );
    expect(deleteOne.status, JSON.stringify(deleteOne.body)).toBe(200);
    expect(deleteOne.body.message).toBe('Success');
    list = await occurrences(token(main), march(place));
    expect(list.map((o) => o.start_date)).toEqual([
      '2027-03-15 09:00:00',
      '2027-03-22 15:00:00',
      '2027-04-05 15:00:00',
    ]);
    const deleteLater = await call(
      'DELETE',
      `/client/booking/${second}?applicable=FOLLOWING&occurrence_start=${encodeURIComponent('2027-04-05 15:00:00')}`,
      { token: token(main) },
    );
    expect(deleteLater.status).toBe(200);
    list = await occurrences(token(main), march(place));
    expect(list.map((o) => o.start_date)).toEqual(['2027-03-15 09:00:00', '2027-03-22 15:00:00']);
    for (const id of [first.id, second]) {
      const gone = await call('DELETE', `/client/booking/${id}?applicable=ALL`, { token: token(main) });
      expect(gone.status).toBe(200);
      expect((await call('GET', `/client/booking/${id}`, { token: token(main) })).status).toBe(404);
    }
    expect(await occurrences(token(main), march(place))).toEqual([]);
  });

  it('moves the whole series by as much as the edited occurrence moved, keeping wall-clock times', async () => {
    const place = await aPlace(main);
    const series = await book(token(main), mondays(place));
    const answer = await call('PUT', `/client/booking/${series.id}`, {
      token: token(main),
      body: mondays(place, {
        start_date: '2027-03-30 09:00:00',
        end_date: '2027-03-30 10:30:00',
        recur_on: 'TU',
        applicable: 'ALL',
        occurrence_start: '2027-03-29 09:00:00',
      }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(times(await occurrences(token(main), march(place)))).toEqual([
      ['2027-03-16 09:00:00', '2027-03-16T09:00:00.000Z'],
      ['2027-03-23 09:00:00', '2027-03-23T09:00:00.000Z'],
      ['2027-03-30 09:00:00', '2027-03-30T08:00:00.000Z'],
      ['2027-04-06 09:00:00', '2027-04-06T08:00:00.000Z'],
    ]);
  });

  it('applies the conflict and availability rules to a change, not to the booking’s own time', async () => {
    const place = await aPlace(main, { availiblity_start: '08:00', availiblity_end: '18:00' });
    const series = await book(token(main), mondays(place));
    await book(
      token(main),
      event(place, { title: 'Workshop', start_date: '2027-03-29 12:00:00', end_date: '2027-03-29 13:00:00' }),
    );
    const put = (fields: Record<string, unknown>) =>
      call('PUT', `/client/booking/${series.id}`, {
        token: token(main),
        body: mondays(place, { title: 'Renamed', ...fields }),
      });
    // Only the title: nothing newly occupied.
    expect((await put({ applicable: 'ALL' })).status).toBe(200);
    // Overlapping its own next occurrence's old time is fine: it moves too.
    expect(
      (
        await put({
          start_date: '2027-03-15 09:30:00',
          end_date: '2027-03-15 10:30:00',
          applicable: 'ALL',
          occurrence_start: '2027-03-15 09:00:00',
        })
      ).status,
    ).toBe(200);
    const clash = await put({
      start_date: '2027-03-29 12:30:00',
      end_date: '2027-03-29 13:30:00',
      applicable: 'THIS',
      occurrence_start: '2027-03-29 09:30:00',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Workshop is already booked from 2027-03-29 12:00 to 2027-03-29 13:00');
    const onItself = await put({
      start_date: '2027-03-22 09:00:00',
      end_date: '2027-03-22 10:00:00',
      applicable: 'THIS',
      occurrence_start: '2027-03-29 09:30:00',
    });
    expect(onItself.status).toBe(409);
    expect(onItself.body.message).toMatch(
      /^Renamed is already booked from 2027-03-22 09:30 to 2027-03-22 10:30$/,
    );
    const tooLate = await put({
      start_date: '2027-03-29 17:30:00',
      end_date: '2027-03-29 18:30:00',
      applicable: 'THIS',
      occurrence_start: '2027-03-29 09:30:00',
    });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.message).toEqual({ end_date: 'Space is available between 08:00 - 18:00' });
  });

  it('needs the occurrence for THIS and FOLLOWING, and one that exists', async () => {
    const place = await aPlace(main);
    const series = await book(token(main), mondays(place));
    const missing = await call('PUT', `/client/booking/${series.id}`, {
      token: token(main),
      body: mondays(place, { applicable: 'THIS' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toEqual({ occurrence_start: 'Field is required' });
    const unknown = await call(
      'DELETE',
      `/client/booking/${series.id}?applicable=THIS&occurrence_start=${encodeURIComponent('2027-03-16 09:00:00')}`,
      { token: token(main) },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('GET /client/booking/{id}', () => {
  it('answers a booking with its rule, and one occurrence when asked', async () => {
    const place = await aPlace(main);
    const series = await book(token(main), mondays(place));
    const whole = await call('GET', `/client/booking/${series.id}`, { token: token(main) });
    expect(whole.status).toBe(200);
    expect(whole.body.result).toMatchObject({ id: series.id, recur_type: 'WEEKLY', occurrence: null });
    const one = await call(
      'GET',
      `/client/booking/${series.id}?occurrence_start=${encodeURIComponent('2027-03-29 09:00:00')}`,
      { token: token(main) },
    );
    expect(one.body.result.occurrence).toMatchObject({
      occurrence_start: '2027-03-29 09:00:00',
      start_at: '2027-03-29T08:00:00.000Z',
      detached: false,
    });
    const none = await call(
      'GET',
      `/client/booking/${series.id}?occurrence_start=${encodeURIComponent('2027-03-30 09:00:00')}`,
      { token: token(main) },
    );
    expect(none.status).toBe(404);
  });
});

describe('roles and accounts', () => {
  let place: Place;
  let denied: Place;
  let booking: { id: string };

  beforeAll(async () => {
    [place, denied] = await Promise.all([aPlace(main), aPlace(main)]);
    const admin = token(main);
    const manager = main.users['Venue Manager']!.id;
    const coordinator = main.users['Event Coordinator']!.id;
    for (const p of [place, denied]) {
      await call('GET', `/client/venuemanager/assign/${p.venue}/${manager}`, { token: admin });
      await call('GET', `/client/eventcoordinator/assign/${p.space}/${coordinator}`, { token: admin });
    }
    await call('GET', `/client/venuemanager/${denied.venue}/${manager}/Denied`, { token: admin });
    await call('GET', `/client/eventcoordinator/${denied.space}/${coordinator}/Denied`, { token: admin });
    booking = await book(admin, event(denied, { title: 'Admin only' }));
  });

  it.each(['Venue Manager', 'Event Coordinator'] as const)(
    'a %s books, changes and deletes where Approved',
    async (role) => {
      const hour = role === 'Venue Manager' ? '11' : '13';
      const created = await book(
        token(main, role),
        event(place, { start_date: `2027-02-01 ${hour}:00:00`, end_date: `2027-02-01 ${hour}:30:00` }),
      );
      expect(created).toMatchObject({ editPermission: true, deletePermission: true });
      const changed = await call('PUT', `/client/booking/${created.id}`, {
        token: token(main, role),
        body: event(place, {
          title: 'Renamed',
          start_date: `2027-02-01 ${hour}:00:00`,
          end_date: `2027-02-01 ${hour}:30:00`,
        }),
      });
      expect(changed.status).toBe(200);
      expect(
        (await call('DELETE', `/client/booking/${created.id}`, { token: token(main, role) })).status,
      ).toBe(200);
    },
  );

  it.each(['Venue Manager', 'Event Coordinator'] as const)(
    'a Denied %s reads but may not book, change or delete (403)',
    async (role) => {
      const list = await occurrences(
        token(main, role),
        `${denied.venue}/${denied.space}/2027-02-01/2027-02-01`,
      );
      expect(list).toMatchObject([{ id: booking.id, editPermission: false, deletePermission: false }]);
      const post = await call('POST', '/client/booking', {
        token: token(main, role),
        body: event(denied, { start_date: '2027-02-02 09:00:00', end_date: '2027-02-02 10:00:00' }),
      });
      expect(post.status).toBe(403);
      const put = await call('PUT', `/client/booking/${booking.id}`, {
        token: token(main, role),
        body: event(denied),
      });
      expect(put.status).toBe(403);
      expect(
        (await call('DELETE', `/client/booking/${booking.id}`, { token: token(main, role) })).status,
      ).toBe(403);
    },
  );

  it('a Viewer reads every booking and may not book, change or delete (403)', async () => {
    const viewer = token(main, 'Viewer');
    const list = await occurrences(viewer, `${denied.venue}/-/2027-02-01/2027-02-01`);
    expect(list).toMatchObject([{ id: booking.id, editPermission: false, deletePermission: false }]);
    expect((await call('GET', `/client/booking/${booking.id}`, { token: viewer })).status).toBe(200);
    expect((await call('POST', '/client/booking', { token: viewer, body: event(place) })).status).toBe(403);
    expect(
      (await call('PUT', `/client/booking/${booking.id}`, { token: viewer, body: event(denied) })).status,
    ).toBe(403);
    expect((await call('DELETE', `/client/booking/${booking.id}`, { token: viewer })).status).toBe(403);
  });

  it('a Venue Manager or Event Coordinator does not see other venues’ or spaces’ bookings', async () => {
    const elsewhere = await aPlace(main);
    const hidden = await book(token(main), event(elsewhere, { title: 'Elsewhere' }));
    for (const role of ['Venue Manager', 'Event Coordinator'] as const) {
      expect((await call('GET', `/client/booking/${hidden.id}`, { token: token(main, role) })).status).toBe(
        404,
      );
      expect(
        (await call('DELETE', `/client/booking/${hidden.id}`, { token: token(main, role) })).status,
      ).toBe(404);
      expect(
        (await call('GET', `/client/bookings/${elsewhere.venue}`, { token: token(main, role) })).status,
      ).toBe(404);
      const all = await occurrences(token(main, role), '-/-/2027-02-01/2027-02-01');
      expect(all.map((o) => o.id)).not.toContain(hidden.id);
      expect(all.map((o) => o.id)).toContain(booking.id);
    }
    // A coordinator sees only their spaces of a venue.
    const second = await call('POST', `/client/newspace/${place.venue}`, {
      token: token(main),
      body: { title: 'Annex' },
    });
    const annex = await book(
      token(main),
      event({ venue: place.venue, space: second.body.result.id }, { title: 'Annex talk' }),
    );
    const coordinator = await occurrences(
      token(main, 'Event Coordinator'),
      `${place.venue}/-/2027-02-01/2027-02-01`,
    );
    expect(coordinator.map((o) => o.id)).not.toContain(annex.id);
    const manager = await occurrences(token(main, 'Venue Manager'), `${place.venue}/-/2027-02-01/2027-02-01`);
    expect(manager.map((o) => o.id)).toContain(annex.id);
  });

  it('GET /client/calendarvenues: the venues whose bookings the caller sees, with the spaces they see', async () => {
    const elsewhere = await aPlace(main);
    const venuesOf = async (tokenOf: string) => {
      const answer = await call('GET', '/client/calendarvenues', { token: tokenOf });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return new Map(
        (answer.body.result as Array<{ id: string; spaces: Array<{ id: string }> }>).map((venue) => [
          venue.id,
          venue.spaces.map((space) => space.id),
        ]),
      );
    };
    // A Viewer reads every booking, so the calendar offers every venue and space.
    for (const role of ['Account Admin', 'Viewer'] as const) {
      const venues = await venuesOf(token(main, role));
      for (const p of [place, denied, elsewhere]) expect(venues.get(p.venue)).toContain(p.space);
    }
    // A Venue Manager their venues, Denied too (read only); an Event Coordinator their spaces' venues.
    for (const role of ['Venue Manager', 'Event Coordinator'] as const) {
      const venues = await venuesOf(token(main, role));
      expect(venues.get(place.venue)).toContain(place.space);
      expect(venues.get(denied.venue)).toContain(denied.space);
      expect(venues.has(elsewhere.venue)).toBe(false);
    }
    expect((await venuesOf(token(other))).has(place.venue)).toBe(false);
  });

  it("another account's booking, venue or space is not found", async () => {
    const foreign = token(other);
    expect((await call('GET', `/client/booking/${booking.id}`, { token: foreign })).status).toBe(404);
    expect(
      (await call('PUT', `/client/booking/${booking.id}`, { token: foreign, body: event(denied) })).status,
    ).toBe(404);
    expect((await call('DELETE', `/client/booking/${booking.id}`, { token: foreign })).status).toBe(404);
    expect((await call('GET', `/client/bookings/${denied.venue}`, { token: foreign })).status).toBe(404);
    expect((await call('GET', `/client/bookings/-/${denied.space}`, { token: foreign })).status).toBe(404);
    expect(await occurrences(foreign, '-/-/2027-02-01/2027-02-01')).toEqual([]);
  });
});

describe('GET /client/bookings/{venue}/{space}/{from}/{to}', () => {
  let place: Place;
  let second: string;

  beforeAll(async () => {
    place = await aPlace(main, { timezone: 'Asia/Tokyo' });
    second = (
      await call('POST', `/client/newspace/${place.venue}`, {
        token: token(main),
        body: { title: 'Tea room' },
      })
    ).body.result.id;
    await book(
      token(main),
      event(place, { title: 'Early', start_date: '2027-05-01 00:30:00', end_date: '2027-05-01 01:00:00' }),
    );
    await book(
      token(main),
      event(place, { title: 'Late', start_date: '2027-05-31 23:00:00', end_date: '2027-05-31 23:30:00' }),
    );
    await book(
      token(main),
      event(
        { venue: place.venue, space: second },
        { title: 'Tea', start_date: '2027-05-15 15:00:00', end_date: '2027-05-15 16:00:00' },
      ),
    );
  });

  const titles = async (path: string) => (await occurrences(token(main), path)).map((o) => o.title);

  it('reads dates in the venue’s zone, both included, with - for any venue or space', async () => {
    expect(await titles(`${place.venue}/-/2027-05-01/2027-05-31`)).toEqual(['Early', 'Tea', 'Late']);
    expect(await titles(`${place.venue}/${place.space}/2027-05-01/2027-05-31`)).toEqual(['Early', 'Late']);
    expect(await titles(`-/${second}/2027-05-01/2027-05-31`)).toEqual(['Tea']);
    expect(await titles(`${place.venue}/-/2027-05-02/2027-05-31`)).toEqual(['Tea', 'Late']);
    // 00:30 in Tokyo is the evening before in UTC: still 1 May in the venue's zone.
    expect(await titles(`${place.venue}/-/2027-04-30/2027-04-30`)).toEqual([]);
    expect(await titles(`-/-/2027-05-01/2027-05-01`)).toContain('Early');
  });

  it('without an end, a month from the start; without dates, around this month', async () => {
    expect(await titles(`${place.venue}/-/2027-05-15`)).toEqual(['Tea', 'Late']);
    expect(await titles(`${place.venue}/-/-/2027-05-20`)).toEqual(['Early', 'Tea']);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const nearby = await aPlace(main, { timezone: 'UTC' });
    await book(
      token(main),
      event(nearby, { title: 'Today', start_date: `${today} 12:00:00`, end_date: `${today} 12:30:00` }),
    );
    expect(await titles(nearby.venue)).toEqual(['Today']);
    expect(await titles(`${nearby.venue}/${nearby.space}`)).toEqual(['Today']);
    const everything = await call('GET', '/client/bookings', { token: token(main) });
    expect(everything.body.result.map((o: Occurrence) => o.title)).toContain('Today');
  });

  it('answers each occurrence with its venue and space, joined', async () => {
    const [early] = await occurrences(token(main), `${place.venue}/${place.space}/2027-05-01/2027-05-01`);
    expect(early).toMatchObject({
      venue: { id: place.venue, timezone: 'Asia/Tokyo' },
      space: { id: place.space, calendar_color: '#0B8043' },
      start_date: '2027-05-01 00:30:00',
      start_at: '2027-04-30T15:30:00.000Z',
      occurrence_start: '2027-05-01 00:30:00',
    });
    expect(early!.venue.name).toMatch(/^Hall /);
  });

  it('refuses an end before the start, or more than a year (422), and unknown places (404)', async () => {
    const reversed = await call('GET', `/client/bookings/-/-/2027-05-02/2027-05-01`, { token: token(main) });
    expect(reversed.status).toBe(422);
    expect(reversed.body.message).toEqual({ to: 'The end date must not be before the start date' });
    const long = await call('GET', `/client/bookings/-/-/2027-01-01/2028-01-02`, { token: token(main) });
    expect(long.body.message).toEqual({ to: 'The range may span at most 366 days' });
    const elsewhere = await aPlace(main);
    expect(
      (await call('GET', `/client/bookings/${place.venue}/${elsewhere.space}`, { token: token(main) }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/client/bookings/not-an-id`, { token: token(main) })).status).toBe(404);
  });
});

describe('the dashboard lists and the invitees', () => {
  let account: Account;
  let place: Place;

  beforeAll(async () => {
    account = await anAccount(['Account Admin']);
    place = await aPlace(account, { timezone: 'UTC' });
  });

  const dayPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('upcomingbookings: the next five occurrences, however long their series', async () => {
    await book(
      token(account),
      event(place, {
        title: 'Daily',
        start_date: `${dayPlus(1)} 08:00:00`,
        end_date: `${dayPlus(1)} 08:30:00`,
        recurring: 'Yes',
        recur_type: 'DAILY',
        recur_interval: 1,
        recur_end_type: 'AFTER',
        recur_end: 300,
      }),
    );
    await book(
      token(account),
      event(place, {
        title: 'Lunch',
        start_date: `${dayPlus(1)} 12:00:00`,
        end_date: `${dayPlus(1)} 13:00:00`,
      }),
    );
    await book(
      token(account),
      event(place, {
        title: 'Tea',
        start_date: `${dayPlus(3)} 16:00:00`,
        end_date: `${dayPlus(3)} 17:00:00`,
      }),
    );
    await book(
      token(account),
      event(place, {
        title: 'Past',
        start_date: `${dayPlus(-3)} 16:00:00`,
        end_date: `${dayPlus(-3)} 17:00:00`,
      }),
    );
    const answer = await call('GET', '/client/upcomingbookings', { token: token(account) });
    expect(answer.status).toBe(200);
    expect(answer.body.result.map((o: Occurrence) => [o.title, o.start_date])).toEqual([
      ['Daily', `${dayPlus(1)} 08:00:00`],
      ['Lunch', `${dayPlus(1)} 12:00:00`],
      ['Daily', `${dayPlus(2)} 08:00:00`],
      ['Daily', `${dayPlus(3)} 08:00:00`],
      ['Tea', `${dayPlus(3)} 16:00:00`],
    ]);
  });

  it('recentbookings: the five newest bookings, each at its first occurrence', async () => {
    const series = await book(
      token(account),
      event(place, {
        title: 'Newest',
        start_date: '2027-06-07 09:00:00',
        end_date: '2027-06-07 09:30:00',
        recurring: 'Yes',
        recur_type: 'WEEKLY',
        recur_interval: 1,
        recur_end_type: 'AFTER',
        recur_end: 3,
      }),
    );
    for (const day of ['2027-06-14', '2027-06-21']) {
      const put = await call('PUT', `/client/booking/${series.id}`, {
        token: token(account),
        body: event(place, {
          title: 'Newest',
          start_date: `${day} 10:00:00`,
          end_date: `${day} 10:30:00`,
          recurring: 'Yes',
          recur_type: 'WEEKLY',
          recur_interval: 1,
          recur_end_type: 'AFTER',
          recur_end: 3,
          applicable: 'THIS',
          occurrence_start: `${day} 09:00:00`,
        }),
      });
      expect(put.status).toBe(200);
    }
    const answer = await call('GET', '/client/recentbookings', { token: token(account) });
    expect(answer.status).toBe(200);
    expect(answer.body.result.map((o: Occurrence) => o.title)).toEqual([
      'Newest',
      'Past',
      'Tea',
      'Lunch',
      'Daily',
    ]);
    expect(answer.body.result[0]).toMatchObject({ start_date: '2027-06-07 09:00:00' });
  });

  it('allUniqueInvites: each address once, for the account only', async () => {
    const first = await book(
      token(account),
      event(place, {
        title: 'Invited',
        start_date: '2027-07-01 09:00:00',
        end_date: '2027-07-01 10:00:00',
        invites_list: [{ name: 'Ann', email: 'ANN@example.test' }, { email: 'bob@example.test' }],
      }),
    );
    await book(
      token(account),
      event(place, {
        title: 'Invited again',
        start_date: '2027-07-02 09:00:00',
        end_date: '2027-07-02 10:00:00',
        invites_list: [{ name: 'Ann', email: 'ann@example.test' }],
      }),
    );
    const answer = await call('GET', '/client/allUniqueInvites', { token: token(account) });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual([
      { name: 'Ann', email: 'ann@example.test' },
      { name: null, email: 'bob@example.test' },
    ]);
    // A change that names an invitee anew renames them in the list.
    const changed = await call('PUT', `/client/booking/${first.id}`, {
      token: token(account),
      body: event(place, {
        title: 'Invited',
        start_date: '2027-07-01 09:00:00',
        end_date: '2027-07-01 10:00:00',
        invites_list: [
          { name: 'Ann', email: 'ann@example.test' },
          { name: 'Bob Byrne', email: 'bob@example.test' },
        ],
      }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const renamed = await call('GET', '/client/allUniqueInvites', { token: token(account) });
    expect(renamed.body.result).toEqual([
      { name: 'Ann', email: 'ann@example.test' },
      { name: 'Bob Byrne', email: 'bob@example.test' },
    ]);
    const foreign = await call('GET', '/client/allUniqueInvites', { token: token(other) });
    expect(foreign.body.result).not.toContainEqual(expect.objectContaining({ email: 'bob@example.test' }));
  });
});
