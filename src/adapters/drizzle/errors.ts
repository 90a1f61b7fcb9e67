/**
 * Database errors of Drizzle queries as `HttpError`s. Drizzle wraps driver
 * errors in a `DrizzleQueryError` whose `cause` is the driver's error; the
 * shared translation searches the whole chain.
 *
 * @module
 */
import type { HttpError } from '../../core/errors.ts';
import { databaseError } from '../../engine/database-errors.ts';

/**
 * The {@link HttpError} for a database error (a constraint violation, or a
 * database unavailable for now), or `undefined` for any other error. `fieldOf`
 * maps a column's SQL name to its field name.
 *
 * @example
 * ```ts
 * try { await db.insert(post).values(v); }
 * catch (e) { throw translateDbError(e, (c) => c) ?? e; }
 * ```
 */
export function translateDbError(
  error: unknown,
  fieldOf: (column: string) => string | undefined,
): HttpError | undefined {
  return databaseError(error, fieldOf);
}
