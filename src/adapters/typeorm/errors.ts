/**
 * Database errors of TypeORM queries as `HttpError`s: TypeORM's
 * `QueryFailedError` carries the driver's error as `driverError`, which the
 * shared translation follows.
 *
 * @module
 */
import { translateDatabaseError } from 'ormcrud/adapter-kit';

/**
 * Rethrows a database error as an `HttpError` when it is a constraint violation
 * (409, 422) or the database is unavailable for now (503), otherwise as a
 * `DatabaseError` without bound values (`statement` is the SQL sent).
 *
 * @example
 * ```ts
 * try {
 *   await dataSource.manager.query('SELECT 1', []);
 * } catch (error) {
 *   translateDbError(error);
 * }
 * ```
 */
export function translateDbError(
  error: unknown,
  fieldOf?: (column: string) => string | undefined,
  statement?: string,
): never {
  throw translateDatabaseError(error, fieldOf, statement);
}
