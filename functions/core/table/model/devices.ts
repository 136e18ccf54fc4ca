/* The room-display devices: their secrets, activation codes, and the counters that throttle them. */
import { Entity } from 'electrodb';
import { key, model, timestamps } from './parts';

/**
 * A device running the room display (`/display`). It authenticates with a secret of its own
 * (kept as its SHA-256), shows an activation code until a screen of an account takes that code as
 * its `screen_id_no`, and is then bound to that screen. An unbound device expires (TTL) a month
 * after its code does.
 */
export const deviceEntity = new Entity({
  model: model('device'),
  attributes: {
    device_id: { type: 'string', required: true },
    /** SHA-256 of the device's secret, hex. */
    token_hash: { type: 'string', required: true },
    /** The activation code it shows (and, once bound, the screen's `screen_id_no` it answers to). */
    code: { type: 'string', required: true },
    code_expires_at: { type: 'string', required: true },
    account_id: { type: 'string' },
    screen_id: { type: 'string' },
    bound_at: { type: 'string' },
    app_version: { type: 'string' },
    /**
     * Its PIN lock (functions/core/auth/attempt-lock.ts): when the current window began (epoch ms),
     * the places taken in it (PINs being checked and wrong ones), the wrong PINs, and until when
     * PINs are refused.
     */
    pin_window_start: { type: 'number' },
    pin_attempts: { type: 'number' },
    pin_failure_count: { type: 'number' },
    pin_locked_until: { type: 'number' },
    /**
     * Bumped whenever what its room shows changes (functions/device README, "push"): its state's
     * ETag names it, so a poll that finds it unchanged answers 304 from this item alone.
     */
    state_version: { type: 'number' },
    /**
     * What that 304 needs to know besides, written by a poll that reads the room when it changed:
     * the venue's time zone (the day the state lists turns at its midnight) and when the state
     * next turns by itself (the earliest end of an alert in force, epoch ms).
     */
    venue_zone: { type: 'string' },
    state_turns_at: { type: 'number' },
    /** Its last poll (written at most once a minute). */
    last_seen_at: { type: 'string' },
    ttl: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['device_id'], 'DEVICE#${device_id}#'),
      sk: key('sk', [], 'DEVICE#'),
    },
  },
});

/**
 * An activation code held by an unbound device until it expires: a code is unique among the
 * codes in force, and an expired one may be handed out again (its item is overwritten).
 */
export const deviceCodeEntity = new Entity({
  model: model('deviceCode'),
  attributes: {
    code: { type: 'string', required: true },
    device_id: { type: 'string', required: true },
    expires_at: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byCode: {
      pk: key('pk', ['code'], 'DEVICECODE#${code}#'),
      sk: key('sk', [], 'DEVICECODE#'),
    },
  },
});

/** Requests counted per caller and window (e.g. device registrations per IP address and hour). */
export const rateCounterEntity = new Entity({
  model: model('rateCounter'),
  attributes: {
    /** What is counted and for whom: `device-register#<ip>`. */
    subject: { type: 'string', required: true },
    /** The window's start, epoch seconds. */
    window: { type: 'number', required: true },
    count: { type: 'number', required: true, default: 0 },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    bySubject: {
      pk: key('pk', ['subject'], 'RATE#${subject}#'),
      sk: key('sk', ['window'], 'WINDOW#${window}#'),
    },
  },
});

/**
 * What happened to one occurrence of a booking (docs/architecture.md §6): written only when it happens — a
 * check-in at the room's screen, or its release when nobody checked in (the no-show job); one or
 * the other, whichever came first. Kept under the space by the occurrence's start, so a display's
 * day is one Query.
 */
export const occurrenceStateEntity = new Entity({
  model: model('occurrenceState'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    /** The occurrence's start, ISO 8601 UTC. */
    start_utc: { type: 'string', required: true },
    booking_id: { type: 'string', required: true },
    /** The occurrence's original local start (RECURRENCE-ID). */
    recurrence_id: { type: 'string', required: true },
    checked_in_at: { type: 'string' },
    /** Who checked in: their user id and name, as the PIN named them. */
    checked_in_by: {
      type: 'map',
      properties: { id: { type: 'string', required: true }, name: { type: 'string', required: true } },
    },
    /** Released by the no-show job: nobody checked in by `after_event` minutes past the start. */
    released_at: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    bySpace: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key(
        'sk',
        ['space_id', 'start_utc', 'booking_id'],
        'OCCSTATE#${space_id}#${start_utc}#${booking_id}#',
      ),
    },
    /** The account's, by start: the booking calendar's window, whatever its spaces. */
    byAccountStart: {
      index: 'gsi1',
      pk: key('gsi1pk', ['account_id'], 'ACCOUNT#${account_id}#OCCSTATES#'),
      sk: key(
        'gsi1sk',
        ['start_utc', 'space_id', 'booking_id'],
        'START#${start_utc}#${space_id}#${booking_id}#',
      ),
    },
  },
});

/**
 * A mail about a screen the offline job owes (its outbox): written in the same transaction as the
 * change it tells of — a screen turned Offline by the job, or back Online by its heartbeat — and
 * deleted by the run that sends it. Kept by shard and due time, so a run reads what is due with
 * one Query per shard. An hourly, daily or weekly digest is due at the end of its period.
 */
export const screenNoticeEntity = new Entity({
  model: model('screenNotice'),
  attributes: {
    shard: { type: 'string', required: true },
    /** When to send, ISO 8601 UTC. */
    due_at: { type: 'string', required: true },
    account_id: { type: 'string', required: true },
    screen_id: { type: 'string', required: true },
    kind: { type: ['offline', 'back', 'digest'] as const, required: true },
    /** The screen's last heartbeat before it went silent. */
    since: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDue: {
      pk: key('pk', ['shard'], 'SCREENNOTICE#${shard}#'),
      sk: key(
        'sk',
        ['due_at', 'account_id', 'screen_id', 'kind'],
        'DUE#${due_at}#${account_id}#${screen_id}#${kind}#',
      ),
    },
  },
});

/** A digest sent (to one address, for an account, a frequency and a period): never sent twice. */
export const digestSentEntity = new Entity({
  model: model('digestSent'),
  attributes: {
    /** `<account id>#<frequency>#<period end>#<address>` */
    digest: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDigest: {
      pk: key('pk', ['digest'], 'DIGESTSENT#${digest}#'),
      sk: key('sk', [], 'DIGESTSENT#'),
    },
  },
});
