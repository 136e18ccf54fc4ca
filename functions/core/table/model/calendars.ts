/* Linked calendars: the accounts a venue links, a space's sync with one calendar, a booking's push. */
import { Entity } from 'electrodb';
import { calendarAccountStates, calendarProviders } from '@shared/schemas/calendars';
import { key, model, timestamps } from './parts';

/**
 * A Google or Microsoft account linked to a venue (docs/product/client-area.md §3 "Connected calendar account"):
 * who it is at the provider, the calendars it had when last asked, its state, and its refresh
 * token sealed (functions/calendars/token-vault.ts), never answered or logged.
 */
export const calendarAccountEntity = new Entity({
  model: model('calendarAccount'),
  attributes: {
    account_id: { type: 'string', required: true },
    calendar_account_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    provider: { type: calendarProviders, required: true },
    email: { type: 'string', required: true },
    /** The provider's id of the person (`cal_account_id` on the wire). */
    subject: { type: 'string', required: true },
    calendars: {
      type: 'list',
      items: {
        type: 'map',
        properties: { id: { type: 'string', required: true }, title: { type: 'string', required: true } },
      },
      required: true,
      default: () => [],
    },
    status: { type: calendarAccountStates, required: true, default: 'Connected' },
    status_reason: { type: 'string' },
    /** The refresh token, sealed with a data key that KMS (or the local key) wraps. */
    sealed_token: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['calendar_account_id'], 'CALACCOUNT#${calendar_account_id}#'),
    },
    byVenue: {
      index: 'gsi1',
      pk: key('gsi1pk', ['account_id', 'venue_id'], 'ACCOUNT#${account_id}#VENUE#${venue_id}#CALACCOUNTS#'),
      sk: key('gsi1sk', ['calendar_account_id'], 'CALACCOUNT#${calendar_account_id}#'),
    },
  },
});

/**
 * A space's sync with a calendar of a linked account, written with the space's link fields
 * (`calendar_account_id`, `calendar_id`, `calendar_title`) and deleted when they are cleared:
 * where the pull job goes on (`cursor`, the provider's sync token or delta link), the window it
 * reads, the occurrences the provider cancelled, and the last failure. Sparse and sharded across
 * accounts (`watch`) for the pull job (docs/architecture.md §7); by linked account, for its removal.
 */
export const calendarLinkEntity = new Entity({
  model: model('calendarLink'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    calendar_account_id: { type: 'string', required: true },
    calendar_id: { type: 'string', required: true },
    provider: { type: calendarProviders, required: true },
    cursor: { type: 'string' },
    /** The window of the last full sync (UTC ISO); a full sync starts again once it has slid. */
    window_from: { type: 'string' },
    window_to: { type: 'string' },
    /** Occurrences of series that the provider cancelled one by one, so a re-read series keeps them out. */
    cancelled: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    synced_at: { type: 'string' },
    /** Epoch ms before which the provider asked not to be called (429 Retry-After). */
    retry_at: { type: 'number' },
    last_error: { type: 'string' },
    watch_shard: { type: 'string', required: true },
    /**
     * The provider's push notifications on the calendar, when the API has a public URL: Google's
     * channel or Graph's subscription id, Google's resource id, the SHA-256 (hex) of the secret
     * token every notification carries back (never the token), and when it ends (epoch ms).
     */
    watch_channel_id: { type: 'string' },
    watch_resource_id: { type: 'string' },
    watch_token_hash: { type: 'string' },
    watch_expires_at: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    bySpace: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['space_id'], 'CALLINK#${space_id}#'),
    },
    byCalendarAccount: {
      index: 'gsi2',
      pk: key(
        'gsi2pk',
        ['account_id', 'calendar_account_id'],
        'ACCOUNT#${account_id}#CALACCOUNT#${calendar_account_id}#LINKS#',
      ),
      sk: key('gsi2sk', ['space_id'], 'SPACE#${space_id}#'),
    },
    watch: {
      index: 'gsi1',
      pk: key('gsi1pk', ['watch_shard'], 'CALWATCH#${watch_shard}#'),
      sk: key('gsi1sk', ['account_id', 'space_id'], 'ACCOUNT#${account_id}#SPACE#${space_id}#'),
    },
  },
});

/**
 * A booking's push to a linked calendar: the outbox entry that its write leaves in the same
 * transaction when its space is linked (`pending`, a revision, and the sparse, sharded `due`
 * index the push job reads), and what was pushed last (`pushed_*`: where the event is, so a
 * change, a move to another space or a cancellation finds it). Delivery clears `pending` only on
 * condition that it is the revision it delivered.
 */
export const calendarPushEntity = new Entity({
  model: model('calendarPush'),
  attributes: {
    account_id: { type: 'string', required: true },
    booking_id: { type: 'string', required: true },
    /** The revision waiting to be delivered (a ULID), absent once delivered. */
    pending: { type: 'string' },
    due_shard: { type: 'string' },
    /** Epoch ms when the next attempt is due (later after each failure). */
    due_at: { type: 'number' },
    /** Epoch ms when the revision waiting was written: a push failing for a week is given up. */
    pending_since: { type: 'number' },
    attempts: { type: 'number' },
    last_error: { type: 'string' },
    pushed_calendar_account_id: { type: 'string' },
    pushed_calendar_id: { type: 'string' },
    pushed_provider: { type: calendarProviders },
    pushed_event_id: { type: 'string' },
    /** Events written beside it (see PushedRef.extraIds). */
    pushed_extra_ids: { type: 'list', items: { type: 'string' } },
    ...timestamps,
  },
  indexes: {
    byBooking: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['booking_id'], 'CALPUSH#${booking_id}#'),
    },
    /** Pushes waiting, by when they are due: sparse (only while `pending`), sharded, across accounts. */
    due: {
      index: 'gsi1',
      condition: (attributes: Record<string, unknown>) => attributes.due_shard !== undefined,
      pk: key('gsi1pk', ['due_shard'], 'CALPUSH#${due_shard}#'),
      sk: key('gsi1sk', ['due_at', 'account_id', 'booking_id'], 'DUE#${due_at}#${account_id}#${booking_id}#'),
    },
  },
});

/**
 * Which space a push notification channel (Google) or subscription (Graph) is for, so that the
 * public notification routes find the link with one GetItem, then the link's with another. Written
 * when the watch is made, deleted when it is stopped or replaced; one left behind expires by TTL a
 * day after its watch, and a notification it names is refused unless the link still names it.
 */
export const calendarChannelEntity = new Entity({
  model: model('calendarChannel'),
  attributes: {
    channel_id: { type: 'string', required: true },
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    provider: { type: calendarProviders, required: true },
    /** Epoch seconds. */
    ttl: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: {
    byChannel: {
      pk: key('pk', ['channel_id'], 'CALCHANNEL#${channel_id}#'),
      sk: key('sk', [], 'CALCHANNEL#'),
    },
  },
});
