import type { CheckedIn, DeviceCheckIn } from '@shared/schemas/devices';
import { rolesAttrFor } from '@shared/roles';
import { pinAttemptCounter } from '@core/auth/attempt-store';
import { userIdByPin } from './store';
import { insertOccurrenceState } from '../bookings';
import { getScreenRoom } from '@core/auth/screen-room-store';
import {
  db,
  type AccountItem,
  type DeviceItem,
  type SpaceItem,
  type UserItem,
  type VenueItem,
} from '@core/table/entities';
import { clientPrincipal } from '@core/auth/authenticate';
import { Conflict, Invalid, NotFound, TooManyRequests } from '@core/errors';
import type { DevicePrincipal } from '@core/auth/principal';
import { fullName } from '@core/people/names';
import { spaceOccurrences } from '../bookings';
import { MetricName } from '@core/observability/catalogue';
import { countMetric } from '@core/observability/metrics';
import { takeAttempt } from '@core/auth/attempt-lock';

/**
 * Check-in at the room's screen (docs/architecture.md §7): a person enters their PIN during the
 * space's check-in window (from `before_event` minutes before the start to `after_event` minutes
 * after it). Five wrong PINs on a device within 15 minutes refuse PINs there for 15 minutes.
 */

const PIN_LIMITS = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
const pinNotRecognised = () => new Invalid({ pin: 'PIN not recognised' });

function pinsLocked(waitMs: number): TooManyRequests {
  const minutes = Math.ceil(waitMs / 60_000);
  return new TooManyRequests(
    `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.ceil(waitMs / 1000),
  );
}

export function lockedFor(device: DeviceItem, now: number): TooManyRequests | undefined {
  const wait = (device.pin_locked_until ?? 0) - now;
  return wait > 0 ? pinsLocked(wait) : undefined;
}

/**
 * The person whose PIN is entered on the device, checked under the device's PIN lock
 * (functions/core/auth/attempt-lock.ts): a wrong PIN counts (422), and the one that reaches the limit locks
 * PIN entry there; while it is locked, or every place of the window is taken by PINs being
 * checked, the answer is 429 and the PIN is not checked.
 */
export async function personAtDevice(
  device: DeviceItem,
  accountId: string,
  pin: string,
  now: number,
): Promise<UserItem> {
  const limits = {
    maxFailures: PIN_LIMITS.maxFailures,
    window: PIN_LIMITS.windowMs,
    lock: PIN_LIMITS.lockMs,
  };
  const attempt = await takeAttempt(pinAttemptCounter(device.device_id, limits), limits, now, pinsLocked);
  try {
    const user = await personOf(accountId, pin);
    if (!user) {
      await attempt.wrong();
      throw pinNotRecognised();
    }
    return user;
  } finally {
    await attempt.release();
  }
}

/** The bound device's screen's space, venue and account (409 while inactive or not set up). */
export async function roomOf(
  device: DeviceItem,
): Promise<{ space: SpaceItem; venue: VenueItem; account: AccountItem }> {
  if (!device.account_id || !device.screen_id) throw new Conflict('This screen is not set up yet');
  const room = await getScreenRoom(device.account_id, device.screen_id, { content: false });
  if (!room) throw new NotFound('Screen');
  const { screen, space, venue, account } = room;
  if (
    !space ||
    !account ||
    !venue ||
    space.status !== 'Active' ||
    screen.status !== 'Active' ||
    account.status !== 'Active'
  ) {
    throw new Conflict('This screen is inactive');
  }
  return { space, venue, account };
}

/** The active user of the account whose PIN this is, if their role may see events. */
async function personOf(accountId: string, pin: string): Promise<UserItem | null> {
  if (!/^\d{1,4}$/.test(pin)) return null;
  const userId = await userIdByPin(accountId, pin);
  if (!userId) return null;
  const { data: user } = await db().entities.user.get({ account_id: accountId, user_id: userId }).go();
  return user && user.status === 'Active' && rolesAttrFor(user.user_role).events.visible ? user : null;
}

/** POST /device/checkin */
export async function checkIn(principal: DevicePrincipal, input: DeviceCheckIn): Promise<CheckedIn> {
  const now = Date.now();
  const { device } = principal;
  const locked = lockedFor(device, now);
  if (locked) throw locked;
  const { space, account } = await roomOf(device);
  if (space.check_in_window !== 'Yes') throw new Conflict('Check-in is not used in this room');
  const user = await personAtDevice(device, account.account_id, input.pin, now);

  const start = Date.parse(input.occurrence_start);
  const occurrence = (await spaceOccurrences(account.account_id, space.space_id, start, start + 1)).find(
    (o) => Date.parse(o.start_utc) === start,
  );
  if (!occurrence) throw new NotFound('Booking');
  const opens = start - (space.before_event ?? 0) * 60_000;
  const closes = start + (space.after_event ?? 0) * 60_000;
  if (now < opens) {
    throw new Invalid({
      occurrence_start: `Check-in opens ${space.before_event ?? 0} minutes before the start`,
    });
  }
  if (now > closes) throw new Invalid({ occurrence_start: 'Check-in for this booking has closed' });

  const at = new Date(now).toISOString();
  const name = fullName(user);
  const inserted = await insertOccurrenceState(
    {
      account_id: account.account_id,
      space_id: space.space_id,
      start_utc: occurrence.start_utc,
      booking_id: occurrence.booking_id,
      recurrence_id: occurrence.recurrence_id,
      checked_in_at: at,
      checked_in_by: { id: user.user_id, name },
      created_at: at,
      updated_at: at,
    },
    {
      principal: clientPrincipal(user, account),
      component: 'Booking',
      componentId: occurrence.booking_id,
      activity: `Checked in by ${name}`,
    },
  );
  if (!inserted) {
    // Checked in already (by someone else, or a second tap): the first check-in stands. Released
    // by the no-show job meanwhile: the room was given up.
    const { data: first } = await db()
      .entities.occurrenceState.get({
        account_id: account.account_id,
        space_id: space.space_id,
        start_utc: occurrence.start_utc,
        booking_id: occurrence.booking_id,
      })
      .go();
    if (first?.released_at) throw new Conflict('This booking was released: nobody checked in in time');
    return {
      booking_id: occurrence.booking_id,
      recurrence_id: occurrence.recurrence_id,
      checked_in_at: first?.checked_in_at ?? at,
      checked_in_by: first?.checked_in_by?.name ?? name,
    };
  }
  countMetric(MetricName.CheckIns);
  return {
    booking_id: occurrence.booking_id,
    recurrence_id: occurrence.recurrence_id,
    checked_in_at: at,
    checked_in_by: name,
  };
}
