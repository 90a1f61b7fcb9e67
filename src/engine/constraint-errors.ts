/**
 * Constraint violations of SQL drivers as {@link HttpError}s: unique and
 * foreign-key violations are 409 `conflict`, not-null and other data
 * violations 422 `validation_failed` (naming the field where the driver
 * names the column). Codes are the drivers' own (PostgreSQL SQLSTATE,
 * MySQL/MariaDB errno, SQLite extended codes, or `sqlite3`'s
 * `SQLITE_CONSTRAINT` and its message), found anywhere along the error's chain.
 *
 * @module
 */
import { alongChain, type DriverError } from '../core/driver-errors.ts';
import { HttpError } from '../core/errors.ts';
import { DatabaseError } from '../core/safe-errors.ts';

/** The kinds of constraint violation the adapters translate. */
export type ConstraintKind = 'unique' | 'foreign_key' | 'not_null' | 'invalid';

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
