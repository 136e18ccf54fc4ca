import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resetEnvCache } from '@core/env';
import { db } from '@core/table/entities';
import { bookingStateQuery, bookingsTouchingQuery } from '../../functions/bookings/lookup-store';
import { accountBookingsQuery } from '../../functions/bookings/store';

/**
 * The reads that return related entities of one partition go through ElectroDB collections
 * (docs/data-model.md, patterns 36, 39–42): the keys every item already has stay as they are, and
 * each collection's Query asks DynamoDB for the same keys as before.
 */

const root = path.resolve(import.meta.dirname, '../..');

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'spaces-test',
    UPLOADS_BUCKET: 'uploads',
    CLIENT_USER_POOL_ID: 'pool',
    CLIENT_USER_POOL_CLIENT_ID: 'client',
    ADMIN_USER_POOL_ID: 'admin-pool',
    ADMIN_USER_POOL_CLIENT_ID: 'admin-client',
    MAIL_FROM: 'no-reply@spaces.test',
    APP_URL: 'http://localhost:3000',
  });
  resetEnvCache();
});

const keyFields = [
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
];
/** The key attributes of a put, as they are written to the table. */
const keysOf = (params: { Item?: Record<string, unknown> }) =>
  Object.fromEntries(
    keyFields.filter((field) => params.Item?.[field] !== undefined).map((f) => [f, params.Item![f]]),
  );

const when = { created_at: '2026-05-01T09:00:00.000Z', updated_at: '2026-05-01T09:00:00.000Z' };
const bookingTimes = {
  venue_id: 'V1',
  space_id: 'S1',
  title: 'Standup',
  start_date: '2026-05-04 09:00',
  end_date: '2026-05-04 09:30',
  timezone: 'Europe/London',
  start_at: '2026-05-04T08:00:00.000Z',
  end_at: '2026-05-04T08:30:00.000Z',
};

/** The key condition of a Query, its values in place of their names. */
function keyCondition(params: {
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}): string {
  let condition = params.KeyConditionExpression ?? '';
  for (const [name, field] of Object.entries(params.ExpressionAttributeNames ?? {}))
    condition = condition.replaceAll(new RegExp(`${name}\\b`, 'g'), field);
  for (const [name, value] of Object.entries(params.ExpressionAttributeValues ?? {}))
    condition = condition.replaceAll(new RegExp(`${name}\\b`, 'g'), `'${String(value)}'`);
  return condition.replace(/ and /gi, ' AND ');
}

describe('table collections', () => {
  it('leaves the keys of every entity they join as the table holds them', () => {
    const e = db().entities;
    expect(
      keysOf(
        e.booking
          .put({
            account_id: 'A1',
            booking_id: 'B1',
            ...bookingTimes,
            organizer_id: 'U1',
            organizer_name: 'Ada',
            organizer_email: 'ada@example.com',
            ...when,
          })
          .params(),
      ),
    ).toEqual({
      pk: 'ACCOUNT#A1#',
      sk: 'BOOKING#B1#',
      gsi1pk: 'ACCOUNT#A1#VENUE#V1#BOOKINGS#',
      gsi1sk: 'END#2026-05-04T08:30:00.000Z#B1#',
      gsi2pk: 'ACCOUNT#A1#SPACE#S1#BOOKINGS#',
      gsi2sk: 'END#2026-05-04T08:30:00.000Z#B1#',
      gsi3pk: 'ACCOUNT#A1#BOOKINGS#',
      gsi3sk: 'END#2026-05-04T08:30:00.000Z#B1#',
    });
    expect(
      keysOf(
        e.bookingOccurrence
          .put({
            account_id: 'A1',
            booking_id: 'B1',
            recurrence_id: '2026-05-04T08:00:00Z',
            ...bookingTimes,
            ...when,
          })
          .params(),
      ),
    ).toEqual({
      pk: 'ACCOUNT#A1#',
      sk: 'BOOKING#B1#OCC#2026-05-04T08:00:00Z#',
      gsi1pk: 'ACCOUNT#A1#VENUE#V1#BOOKINGS#',
      gsi1sk: 'END#2026-05-04T08:30:00.000Z#B1#',
      gsi2pk: 'ACCOUNT#A1#SPACE#S1#BOOKINGS#',
      gsi2sk: 'END#2026-05-04T08:30:00.000Z#B1#',
      gsi3pk: 'ACCOUNT#A1#BOOKINGS#',
      gsi3sk: 'END#2026-05-04T08:30:00.000Z#B1#',
    });
    expect(
      keysOf(
        e.user
          .put({
            account_id: 'A1',
            user_id: 'U1',
            email: 'ada@example.com',
            first_name: 'Ada',
            user_role: 'Venue Manager',
            pin_number: '1234',
            recent_shard: '5',
            ...when,
          })
          .params(),
      ),
    ).toEqual({
      pk: 'ACCOUNT#A1#',
      sk: 'USER#U1#',
      gsi1pk: 'USER#U1#',
      gsi1sk: 'USER#',
      gsi4pk: 'USERS#5#',
      gsi4sk: 'USER#2026-05-01T09:00:00.000Z#U1#',
    });
    expect(
      keysOf(e.venueManager.put({ account_id: 'A1', venue_id: 'V1', user_id: 'U1', ...when }).params()),
    ).toEqual({
      pk: 'ACCOUNT#A1#',
      sk: 'VMGR#V1#U1#',
      gsi1pk: 'USER#U1#',
      gsi1sk: 'VMGR#V1#',
    });
    expect(
      keysOf(
        e.spaceCoordinator
          .put({ account_id: 'A1', space_id: 'S1', venue_id: 'V1', user_id: 'U1', ...when })
          .params(),
      ),
    ).toEqual({ pk: 'ACCOUNT#A1#', sk: 'SCOORD#S1#U1#', gsi1pk: 'USER#U1#', gsi1sk: 'SCOORD#S1#' });
    // The reads of one item or one entity's list by these keys are unchanged too.
    expect(e.booking.get({ account_id: 'A1', booking_id: 'B1' }).params().Key).toEqual({
      pk: 'ACCOUNT#A1#',
      sk: 'BOOKING#B1#',
    });
    expect(keyCondition(e.user.query.byId({ user_id: 'U1' }).params())).toBe(
      "gsi1pk = 'USER#U1#' AND gsi1sk = 'USER#'",
    );
    expect(keyCondition(e.venueManager.query.byVenue({ account_id: 'A1', venue_id: 'V1' }).params())).toBe(
      "pk = 'ACCOUNT#A1#' AND begins_with(sk, 'VMGR#V1#')",
    );
  });

  it('reads a booking and its changed occurrences with one consistent Query of that booking only', () => {
    const params = bookingStateQuery('A1', 'B1').params({ consistent: true });
    expect(params.IndexName).toBeUndefined();
    expect(keyCondition(params)).toBe("pk = 'ACCOUNT#A1#' AND begins_with(sk, 'BOOKING#B1')");
    expect(params.ConsistentRead).toBe(true);
    // The prefix stops at the id: a booking whose id starts with this one is filtered out by id.
    expect(params.FilterExpression).toMatch(/#booking_id = :booking_id\w*/);
    expect(Object.values(params.ExpressionAttributeValues)).toContain('B1');
  });

  it("reads an account's bookings newest first with their occurrences, and nothing else of the account", () => {
    const params = accountBookingsQuery('A1').params({ order: 'desc', limit: 100 });
    expect(keyCondition(params)).toBe("pk = 'ACCOUNT#A1#' AND begins_with(sk, 'BOOKING#')");
    expect(params.ScanIndexForward).toBe(false);
    expect(params.Limit).toBe(100);
  });

  it('reads the bookings of a window from the index of its venue, space or account', () => {
    const window = { from: '2026-05-04T00:00:00.000Z', to: '2026-05-05T00:00:00.000Z' };
    const venue = bookingsTouchingQuery({ accountId: 'A1', venueId: 'V1' }, window).params();
    expect(venue.IndexName).toBe('gsi1');
    expect(keyCondition(venue)).toBe(
      "gsi1pk = 'ACCOUNT#A1#VENUE#V1#BOOKINGS#' AND gsi1sk > 'END#2026-05-04T00:00:00.000Z'",
    );
    expect(venue.FilterExpression).toContain('#start_at < :start_at');
    expect(Object.values(venue.ExpressionAttributeValues)).toContain(window.to);
    const space = bookingsTouchingQuery({ accountId: 'A1', spaceId: 'S1' }, window).params();
    expect(space.IndexName).toBe('gsi2');
    expect(keyCondition(space)).toBe(
      "gsi2pk = 'ACCOUNT#A1#SPACE#S1#BOOKINGS#' AND gsi2sk > 'END#2026-05-04T00:00:00.000Z'",
    );
    // Without an end, every booking that ends after the start; from '' every one of the scope.
    const account = bookingsTouchingQuery({ accountId: 'A1' }, { from: '' }).params();
    expect(account.IndexName).toBe('gsi3');
    expect(keyCondition(account)).toBe("gsi3pk = 'ACCOUNT#A1#BOOKINGS#' AND gsi3sk > 'END#'");
    expect(account.FilterExpression).not.toContain('start_at');
  });

  it("reads a person's user item and assignments with one Query of their gsi1 key", () => {
    const params = db().collections.assignments({ user_id: 'U1' }).params();
    expect(params.IndexName).toBe('gsi1');
    expect(keyCondition(params)).toBe("gsi1pk = 'USER#U1#'");
  });

  it('leaves no hand-written Query or Scan in functions/ outside the table module', () => {
    const files = (readdirSync(path.join(root, 'functions'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.startsWith(path.join('core', 'table') + path.sep))
      .map((file) => path.join('functions', file));
    const handWritten = files.filter((file) =>
      /\b(QueryCommand|ScanCommand|KeyConditionExpression|ExclusiveStartKey)\b/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(handWritten).toEqual([]);
  });
});
