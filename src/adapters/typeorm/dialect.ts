/**
 * The engine dialect of a TypeORM `DataSource`, by its driver type.
 *
 * @module
 */

import { type Dialect, dialectsByName, mysqlDialect, postgresDialect, sqliteDialect } from 'ormcrud/adapter-kit';
import type { DataSource } from 'typeorm';

/** Each driver type's dialect; array parameters where the driver is node-postgres. */
const DIALECTS: Record<string, () => Dialect> = {
  postgres: () => postgresDialect(),
  cockroachdb: () => postgresDialect(),
  'aurora-postgres': () => postgresDialect({ arrayParams: false }),
  mysql: () => mysqlDialect(),
  mariadb: () => mysqlDialect(),
  'aurora-mysql': () => mysqlDialect(),
  'better-sqlite3': () => sqliteDialect(),
  sqlite: () => sqliteDialect(),
  sqljs: () => sqliteDialect(),
  capacitor: () => sqliteDialect(),
  cordova: () => sqliteDialect(),
  expo: () => sqliteDialect(),
  nativescript: () => sqliteDialect(),
  'react-native': () => sqliteDialect(),
};

/**
 * The dialect of a data source, made once per data source.
 *
 * @example
 * ```ts
 * dialectOf(dataSource).placeholder(0); // '$1' on PostgreSQL
 * ```
 */
export const dialectOf: (dataSource: DataSource) => Dialect = dialectsByName({
  adapter: 'TypeORMAdapter',
  called: 'driver',
  nameOf: (dataSource: DataSource) => dataSource.options.type,
  dialects: DIALECTS,
});
