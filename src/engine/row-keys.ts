/**
 * In-memory keys of key tuples, shared by the adapters' batched include
 * loads: the related rows of a whole page are grouped by their key and handed
 * to the rows whose foreign key has the same one.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';

/**
 * One key value as text: a `Date` by its instant (milliseconds kept), anything else by `String`.
 *
 * @example
 * ```ts
 * keyPart(new Date(0)); // '1970-01-01T00:00:00.000Z'
 * ```
 */
export const keyPart = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/**
 * The map key of a tuple of key values; `undefined` when any is null (no match possible). One value is
 * its text and a NUL; more are each prefixed by their length, so text holding a NUL cannot pass for two
 * parts (`['a\u0000b', 'c']` and `['a', 'b\u0000c']` stay two keys).
 *
 * @example
 * ```ts
 * tupleKey([1, 'en']) === tupleKey([1, 'en']); // true
 * tupleKey([1, null]); // undefined
 * ```
 */
export function tupleKey(values: readonly unknown[]): string | undefined {
  if (values.length === 1) {
    const value = values[0];
    return value === null || value === undefined ? undefined : `${keyPart(value)}\u0000`;
  }
  let key = '';
  for (const value of values) {
    if (value === null || value === undefined) return undefined;
    const part = keyPart(value);
    key += `${part.length}:${part}`;
  }
  return key;
}

/**
 * The map key of a row's values for `fields`, as {@link tupleKey} makes it.
 * One field (the usual foreign key) needs no array per row.
 *
 * @example
 * ```ts
 * rowKey({ id: 7, thread_id: 3 }, ['thread_id']) === rowKey({ id: 3 }, ['id']); // true
 * ```
 */
export function rowKey(row: Readonly<Row>, fields: readonly string[]): string | undefined {
  if (fields.length !== 1) return tupleKey(fields.map((field) => row[field]));
  const value = row[fields[0] as string];
  return value === null || value === undefined ? undefined : `${keyPart(value)}\u0000`;
}

/**
 * The distinct non-null key tuples of the rows, by key.
 *
 * @example
 * ```ts
 * [...distinctKeys(rows, ['thread_id']).values()]; // [[1], [2]]
 * ```
 */
export function distinctKeys(rows: readonly Row[], fields: readonly string[]): Map<string, unknown[]> {
  const keys = new Map<string, unknown[]>();
  for (const row of rows) {
    const key = rowKey(row, fields);
    if (key === undefined || keys.has(key)) continue;
    const values = fields.map((field) => row[field]);
    keys.set(key, values);
  }
  return keys;
}
