/**
 * Constraint violations of SQL drivers as {@link HttpError}s: unique and
 * foreign-key violations are 409 `conflict`, not-null and other data
 * violations 422 `validation_failed` (naming the field where the driver
 * names the column). Each dialect reads its drivers' codes; the error may be
 * anywhere along the chain an ORM wraps it in.
 *
 * @module
 */
import { alongChain, type DriverError } from '../core/driver-errors.ts';
import { HttpError } from '../core/errors.ts';
import { DatabaseError } from '../core/safe-errors.ts';
import type { DialectErrors } from './dialect.ts';

/** The kinds of constraint violation the adapters translate. */
export type ConstraintKind = 'unique' | 'foreign_key' | 'not_null' | 'invalid';

/**
 * The violation a driver error stands for, and the driver error itself, searched along the cause chain.
 *
 * @example
 * ```ts
 * constraintOf(new Error('Failed query', { cause: { code: '23505' } }), postModel.dialect.errors)?.kind; // 'unique' on PostgreSQL
 * ```
 */
export function constraintOf(
  error: unknown,
  errors: DialectErrors,
): { kind: ConstraintKind; driverError: DriverError } | undefined {
  return alongChain(error, (e) => {
    const kind = errors.constraint(e);
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
 * constraint violation as `errors` (a dialect's) reads it. `fieldOf` maps a
 * column's SQL name to its field name, so a 422 can name the field.
 *
 * @example
 * ```ts
 * try {
 *   await exec.run(statement, []);
 * } catch (error) {
 *   throw constraintError(error, postModel.dialect.errors, (column) => postModel.fieldOf(column)) ?? error;
 * }
 * ```
 */
export function constraintError(
  error: unknown,
  errors: DialectErrors,
  fieldOf: (column: string) => string | undefined = () => undefined,
): HttpError | undefined {
  if (error instanceof HttpError) return undefined;
  const found = constraintOf(error, errors);
  if (!found) return undefined;
  const detail = DETAIL[found.kind];
  // The driver's error quotes values (MySQL's "Duplicate entry 'x'"); the cause keeps only its redacted form.
  const cause = DatabaseError.from(error);
  if (found.kind === 'unique' || found.kind === 'foreign_key') return new HttpError('conflict', detail, { cause });
  const column = errors.column(found.driverError);
  const field = column === undefined ? undefined : fieldOf(column);
  const errorsOf = field ? [{ path: `body.${field}`, message: detail }] : undefined;
  return new HttpError('validation_failed', detail, { cause, ...(errorsOf && { errors: errorsOf }) });
}
