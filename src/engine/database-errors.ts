/**
 * SQL driver errors as {@link HttpError}s, shared by every adapter: a
 * constraint violation as `constraint-errors.ts` translates it; a database
 * that cannot be reached or answer now (connection refused or lost, server
 * shutting down, too many connections, SQLite busy) is 503
 * `service_unavailable` with `Retry-After`. The SQL text never reaches the
 * message; the original error, redacted to a `DatabaseError`, stays as `cause`.
 *
 * @module
 */

import { alongChain, type DriverError } from '../core/driver-errors.ts';
import { HttpError } from '../core/errors.ts';
import { DatabaseError, redactDriverError } from '../core/safe-errors.ts';
import { constraintError } from './constraint-errors.ts';

/**
 * Errors of a database that is down, unreachable, restarting, saturated or
 * locked, for now: the request may succeed later. Socket errors of Node;
 * PostgreSQL connection exceptions (SQLSTATE class 08), shutdowns (57P01-57P03),
 * too many connections, cancelled statements, lock and serialisation failures;
 * MySQL/MariaDB's client (2002, 2003, 2006, 2013) and server equivalents;
 * `pg`'s codeless connection messages; Sequelize's connection errors; SQLite
 * busy or locked.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
  '40001',
  '40P01',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'ER_QUERY_INTERRUPTED',
  'ER_QUERY_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
]);
const UNAVAILABLE_ERRNOS = new Set([
  1040, 1053, 1203, 1205, 1213, 1317, 1927, 1969, 2002, 2003, 2006, 2013, 3024, 4031,
]);
const UNAVAILABLE_NAMES = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionTimedOutError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeHostNotFoundError',
  'SequelizeHostNotReachableError',
]);
/** SQLite's busy and locked codes, plain or extended (`SQLITE_BUSY_SNAPSHOT`). */
const SQLITE_BUSY = /^SQLITE_(?:BUSY|LOCKED)/;
/** `pg` and `mysql2` report a lost or timed-out connection, and a pool shut down, by message only. */
const UNAVAILABLE_MESSAGES =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|Can't add new command when connection is in closed state|Pool is closed)/;

function isUnavailable(e: DriverError): true | undefined {
  const { code, errno, rawCode, extendedCode } = e;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || SQLITE_BUSY.test(code)))
    return true;
  if (typeof extendedCode === 'string' && SQLITE_BUSY.test(extendedCode)) return true;
  // SQLite's primary result code is the low byte: 5 busy, 6 locked.
  if (typeof rawCode === 'number' && ((rawCode & 0xff) === 5 || (rawCode & 0xff) === 6)) return true;
  if (typeof errno === 'number' && typeof code === 'string' && UNAVAILABLE_ERRNOS.has(errno)) return true;
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && code === undefined && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return undefined;
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
 * 422, see {@link constraintError}) or a database unavailable for now (503);
 * `undefined` for other errors (and for `HttpError`s, which pass as they are).
 *
 * @example
 * ```ts
 * try {
 *   await exec.run(statement, []);
 * } catch (error) {
 *   throw databaseError(error, (column) => postModel.fieldOf(column)) ?? error;
 * }
 * ```
 */
export function databaseError(error: unknown, fieldOf?: (column: string) => string | undefined): HttpError | undefined {
  if (error instanceof HttpError) return undefined;
  const constraint = constraintError(error, fieldOf);
  if (constraint) return constraint;
  return alongChain(error, isUnavailable) ? unavailableError(undefined, DatabaseError.from(error)) : undefined;
}

/**
 * What a client may see of a database error: a constraint violation or an
 * unavailable database as its {@link HttpError}; what running `statement`
 * threw as a {@link DatabaseError} without its values, however bare the
 * driver's error; anything else redacted when it comes from a driver.
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
): unknown {
  const known = databaseError(error, fieldOf);
  if (known) return known;
  if (statement !== undefined && !(error instanceof HttpError)) return DatabaseError.from(error, statement);
  return redactDriverError(error);
}
