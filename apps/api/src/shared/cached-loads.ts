import { BoundedMap } from './bounded-map';

/**
 * Loads kept by key as promises, so that requests asking at once share one load; the least
 * recently asked are forgotten first. A load that fails, or whose value `keep` refuses, is
 * forgotten, unless a newer load has taken its place (a change committed while it ran calls
 * `forget` or `forgetAll`, so a stale read is not kept).
 */
export function cachedLoads<K, V>(
  capacity: number,
  load: (key: K) => Promise<V>,
  keep: (value: V) => boolean = () => true,
) {
  const cache = new BoundedMap<K, Promise<V>>(capacity);
  return {
    get(key: K): Promise<V> {
      const cached = cache.get(key);
      if (cached) return cached;
      const loading = load(key);
      cache.set(key, loading);
      const drop = () => {
        if (cache.get(key) === loading) cache.delete(key);
      };
      loading.then((value) => {
        if (!keep(value)) drop();
      }, drop);
      return loading;
    },
    forget(key: K): void {
      cache.delete(key);
    },
    forgetAll(): void {
      cache.clear();
    },
  };
}
