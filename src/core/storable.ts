/**
 * Values a database cannot hold, found when a request is resolved, before
 * any statement runs: text with U+0000 where the database refuses it
 * (PostgreSQL). A body or filter value it cannot hold is a 422 naming the
 * field; a key in the path it cannot hold names no row, so the operation
 * answers as it does for a missing one.
 *
 * @module
 */
import type { PkValues } from './adapter.ts';
import { type FieldError, HttpError } from './errors.ts';

/** What the database behind an adapter can hold (see `ORMAdapterBase.textAcceptsNul`). */
export interface StorageLimits {
  readonly textAcceptsNul: boolean;
}

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

/** Why the database cannot hold `value`, or `undefined` when it can. */
function refusal(value: unknown, limits: StorageLimits): string | undefined {
  return !limits.textAcceptsNul && containsNul(value) ? NUL_MESSAGE : undefined;
}

/**
 * Throws a 422 naming every value of `values` (a body, or the filters of the
 * query) the database cannot hold, under `where` (`body.name`, `query.name`).
 *
 * @example
 * ```ts
 * refuseUnstorable({ name: 'a\u0000b' }, 'body', { textAcceptsNul: false }); // throws 422 naming body.name
 * ```
 */
export function refuseUnstorable(
  values: Readonly<Record<string, unknown>>,
  where: 'body' | 'query',
  limits: StorageLimits,
): void {
  const errors: FieldError[] = [];
  for (const key in values) {
    const message = refusal(values[key], limits);
    if (message) errors.push({ path: `${where}.${key}`, message });
  }
  if (errors.length > 0)
    throw new HttpError('validation_failed', `Invalid ${errors.map((e) => e.path).join(', ')}`, { errors });
}

/**
 * Whether the database can hold every value of a key: a key it cannot hold
 * names no row.
 *
 * @example
 * ```ts
 * storableKey({ post_id: 1, language: 'e\u0000n' }, { textAcceptsNul: false }); // false
 * ```
 */
export function storableKey(key: PkValues, limits: StorageLimits): boolean {
  for (const field in key) if (refusal(key[field], limits)) return false;
  return true;
}
