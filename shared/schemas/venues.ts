import * as z from 'zod';
import { TIME_CHOICES } from '../time-of-day';
import { listTimezones } from '../timezones';
import {
  ASSIGNMENT_PERMISSIONS,
  CALENDAR_COLORS,
  DEFAULT_CALENDAR_COLOR,
  DEFAULT_TIMEZONE,
  MAX_CAP_ALERT_URLS,
  MAX_OFFLINE_RECIPIENTS,
  OFFLINE_FREQUENCIES,
} from '../venues';
import { optionalText, requiredText, status, ulid, yesNo } from './common';
import { licenceSchema } from './licences';
import { messages } from './messages';

/**
 * Venues, spaces and screens on the wire (docs/product/client-area.md §3 Venue, Space, Screen; §5; §7 "Venues",
 * "Spaces", "Screens"): the request schemas the API validates with and the forms use, and the
 * answers. Field names are the contract's, odd spellings included (`availiblity_start`).
 */

const zones = new Set(listTimezones());
/** An IANA zone of GET /client/timezones. */
const timezone = requiredText(64).refine((zone) => zones.has(zone), { error: messages.invalid });

/** An optional id of a configuration item or upload; blank is none. */
const optionalId = z
  .union([ulid, z.literal(''), z.null()], { error: messages.invalid })
  .optional()
  .transform((v) => v || undefined);

/**
 * A list of ids, sent as a comma-separated string (the contract) or an array; blank is none. At
 * most 100 ids (the string: as many with a comma and a space each).
 */
const idList = z
  .union([z.string().max(2800), z.array(z.string().max(26)).max(100)], { error: messages.invalid })
  .optional()
  .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((id) => id.trim()).filter(Boolean))
  // One message for the field, not one per element (`amenities`, never `amenities.0`).
  .refine((ids) => ids.length <= 100 && ids.every((id) => ulid.safeParse(id).success), {
    error: messages.invalid,
  })
  .transform((ids) => [...new Set(ids)]);

/** An upload key (the presigned upload's answer); blank clears. */
const uploadKey = optionalText(500);

// ---- Venues ---------------------------------------------------------------------------------

/** POST /client/newvenue and PUT /client/venue/{id} (docs/product/client-area.md §2 "Venue form", §5). */
export const venueInputSchema = z.object({
  name: requiredText(100),
  phone_no: optionalText(20),
  address: optionalText(100),
  city: optionalText(50),
  state: optionalText(50),
  zipcode: optionalText(20),
  country: optionalText(50),
  timezone: timezone.default(DEFAULT_TIMEZONE),
  /** An active venue type's id. */
  venue_type: optionalId,
  /** Only on an existing venue (the form shows the toggle when editing). */
  status: status.optional(),
});
export type VenueInput = z.input<typeof venueInputSchema>;

/** PUT /client/venue/{id}: the same fields; the time zone must be sent (no default on a change). */
export const updateVenueSchema = venueInputSchema.extend({ timezone });

/** A space of a venue, as venue lists carry them. */
const venueSpaceSchema = z.object({ id: z.string(), title: z.string() });

const permissionSchema = z.enum(ASSIGNMENT_PERMISSIONS, { error: messages.invalid });

export const venueSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_no: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  venue_type: z.string().nullable(),
  status,
  /** Its spaces, by title. */
  spaces: z.array(venueSpaceSchema),
  /** The caller's permission on the venue: Approved for an Account Admin, their assignment's for a manager. */
  permission: permissionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;

// ---- Venue managers and event coordinators --------------------------------------------------

const personSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string(),
  photo_url: z.string().nullable(),
  status,
});

/** A person assigned to a venue (Venue Manager) or a space (Event Coordinator), with their permission. */
export const assignmentSchema = z.object({ user: personSchema, permission: permissionSchema });
export type Assignment = z.infer<typeof assignmentSchema>;

/** Who may still be assigned: the account's active people of the role, not yet on it. */
export const assignableSchema = personSchema;

export const venueManagerParams = z.object({ venueId: ulid, userId: ulid });
export const venueManagerPermissionParams = venueManagerParams.extend({ permission: permissionSchema });
export const coordinatorParams = z.object({ spaceId: ulid, userId: ulid });
export const coordinatorPermissionParams = coordinatorParams.extend({ permission: permissionSchema });
export const venueParams = z.object({ venueId: ulid });
export const spaceParams = z.object({ spaceId: ulid });

/** GET /client/userproperties/{id}: a person's venues (Venue Manager) or spaces (Event Coordinator). */
export const userPropertySchema = z.object({
  permission: permissionSchema,
  venue: z.object({ id: z.string(), name: z.string() }),
  space: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type UserProperty = z.infer<typeof userPropertySchema>;

// ---- Spaces -----------------------------------------------------------------------------------

const timeChoice = z
  .union([z.enum(TIME_CHOICES as [string, ...string[]]), z.literal(''), z.null()], {
    error: messages.invalid,
  })
  .optional()
  .transform((v) => v || undefined);

const checkInMinutes = z
  .number({ error: messages.invalid })
  .int({ error: messages.invalid })
  .min(1, { error: messages.min(0) })
  .max(30, { error: messages.max(31) });

const calendarColor = z
  .enum(CALENDAR_COLORS.map((c) => c.value) as [string, ...string[]], { error: messages.invalid })
  .default(DEFAULT_CALENDAR_COLOR);

const spaceFields = {
  title: requiredText(100),
  location: optionalText(100),
  capacity: z
    .number({ error: messages.invalid })
    .int({ error: messages.invalid })
    .min(1, { error: messages.min(0) })
    .max(100_000, { error: messages.max(100_001) })
    .optional(),
  dimensions: optionalText(50),
  handicap_accessible: yesNo.default('No'),
  /** Active amenities' ids. */
  amenities: idList,
  /** Active space types' ids. */
  space_type: idList,
  notes: optionalText(2000),
  availiblity_start: timeChoice,
  availiblity_end: timeChoice,
  check_in_window: yesNo.default('No'),
  before_event: checkInMinutes.optional(),
  after_event: checkInMinutes.optional(),
  photo_uri: uploadKey,
  calendar_color: calendarColor,
  /**
   * Sync with a linked calendar (docs/product/client-area.md §4): Yes with `calendar_account_id` and
   * `calendar_id` links it, No clears the link; absent leaves it as it is.
   */
  calendar_sync: yesNo.optional(),
  calendar_account_id: z
    .union([ulid, z.literal(''), z.null()], { error: messages.invalid })
    .optional()
    .transform((v) => v || undefined),
  calendar_id: z
    .union(
      [
        z
          .string()
          .trim()
          .max(1024, { error: messages.maxLength(1024) }),
        z.null(),
      ],
      {
        error: messages.invalid,
      },
    )
    .optional()
    .transform((v) => v || undefined),
  status: status.optional(),
};

/** The availability rules of docs/product/client-area.md §5, shared by create and update. */
function spaceRules(
  value: {
    availiblity_start?: string;
    availiblity_end?: string;
    check_in_window?: string;
    before_event?: number;
    after_event?: number;
    calendar_sync?: string;
    calendar_account_id?: string;
    calendar_id?: string;
  },
  ctx: z.RefinementCtx,
) {
  if (value.calendar_sync === 'Yes') {
    for (const field of ['calendar_account_id', 'calendar_id'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: messages.required });
    }
  }
  const { availiblity_start: start, availiblity_end: end } = value;
  if (start && !end) ctx.addIssue({ code: 'custom', path: ['availiblity_end'], message: messages.required });
  if (end && !start)
    ctx.addIssue({ code: 'custom', path: ['availiblity_start'], message: messages.required });
  if (start && end && end <= start) {
    ctx.addIssue({
      code: 'custom',
      path: ['availiblity_end'],
      message: 'Availability End must be greater than Availability Start',
    });
  }
  if (value.check_in_window === 'Yes') {
    for (const field of ['before_event', 'after_event'] as const) {
      if (value[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: messages.required });
    }
  }
}

/** POST /client/newspace/{venueId} (docs/product/client-area.md §2 "Space form", §5). */
export const newSpaceSchema = z.object(spaceFields).superRefine(spaceRules);

/** PUT /client/space/{id}: the venue is fixed once saved; `venue_id`, when sent, must be the space's. */
export const updateSpaceSchema = z
  .object({ ...spaceFields, venue_id: ulid.optional() })
  .superRefine(spaceRules);
export type UpdateSpaceInput = z.input<typeof updateSpaceSchema>;
export type UpdateSpaceOutput = z.output<typeof updateSpaceSchema>;

const capAlertUrlSchema = z.object({ url: z.string() });

export const spaceSchema = z.object({
  id: z.string(),
  venue_id: z.string(),
  venue_name: z.string(),
  title: z.string(),
  location: z.string().nullable(),
  capacity: z.number().int().nullable(),
  dimensions: z.string().nullable(),
  handicap_accessible: yesNo,
  /** Comma-separated ids, as the contract has them. */
  amenities: z.string(),
  space_type: z.string(),
  notes: z.string().nullable(),
  availiblity_start: z.string().nullable(),
  availiblity_end: z.string().nullable(),
  check_in_window: yesNo,
  before_event: z.number().int().nullable(),
  after_event: z.number().int().nullable(),
  calendar_account_id: z.string().nullable(),
  calendar_id: z.string().nullable(),
  calendar_title: z.string().nullable(),
  photo: z.string().nullable(),
  photo_url: z.string().nullable(),
  calendar_color: z.string(),
  status,
  /** Free or busy now (bookings come with the events API; until then always Available). */
  availability: z.enum(['Available', 'Busy']),
  /** The next bookings, soonest first (empty until bookings exist). */
  next_schedule: z.array(z.object({ start_date: z.string(), end_date: z.string(), title: z.string() })),
  /** How many screens show the space. */
  screens: z.number().int(),
  slideshow_id: z.string().nullable(),
  slideshow_status: z.union([z.literal(0), z.literal(1)]),
  cap_alert_urls: z.array(capAlertUrlSchema),
  cap_alert_status: status,
  /** The caller's permission on the space (its venue's for a Venue Manager). */
  permission: permissionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Space = z.infer<typeof spaceSchema>;

/**
 * POST /client/capAlertURL/{spaceId}: `cap_alert_urls` is JSON text of `[{ url }]` (the
 * contract), each an http(s) URL, at most 10; `cap_alert_status` Active or Inactive. The text is
 * at most 25,000 characters (10 URLs of 2,000 in their JSON).
 */
export const capAlertInputSchema = z.object({
  cap_alert_urls: z
    .union(
      [
        z.string().max(25_000, { error: messages.maxLength(25_000) }),
        z
          .array(z.object({ url: z.string().max(2000, { error: messages.maxLength(2000) }) }))
          .max(MAX_CAP_ALERT_URLS),
      ],
      {
        error: (issue) =>
          Array.isArray(issue.input) && issue.input.length > MAX_CAP_ALERT_URLS
            ? `At most ${MAX_CAP_ALERT_URLS} alert feeds`
            : messages.invalid,
      },
    )
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      try {
        const parsed: unknown = JSON.parse(value || '[]');
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(
          z.object({
            url: z
              .string({ error: messages.required })
              .trim()
              .min(1, { error: messages.required })
              .max(2000, { error: messages.maxLength(2000) })
              .refine((url) => /^https?:\/\/[^\s/]+/i.test(url) && URL.canParse(url), {
                error: 'Field should be an http or https URL',
              }),
          }),
          { error: messages.invalid },
        )
        .max(MAX_CAP_ALERT_URLS, { error: `At most ${MAX_CAP_ALERT_URLS} alert feeds` }),
    ),
  cap_alert_status: status,
});

export const capAlertSettingsSchema = z.object({
  cap_alert_urls: z.array(capAlertUrlSchema),
  cap_alert_status: status,
});
export type CapAlertSettings = z.infer<typeof capAlertSettingsSchema>;

// ---- Screens ----------------------------------------------------------------------------------

/** POST /client/screen and PUT /client/screen/{id} (docs/product/client-area.md §2 "Screen form", §5). */
export const screenInputSchema = z.object({
  /** The activation code the device shows, unique across the platform. */
  screen_id_no: requiredText(20).transform((code) => code.toUpperCase()),
  venue: z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .trim()
    .min(1, { error: messages.required })
    .max(26, { error: messages.invalid })
    .pipe(ulid),
  space: z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .trim()
    .min(1, { error: messages.required })
    .max(26, { error: messages.invalid })
    .pipe(ulid),
  name: optionalText(100),
  hardware: optionalText(100),
  photo_uri: uploadKey,
  status: status.optional(),
});
export type ScreenInput = z.input<typeof screenInputSchema>;

const anAddress = z.email();
/**
 * Comma-separated addresses; an error names the field itself (not one address of it), as the form
 * shows it. The text is bounded by the most addresses of the longest length, each with a comma and
 * a space.
 */
const recipientsMaxLength = MAX_OFFLINE_RECIPIENTS * (254 + 2);
const recipients = z
  .string({ error: messages.invalid })
  .trim()
  .max(recipientsMaxLength, { error: messages.maxLength(recipientsMaxLength) })
  .transform((value, ctx) => {
    const addresses = [
      ...new Set(
        value
          .split(',')
          .map((address) => address.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (addresses.some((address) => !anAddress.safeParse(address).success)) {
      ctx.addIssue({ code: 'custom', message: messages.email });
      return z.NEVER;
    }
    if (addresses.length > MAX_OFFLINE_RECIPIENTS) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_OFFLINE_RECIPIENTS} addresses` });
      return z.NEVER;
    }
    return addresses;
  });

/** PUT /client/screen/{id}/offlineNotification (docs/product/client-area.md §2 "Screen offline notifications panel"). */
export const offlineNotificationSchema = z.object({
  offline_notification_recipient: recipients,
  offline_notification_frequency: z.enum(OFFLINE_FREQUENCIES, { error: messages.invalid }),
});
export type OfflineNotificationInput = z.input<typeof offlineNotificationSchema>;

export const screenSchema = z.object({
  id: z.string(),
  screen_id_no: z.string(),
  name: z.string().nullable(),
  hardware: z.string().nullable(),
  venue: z.object({ id: z.string(), name: z.string() }),
  space: z.object({ id: z.string(), title: z.string() }),
  photo_uri: z.string().nullable(),
  photo_url: z.string().nullable(),
  status,
  /** Online once its device checks in within the poll interval (the display issue); Offline until then. */
  device_status: z.enum(['Online', 'Offline']),
  app_version: z.string().nullable(),
  /** The device's last check-in, ISO 8601, or null before the first. */
  last_check_in: z.string().nullable(),
  /** The licence the screen holds while active. */
  licence: z.object({ id: z.string(), licence_no: z.number().int(), expiration_date: z.string() }).nullable(),
  /** Comma-separated addresses, as the contract has them. */
  offline_notification_recipient: z.string(),
  offline_notification_frequency: z.enum(OFFLINE_FREQUENCIES),
  /** The caller's permission on the screen's venue. */
  permission: permissionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Screen = z.infer<typeof screenSchema>;

/** GET /client/licences: the account's licences and the counts the screen form shows ('available / active'). */
export const clientLicencesSchema = z.object({
  availableActiveLicence: z.number().int(),
  activeLicence: z.number().int(),
  licences: z.array(licenceSchema),
});
export type ClientLicences = z.infer<typeof clientLicencesSchema>;
