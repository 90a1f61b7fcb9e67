/**
 * Database errors → `HttpError`: unique and foreign-key violations are 409
 * `conflict`, missing required values 422 `validation_failed`. The SQL text and
 * the driver's message never reach the client (the original stays as `cause`).
 *
 * @module
 */
import { HttpError } from 'crud-collection';
import { QueryFailedError } from 'typeorm';

type Code = 'unique' | 'foreign_key' | 'not_null' | 'invalid';

const PG: Record<string, Code> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23502': 'not_null',
  '23514': 'invalid',
  '22001': 'invalid',
  '22P02': 'invalid',
  '22003': 'invalid',
};
const MYSQL: Record<number, Code> = {
  1062: 'unique',
  1451: 'foreign_key',
  1452: 'foreign_key',
  1216: 'foreign_key',
  1217: 'foreign_key',
  1048: 'not_null',
  1364: 'not_null',
  1406: 'invalid',
  1264: 'invalid',
  3819: 'invalid',
  4025: 'invalid',
};
const SQLITE: Record<string, Code> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
  SQLITE_CONSTRAINT_CHECK: 'invalid',
};

/** The constraint class of a driver error, if it is one. */
export function constraintOf(error: unknown): Code | undefined {
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as
    | { code?: unknown; errno?: unknown; extendedCode?: unknown; rawCode?: unknown }
    | undefined;
  if (!driverError || typeof driverError !== 'object') return undefined;
  const { code, errno, extendedCode } = driverError;
  if (typeof code === 'string' && code in PG) return PG[code];
  if (typeof errno === 'number' && errno in MYSQL) return MYSQL[errno];
  for (const candidate of [extendedCode, code]) {
    if (typeof candidate === 'string' && candidate in SQLITE) return SQLITE[candidate];
  }
  return undefined;
}

const DETAIL: Record<Code, [code: 'conflict' | 'validation_failed', detail: string]> = {
  unique: ['conflict', 'A record with the same unique value already exists'],
  foreign_key: ['conflict', 'The record refers to a missing record, or is still referred to'],
  not_null: ['validation_failed', 'A required value is missing'],
  invalid: ['validation_failed', 'A value is out of range or invalid'],
};

/**
 * Rethrows a database error as an `HttpError` when it is a constraint violation,
 * otherwise unchanged.
 *
 * @example
 * ```ts
 * try { await manager.query(sql, params); } catch (error) { translateDbError(error); }
 * ```
 */
export function translateDbError(error: unknown): never {
  const constraint = constraintOf(error);
  if (!constraint) throw error;
  const [code, detail] = DETAIL[constraint];
  throw new HttpError(code, detail, { cause: error });
}
