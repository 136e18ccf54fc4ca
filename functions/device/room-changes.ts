import type { AttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import pLimit from 'p-limit';
import { publishEvents } from '@core/push/publish';
import { logger } from '@core/logger';
import {
  bumpStateVersion,
  packageAccountIds,
  screensOfAccount,
  screensOfSpace,
  spacesOfVenue,
  type ShowingScreen,
} from './store';

/**
 * What pushes to the room displays (docs/architecture.md §7, "Push"): the table's stream
 * (NEW_AND_OLD_IMAGES) hands every change here. A change to what a room shows finds the devices
 * showing it, bumps each one's `state_version` (its state's ETag names it) and publishes
 * `{"type":"changed","version":n}` to `/displays/<deviceId>`; a screen deleted, given another code
 * or taken by another device sends `{"type":"revoked"}` to the device that showed it. Events carry
 * no room data: a display fetches its state on either. A batch that throws is handed again (the
 * event source's retries; locally infra/local/table-stream.ts): a device bumped twice only fetches
 * once more.
 */

type Image = Record<string, AttributeValue>;

/** What a change reaches: the devices of a screen, a space, a venue, an account or a package. */
export type Target =
  | { kind: 'screen'; accountId: string; screenId: string; code: string; deviceId: string }
  | { kind: 'space'; accountId: string; spaceId: string }
  | { kind: 'venue'; accountId: string; venueId: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'package'; packageId: string };

export interface RoomChanges {
  /** Whose devices show something new. */
  changed: Target[];
  /** Devices that no longer show their screen. */
  revoked: string[];
}

/**
 * Per entity (ElectroDB's `__edb_e__`), the attributes a display shows (those of its state's
 * fingerprint in functions/device/state.ts). A space's `version` is bumped by every change of the
 * space, and its `display_version` by every write of its bookings, check-ins, releases and
 * slideshows (in their transactions), so those items need no rule of their own.
 */
const shown: Record<
  string,
  { watched?: readonly string[]; ignored?: readonly string[]; shownWhenNew?: boolean }
> = {
  space: { watched: ['version', 'display_version', 'status', 'cap_alert_status', 'cap_alert_urls'] },
  // A space's first alerts are a new item; a new space, venue, account or package has no screen yet.
  spaceAlerts: { watched: ['alerts'], shownWhenNew: true },
  venue: { watched: ['name', 'timezone'] },
  account: { watched: ['status', 'logo_uri', 'package_id'] },
  package: { watched: ['on_screen_branding'] },
  // Everything but what its device's heartbeat writes (and its index keys, and which device it is).
  screen: {
    shownWhenNew: true,
    ignored: [
      'last_check_in',
      'heartbeat_at',
      'heartbeat_shard',
      'device_status',
      'app_version',
      'offline_since',
      'device_id',
      'updated_at',
      'gsi2pk',
      'gsi2sk',
      'gsi3pk',
      'gsi3sk',
    ],
  },
};

/** An attribute's value as comparable text: maps with their keys in order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

const text = (image: Image | undefined, name: string): string | undefined => image?.[name]?.S;

/** Whether an item of `entity` went from `old` to `now` in a way its displays show. */
function showsChange(entity: string, old: Image | undefined, now: Image | undefined): boolean {
  const rule = shown[entity];
  if (!rule) return false;
  if (!old) return rule.shownWhenNew === true;
  if (!now) return true;
  const names = rule.watched ?? [...new Set([...Object.keys(old), ...Object.keys(now)])];
  const ignored = new Set(rule.ignored);
  return names.some((name) => !ignored.has(name) && canonical(old[name]) !== canonical(now[name]));
}

/** A target's identity, so one change reaching it twice in a batch pushes once. */
const targetKey = (target: Target) => Object.values(target).join('#');

/**
 * Which devices a batch of stream records nudges or revokes: pure, from the records' images alone.
 * Devices' own writes (and every entity a display does not show) push nothing, nor does a
 * screen's heartbeat.
 */
export function changesOf(records: readonly DynamoDBRecord[]): RoomChanges {
  const changed = new Map<string, Target>();
  const revoked = new Set<string>();
  const add = (target: Target) => changed.set(targetKey(target), target);
  for (const record of records) {
    const old = record.dynamodb?.OldImage;
    const now = record.eventName === 'REMOVE' ? undefined : record.dynamodb?.NewImage;
    const entity = text(now ?? old, '__edb_e__');
    if (!entity || !showsChange(entity, old, now)) {
      if (entity === 'screen') screenDevices(old, now, revoked);
      continue;
    }
    const item = (now ?? old)!;
    const accountId = text(item, 'account_id');
    switch (entity) {
      case 'space':
      case 'spaceAlerts':
        if (accountId) add({ kind: 'space', accountId, spaceId: text(item, 'space_id')! });
        break;
      case 'venue':
        if (accountId) add({ kind: 'venue', accountId, venueId: text(item, 'venue_id')! });
        break;
      case 'account':
        if (accountId) add({ kind: 'account', accountId });
        break;
      case 'package':
        add({ kind: 'package', packageId: text(item, 'package_id')! });
        break;
      case 'screen': {
        screenDevices(old, now, revoked);
        const deviceId = text(now, 'device_id');
        if (accountId && deviceId && !revoked.has(deviceId))
          add({
            kind: 'screen',
            accountId,
            screenId: text(item, 'screen_id')!,
            code: text(item, 'screen_id_no')!,
            deviceId,
          });
        break;
      }
    }
  }
  return { changed: [...changed.values()], revoked: [...revoked] };
}

/**
 * The device that showed a screen no longer does when the screen is deleted, takes another code
 * (`screen_id_no`: the device answers to its own) or names another device. (A screen that merely
 * stops naming it keeps it: its heartbeat names it again.)
 */
function screenDevices(old: Image | undefined, now: Image | undefined, revoked: Set<string>): void {
  const before = text(old, 'device_id');
  if (!before) return;
  const after = text(now, 'device_id');
  if (!now || text(now, 'screen_id_no') !== text(old, 'screen_id_no') || (after && after !== before))
    revoked.add(before);
}

/** Stream records are handled this many devices (or lookups) at a time. */
const CONCURRENCY = 16;

/** The screens (with their devices) a target reaches, by Query: never a Scan. */
async function screensOf(target: Target, limit: ReturnType<typeof pLimit>): Promise<ShowingScreen[]> {
  switch (target.kind) {
    case 'screen':
      return [{ screenId: target.screenId, code: target.code, deviceId: target.deviceId }];
    case 'space':
      return screensOfSpace(target.accountId, target.spaceId);
    case 'venue': {
      const spaces = await spacesOfVenue(target.accountId, target.venueId);
      return (
        await Promise.all(spaces.map((spaceId) => limit(() => screensOfSpace(target.accountId, spaceId))))
      ).flat();
    }
    case 'account':
      return screensOfAccount(target.accountId);
    case 'package': {
      const accounts = await packageAccountIds(target.packageId);
      return (
        await Promise.all(accounts.map((accountId) => limit(() => screensOfAccount(accountId))))
      ).flat();
    }
  }
}

/** Pushes what a batch of the table's stream changed to the displays that show it. */
export async function handler(event: DynamoDBStreamEvent): Promise<{ changed: number; revoked: number }> {
  const { changed, revoked } = changesOf(event.Records);
  if (!changed.length && !revoked.length) return { changed: 0, revoked: 0 };
  const limit = pLimit(CONCURRENCY);
  const screens = new Map<string, ShowingScreen>();
  for (const found of await Promise.all(changed.map((target) => screensOf(target, limit))))
    for (const screen of found) if (!revoked.includes(screen.deviceId)) screens.set(screen.deviceId, screen);

  const results = await Promise.all([
    // Revoked devices are bumped too, so that their next poll is never answered 304 from the device alone.
    ...revoked.map((deviceId) =>
      limit(async () => {
        await bumpStateVersion(deviceId);
        await publishEvents(`/displays/${deviceId}`, [{ type: 'revoked' }]);
        return 'revoked' as const;
      }),
    ),
    ...[...screens.values()].map((screen) =>
      limit(async () => {
        // A device that is gone, or shows another screen now, is not told.
        const version = await bumpStateVersion(screen.deviceId, screen);
        if (version === undefined) return undefined;
        await publishEvents(`/displays/${screen.deviceId}`, [{ type: 'changed', version }]);
        return 'changed' as const;
      }),
    ),
  ]);
  const report = {
    changed: results.filter((result) => result === 'changed').length,
    revoked: results.filter((result) => result === 'revoked').length,
  };
  logger.debug('Room changes pushed', report);
  return report;
}
