import { batchGet, owned, pick } from '../table/batch-get';
import { unexpired } from '../table/expiry';
import {
  db,
  type AccountItem,
  type DeviceItem,
  type PackageItem,
  type ScreenItem,
  type SlideshowItem,
  type SpaceAlertsItem,
  type SpaceItem,
  type VenueItem,
} from '../table/entities';

/**
 * What a bound display shows, read by key (docs/data-model.md, pattern 54): its screen and that
 * screen's account and package, space, venue, alerts and active slideshow; with the device in one
 * BatchGetItem when its last ETag named them.
 */

/** A screen and what a display of it shows: its account and package, space, venue, alerts and active slideshow. */
export interface ScreenRoom {
  screen: ScreenItem;
  account: AccountItem | null;
  package: PackageItem | null;
  space: SpaceItem | null;
  venue: VenueItem | null;
  alerts: SpaceAlertsItem | null;
  slideshow: SlideshowItem | null;
}

/**
 * The keys of what a bound display shows. A display's ETag carries them, so that its next poll
 * reads them together with its device in one BatchGetItem (`getDeviceAndRoom`); they are only
 * hints: what they read is used only when it is what the device's binding leads to.
 */
interface RoomKeys {
  account_id: string;
  screen_id: string;
  space_id: string;
  venue_id: string;
  package_id: string;
  slideshow_id: string | null;
}

const ROOM_TAG = 'r1';
const KEY_PART = /^[0-9A-Za-z_-]{1,64}$/;

/** An ETag for a room's state: its keys, then the fingerprint of what it shows. */
export function roomTag(keys: RoomKeys, fingerprint: string): string {
  const { account_id, screen_id, space_id, venue_id, package_id, slideshow_id } = keys;
  return [
    ROOM_TAG,
    account_id,
    screen_id,
    space_id,
    venue_id,
    package_id,
    slideshow_id ?? '-',
    fingerprint,
  ].join('.');
}

/** The room keys an `If-None-Match` names, if it is one of our room tags. */
export function roomKeysOf(ifNoneMatch: string | undefined): RoomKeys | undefined {
  const tag = ifNoneMatch?.split(',')[0]?.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const parts = tag?.split('.');
  if (!parts || parts.length !== 8 || parts[0] !== ROOM_TAG || !parts.every((part) => KEY_PART.test(part))) {
    return undefined;
  }
  const [, account_id, screen_id, space_id, venue_id, package_id, slideshow] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    account_id,
    screen_id,
    space_id,
    venue_id,
    package_id,
    slideshow_id: slideshow === '-' ? null : slideshow,
  };
}

/** The item keys of a room, for one BatchGetItem. */
function roomItemKeys(keys: RoomKeys): Array<Record<string, unknown>> {
  const e = db().entities;
  const { account_id, screen_id, space_id, venue_id, package_id, slideshow_id } = keys;
  return [
    e.screen.get({ account_id, screen_id }).params().Key,
    e.account.get({ account_id }).params().Key,
    e.package.get({ package_id }).params().Key,
    e.space.get({ account_id, space_id }).params().Key,
    e.venue.get({ account_id, venue_id }).params().Key,
    e.spaceAlerts.get({ account_id, space_id }).params().Key,
    ...(slideshow_id ? [e.slideshow.get({ account_id, space_id, slideshow_id }).params().Key] : []),
  ];
}

/**
 * A device by its id (GetItem), with the items of the room its last ETag named (then one
 * BatchGetItem). An unbound device past its TTL is forgotten, whether or not DynamoDB deleted it yet.
 */
export async function getDeviceAndRoom(
  deviceId: string,
  keys: RoomKeys | undefined,
): Promise<{ device: DeviceItem | null; items: Array<Record<string, unknown>> }> {
  const e = db().entities;
  if (!keys) return { device: unexpired((await e.device.get({ device_id: deviceId }).go()).data), items: [] };
  const items = await batchGet([e.device.get({ device_id: deviceId }).params().Key, ...roomItemKeys(keys)]);
  return { device: unexpired(pick(items, (answer) => e.device.parse(answer, owned))), items };
}

/**
 * The room of a bound device from items read with it, when they are exactly what its binding
 * leads to (its screen, that screen's space and venue, the account's package, the space's active
 * slideshow); undefined when they are not (another room, a change of space, a new slideshow).
 */
export function roomFromItems(
  device: DeviceItem,
  items: Array<Record<string, unknown>>,
): ScreenRoom | undefined {
  const e = db().entities;
  const parsed = <T>(parse: (answer: { Item: Record<string, unknown> }) => { data: T | null }) =>
    pick(items, parse);
  const screen = parsed((answer) => e.screen.parse(answer, owned));
  if (!screen || screen.account_id !== device.account_id || screen.screen_id !== device.screen_id)
    return undefined;
  const account = parsed((answer) => e.account.parse(answer, owned));
  const space = parsed((answer) => e.space.parse(answer, owned));
  const venue = parsed((answer) => e.venue.parse(answer, owned));
  const pack = parsed((answer) => e.package.parse(answer, owned));
  const slideshow = parsed((answer) => e.slideshow.parse(answer, owned));
  const alerts = parsed((answer) => e.spaceAlerts.parse(answer, owned));
  if (
    !account ||
    account.account_id !== screen.account_id ||
    !space ||
    space.space_id !== screen.space_id ||
    !venue ||
    venue.venue_id !== screen.venue_id ||
    pack?.package_id !== account.package_id ||
    (alerts && alerts.space_id !== space.space_id) ||
    (slideshow?.slideshow_id ?? null) !== activeSlideshowId(space)
  ) {
    return undefined;
  }
  return { screen, account, package: pack, space, venue, alerts, slideshow };
}

const activeSlideshowId = (space: SpaceItem) =>
  space.slideshow_id && space.slideshow_status === 1 ? space.slideshow_id : null;

/** The keys of a room as read. */
export function roomKeys(room: ScreenRoom): RoomKeys {
  const { screen, account, space } = room;
  return {
    account_id: screen.account_id,
    screen_id: screen.screen_id,
    space_id: screen.space_id,
    venue_id: screen.venue_id,
    package_id: account?.package_id ?? '-',
    slideshow_id: space ? activeSlideshowId(space) : null,
  };
}

/**
 * A bound device's room read by its keys: the screen (GetItem), then its account, space, venue and
 * alerts (one BatchGetItem), then, for what a display shows (`content`), the package and the
 * active slideshow (one more). Check-in and book-now need no content.
 */
export async function getScreenRoom(
  accountId: string,
  screenId: string,
  { content = true }: { content?: boolean } = {},
): Promise<ScreenRoom | null> {
  const e = db().entities;
  const { data: screen } = await e.screen.get({ account_id: accountId, screen_id: screenId }).go();
  if (!screen) return null;
  const { space_id, venue_id } = screen;
  const items = await batchGet([
    e.account.get({ account_id: accountId }).params().Key,
    e.space.get({ account_id: accountId, space_id }).params().Key,
    e.venue.get({ account_id: accountId, venue_id }).params().Key,
    e.spaceAlerts.get({ account_id: accountId, space_id }).params().Key,
  ]);
  const account = pick(items, (answer) => e.account.parse(answer, owned));
  const space = pick(items, (answer) => e.space.parse(answer, owned));
  const slideshowId = space && content ? activeSlideshowId(space) : null;
  const more = await batchGet([
    ...(account && content ? [e.package.get({ package_id: account.package_id }).params().Key] : []),
    ...(slideshowId
      ? [e.slideshow.get({ account_id: accountId, space_id, slideshow_id: slideshowId }).params().Key]
      : []),
  ]);
  return {
    screen,
    account,
    package: pick(more, (answer) => e.package.parse(answer, owned)),
    space,
    venue: pick(items, (answer) => e.venue.parse(answer, owned)),
    alerts: pick(items, (answer) => e.spaceAlerts.parse(answer, owned)),
    slideshow: pick(more, (answer) => e.slideshow.parse(answer, owned)),
  };
}
