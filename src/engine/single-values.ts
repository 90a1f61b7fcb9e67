/**
 * A plain object or an array where a column takes none, as an app's own body
 * resolver may pass one on. For a column of a scalar kind (text, number,
 * date, …) no driver binds it as such a value, and each does something else
 * with it: SQLite's refuse it, MySQL's write `[object Object]` or break the
 * statement, PostgreSQL's write its JSON as text. SQLite's drivers bind none
 * for a column of any kind, and libsql's may abort the process instead of
 * throwing. The engine refuses it before binding, as a value its column does
 * not take, so the answer is a 422 naming the field on every database.
 *
 * @module
 */
import { type FieldKind, SCALAR_KINDS } from '../core/model-meta.ts';
import type { Dialect } from './dialect.ts';
import type { Codec } from './model.ts';
import { RefusedValue } from './refused-value.ts';

/** What a scalar field's value must be, as a 422 names it. */
const SCALAR_MUST = 'must be a single value, not an object or an array';

/** An array, or an object of no class (`{…}`): a `Date`, a `Buffer` or another class's value is not. */
function isCompound(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A codec passing a value on, or throwing a {@link RefusedValue} of `field` for a compound one. */
const refusingCompound =
  (field: string, must?: string): Codec =>
  (value) => {
    if (isCompound(value)) throw new RefusedValue(field, -1, undefined, must);
    return value;
  };

/**
 * The checks of `field`'s values for a plain object or an array: `wire` of the request's value, where its
 * `kind` is scalar or bytes; `bound` of the value its encoders made, where the dialect binds none and the
 * wire value is not checked already (a JSON or free-form field's, which an encoder makes text of).
 *
 * @example
 * ```ts
 * const { wire } = singleValueChecks('string', 'title', sqliteDialect());
 * wire?.('Hello'); // 'Hello'
 * wire?.({ x: 1 }); // throws a RefusedValue of title
 * ```
 */
export function singleValueChecks(
  kind: FieldKind,
  field: string,
  dialect: Dialect,
): { wire?: Codec | undefined; bound?: Codec | undefined } {
  if (SCALAR_KINDS.has(kind) || kind === 'binary') return { wire: refusingCompound(field, SCALAR_MUST) };
  return { bound: dialect.scalarParams ? refusingCompound(field) : undefined };
}
