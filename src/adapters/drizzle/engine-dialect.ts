/**
 * The engine dialect of each Drizzle dialect: how the engine writes SQL for
 * its tables.
 *
 * @module
 */
import { type Dialect, mysqlDialect, postgresDialect, sqliteDialect } from 'ormcrud/adapter-kit';
import type { DrizzleDialect } from './table-config.ts';

/**
 * The engine dialect of each Drizzle dialect, made afresh on each call.
 *
 * @example
 * ```ts
 * DIALECTS.mysql().quote('post'); // '`post`'
 * ```
 */
export const DIALECTS: Readonly<Record<DrizzleDialect, () => Dialect>> = {
  pg: () => postgresDialect(),
  mysql: () => mysqlDialect(),
  sqlite: () => sqliteDialect(),
};
