/**
 * The room displays' rules the API and the display page share (docs/architecture.md §7). No zod
 * here: the display page imports it.
 */

/**
 * How often a room display polls its state: the API names it in every state
 * (`poll_interval_seconds`), and a display that has not read one yet polls this often; its
 * back-off after a failure starts from it.
 */
export const POLL_INTERVAL_SECONDS = 15;

/**
 * How often a room display subscribed to its push channel polls its state (±20 % jitter): the
 * channel says when to read, and this poll is the display's heartbeat.
 */
export const PUSH_POLL_SECONDS = 300;

/** How often a room display polls while its push channel is down or not configured (+0..20 % jitter). */
export const FALLBACK_POLL_SECONDS = 60;
