import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { changesOf } from './room-changes';

/** Stream records as DynamoDB hands them (NEW_AND_OLD_IMAGES), of items as ElectroDB writes them. */

type Plain = Record<string, unknown>;

function attribute(value: unknown): AttributeValue {
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(attribute) };
  return { M: image(value as Plain) };
}
const image = (item: Plain): Record<string, AttributeValue> =>
  Object.fromEntries(
    Object.entries(item).flatMap(([name, value]) => (value === undefined ? [] : [[name, attribute(value)]])),
  );

function record(entity: string, old: Plain | undefined, now: Plain | undefined): DynamoDBRecord {
  return {
    eventName: !old ? 'INSERT' : !now ? 'REMOVE' : 'MODIFY',
    dynamodb: {
      ...(old ? { OldImage: image({ ...old, __edb_e__: entity, __edb_v__: '1' }) } : {}),
      ...(now ? { NewImage: image({ ...now, __edb_e__: entity, __edb_v__: '1' }) } : {}),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}
const modified = (entity: string, item: Plain, changes: Plain) =>
  record(entity, item, { ...item, ...changes });

const screen = {
  pk: 'ACCOUNT#a1#',
  sk: 'SCREEN#s1#',
  account_id: 'a1',
  screen_id: 's1',
  screen_id_no: 'CODE01',
  name: 'Lobby screen',
  status: 'Active',
  space_id: 'sp1',
  venue_id: 'v1',
  device_id: 'D1',
  device_status: 'Online',
  last_check_in: '2026-01-01T10:00:00.000Z',
  heartbeat_shard: '3',
  heartbeat_at: '2026-01-01T10:00:00.000Z',
  gsi3pk: 'HEARTBEAT#3#',
  gsi3sk: 'AT#2026-01-01T10:00:00.000Z#',
  updated_at: '2026-01-01T10:00:00.000Z',
};
const space = {
  account_id: 'a1',
  space_id: 'sp1',
  venue_id: 'v1',
  title: 'Boardroom',
  status: 'Active',
  version: 4,
  display_version: 7,
  total_screens: 1,
  cap_alert_status: 'Inactive',
  cap_alert_urls: [],
  updated_at: '2026-01-01T10:00:00.000Z',
};

describe('changesOf: which devices a batch of the table stream nudges or revokes', () => {
  it("pushes nothing for a screen's heartbeat, nor for a device's own writes", () => {
    const later = '2026-01-01T10:05:00.000Z';
    expect(
      changesOf([
        modified('screen', screen, {
          last_check_in: later,
          heartbeat_at: later,
          gsi3sk: `AT#${later}#`,
          app_version: '2.0.0',
          updated_at: later,
        }),
        modified(
          'screen',
          { ...screen, device_status: 'Offline', offline_since: later },
          {
            device_status: 'Online',
            offline_since: undefined,
          },
        ),
        modified('device', { device_id: 'D1', code: 'CODE01' }, { last_seen_at: later, state_version: 2 }),
      ]),
    ).toEqual({ changed: [], revoked: [] });
  });

  it("names the screen's device when what the screen shows changes", () => {
    expect(changesOf([modified('screen', screen, { name: 'Door screen' })])).toEqual({
      changed: [{ kind: 'screen', accountId: 'a1', screenId: 's1', code: 'CODE01', deviceId: 'D1' }],
      revoked: [],
    });
    expect(changesOf([modified('screen', screen, { status: 'Inactive' })]).changed).toHaveLength(1);
  });

  it('revokes the device of a screen deleted, given another code, or taken by another device', () => {
    expect(changesOf([record('screen', screen, undefined)])).toEqual({ changed: [], revoked: ['D1'] });
    expect(changesOf([modified('screen', screen, { screen_id_no: 'OTHER1' })])).toEqual({
      changed: [],
      revoked: ['D1'],
    });
    expect(changesOf([modified('screen', screen, { device_id: 'D2' })])).toEqual({
      changed: [],
      revoked: ['D1'],
    });
    // A screen that stops naming its device still answers to its code: the device shows it on.
    expect(changesOf([modified('screen', screen, { device_id: undefined })])).toEqual({
      changed: [],
      revoked: [],
    });
  });

  it('pushes nothing when a screen first names its device (binding, or the heartbeat)', () => {
    const { device_id: _unnamed, ...unbound } = screen;
    expect(changesOf([modified('screen', unbound, { device_id: 'D1' })])).toEqual({
      changed: [],
      revoked: [],
    });
    // A new screen has no device yet: the display that shows its code binds at its next poll.
    expect(changesOf([record('screen', undefined, unbound)])).toEqual({ changed: [], revoked: [] });
  });

  it('names a space when its settings, bookings, check-ins, slideshows or alerts change, once a batch', () => {
    const bySpace = { kind: 'space', accountId: 'a1', spaceId: 'sp1' };
    expect(
      changesOf([
        modified('space', space, { version: 5, display_version: 8 }),
        modified('space', space, { display_version: 8 }),
        record('spaceAlerts', undefined, { account_id: 'a1', space_id: 'sp1', alerts: [{ id: 'x' }] }),
      ]),
    ).toEqual({ changed: [bySpace], revoked: [] });
    // A counter or a job's index keys are not shown.
    expect(changesOf([modified('space', space, { total_screens: 2, cap_watch_shard: '1' })]).changed).toEqual(
      [],
    );
  });

  it('names a venue by its name and zone, an account by its status, logo and package, a package by its branding', () => {
    const venue = {
      account_id: 'a1',
      venue_id: 'v1',
      name: 'Harbour Hall',
      timezone: 'Europe/London',
      city: 'X',
    };
    const account = { account_id: 'a1', status: 'Active', package_id: 'p1', total_users: 3 };
    const pack = { package_id: 'p1', name: 'Gold', on_screen_branding: 'Yes', venue_limit: 3 };
    expect(
      changesOf([
        modified('venue', venue, { timezone: 'Europe/Paris' }),
        modified('account', account, { logo_uri: 'logos/a1.png' }),
        modified('package', pack, { on_screen_branding: 'No' }),
      ]).changed,
    ).toEqual([
      { kind: 'venue', accountId: 'a1', venueId: 'v1' },
      { kind: 'account', accountId: 'a1' },
      { kind: 'package', packageId: 'p1' },
    ]);
    expect(
      changesOf([
        modified('venue', venue, { city: 'Y' }),
        modified('account', account, { total_users: 4 }),
        modified('package', pack, { venue_limit: 5 }),
      ]).changed,
    ).toEqual([]);
  });

  it('names nothing for a new space, venue, account or package: no screen shows it yet', () => {
    expect(
      changesOf([
        record('space', undefined, space),
        record('venue', undefined, { account_id: 'a1', venue_id: 'v2', name: 'Annex', timezone: 'UTC' }),
        record('account', undefined, { account_id: 'a2', status: 'Active', package_id: 'p1' }),
        record('package', undefined, { package_id: 'p2', on_screen_branding: 'Yes' }),
      ]),
    ).toEqual({ changed: [], revoked: [] });
  });

  it('leaves items no display shows alone', () => {
    expect(
      changesOf([
        record('booking', undefined, { account_id: 'a1', booking_id: 'b1', space_id: 'sp1' }),
        record('activity', undefined, { scope: 'ACCOUNT#a1' }),
        { eventName: 'MODIFY', dynamodb: {} },
      ]),
    ).toEqual({ changed: [], revoked: [] });
  });
});
