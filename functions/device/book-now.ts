import { availabilityOf } from '@shared/availability';
import { allows } from '@shared/roles';
import { eventSchema } from '@shared/schemas/event';
import type { BookedNow, DeviceBookNow } from '@shared/schemas/devices';
import { parseTimeOfDay } from '@shared/time-of-day';
import {
  formatWallTime,
  instantToLocalDate,
  instantToWallTime,
  parseLocalDate,
  wallTimeToInstant,
} from '@shared/wall-time';
import { insertOccurrenceState, releasedOccurrences } from '../bookings';
import { clientPrincipal } from '@core/auth/authenticate';
import { AppError, Conflict, Invalid } from '@core/errors';
import type { DevicePrincipal } from '@core/auth/principal';
import { createBooking } from '../bookings';
import { lockedFor, personAtDevice, roomOf } from './check-in';
import { fullName } from '@core/people/names';
import { spaceOccurrences } from '../bookings';

/**
 * Book now at the room's screen (docs/architecture.md §7): a person with a PIN whose role may add
 * events in this space books it from now for 15, 30 or 60 minutes, cut at the room's next booking
 * and at the end of its availability. The booking is made as that person makes one in the
 * calendar, with the same rules.
 */

/** The title a booking made at a screen has. */
const BOOKED_AT_SCREEN = 'Booked at the screen';

/** POST /device/booknow */
export async function bookNow(principal: DevicePrincipal, input: DeviceBookNow): Promise<BookedNow> {
  const now = Date.now();
  const { device } = principal;
  const locked = lockedFor(device, now);
  if (locked) throw locked;
  const { space, venue, account } = await roomOf(device);
  const user = await personAtDevice(device, account.account_id, input.pin, now);
  const person = clientPrincipal(user, account);
  if (!allows(person.rolesAttr, 'events.permission.add'))
    throw new Invalid({ pin: 'This PIN may not book rooms' });

  const zone = venue.timezone;
  const start = Math.floor(now / 60_000) * 60_000;
  const day = parseLocalDate(instantToLocalDate(start, zone))!;
  const closes = wallTimeToInstant(
    day + (parseTimeOfDay(availabilityOf(space).end) ?? 24 * 60) * 60_000,
    zone,
  );
  const opens = wallTimeToInstant(day + (parseTimeOfDay(availabilityOf(space).start) ?? 0) * 60_000, zone);
  if (start < opens || start >= closes) throw new Conflict('The room is not available now');
  const [touching, released] = await Promise.all([
    spaceOccurrences(account.account_id, space.space_id, start, start + input.minutes * 60_000),
    releasedOccurrences(account.account_id, space.space_id, start, start + input.minutes * 60_000),
  ]);
  // An occurrence released for a no-show leaves the room free.
  const around = touching.filter((o) => !released.has(`${o.booking_id}#${Date.parse(o.start_utc)}`));
  if (around.some((o) => Date.parse(o.start_utc) <= start)) throw new Conflict('The room is busy now');
  const nextStart = around.map((o) => Date.parse(o.start_utc)).sort((a, b) => a - b)[0];
  const end = Math.min(start + input.minutes * 60_000, nextStart ?? Infinity, closes);
  if (end - start < 5 * 60_000) throw new Conflict('The room is booked again in less than 5 minutes');

  const wall = (instant: number) => formatWallTime(instantToWallTime(instant, zone));
  const booking = await createBooking(
    person,
    eventSchema.parse({
      title: BOOKED_AT_SCREEN,
      venue: venue.venue_id,
      space: space.space_id,
      start_date: wall(start),
      end_date: wall(end),
    }),
  ).catch((error: unknown) => {
    // A person who may book, but not in this room (a manager of another venue).
    if (error instanceof AppError && (error.status === 403 || error.status === 404)) {
      throw new Invalid({ pin: 'This PIN may not book this room' });
    }
    throw error;
  });
  // Whoever books at the door is there: the booking is checked in, so no-show release leaves it.
  const at = new Date(now).toISOString();
  const name = fullName(user);
  await insertOccurrenceState(
    {
      account_id: account.account_id,
      space_id: space.space_id,
      start_utc: new Date(start).toISOString(),
      booking_id: booking.id,
      recurrence_id: wall(start),
      checked_in_at: at,
      checked_in_by: { id: user.user_id, name },
      created_at: at,
      updated_at: at,
    },
    { principal: person, component: 'Booking', componentId: booking.id, activity: `Checked in by ${name}` },
  );
  return {
    booking_id: booking.id,
    title: BOOKED_AT_SCREEN,
    start_utc: new Date(start).toISOString(),
    end_utc: new Date(end).toISOString(),
    booked_by: name,
  };
}
