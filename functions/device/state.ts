import { createHash } from 'node:crypto';
import { availabilityOf } from '@shared/availability';
import { FALLBACK_POLL_SECONDS, POLL_INTERVAL_SECONDS, displayChannel } from '@shared/devices';
import type { BoundDeviceState, DeviceState } from '@shared/schemas/devices';
import { DAY_MS, instantToLocalDate, parseLocalDate, wallTimeToInstant } from '@shared/wall-time';
import {
  bindDevice,
  forgetDevice,
  recordHeartbeat,
  recordStateClock,
  recordSteadyHeartbeat,
  renewDeviceCode,
  screenHoldingCode,
} from './store';
import { occurrenceStates } from '../bookings';
import {
  getScreenRoom,
  roomFromItems,
  roomKeys,
  roomTag,
  type ScreenRoom,
} from '@core/auth/screen-room-store';
import type { AccountItem, DeviceItem, PackageItem } from '@core/table/entities';
import { notModified } from '@core/http/conditional';
import { registerAgain } from '@core/auth/device-auth';
import type { DevicePrincipal } from '@core/auth/principal';
import { CODE_VALID_HOURS, newActivationCode } from './registration';
import { spaceOccurrences } from '../bookings';
import { alertsNow } from '../spaces';
import { toSlideshow } from '../slideshows';
import { fileUrl } from '@core/files/uploads';
import { URL_PERIOD_MS, versionTag } from './version-tag';
import { env } from '@core/env';

/**
 * What a room display shows (docs/architecture.md §7): until its code is taken, the code; then its screen's
 * space, today's and tomorrow's occurrences in the venue's zone, the check-in window, the active
 * slideshow with presigned URLs, the alerts in force, and its push channel. Each poll is a
 * heartbeat (written at most once a minute). The answer's ETag lets an unchanged state answer 304.
 */

/** Presigned URLs are good for this long from the start of their period: at least an hour after any poll. */
const URL_VALID_SECONDS = 90 * 60;
/** A heartbeat is written when the last one is older than this. */
const HEARTBEAT_MS = 60_000;

const etagOf = (state: DeviceState) =>
  createHash('sha256').update(JSON.stringify(state)).digest('base64url').slice(0, 27);

/** Whether a poll writes a heartbeat, by what the device item says. */
const heartbeatDue = (device: DeviceItem, appVersion: string | undefined, now: number) =>
  !device.last_seen_at ||
  now - Date.parse(device.last_seen_at) >= HEARTBEAT_MS ||
  (appVersion !== undefined && appVersion !== device.app_version);

/**
 * GET /device/state. A bound display's ETag names its device's `state_version` (bumped by every
 * change of what its room shows), the day in its venue's zone, the URL-signing period and whether
 * an alert in force has ended since (`versionTag`): all on the device item, so a poll that names it
 * answers 304 having read that item alone, its heartbeat a conditional write of the screen
 * (`recordSteadyHeartbeat`). A device with no `state_version` yet is tagged by its room's keys and
 * a fingerprint of what the room's items hold (functions/core/auth/screen-room-store.ts `roomTag`);
 * its poll read those items with the device (one BatchGetItem). Either way an unchanged state
 * leaves `state` out: the answer is a 304.
 */
export async function deviceState(
  principal: DevicePrincipal,
  appVersion: string | undefined,
  ifNoneMatch: string | undefined,
): Promise<{ state?: DeviceState; etag: string }> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  let device = principal.device;
  let roomItems = principal.roomItems;
  if (!device.screen_id) {
    // Only a code in force binds: one past its expiry (perhaps another device's now) is renewed.
    const holder = Date.parse(device.code_expires_at) > now ? await screenHoldingCode(device.code) : null;
    if (!holder) {
      const state = await unboundState(device, now);
      return { state, etag: etagOf(state) };
    }
    await bindDevice(device, holder.accountId, holder.screenId, new Date(now).toISOString());
    device = { ...device, account_id: holder.accountId, screen_id: holder.screenId };
    roomItems = undefined;
  } else if (device.state_version !== undefined) {
    const etag = versionTag(device, pushOf(device), now);
    const steady =
      notModified(ifNoneMatch, etag) &&
      (!heartbeatDue(device, appVersion, now) || (await recordSteadyHeartbeat(device, appVersion, at)));
    if (steady) return { etag };
    // Otherwise, or when the screen refused the steady heartbeat, the room is read.
  }
  const room =
    (roomItems?.length ? roomFromItems(device, roomItems) : undefined) ??
    (await getScreenRoom(device.account_id!, device.screen_id!));
  // The screen is gone or was given another code: this device no longer shows it.
  if (!room || room.screen.screen_id_no !== device.code) {
    await forgetDevice(device.device_id);
    throw registerAgain();
  }
  // Written once a minute, and at once when the version changed or the offline job found the
  // screen silent.
  const heartbeat =
    heartbeatDue(device, appVersion, now) || room.screen.device_status !== 'Online'
      ? recordHeartbeat(device, room.screen, appVersion, at)
      : Promise.resolve();
  let etag: string;
  let clock = Promise.resolve();
  if (device.state_version === undefined) {
    etag = roomTag(roomKeys(room), fingerprint(room, now));
  } else {
    const zone = room.venue?.timezone;
    const turnsAt = nextTurn(room, now);
    clock = recordStateClock(device, zone, turnsAt);
    etag = versionTag({ ...device, venue_zone: zone, state_turns_at: turnsAt }, pushOf(device), now);
  }
  if (notModified(ifNoneMatch, etag)) {
    await Promise.all([heartbeat, clock]);
    return { etag };
  }
  const [, , state] = await Promise.all([heartbeat, clock, screenState(room, pushOf(device), now)]);
  return { state, etag };
}

/** The display's push channel, when it is configured (`EVENTS_REALTIME_URL`, `EVENTS_HTTP_URL`). */
function pushOf(device: DeviceItem): BoundDeviceState['push'] {
  const { EVENTS_REALTIME_URL: url, EVENTS_HTTP_URL: http } = env();
  if (!url || !http) return null;
  return { url, host: new URL(http).host, channel: displayChannel(device.device_id) };
}

/** When what a room shows next changes with no write: the earliest end of an alert in force. */
function nextTurn({ space, alerts }: ScreenRoom, now: number): number | undefined {
  if (!space) return undefined;
  const ends = alertsNow(
    alerts?.alerts,
    { cap_alert_status: space.cap_alert_status, urls: space.cap_alert_urls.map(({ url }) => url) },
    now,
  ).flatMap(({ expires }) => (expires ? [Date.parse(expires)] : []));
  return ends.length ? Math.min(...ends) : undefined;
}

/**
 * What a room's state is made of, as its items hold it: a change of any of it changes the state's
 * ETag. The space's `version` and `display_version` stand for its settings, its bookings, their
 * check-ins and releases and its slideshows; the day (in the venue's zone) for which days are
 * listed; the URL period for the presigned URLs.
 */
function fingerprint(room: ScreenRoom, now: number): string {
  const { screen, account, space, venue, alerts, slideshow } = room;
  const zone = venue?.timezone;
  const parts = {
    screen: [screen.name, screen.status, screen.screen_id_no, screen.space_id, screen.venue_id],
    account: [account?.status, account?.logo_uri, account?.package_id],
    package: room.package?.on_screen_branding,
    space: [space?.version, space?.display_version ?? 0, space?.status],
    venue: [venue?.name, zone],
    slideshow: [slideshow?.slideshow_id, slideshow?.version],
    alerts: space
      ? alertsNow(alerts?.alerts, {
          cap_alert_status: space.cap_alert_status,
          urls: space.cap_alert_urls.map(({ url }) => url),
        }).map((alert) => alert.id)
      : [],
    alertsAt: alerts?.updated_at,
    day: zone ? instantToLocalDate(now, zone) : null,
    period: Math.floor(now / URL_PERIOD_MS),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/** The code to show; an expired one is replaced by a new one first. */
async function unboundState(device: DeviceItem, now: number): Promise<DeviceState> {
  let { code, code_expires_at } = device;
  if (Date.parse(code_expires_at) <= now) {
    const expires = new Date(now + CODE_VALID_HOURS * 3600_000);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = newActivationCode();
      if (await renewDeviceCode(device, candidate, expires.toISOString())) {
        code = candidate;
        code_expires_at = expires.toISOString();
        break;
      }
    }
  }
  return { bound: false, code, code_expires_at, poll_interval_seconds: POLL_INTERVAL_SECONDS };
}

/** The state of a bound screen's room: its slideshow and the day's bookings read together. */
async function screenState(
  room: ScreenRoom,
  push: BoundDeviceState['push'],
  now: number,
): Promise<BoundDeviceState> {
  const { screen, account, space, venue, alerts } = room;
  const { account_id, space_id } = screen;
  const base: BoundDeviceState = {
    bound: true,
    active: false,
    screen: { id: screen.screen_id, name: screen.name ?? null },
    space: null,
    venue: null,
    occurrences: [],
    check_in: { enabled: false, before_event: null, after_event: null },
    slideshow: null,
    alerts: [],
    branding: null,
    poll_interval_seconds: FALLBACK_POLL_SECONDS,
    push,
  };
  if (!account || !space || !venue) return base;
  const active = account.status === 'Active' && screen.status === 'Active' && space.status === 'Active';
  const zone = venue.timezone;
  const signedAt = new Date(now - (now % URL_PERIOD_MS));
  const urls = { signedAt, expiresIn: URL_VALID_SECONDS };
  const spaceOf = {
    id: space.space_id,
    title: space.title,
    capacity: space.capacity ?? null,
    calendar_color: space.calendar_color,
    photo_url: await fileUrl(space.photo_uri, urls),
    availability: availabilityOf(space),
  };
  if (!active)
    return { ...base, space: spaceOf, venue: { id: venue.venue_id, name: venue.name, timezone: zone } };
  // Today and tomorrow in the venue's zone.
  const today = parseLocalDate(instantToLocalDate(now, zone))!;
  const from = wallTimeToInstant(today, zone);
  const to = wallTimeToInstant(today + 2 * DAY_MS, zone);
  const [occurrences, states, slideshow, branding] = await Promise.all([
    spaceOccurrences(account_id, space_id, from, to),
    occurrenceStates(account_id, space_id, new Date(from - DAY_MS).toISOString(), new Date(to).toISOString()),
    room.slideshow ? toSlideshow(room.slideshow, urls) : null,
    brandingOf(account, room.package, urls),
  ]);
  return {
    ...base,
    active: true,
    space: spaceOf,
    venue: { id: venue.venue_id, name: venue.name, timezone: zone },
    // A released occurrence no longer holds the room.
    occurrences: occurrences.flatMap(({ booking_id, recurrence_id, title, start_utc, end_utc, source }) => {
      const state = states.find((s) => s.booking_id === booking_id && s.start_utc === start_utc);
      if (state?.released_at) return [];
      return [
        { booking_id, recurrence_id, title, start_utc, end_utc, checked_in: !!state?.checked_in_at, source },
      ];
    }),
    check_in: {
      enabled: space.check_in_window === 'Yes',
      before_event: space.before_event ?? null,
      after_event: space.after_event ?? null,
    },
    slideshow,
    branding,
    alerts: alertsNow(alerts?.alerts, {
      cap_alert_status: space.cap_alert_status,
      urls: space.cap_alert_urls.map(({ url }) => url),
    }),
  };
}

/** The account's logo, when it has one and its package puts it on the screens. */
async function brandingOf(
  account: AccountItem,
  pack: PackageItem | null,
  urls: { signedAt: Date; expiresIn: number },
): Promise<BoundDeviceState['branding']> {
  if (!account.logo_uri || pack?.on_screen_branding !== 'Yes') return null;
  const logo = await fileUrl(account.logo_uri, urls);
  return logo ? { logo_url: logo } : null;
}
