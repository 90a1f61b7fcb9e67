/**
 * SQL driver errors as {@link HttpError}s, shared by every SQL adapter: unique
 * and foreign-key violations are 409 `conflict`, not-null and other data
 * violations 422 `validation_failed`; a database that cannot be reached or
 * answer now (connection refused or lost, server shutting down, too many
 * connections, SQLite busy) is 503 `service_unavailable` with `Retry-After`.
 * Codes are the drivers' own (PostgreSQL
 * SQLSTATE, MySQL/MariaDB errno, SQLite extended codes, or `sqlite3`'s
 * `SQLITE_CONSTRAINT` and its message), found anywhere along the error's
 * `cause` / `driverError` (TypeORM) / `parent` (Sequelize) chain. The SQL text never reaches the
 * message; the original error, redacted to a `DatabaseError`, stays as `cause`.
 *
 * @module
 */
import { HttpError } from '../core/errors.ts';
import { DatabaseError } from '../core/safe-errors.ts';

/** The kinds of constraint violation the adapters translate. */
export type ConstraintKind = 'unique' | 'foreign_key' | 'not_null' | 'invalid';

interface DriverError {
  name?: unknown;
  errors?: unknown;
  code?: unknown;
  errno?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  column?: unknown;
  message?: unknown;
  cause?: unknown;
  driverError?: unknown;
  parent?: unknown;
}

const PG: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23502': 'not_null',
  '23514': 'invalid',
  '22001': 'invalid',
  '22003': 'invalid',
  '22007': 'invalid',
  '22008': 'invalid',
  '22P02': 'invalid',
  // Text with U+0000 (character not in repertoire; in JSON, untranslatable).
  '22021': 'invalid',
  '22P05': 'invalid',
};
const MYSQL: Record<number, ConstraintKind> = {
  1062: 'unique',
  1451: 'foreign_key',
  1452: 'foreign_key',
  1216: 'foreign_key',
  1217: 'foreign_key',
  1048: 'not_null',
  1364: 'not_null',
  1406: 'invalid',
  1264: 'invalid',
  1292: 'invalid',
  1366: 'invalid',
  3819: 'invalid',
  4025: 'invalid',
};
const SQLITE: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
  SQLITE_CONSTRAINT_CHECK: 'invalid',
};
/** `sqlite3` reports only `SQLITE_CONSTRAINT`; its message says which constraint. */
const SQLITE_MESSAGES: [RegExp, ConstraintKind][] = [
  [/UNIQUE constraint failed/, 'unique'],
  [/FOREIGN KEY constraint failed/, 'foreign_key'],
  [/NOT NULL constraint failed/, 'not_null'],
  [/CHECK constraint failed/, 'invalid'],
];
const SQLITE_RAW: Record<number, ConstraintKind> = {
  2067: 'unique',
  1555: 'unique',
  787: 'foreign_key',
  1299: 'not_null',
};

function kindOf(e: DriverError): ConstraintKind | undefined {
  if (typeof e.code === 'string') {
    const byCode = PG[e.code] ?? SQLITE[e.code];
    if (byCode) return byCode;
  }
  if (typeof e.extendedCode === 'string' && SQLITE[e.extendedCode]) return SQLITE[e.extendedCode];
  if (typeof e.rawCode === 'number' && SQLITE_RAW[e.rawCode]) return SQLITE_RAW[e.rawCode];
  if (typeof e.errno === 'number' && typeof e.code === 'string' && e.code.startsWith('ER_')) return MYSQL[e.errno];
  if (e.code === 'SQLITE_CONSTRAINT' && typeof e.message === 'string') {
    return SQLITE_MESSAGES.find(([pattern]) => pattern.test(e.message as string))?.[1];
  }
  return undefined;
}

/** The column a not-null error names, when the driver says which. */
function columnOf(e: DriverError): string | undefined {
  if (typeof e.column === 'string' && e.column) return e.column;
  const message = typeof e.message === 'string' ? e.message : '';
  const mysql = /^(?:Column|Field) '([^']+)'/.exec(message);
  if (mysql) return mysql[1];
  return /NOT NULL constraint failed: (?:[^.\s]+\.)?([^\s,]+)/.exec(message)?.[1];
}

/** The first answer of `find` along an error's chain: TypeORM's `driverError`, Sequelize's `parent`, `cause`. */
function alongChain<T>(error: unknown, find: (e: DriverError) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as DriverError;
    const found = find(e);
    if (found !== undefined) return found;
    // Node's AggregateError (a host with several addresses) holds one error per address.
    current = e.driverError ?? e.parent ?? e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return undefined;
}

/** The violation a driver error stands for, and the driver error itself, searched along the cause chain. */
export function constraintOf(error: unknown): { kind: ConstraintKind; driverError: object } | undefined {
  return alongChain(error, (e) => {
    const kind = kindOf(e);
    return kind && { kind, driverError: e };
  });
}

const DETAIL: Record<ConstraintKind, string> = {
  unique: 'A record with the same unique value already exists',
  foreign_key: 'The record refers to a missing record, or is still referred to',
  not_null: 'A required field is missing',
  invalid: 'A field value is not valid for the database',
};

/**
 * The 422 PostgreSQL's own refusal of a value becomes (see {@link constraintError}), for a driver
 * that would alter the value instead of sending it (Sequelize escapes U+0000 as `\\0`).
 *
 * @example
 * ```ts
 * const values: unknown[] = ['a\u0000b'];
 * if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) throw invalidValueError();
 * ```
 */
export function invalidValueError(): HttpError {
  return new HttpError('validation_failed', DETAIL.invalid);
}

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
  'ER_QUERY_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
]);
const UNAVAILABLE_ERRNOS = new Set([1040, 1053, 1203, 1205, 1213, 1927, 1969, 2002, 2003, 2006, 2013, 3024, 4031]);
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

/** Seconds a client is asked to wait before retrying a 503. */
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
 * The {@link HttpError} for a database error, or `undefined` when it is not a
 * constraint violation. `fieldOf` maps a column's SQL name to its field name,
 * so a 422 can name the field.
 *
 * @example
 * ```ts
 * try {
 *   await exec.run(statement, []);
 * } catch (error) {
 *   throw constraintError(error, (column) => postModel.fieldOf(column)) ?? error;
 * }
 * ```
 */
export function constraintError(
  error: unknown,
  fieldOf: (column: string) => string | undefined = () => undefined,
): HttpError | undefined {
  if (error instanceof HttpError) return undefined;
  const found = constraintOf(error);
  if (!found) return undefined;
  const detail = DETAIL[found.kind];
  // The driver's error quotes values (MySQL's "Duplicate entry 'x'"); the cause keeps only its redacted form.
  const cause = DatabaseError.from(error);
  if (found.kind === 'unique' || found.kind === 'foreign_key') return new HttpError('conflict', detail, { cause });
  const column = columnOf(found.driverError as DriverError);
  const field = column === undefined ? undefined : fieldOf(column);
  const errors = field ? [{ path: `body.${field}`, message: detail }] : undefined;
  return new HttpError('validation_failed', detail, { cause, ...(errors && { errors }) });
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
