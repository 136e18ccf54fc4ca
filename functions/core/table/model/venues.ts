/* Venues, their spaces and screens, and who manages or coordinates them. */
import { Entity } from 'electrodb';
import { ASSIGNMENT_PERMISSIONS, OFFLINE_FREQUENCIES } from '@shared/venues';
import { key, model, status, timestamps } from './parts';

/** A venue of an account; ids are ULIDs, so the account's venues sort by creation. */
export const venueEntity = new Entity({
  model: model('venue'),
  attributes: {
    account_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    phone_no: { type: 'string' },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zipcode: { type: 'string' },
    country: { type: 'string' },
    timezone: { type: 'string', required: true },
    /** A venue type's id. */
    venue_type: { type: 'string' },
    status,
    /** Bumped by every change of the venue, for the conditions of concurrent writes. */
    version: { type: 'number', required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['venue_id'], 'VENUE#${venue_id}#'),
    },
  },
});

/** A space of a venue; the venue is fixed once the space is saved. */
export const spaceEntity = new Entity({
  model: model('space'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    location: { type: 'string' },
    capacity: { type: 'number' },
    dimensions: { type: 'string' },
    handicap_accessible: { type: ['Yes', 'No'] as const, required: true, default: 'No' },
    /** Amenity ids. */
    amenities: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** Space type ids. */
    space_type: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    notes: { type: 'string' },
    availiblity_start: { type: 'string' },
    availiblity_end: { type: 'string' },
    check_in_window: { type: ['Yes', 'No'] as const, required: true, default: 'No' },
    before_event: { type: 'number' },
    after_event: { type: 'number' },
    calendar_account_id: { type: 'string' },
    calendar_id: { type: 'string' },
    calendar_title: { type: 'string' },
    photo_uri: { type: 'string' },
    calendar_color: { type: 'string', required: true },
    status,
    slideshow_id: { type: 'string' },
    slideshow_status: { type: 'number', required: true, default: 0 },
    cap_alert_urls: {
      type: 'list',
      items: { type: 'map', properties: { url: { type: 'string', required: true } } },
      required: true,
      default: () => [],
    },
    cap_alert_status: { ...status, default: 'Inactive' },
    /**
     * Set only while the space is Active with Active alert feeds (functions/spaces/store.ts):
     * its shard in the sparse index the CAP job reads (`capWatch`), and the space's id again as the
     * index's sort key (a put of a space without feeds then writes no index keys).
     */
    cap_watch_shard: { type: 'string' },
    cap_watch_id: { type: 'string' },
    /**
     * Set only while the space is Active with check-in Yes: its shard in the sparse index the
     * no-show job reads (`checkInWatch`), and its id again as the sort key.
     */
    checkin_watch_shard: { type: 'string' },
    checkin_watch_id: { type: 'string' },
    /** The secret token of the space's calendar feed (`GET /api/v1/ical/<token>.ics`), once made. */
    feed_token: { type: 'string' },
    /** Counter: the screens that show the space, updated in the screen's transactions. */
    total_screens: { type: 'number', required: true, default: 0 },
    /**
     * Bumped by every write a display of the space shows that the space item does not hold: its
     * bookings (made, changed, cancelled), check-ins and releases, its slideshows. A display's
     * unchanged state is then known from the items a poll reads by key (functions/device/state.ts).
     */
    display_version: { type: 'number' },
    /** Bumped by every change of the space and by every booking write that occupies time in it, for write conditions. */
    version: { type: 'number', required: true, default: 0 },
    /**
     * The bookings written into the space in the last minute (id, epoch ms): the index a booking
     * write checks for clashes (gsi2) is eventually consistent, so these are read by key instead.
     */
    recent_bookings: {
      type: 'list',
      items: {
        type: 'map',
        properties: { id: { type: 'string', required: true }, at: { type: 'number', required: true } },
      },
    },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['space_id'], 'SPACE#${space_id}#'),
    },
    byVenue: {
      index: 'gsi1',
      pk: key('gsi1pk', ['account_id', 'venue_id'], 'ACCOUNT#${account_id}#VENUE#${venue_id}#SPACES#'),
      sk: key('gsi1sk', ['space_id'], 'SPACE#${space_id}#'),
    },
    /** Spaces whose alert feeds the CAP job polls: sparse, sharded (docs/architecture.md §7), across accounts. */
    capWatch: {
      index: 'gsi3',
      condition: (attributes: Record<string, unknown>) => attributes.cap_watch_shard !== undefined,
      pk: key('gsi3pk', ['cap_watch_shard'], 'CAPWATCH#${cap_watch_shard}#'),
      sk: key('gsi3sk', ['cap_watch_id'], 'SPACE#${cap_watch_id}#'),
    },
    /** Spaces whose bookings need a check-in (the no-show job): sparse, sharded, across accounts. */
    checkInWatch: {
      index: 'gsi2',
      condition: (attributes: Record<string, unknown>) => attributes.checkin_watch_shard !== undefined,
      pk: key('gsi2pk', ['checkin_watch_shard'], 'CHECKINWATCH#${checkin_watch_shard}#'),
      sk: key('gsi2sk', ['checkin_watch_id'], 'SPACE#${checkin_watch_id}#'),
    },
  },
});

/** A screen (a device showing a space), bound to a licence of the account while active. */
export const screenEntity = new Entity({
  model: model('screen'),
  attributes: {
    account_id: { type: 'string', required: true },
    screen_id: { type: 'string', required: true },
    /** The activation code the device shows, unique across the platform (guard `SCREENCODE#`). */
    screen_id_no: { type: 'string', required: true },
    name: { type: 'string' },
    hardware: { type: 'string' },
    venue_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    photo_uri: { type: 'string' },
    status,
    /** The licence it holds while active, and that licence's expiry, so lists read no licence. */
    licence_id: { type: 'string' },
    licence_no: { type: 'number' },
    licence_expiration_date: { type: 'string' },
    device_status: { type: ['Online', 'Offline'] as const, required: true, default: 'Offline' },
    app_version: { type: 'string' },
    last_check_in: { type: 'string' },
    offline_notification_recipient: {
      type: 'list',
      items: { type: 'string' },
      required: true,
      default: () => [],
    },
    offline_notification_frequency: { type: OFFLINE_FREQUENCIES, required: true, default: 'Never' },
    /**
     * Set only while a device shows the screen and polls (functions/device/store.ts
     * `recordHeartbeat`): its shard in the sparse index the offline job reads (`heartbeat`), and
     * the last heartbeat again as the index's sort key.
     */
    heartbeat_shard: { type: 'string' },
    heartbeat_at: { type: 'string' },
    /** Its shard of the newest screens (`recent`), from its id (functions/core/table/shards.ts). */
    recent_shard: { type: 'string', required: true, readOnly: true },
    /** The device that shows it (bound to its `screen_id_no`): where a change to its room is pushed. */
    device_id: { type: 'string' },
    /** Its last heartbeat, when the offline job found it silent; cleared by the next heartbeat. */
    offline_since: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['screen_id'], 'SCREEN#${screen_id}#'),
    },
    bySpace: {
      index: 'gsi1',
      pk: key('gsi1pk', ['account_id', 'space_id'], 'ACCOUNT#${account_id}#SPACE#${space_id}#SCREENS#'),
      sk: key('gsi1sk', ['screen_id'], 'SCREEN#${screen_id}#'),
    },
    /**
     * Every account's screens, newest first (the admin dashboard's recent screens), in shards by
     * screen id; keys only (docs/data-model.md "Projections"): read with `hydrate`.
     */
    recent: {
      index: 'gsi4',
      pk: key('gsi4pk', ['recent_shard'], 'SCREENS#${recent_shard}#'),
      sk: key('gsi4sk', ['created_at', 'screen_id'], 'SCREEN#${created_at}#${screen_id}#'),
    },
    /** Screens Online, by their last heartbeat (the offline job): sparse, sharded, across accounts. */
    heartbeat: {
      index: 'gsi3',
      condition: (attributes: Record<string, unknown>) => attributes.heartbeat_shard !== undefined,
      pk: key('gsi3pk', ['heartbeat_shard'], 'HEARTBEAT#${heartbeat_shard}#'),
      sk: key('gsi3sk', ['heartbeat_at'], 'AT#${heartbeat_at}#'),
    },
  },
});

/** A Venue Manager on a venue, Approved or Denied. */
export const venueManagerEntity = new Entity({
  model: model('venueManager'),
  attributes: {
    account_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    permission: { type: ASSIGNMENT_PERMISSIONS, required: true, default: 'Approved' },
    ...timestamps,
  },
  indexes: {
    byVenue: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['venue_id', 'user_id'], 'VMGR#${venue_id}#${user_id}#'),
    },
    /**
     * A person's venues (with the user item's own `USER#` under the same key): with their spaces,
     * the collection `assignments`.
     */
    byUser: {
      index: 'gsi1',
      collection: 'assignments',
      pk: key('gsi1pk', ['user_id'], 'USER#${user_id}#'),
      sk: key('gsi1sk', ['venue_id'], 'VMGR#${venue_id}#'),
    },
  },
});

/** An Event Coordinator on a space, Approved or Denied. */
export const spaceCoordinatorEntity = new Entity({
  model: model('spaceCoordinator'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    permission: { type: ASSIGNMENT_PERMISSIONS, required: true, default: 'Approved' },
    ...timestamps,
  },
  indexes: {
    bySpace: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['space_id', 'user_id'], 'SCOORD#${space_id}#${user_id}#'),
    },
    byUser: {
      index: 'gsi1',
      collection: 'assignments',
      pk: key('gsi1pk', ['user_id'], 'USER#${user_id}#'),
      sk: key('gsi1sk', ['space_id'], 'SCOORD#${space_id}#'),
    },
  },
});
