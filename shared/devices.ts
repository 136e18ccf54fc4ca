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
