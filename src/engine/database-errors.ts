/**
 * SQL driver errors as {@link HttpError}s, shared by every adapter: a
 * constraint violation as `constraint-errors.ts` translates it; a database
 * that cannot be reached or answer now (a socket error, or what the dialect
 * reads as a server gone, saturated or locked) is 503
 * `service_unavailable` with `Retry-After`. The SQL text never reaches the
 * message; the original error, redacted to a `DatabaseError`, stays as `cause`.
 *
 * @module
 */

import { alongChain, type DriverError } from '../core/driver-errors.ts';
import { HttpError } from '../core/errors.ts';
import { DatabaseError, redactDriverError } from '../core/safe-errors.ts';
import { constraintError } from './constraint-errors.ts';
import type { DialectErrors } from './dialect.ts';
import { mysqlErrors } from './dialects/mysql-errors.ts';
import { postgresErrors } from './dialects/postgres-errors.ts';
import { sqliteErrors } from './dialects/sqlite-errors.ts';

/** Node's socket errors: a database host refused, reset, timed out or not found, whatever the driver. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The errors of every dialect, for an error whose database is not known (an app's own query). */
export const ANY_DATABASE: DialectErrors = {
  constraint: (e) => postgresErrors.constraint(e) ?? mysqlErrors.constraint(e) ?? sqliteErrors.constraint(e),
  column: (e) => postgresErrors.column(e) ?? mysqlErrors.column(e) ?? sqliteErrors.column(e),
  unavailable: (e) => postgresErrors.unavailable(e) || mysqlErrors.unavailable(e) || sqliteErrors.unavailable(e),
  conflict: (e) => postgresErrors.conflict(e) || mysqlErrors.conflict(e) || sqliteErrors.conflict(e),
};

/** Whether the error says the database is down, unreachable, restarting, saturated or locked, for now. */
const unavailableBy = (errors: DialectErrors) => (e: DriverError) =>
  (typeof e.code === 'string' && SOCKET_CODES.has(e.code)) || errors.unavailable(e) || undefined;

/**
 * Whether `error` (a driver's, or one translated from it) says the database undid the whole transaction
 * for a conflict with another, as `errors` reads it: running it again may succeed.
 *
 * @example
 * ```ts
 * transactionConflict(new Error('Failed query', { cause: { code: 'ER_LOCK_DEADLOCK' } }), mysqlErrors); // true
 * ```
 */
export function transactionConflict(error: unknown, errors: DialectErrors = ANY_DATABASE): boolean {
  return alongChain(error, (e) => errors.conflict(e) || undefined) === true;
}

/**
 * Seconds a client is asked to wait before retrying a 503.
 *
 * @example
 * ```ts
 * const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
 * ```
 */
export const RETRY_AFTER_SECONDS = 1;

/**
 * The 503 `service_unavailable` error, with `Retry-After`: the database is
 * unreachable or did not answer in time.
 *
 * @example
 * ```ts
 * throw unavailableError('The database did not answer in time');
 * ```
 */
export function unavailableError(detail = 'The database is unavailable; try again later', cause?: unknown): HttpError {
  return new HttpError('service_unavailable', detail, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    ...(cause !== undefined && { cause }),
  });
}

/**
 * The {@link HttpError} for any database error: a constraint violation (409,
 * 422, see {@link constraintError}) or a database unavailable for now (503),
 * as `errors` (a dialect's; by default every dialect's) reads it; `undefined`
 * for other errors (and for `HttpError`s, which pass as they are).
 *
 * @example
 * ```ts
 * try {
 *   await exec.run(statement, []);
 * } catch (error) {
 *   throw databaseError(error, (column) => postModel.fieldOf(column), postModel.dialect.errors) ?? error;
 * }
 * ```
 */
export function databaseError(
  error: unknown,
  fieldOf?: (column: string) => string | undefined,
  errors: DialectErrors = ANY_DATABASE,
): HttpError | undefined {
  if (error instanceof HttpError) return undefined;
  const constraint = constraintError(error, errors, fieldOf);
  if (constraint) return constraint;
  return alongChain(error, unavailableBy(errors)) ? unavailableError(undefined, DatabaseError.from(error)) : undefined;
}

/**
 * What a client may see of a database error: a constraint violation or an
 * unavailable database as its {@link HttpError}; what running `statement`
 * threw as a {@link DatabaseError} without its values, however bare the
 * driver's error; anything else redacted when it comes from a driver.
 * `errors` is the database's dialect's, by default every dialect's.
 *
 * @example
 * ```ts
 * try {
 *   await exec.run(statement, []);
 * } catch (error) {
 *   throw translateDatabaseError(error, (column) => postModel.fieldOf(column), statement.sql);
 * }
 * ```
 */
export function translateDatabaseError(
  error: unknown,
  fieldOf?: (column: string) => string | undefined,
  statement?: string,
  errors: DialectErrors = ANY_DATABASE,
): unknown {
  const known = databaseError(error, fieldOf, errors);
  if (known) return known;
  if (statement !== undefined && !(error instanceof HttpError)) return DatabaseError.from(error, statement);
  return redactDriverError(error);
}
