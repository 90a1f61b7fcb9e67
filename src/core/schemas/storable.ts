/**
 * Values a database cannot hold, found when a request is resolved, before
 * any statement runs: text with U+0000 where the database refuses it
 * (PostgreSQL), an integer outside its column's range (a 4-byte `integer`), a number past a 4-byte float's, a
 * date outside the years 1000 to 9999, a JSON value nested deeper than MariaDB
 * takes or holding a number past a double's range, an infinite number.
 * A body value it cannot hold is a 422 naming the field, and so is a filter
 * holding U+0000 or infinite; a filter integer out of range matches no row, and a key in
 * the path it cannot hold names none: the operation then answers as for a
 * missing row (404, or an empty page).
 *
 * @module
 */

import type { ORMAdapterBase } from '../adapter.ts';
import type { PkValues, Row } from '../adapter-data.ts';
import { FLOAT32_MAX } from '../column-bounds.ts';
import { parseDateTime } from '../dates.ts';
import type { CrudCall } from '../dependencies/call.ts';
import { type FieldError, HttpError } from '../errors.ts';
import type { FieldMeta, ModelMeta } from '../model-meta.ts';

/** What a client reads for text with U+0000 the database cannot hold. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000): the database cannot store it';

/** Whether a value holds U+0000 in a string anywhere (a JSON field's nested strings and keys too). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(containsNul);
  for (const key in value) {
    if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The values of a 64-bit integer column (a `bigint` field, sent as a decimal string), signed or not. */
export const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
export const UINT64 = { min: 0n, max: 2n ** 64n - 1n };

/**
 * What a client reads for a number `JSON.parse` (`1e400`) or a query's coercion (`Infinity`) made infinite:
 * JSON has none, and a database stores `NULL`, `±Infinity` no response expresses, or fails.
 */
const FINITE_MESSAGE = "must be a finite number, within a double's range";

const FLOAT32_MESSAGE = `must be between ${-FLOAT32_MAX} and ${FLOAT32_MAX}, a 4-byte float's range`;

/**
 * The years of a date, or of a date-time in UTC, that every database keeps: MariaDB's `DATETIME` range.
 * Outside it a driver misreads some (`0099` comes back as `1999`) or writes what it cannot read back.
 */
export const YEARS = { min: 1000, max: 9999 } as const;
const DATE_RANGE_MESSAGE = `must be a date from the year ${YEARS.min} to ${YEARS.max} (in UTC)`;

/**
 * The year of a date, or of a date-time once in UTC (one without an offset is UTC already); a `Date`'s in
 * UTC, as it is written (an app's resolver may set one); none for another value.
 */
function yearOf(value: unknown, kind: 'date' | 'datetime'): number | undefined {
  if (value instanceof Date) return value.getUTCFullYear();
  if (typeof value !== 'string') return undefined;
  return kind === 'date' ? Number(value.slice(0, 4)) : parseDateTime(value).getUTCFullYear();
}

/** The most arrays and objects a JSON value nests: MariaDB refuses one more, so every database does. */
const JSON_DEPTH = 31;

/**
 * Why a JSON value (or one of unknown kind) cannot be stored as sent: nested past {@link JSON_DEPTH},
 * or holding a number `JSON.parse` made `Infinity` (`1e400`), which would be stored as `null`. Walks
 * without recursion, so no nesting overflows the stack.
 */
function jsonRefusal(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item === 'number' && !Number.isFinite(item))
      return "must not hold a number past a double's range (1e400)";
    // An app's resolver may set these; JSON has none, and drivers drop or refuse them.
    if (typeof item === 'function' || typeof item === 'symbol') return 'must be a JSON value';
    if (typeof item !== 'object' || item === null) continue;
    if (depth === JSON_DEPTH) return `must not nest more than ${JSON_DEPTH} arrays and objects`;
    for (const inner of Object.values(item)) stack.push([inner, depth + 1]);
  }
  return undefined;
}

/** The keys most clients could not name: they resolve `.` and `..` path segments away. */
export const DOT_KEYS: readonly string[] = ['.', '..'];

/** What a client reads for a new key of {@link DOT_KEYS}. */
export const DOT_KEY_MESSAGE = 'must not be "." or "..": no URL can name that key';

/** An integer as a `bigint` or its digits. */
const isIntegral = (value: unknown): value is bigint | string =>
  typeof value === 'bigint' || (typeof value === 'string' && /^-?[0-9]+$/.test(value));

/** What a client reads for a value outside its column's range (an integer's, a date's); `undefined` within it. */
function rangeRefusal(value: unknown, field: FieldMeta | undefined): string | undefined {
  if (field?.kind === 'json' || field?.kind === 'unknown') return jsonRefusal(value);
  if (field?.kind === 'date' || field?.kind === 'datetime') {
    const year = yearOf(value, field.kind);
    return year === undefined || (year >= YEARS.min && year <= YEARS.max) ? undefined : DATE_RANGE_MESSAGE;
  }
  if (field?.kind === 'bigint' && field.integers !== 'numeric' && isIntegral(value)) {
    const n = BigInt(value);
    const { min, max } = field.integers === 'unsigned' ? UINT64 : INT64;
    return n >= min && n <= max ? undefined : `must be between ${min} and ${max}`;
  }
  if (field?.singlePrecision && typeof value === 'number' && Math.abs(value) > FLOAT32_MAX) return FLOAT32_MESSAGE;
  const range = field?.kind === 'integer' ? field.range : undefined;
  // A wider column's value (a `bigint` key, served as its digits) is compared as the number it is.
  const n = range && isIntegral(value) ? Number(value) : value;
  if (!range || typeof n !== 'number' || (n >= range.min && n <= range.max)) return undefined;
  return `must be between ${range.min} and ${range.max}`;
}

/**
 * Whether `field`'s column cannot hold `value`, as its range bounds it (an integer's bytes, a date's years):
 * no row of it has that value.
 *
 * @example
 * ```ts
 * const parentId = ormAdapter.meta.fields.find((f) => f.name === 'parent_id'); // a 4-byte integer
 * outOfRange('3000000000', parentId); // true
 * ```
 */
export const outOfRange = (value: unknown, field: FieldMeta | undefined): boolean =>
  rangeRefusal(value, field) !== undefined;

const fieldsOf = (meta: ModelMeta) => new Map(meta.fields.map((field) => [field.name, field]));

/** A parent's model as the child's adapter describes it; none known when it cannot (another ORM's). */
function describedOrEmpty(adapter: ORMAdapterBase, model: unknown): ModelMeta {
  try {
    return adapter.describe(model);
  } catch {
    return { name: '', fields: [], primaryKey: [], foreignKeys: [], relations: [] };
  }
}

/**
 * The check of one route's calls against its database: made once per route
 * from its adapter and its ancestors' models.
 *
 * @example
 * ```ts
 * const check = new StorageCheck(postAdapter, []);
 * check.holds({ filter: { slug: 'a\u0000b' } }); // on PostgreSQL: throws a 422 naming query.slug
 * check.holds({ pk: { id: 2 ** 31 } }); // false on a 4-byte key: no such row
 * ```
 */
export class StorageCheck {
  /** Whether the database's text takes U+0000, asked once. */
  readonly #nulAccepted: boolean;
  readonly #fields: ReadonlyMap<string, FieldMeta>;
  readonly #parents: readonly ReadonlyMap<string, FieldMeta>[];

  /** `parents`: the ancestors' models, nearest first, as the adapter describes them. */
  constructor(adapter: ORMAdapterBase, parents: readonly unknown[]) {
    this.#nulAccepted = adapter.textAcceptsNul;
    this.#fields = fieldsOf(adapter.meta);
    this.#parents = parents.map((model) => fieldsOf(describedOrEmpty(adapter, model)));
  }

  /**
   * Whether a row can answer the call: throws a 422 for a body value, or a
   * filter holding U+0000, the database cannot hold; `false` when a key (own
   * or a parent's) or a filter integer is one it cannot hold.
   */
  holds(call: Partial<CrudCall>): boolean {
    if (call.create) this.#refuse(call.create, 'body');
    if (call.update) this.#refuse(call.update, 'body');
    if (call.filter) {
      this.#refuse(call.filter, 'query', false);
      for (const name in call.filter) if (rangeRefusal(call.filter[name], this.#fields.get(name))) return false;
    }
    if (call.pk && !this.#holdsKey(call.pk, this.#fields)) return false;
    const parents = call.parents ?? [];
    return parents.every((parent, i) => this.#holdsKey(parent.pkValues, this.#parents[i] ?? new Map()));
  }

  /** Why the database cannot hold `value` of `field`; ranges only where `ranged`. */
  #refusal(value: unknown, field: FieldMeta | undefined, ranged = true): string | undefined {
    // The range first: it bounds a JSON value's depth before the NUL check walks it.
    const outside = ranged ? rangeRefusal(value, field) : undefined;
    if (outside) return outside;
    if (typeof value === 'number' && !Number.isFinite(value)) return FINITE_MESSAGE;
    return !this.#nulAccepted && containsNul(value) ? NUL_MESSAGE : undefined;
  }

  /** Throws a 422 naming every value of `values` the database cannot hold, under `where`. */
  #refuse(values: Readonly<Row>, where: 'body' | 'query', ranged = true): void {
    const errors: FieldError[] = [];
    for (const key in values) {
      const field = this.#fields.get(key);
      const value = values[key];
      const dotKey = where === 'body' && field?.primaryKey && DOT_KEYS.includes(value as string);
      const message = dotKey ? DOT_KEY_MESSAGE : this.#refusal(value, field, ranged);
      if (message) errors.push({ path: `${where}.${key}`, message });
    }
    if (errors.length > 0)
      throw new HttpError('validation_failed', `Invalid ${errors.map((e) => e.path).join(', ')}`, { errors });
  }

  #holdsKey(key: PkValues, fields: ReadonlyMap<string, FieldMeta>): boolean {
    for (const name in key) if (this.#refusal(key[name], fields.get(name))) return false;
    return true;
  }
}
