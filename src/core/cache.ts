/**
 * Get-or-make for a `Map` or `WeakMap` that keeps what was made once: schemas
 * while routers are built, adapters' model descriptions and statements.
 *
 * @module
 */

/** A `Map` or `WeakMap`. */
interface Store<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/**
 * The value kept under `key`, made by `make` and kept the first time.
 *
 * @example
 * ```ts
 * const byMaxLength = new Map<number, z.ZodString>();
 * const schema = cached(byMaxLength, 100, () => z.string().max(100));
 * ```
 */
export function cached<K, V>(store: Store<K, V>, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}
