import { LRUCache } from 'lru-cache';
import type { CacheBus } from './bus.ts';

export interface Memo<K, V> {
  /**
   * The value of `key`: held, or loaded once however many callers ask at the same time. A loaded value for which
   * `keep` says false is answered but not held (e.g. a miss that random keys could otherwise fill memory with).
   */
  get(key: K, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /**
   * The values of `keys` that exist, in their order: held ones as they are, the others read in one `loadMissing`
   * (answering a map of what it found), held under the same rules as `get`.
   */
  getMany(keys: readonly K[], loadMissing: (missing: K[]) => Promise<Map<K, V>>): Promise<V[]>;
  /** Puts a new value in place of a held one (this process changed it), keeping the entry's remaining lifetime; nothing when not held. */
  replace(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
}

/**
 * A bounded cache (least recently used out, entries expire after `ttlMs` as a safety net) that never keeps a
 * value loaded across an invalidation: a load that started before a `delete`/`clear` answers its caller but is not
 * stored. While the bus is not live (notifications may be missed) nothing is stored or served. Values are frozen
 * when stored: every caller shares them, so one that sorted or changed one in place would change it for all
 * (a caller copies first; a frozen array's in-place sort throws, so a test finds the mistake).
 */
export function createMemo<K extends NonNullable<unknown>, V>(bus: CacheBus, opts: { max: number; ttlMs: number }): Memo<K, V> {
  const held = new LRUCache<K, { value: V }>({ max: opts.max, ttl: opts.ttlMs, ttlAutopurge: false, updateAgeOnGet: false });
  const pending = new Map<K, Promise<V>>();
  // A load stores its value only when nothing invalidated it while it ran: `clear` bumps the generation, `delete`
  // marks that key's load in flight as stale.
  let generation = 0;
  const stale = new WeakSet<Promise<V>>();

  return {
    get(key, load, keep) {
      if (!bus.live) return load();
      const hit = held.get(key);
      if (hit) return Promise.resolve(hit.value);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const started = generation;
      const loading = load().then(
        (value) => {
          if (pending.get(key) === loading) pending.delete(key);
          if (started === generation && !stale.has(loading) && bus.live && (keep?.(value) ?? true)) held.set(key, { value: deepFreeze(value) });
          return value;
        },
        (err: unknown) => {
          if (pending.get(key) === loading) pending.delete(key);
          throw err;
        },
      );
      pending.set(key, loading);
      return loading;
    },
    async getMany(keys, loadMissing) {
      if (!bus.live) return valuesOf(keys, await loadMissing([...keys]));
      const missing = keys.filter((k) => !held.has(k));
      if (missing.length === 0) return keys.map((k) => held.get(k)!.value);
      const started = generation;
      const loaded = await loadMissing(missing);
      // Kept unless a clear came during the read (a batch does not track per-key deletes: caches that drop key by
      // key use `get`).
      if (started === generation && bus.live) for (const [k, v] of loaded) held.set(k, { value: deepFreeze(v) });
      return keys.flatMap((k) => {
        const hit = held.get(k);
        return hit ? [hit.value] : loaded.has(k) ? [loaded.get(k)!] : [];
      });
    },
    replace(key, value) {
      const ttl = held.getRemainingTTL(key);
      if (held.has(key) && ttl > 0) held.set(key, { value: deepFreeze(value) }, { ttl });
    },
    delete(key) {
      const inFlight = pending.get(key);
      if (inFlight) stale.add(inFlight);
      held.delete(key);
      pending.delete(key);
    },
    clear() {
      generation++;
      held.clear();
      pending.clear();
    },
  };
}

const valuesOf = <K, V>(keys: readonly K[], found: Map<K, V>): V[] => keys.flatMap((k) => (found.has(k) ? [found.get(k)!] : []));

/** Freezes a value and the arrays and plain objects inside it (Dates and other objects are left as they are). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null && !(value instanceof Map) && !(value instanceof Set)) return value;
  Object.freeze(value);
  const inner = value instanceof Map || value instanceof Set ? [...value.values()] : Object.values(value);
  for (const v of inner) deepFreeze(v);
  return value;
}
