/**
 * Database errors as {@link HttpError}s: unique and foreign-key violations are
 * 409 `conflict`, not-null and other data violations 422 `validation_failed`.
 * The SQL text never reaches the message. Drizzle wraps driver errors in a
 * `DrizzleQueryError` whose `cause` is the driver's error, so the whole cause
 * chain is searched.
 *
 * @module
 */
import { HttpError } from '../../core/errors.ts';

type Verdict = 'unique' | 'foreign_key' | 'not_null' | 'invalid';

interface DriverError {
  code?: unknown;
  errno?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  column?: unknown;
  message?: unknown;
  cause?: unknown;
}

const PG: Record<string, Verdict> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23502': 'not_null',
  '23514': 'invalid',
  '22001': 'invalid',
  '22003': 'invalid',
  '22007': 'invalid',
  '22008': 'invalid',
  '22P02': 'invalid',
};
const MYSQL: Record<number, Verdict> = {
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
const SQLITE: Record<string, Verdict> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
  SQLITE_CONSTRAINT_CHECK: 'invalid',
};
const SQLITE_RAW: Record<number, Verdict> = { 2067: 'unique', 1555: 'unique', 787: 'foreign_key', 1299: 'not_null' };

function verdictOf(e: DriverError): Verdict | undefined {
  if (typeof e.code === 'string') {
    const byCode = PG[e.code] ?? SQLITE[e.code];
    if (byCode) return byCode;
  }
  if (typeof e.extendedCode === 'string' && SQLITE[e.extendedCode]) return SQLITE[e.extendedCode];
  if (typeof e.rawCode === 'number' && SQLITE_RAW[e.rawCode]) return SQLITE_RAW[e.rawCode];
  if (typeof e.errno === 'number' && typeof e.code === 'string' && e.code.startsWith('ER_')) return MYSQL[e.errno];
  return undefined;
}

/** The column a not-null error names, when the driver says which (never the SQL). */
function columnOf(e: DriverError): string | undefined {
  if (typeof e.column === 'string' && e.column) return e.column;
  const message = typeof e.message === 'string' ? e.message : '';
  const mysql = /^(?:Column|Field) '([^']+)'/.exec(message);
  if (mysql) return mysql[1];
  const sqlite = /NOT NULL constraint failed: (?:[^.\s]+\.)?([^\s,]+)/.exec(message);
  return sqlite?.[1];
}

const DETAIL: Record<Verdict, string> = {
  unique: 'A record with the same unique value already exists',
  foreign_key: 'The operation conflicts with a related record',
  not_null: 'A required field is missing',
  invalid: 'A field value is not valid for the database',
};

/**
 * The {@link HttpError} for a database error, or `undefined` when the error is
 * not a constraint violation. `fieldOf` maps a column's SQL name to its field name.
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
  if (error instanceof HttpError) return undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as DriverError;
    const verdict = verdictOf(e);
    if (verdict === 'unique' || verdict === 'foreign_key') {
      return new HttpError('conflict', DETAIL[verdict], { cause: error });
    }
    if (verdict) {
      const column = columnOf(e);
      const field = column === undefined ? undefined : (fieldOf(column) ?? undefined);
      const errors = field ? [{ path: `body.${field}`, message: DETAIL[verdict] }] : undefined;
      return new HttpError('validation_failed', DETAIL[verdict], { cause: error, ...(errors ? { errors } : {}) });
    }
    current = e.cause;
  }
  return undefined;
}
