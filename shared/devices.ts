/**
 * The room displays' rules the API and the display page share (docs/architecture.md §7). No zod
 * here: the display page imports it.
 */

/**
 * How often an unbound display polls its state (it shows its code, and learns it was taken by its
 * next poll): the API names it in an unbound state (`poll_interval_seconds`), and a display that
 * has not read one yet polls this often; its back-off after a failure starts from it.
 */
export const POLL_INTERVAL_SECONDS = 15;

/**
 * How often a bound display polls while its push channel is subscribed (±20 % jitter): the
 * channel tells it of changes, and this poll is its heartbeat.
 */
export const PUSH_POLL_SECONDS = 300;

/**
 * How often a bound display polls when its channel is down or it has none (+0..20 % jitter): the
 * API names it in a bound state (`poll_interval_seconds`).
 */
export const FALLBACK_POLL_SECONDS = 60;

/** A display's own push channel: where changes to what it shows are announced. */
export const displayChannel = (deviceId: string) => `/displays/${deviceId}`;
