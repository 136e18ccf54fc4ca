import { describe, expect, it } from 'vitest';
import { allShards, anyShard, shardOf } from './shards';

describe('shards', () => {
  it("gives an id always the same shard, one of the index's", () => {
    const ids = ['01HZX3V6Q0M7B8C9D0E1F2G3H4', '01HZX3V6Q0M7B8C9D0E1F2G3H5', 'acme'];
    for (const id of ids) {
      expect(shardOf(id)).toBe(shardOf(id));
      expect(allShards()).toContain(shardOf(id));
    }
  });

  it('spreads ids over every shard', () => {
    const used = new Set(
      Array.from({ length: 200 }, (_, n) => shardOf(`01HZX3V6Q0M7B8C9D0E1F2${String(n).padStart(4, '0')}`)),
    );
    expect([...used].sort()).toEqual(allShards());
  });

  it('chooses any shard for a counter, each as often, never past the last', () => {
    const shards = allShards();
    const chosen = shards.map((_, n) => anyShard(() => (n + 0.5) / shards.length));
    expect(chosen).toEqual(shards);
    expect(anyShard(() => 0)).toBe('0');
    expect(anyShard(() => 0.9999999)).toBe(shards.at(-1));
    expect(anyShard(() => 1)).toBe(shards.at(-1));
  });
});
