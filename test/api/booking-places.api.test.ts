import { ulid } from 'ulid';
import { anAccount, call, password, signIn, tableSnapshot, type Answer } from '../support/api';

/**
 * Rights follow an occurrence moved on its own to another place (docs/product/client-area.md §2 "Event details
 * panel", §7 "Bookings"; docs/decisions.md): a change or delete touches only occurrences at
 * places where the caller acts (THIS the one, FOLLOWING it and the later ones, ALL every one),
 * a move needs rights where the occurrences are and where they go, and a refusal writes nothing.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;

let account: Account;
let admin: string;
/** The Event Coordinator of the series' space. */
let coordinatorA: string;
/** The Event Coordinator of the boardroom, in another venue. */
let coordinatorB: string;
let coordinatorBId: string;
let roomA: { venue: string; space: string };
let boardroom: { venue: string; space: string };

async function aPlace(title: string) {
  const venue = await call('POST', '/client/newvenue', {
    token: admin,
    body: { name: `${title} venue ${ulid().slice(-5)}`, timezone: 'Europe/London' },
  });
  expect(venue.status, JSON.stringify(venue.body)).toBe(200);
  const space = await call('POST', `/client/newspace/${venue.body.result.id}`, {
    token: admin,
    body: { title: `${title} ${ulid().slice(-5)}` },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(200);
  return { venue: venue.body.result.id as string, space: space.body.result.id as string };
}

const expectStatus = (answer: Answer, status: number) =>
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);

beforeAll(async () => {
  account = await anAccount(['Account Admin', 'Event Coordinator']);
  admin = account.users['Account Admin']!.token;
  coordinatorA = account.users['Event Coordinator']!.token;
  const email = `coordinator-b-${ulid().toLowerCase()}@example.test`;
  const created = await call('POST', '/client/newuser', {
    token: admin,
    body: { first_name: 'Bea', last_name: 'Boardroom', email, password, user_role: 'Event Coordinator' },
  });
  expectStatus(created, 200);
  coordinatorB = await signIn('client', email, password);
  coordinatorBId = created.body.result.id as string;
});

/** Room A, coordinated by coordinator A, and a boardroom in another venue, coordinated by coordinator B. */
async function twoPlaces() {
  [roomA, boardroom] = await Promise.all([aPlace('Room'), aPlace('Boardroom')]);
  for (const [place, user] of [
    [roomA, account.users['Event Coordinator']!.id],
    [boardroom, coordinatorBId],
  ] as const)
    expectStatus(
      await call('GET', `/client/eventcoordinator/assign/${place.space}/${user}`, { token: admin }),
      200,
    );
}

/** Four Mondays from 2027-03-15 in room A; the Account Admin moves the second to the boardroom. */
async function aSeriesWithAMovedOccurrence() {
  await twoPlaces();
  const series = {
    ...roomA,
    title: 'Weekly review',
    start_date: '2027-03-15 09:00:00',
    end_date: '2027-03-15 10:00:00',
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_on: 'MO',
    recur_end_type: 'AFTER',
    recur_end: 4,
  };
  const booked = await call('POST', '/client/booking', { token: admin, body: series });
  expectStatus(booked, 200);
  const id = booked.body.result.id as string;
  const moved = await call('PUT', `/client/booking/${id}`, {
    token: admin,
    body: {
      ...series,
      ...boardroom,
      title: 'Weekly review (boardroom)',
      start_date: '2027-03-22 09:00:00',
      end_date: '2027-03-22 10:00:00',
      applicable: 'THIS',
      occurrence_start: '2027-03-22 09:00:00',
    },
  });
  expectStatus(moved, 200);
  return { id, series };
}

/** The series' occurrences as the Account Admin sees them: where each one is. */
async function whereEach(id: string): Promise<Array<[string, string]>> {
  const answer = await call('GET', '/client/bookings/-/-/2027-03-01/2027-04-30', { token: admin });
  expectStatus(answer, 200);
  return (answer.body.result as Array<{ id: string; start_date: string; space: { id: string } }>)
    .filter((occurrence) => occurrence.id === id)
    .map((occurrence) => [occurrence.start_date, occurrence.space.id]);
}

const DELETE_THIS = 'You may not delete this occurrence: its space is not yours to book';
const CHANGE_THIS = 'You may not change this occurrence: its space is not yours to book';
const DELETE_SOME =
  'You may not delete these occurrences: some of them are in spaces that are not yours to book';
const CHANGE_SOME =
  'You may not change these occurrences: some of them are in spaces that are not yours to book';

describe('an occurrence moved to another place', () => {
  it('is out of reach of the coordinator of the series’ space, THIS, FOLLOWING or ALL, and nothing is lost', async () => {
    const { id, series } = await aSeriesWithAMovedOccurrence();
    const where = await whereEach(id);
    expect(where).toEqual([
      ['2027-03-15 09:00:00', roomA.space],
      ['2027-03-22 09:00:00', boardroom.space],
      ['2027-03-29 09:00:00', roomA.space],
      ['2027-04-05 09:00:00', roomA.space],
    ]);
    const before = await tableSnapshot();
    const moved = '2027-03-22 09:00:00';
    const remove = (applicable: string, start: string) =>
      call(
        'DELETE',
        `/client/booking/${id}?applicable=${applicable}&occurrence_start=${encodeURIComponent(start)}`,
        {
          token: coordinatorA,
        },
      );
    const change = (applicable: string, start: string, fields: Record<string, unknown> = {}) =>
      call('PUT', `/client/booking/${id}`, {
        token: coordinatorA,
        body: {
          ...series,
          title: 'Taken over',
          start_date: start,
          end_date: start.replace('09:00', '10:00'),
          applicable,
          occurrence_start: start,
          ...fields,
        },
      });
    const refusals: Array<[() => Promise<Answer>, string]> = [
      [() => remove('THIS', moved), DELETE_THIS],
      [() => remove('FOLLOWING', moved), DELETE_SOME],
      [() => remove('FOLLOWING', '2027-03-15 09:00:00'), DELETE_SOME],
      [() => remove('ALL', '2027-03-15 09:00:00'), DELETE_SOME],
      // Back to room A: rights at room A, none where it is.
      [() => change('THIS', moved), CHANGE_THIS],
      [() => change('FOLLOWING', moved), CHANGE_SOME],
      [() => change('FOLLOWING', '2027-03-15 09:00:00'), CHANGE_SOME],
      [() => change('ALL', '2027-03-15 09:00:00'), CHANGE_SOME],
    ];
    for (const [request, message] of refusals) {
      const answer = await request();
      expectStatus(answer, 403);
      expect(answer.body).toEqual({ message });
    }
    // A move into the boardroom, where the coordinator may not book, is refused too.
    const into = await change('THIS', '2027-03-29 09:00:00', boardroom);
    expectStatus(into, 422);
    expect(into.body).toEqual({ message: { space: 'This space does not exist' } });
    expectStatus(await change('ALL', '2027-03-15 09:00:00', boardroom), 422);

    expect(await tableSnapshot()).toEqual(before);
    expect(await whereEach(id)).toEqual(where);
    // Nor do they read it.
    const read = await call('GET', `/client/booking/${id}?occurrence_start=${encodeURIComponent(moved)}`, {
      token: coordinatorA,
    });
    expectStatus(read, 404);
    // The booking dialog offers what the API takes: on the first occurrence, THIS alone (FOLLOWING
    // and ALL cover the boardroom's); on the third, THIS and FOLLOWING.
    const offered = async (start: string) => {
      const answer = await call(
        'GET',
        `/client/booking/${id}?occurrence_start=${encodeURIComponent(start)}`,
        {
          token: coordinatorA,
        },
      );
      expectStatus(answer, 200);
      return answer.body.result.occurrence.scopes;
    };
    expect(await offered('2027-03-15 09:00:00')).toEqual(['THIS']);
    expect(await offered('2027-03-29 09:00:00')).toEqual(['THIS', 'FOLLOWING']);
    // What covers only room A is still theirs.
    expectStatus(await remove('FOLLOWING', '2027-03-29 09:00:00'), 200);
    expect(await whereEach(id)).toEqual(where.slice(0, 2));
  });

  it('is the boardroom coordinator’s to change or delete alone, not the series with it', async () => {
    const { id, series } = await aSeriesWithAMovedOccurrence();
    const moved = '2027-03-22 09:00:00';
    const read = await call('GET', `/client/booking/${id}?occurrence_start=${encodeURIComponent(moved)}`, {
      token: coordinatorB,
    });
    expectStatus(read, 200);
    expect(read.body.result.occurrence).toMatchObject({
      space: { id: boardroom.space },
      editPermission: true,
      deletePermission: true,
      // FOLLOWING and ALL cover occurrences in room A.
      scopes: ['THIS'],
    });

    const before = await tableSnapshot();
    const remove = (applicable: string, start: string) =>
      call(
        'DELETE',
        `/client/booking/${id}?applicable=${applicable}&occurrence_start=${encodeURIComponent(start)}`,
        {
          token: coordinatorB,
        },
      );
    for (const [applicable, start] of [
      ['FOLLOWING', moved],
      ['ALL', moved],
      ['THIS', '2027-03-15 09:00:00'],
    ] as const)
      expectStatus(await remove(applicable, start), 403);
    // Nor may they take it, or the series, to room A.
    const back = await call('PUT', `/client/booking/${id}`, {
      token: coordinatorB,
      body: {
        ...series,
        start_date: moved,
        end_date: '2027-03-22 10:00:00',
        applicable: 'THIS',
        occurrence_start: moved,
      },
    });
    expectStatus(back, 422);
    expect(await tableSnapshot()).toEqual(before);

    const changed = await call('PUT', `/client/booking/${id}`, {
      token: coordinatorB,
      body: {
        ...series,
        ...boardroom,
        title: 'Board review',
        start_date: '2027-03-22 11:00:00',
        end_date: '2027-03-22 12:00:00',
        applicable: 'THIS',
        occurrence_start: moved,
      },
    });
    expectStatus(changed, 200);
    expect(await whereEach(id)).toEqual([
      ['2027-03-15 09:00:00', roomA.space],
      ['2027-03-22 11:00:00', boardroom.space],
      ['2027-03-29 09:00:00', roomA.space],
      ['2027-04-05 09:00:00', roomA.space],
    ]);
    expectStatus(await remove('THIS', moved), 200);
    expect(await whereEach(id)).toEqual([
      ['2027-03-15 09:00:00', roomA.space],
      ['2027-03-29 09:00:00', roomA.space],
      ['2027-04-05 09:00:00', roomA.space],
    ]);
  });
});
