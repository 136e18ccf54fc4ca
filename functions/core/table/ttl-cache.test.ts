import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

/** A loader that counts its reads and answers `<key>:<read number>`. */
function counting() {
  const reads: string[] = [];
  const load = (key: string) => () => {
    reads.push(key);
    return Promise.resolve(`${key}:${reads.length}`);
  };
  return { reads, load };
}

describe('ttlCache', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-29T00:59:30Z') }));
  afterEach(() => vi.useRealTimers());

  it('reads a key once while its entry is younger than the TTL, and again after', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { reads, load } = counting();
    expect(await cache.get('basic', load('basic'))).toBe('basic:1');
    vi.advanceTimersByTime(59_999);
    expect(await cache.get('basic', load('basic'))).toBe('basic:1');
    vi.advanceTimersByTime(1);
    expect(await cache.get('basic', load('basic'))).toBe('basic:2');
    expect(reads).toEqual(['basic', 'basic']);
  });

  it('keeps at most maxEntries, dropping the one used longest ago', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const { reads, load } = counting();
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect(cache.size).toBe(2);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares one read between concurrent requests and keeps no failed read', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('throttled'));
    };
    const both = [cache.get('p', failing), cache.get('p', failing)];
    await expect(Promise.all(both)).rejects.toThrow('throttled');
    expect(calls).toBe(1);
    expect(await cache.get('p', () => Promise.resolve('read again'))).toBe('read again');
  });

  it('forgets a dropped key at once', async () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const { load } = counting();
    await cache.get('k', load('k'));
    cache.drop('k');
    expect(await cache.get('k', load('k'))).toBe('k:2');
  });

  it('takes its clock as a parameter', async () => {
    let now = 0;
    const cache = ttlCache<string>({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    const { load } = counting();
    await cache.get('k', load('k'));
    now = 999;
    expect(await cache.get('k', load('k'))).toBe('k:1');
    now = 1_000;
    expect(await cache.get('k', load('k'))).toBe('k:2');
  });
});
