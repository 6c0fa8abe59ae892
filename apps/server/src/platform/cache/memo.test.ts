import { describe, expect, it } from 'vitest';
import { parseCacheEvent, type CacheBus } from './bus.ts';
import { createMemo, deepFreeze } from './memo.ts';

const bus = (live = true) => ({ live }) as CacheBus;

describe('memo', () => {
  it('loads a key once for callers asking at the same time, then serves it held', async () => {
    const memo = createMemo<number, string>(bus(), { max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await Promise.all([memo.get(1, load), memo.get(1, load), memo.get(1, load)])).toEqual(['v1', 'v1', 'v1']);
    expect(await memo.get(1, load)).toBe('v1');
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load began before an invalidation', async () => {
    const memo = createMemo<number, string>(bus(), { max: 10, ttlMs: 60_000 });
    let release!: (v: string) => void;
    const stale = memo.get(1, () => new Promise((r) => (release = r)));
    memo.delete(1); // the purchase was written while the old value was being read
    release('before the change');
    expect(await stale).toBe('before the change');
    expect(await memo.get(1, async () => 'after the change')).toBe('after the change');
  });

  it('stores and serves nothing while notifications may be missed', async () => {
    const memo = createMemo<number, number>(bus(false), { max: 10, ttlMs: 60_000 });
    let loads = 0;
    await memo.get(1, async () => ++loads);
    await memo.get(1, async () => ++loads);
    expect(loads).toBe(2);
  });

  it('freezes what it holds, so a caller cannot change it for the others', async () => {
    const memo = createMemo<number, { list: number[] }>(bus(), { max: 10, ttlMs: 60_000 });
    const held = await memo.get(1, async () => ({ list: [3, 1, 2] }));
    expect(() => held.list.sort()).toThrow(TypeError);
    const at = new Date(0);
    expect(deepFreeze({ at }).at).toBe(at);
  });
});

describe('cache notifications', () => {
  it('reads the payloads the database triggers send', () => {
    expect(parseCacheEvent('catalog')).toEqual({ kind: 'catalog' });
    expect(parseCacheEvent('bank')).toEqual({ kind: 'bank' });
    expect(parseCacheEvent('purchase:42')).toEqual({ kind: 'purchase', userId: 42 });
    expect(parseCacheEvent('purchase:*')).toEqual({ kind: 'purchase', userId: '*' });
    expect(parseCacheEvent('session:abc')).toEqual({ kind: 'session', tokenHash: 'abc' });
    for (const bad of ['', 'purchase:x', 'session:', 'other', 'catalog:1']) expect(parseCacheEvent(bad)).toBeUndefined();
  });
});

describe('memo invalidation is per key', () => {
  it('dropping one key does not stop another key’s load from being held; a value `keep` refuses is answered, not held', async () => {
    const memo = createMemo<number, string | null>(bus(), { max: 10, ttlMs: 60_000 });
    let release!: (v: string) => void;
    const other = memo.get(2, () => new Promise((r) => (release = r)));
    memo.delete(1);
    release('two');
    expect(await other).toBe('two');
    expect(await memo.get(2, async () => 'reloaded')).toBe('two');
    let misses = 0;
    const miss = async () => (misses++, null);
    expect(await memo.get(3, miss, (v) => v !== null)).toBeNull();
    expect(await memo.get(3, miss, (v) => v !== null)).toBeNull();
    expect(misses).toBe(2);
  });
});
