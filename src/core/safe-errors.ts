/**
 * Errors that may reach a log without the values a client sent. Driver errors
 * carry bound parameters (Drizzle's message ends in `params: …`, TypeORM and
 * Sequelize keep `parameters`, MySQL's `sql` has them inlined, messages quote
 * them); what the library throws or logs keeps the statement's shape and the
 * driver's code, never a value.
 *
 * @module
 */
import { type DriverError, errorChain, isDriverError } from './driver-errors.ts';
import { HttpError } from './errors.ts';

/** Drizzle's `Failed query: <sql>\nparams: <values>`. */
const DRIZZLE_FAILED_QUERY = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/;

/** Quoted text in a driver message: a value as often as a name, so it is taken out. */
const QUOTED = /'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/**
 * A driver message without any value: Drizzle's parameter list cut, quoted
 * text replaced by `'…'`.
 *
 * @example
 * ```ts
 * redactDriverMessage(`invalid input syntax for type integer: "hunter2"`); // invalid input syntax for type integer: "…"
 * ```
 */
export function redactDriverMessage(message: string): string {
  const drizzle = DRIZZLE_FAILED_QUERY.exec(message);
  if (drizzle) return `Failed query: ${drizzle[1]}`;
  return message.replace(QUOTED, (quoted) => `${quoted[0]}…${quoted[0]}`);
}

/**
 * A database failure that is no constraint violation (a missing table, a
 * lost connection, a bug), as adapters throw it: the driver's code, its
 * message with values taken out, and the statement with its placeholders,
 * but no bound value and no `cause` that would hold one.
 *
 * @example
 * ```ts
 * const error = new DatabaseError('Connection terminated', { code: '57P01', statement: 'SELECT * FROM post WHERE id = $1' });
 * ```
 */
export class DatabaseError extends Error {
  /** The driver's code: SQLSTATE, MySQL's `ER_…`, SQLite's `SQLITE_…`. */
  readonly code: string | undefined;
  /** The statement that failed, with placeholders where the values were. */
  readonly statement: string | undefined;

  constructor(message: string, options: { code?: string; statement?: string } = {}) {
    super(message);
    this.name = 'DatabaseError';
    this.code = options.code;
    this.statement = options.statement;
  }

  /** The redacted form of a driver error; `statement` is the SQL that was sent (with placeholders). */
  static from(error: unknown, statement?: string): DatabaseError {
    if (error instanceof DatabaseError) return error;
    const errors = errorChain(error);
    const driver = errors[errors.length - 1] ?? {};
    const code = errors.map((e) => e.code).find((c) => typeof c === 'string' || typeof c === 'number');
    const text = typeof driver.message === 'string' ? redactDriverMessage(driver.message) : 'failed';
    const drizzleQuery = errors.map((e) => e.query).find((q) => typeof q === 'string');
    return new DatabaseError(`Database error${code === undefined ? '' : ` ${code}`}: ${text}`, {
      ...(code !== undefined && { code: String(code) }),
      ...((statement ?? drizzleQuery) !== undefined && { statement: (statement ?? drizzleQuery) as string }),
    });
  }
}

/**
 * A driver's error (or one wrapping it) as a {@link DatabaseError}; anything
 * else (an `HttpError`, a bug of the caller) unchanged. Adapters throw what
 * this returns for every database error that is no constraint violation.
 *
 * @example
 * ```ts
 * const driverError = Object.assign(new Error('value too long'), { code: '22001' });
 * const safe = redactDriverError(driverError, 'INSERT INTO post (title) VALUES ($1)'); // a DatabaseError
 * ```
 */
export function redactDriverError(error: unknown, statement?: string): unknown {
  if (error instanceof HttpError || error instanceof DatabaseError || !isDriverError(error)) return error;
  return DatabaseError.from(error, statement);
}

/** What a log gets of an error: no enumerable property but these. */
export interface LoggableError {
  /** The error's name, also as `type` (pino's error serializer reads `name` from an object without a constructor). */
  readonly name: string;
  readonly type: string;
  readonly message: string;
  readonly stack: string;
  readonly code?: string;
  readonly statement?: string;
  readonly cause?: LoggableError;
}

const frames = (stack: unknown) =>
  typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];

/**
 * `error` as a log may show it: type, message, code, stack frames and cause,
 * with the message of a database driver's error (or of one that wraps it)
 * redacted, and none of its other properties (bound parameters, inlined SQL).
 *
 * @example
 * ```ts
 * app.log.error({ err: loggableError(new Error('boom')) }, 'unhandled error');
 * ```
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error))
    return logged({ type: typeof error, message: 'A non-Error value was thrown', stack: '' });
  const type = error.name || 'Error';
  const driver = isDriverError(error) && !(error instanceof DatabaseError);
  const message = driver ? redactDriverMessage(error.message) : error.message;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  const next = driver ? ((error as DriverError).driverError ?? (error as DriverError).parent ?? cause) : cause;
  return logged({
    type,
    message,
    stack: [`${type}: ${message}`, ...frames(error.stack)].join('\n'),
    ...((typeof code === 'string' || typeof code === 'number') && { code: String(code) }),
    ...(error instanceof DatabaseError && error.statement !== undefined && { statement: error.statement }),
    ...(next !== undefined && depth < 5 && { cause: loggableError(next, depth + 1) }),
  });
}

/** A prototype-less record, so a logger's error serializer keeps its `name` as the type. */
function logged(fields: Omit<LoggableError, 'name'>): LoggableError {
  return Object.assign(Object.create(null) as object, { name: fields.type, ...fields });
}
