/**
 * Items that expire carry the table's TTL attribute `ttl` (epoch seconds), but DynamoDB deletes an
 * expired item up to 48 hours late, and DynamoDB Local never does: TTL only clears the table. Every
 * read that cares compares the expiry itself and treats an expired item as absent
 * (docs/data-model.md "Expiry").
 */
/** An instant as the TTL attribute holds it: epoch seconds. */
export const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function expired(ttl: number | undefined, now = Date.now()): boolean {
  return ttl !== undefined && ttl * 1000 <= now;
}

/** The item, or null when it is missing or has expired. */
export function unexpired<T extends { ttl?: number }>(
  item: T | null | undefined,
  now = Date.now(),
): T | null {
  return item && !expired(item.ttl, now) ? item : null;
}
