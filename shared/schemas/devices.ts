import * as z from 'zod';
import { bookingSources } from './bookings';
import { capAlertSchema } from './cap-alerts';
import { optionalText } from './common';
import { messages } from './messages';
import { slideshowSchema } from './slideshows';

/**
 * The room-display devices on the wire (docs/architecture.md §7; `/api/v1/device`): a device registers, shows
 * its activation code until an account's screen takes it, then polls its state with its own
 * secret token, never a user's.
 */

/** POST /device/register */
export const deviceRegistrationSchema = z.object({
  /** The display app's version, as built. */
  app_version: optionalText(50),
});
export type DeviceRegistrationInput = z.input<typeof deviceRegistrationSchema>;

export const deviceRegisteredSchema = z.object({
  device_id: z.string(),
  /** The device's secret, shown this once: `Authorization: Bearer <token>` on its requests. */
  token: z.string(),
  /** What an account user types as the screen's `screen_id_no` to bind this device to it. */
  code: z.string(),
  code_expires_at: z.string(),
});
export type DeviceRegistered = z.infer<typeof deviceRegisteredSchema>;

/** GET /device/state?app_version=… */
export const deviceStateQuerySchema = z.object({ app_version: optionalText(50) });

const deviceOccurrenceSchema = z.object({
  booking_id: z.string(),
  recurrence_id: z.string(),
  title: z.string(),
  /** Instants, ISO 8601 UTC; the display shows them in `venue.timezone`. */
  start_utc: z.string(),
  end_utc: z.string(),
  /** Someone checked in at the screen. */
  checked_in: z.boolean(),
  /** Where it was booked: in Spaces, or in the room's linked Google or Microsoft calendar. */
  source: z.enum(bookingSources),
});

const unboundStateSchema = z.object({
  bound: z.literal(false),
  /** The activation code to show, and until when it holds (a poll after that brings a new one). */
  code: z.string(),
  code_expires_at: z.string(),
  poll_interval_seconds: z.number().int(),
});

const boundStateSchema = z.object({
  bound: z.literal(true),
  /** False when the screen, its space or its account is inactive: the display says so. */
  active: z.boolean(),
  screen: z.object({ id: z.string(), name: z.string().nullable() }),
  space: z
    .object({
      id: z.string(),
      title: z.string(),
      capacity: z.number().int().nullable(),
      calendar_color: z.string(),
      photo_url: z.string().nullable(),
      /** When it may be booked each day, `HH:mm` in the venue's zone (Book now is offered then). */
      availability: z.object({ start: z.string(), end: z.string() }),
    })
    .nullable(),
  venue: z.object({ id: z.string(), name: z.string(), timezone: z.string() }).nullable(),
  /** The space's occurrences of today and tomorrow in the venue's time zone, soonest first. */
  occurrences: z.array(deviceOccurrenceSchema),
  check_in: z.object({
    enabled: z.boolean(),
    before_event: z.number().int().nullable(),
    after_event: z.number().int().nullable(),
  }),
  slideshow: slideshowSchema.nullable(),
  alerts: z.array(capAlertSchema),
  /** The account's logo (presigned), when its package has on-screen branding and it has a logo. */
  branding: z.object({ logo_url: z.string() }).nullable(),
  poll_interval_seconds: z.number().int(),
  /**
   * The device's push channel (AppSync Events): its WebSocket URL, the HTTP host its authorization
   * names, and its channel (`/displays/<deviceId>`); null when the channel is not configured.
   */
  push: z.object({ url: z.string(), host: z.string(), channel: z.string() }).nullable(),
});

/** GET /device/state */
export const deviceStateSchema = z.discriminatedUnion('bound', [unboundStateSchema, boundStateSchema]);
export type DeviceState = z.infer<typeof deviceStateSchema>;
export type BoundDeviceState = z.infer<typeof boundStateSchema>;

/** A person's PIN typed on the display (checked against the account's PINs, never sent back). */
const pin = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .max(10, { error: messages.invalid });

/** POST /device/checkin */
export const deviceCheckInSchema = z.object({
  /** The occurrence's start as the state gave it (`start_utc`). */
  occurrence_start: z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .max(40, { error: messages.invalid })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: messages.invalid }),
  pin,
});
export type DeviceCheckIn = z.infer<typeof deviceCheckInSchema>;

export const checkedInSchema = z.object({
  booking_id: z.string(),
  recurrence_id: z.string(),
  checked_in_at: z.string(),
  /** Who checked in (first and last name). */
  checked_in_by: z.string(),
});
export type CheckedIn = z.infer<typeof checkedInSchema>;

/** POST /device/booknow */
export const deviceBookNowSchema = z.object({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)], { error: messages.invalid }),
  pin,
});
export type DeviceBookNow = z.infer<typeof deviceBookNowSchema>;

export const bookedNowSchema = z.object({
  booking_id: z.string(),
  title: z.string(),
  start_utc: z.string(),
  end_utc: z.string(),
  /** Who booked (first and last name). */
  booked_by: z.string(),
});
export type BookedNow = z.infer<typeof bookedNowSchema>;
