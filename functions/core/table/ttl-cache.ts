/**
 * Items every request reads and few writes change (a package, a configuration list), kept in the
 * Lambda container's memory for a short time so that a burst of requests reads each one once
 * rather than once per request (docs/data-model.md "Cached reads"). Bounded: past `maxEntries` the
 * entry read longest ago goes. A write in the same container drops what it changed at once; other
 * containers see it when their entry expires (`ttlMs`).
 */
export interface TtlCache<V> {
  /** The value of `key`: the kept one while it is younger than `ttlMs`, else `load()`'s (kept). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets `key` (a write changed it). */
  drop(key: string): void;
  /** Forgets everything. */
  clear(): void;
  /** How many entries are kept. */
  readonly size: number;
}

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock, ms since the epoch (tests pass their own). */
  now?: () => number;
}

export function ttlCache<V>({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions): TtlCache<V> {
  // A Map keeps insertion order: re-inserting an entry on use makes the first one the least recently used.
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      const found = entries.get(key);
      if (found && found.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, found);
        return found.value;
      }
      entries.delete(key);
      // The promise itself is kept, so concurrent requests share one read; a failed read is not kept.
      const value = load();
      const entry = { value, expiresAt: now() + ttlMs };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    drop(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** How long a container keeps a package or a configuration list: a change reaches every container within it. */
export const CACHE_TTL_MS = 60_000;
