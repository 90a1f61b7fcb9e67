/**
 * The {@link Dialect} of a TypeORM `DataSource`, read once: identifier quoting
 * and placeholders come from TypeORM's own driver, the rest from the driver
 * type. On PostgreSQL statements run as named prepared statements.
 *
 * @module
 */
import type { DataSource } from 'typeorm';
import { type Dialect, type Family, placeholders } from '../sql/dialect.ts';
import { statementNamer } from './named-statement.ts';

const FAMILIES: Record<string, Family> = {
  postgres: 'postgres',
  cockroachdb: 'postgres',
  'aurora-postgres': 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  'aurora-mysql': 'mysql',
  'better-sqlite3': 'sqlite',
  sqlite: 'sqlite',
  sqljs: 'sqlite',
  capacitor: 'sqlite',
  cordova: 'sqlite',
  expo: 'sqlite',
  nativescript: 'sqlite',
  'react-native': 'sqlite',
};

const dialects = new WeakMap<DataSource, Dialect>();

/**
 * The dialect of a data source, computed once per data source.
 *
 * @example
 * ```ts
 * const { escape, param } = dialectOf(dataSource);
 * const sql = `SELECT * FROM ${escape('user')} WHERE id = ${param(0)}`;
 * ```
 */
export function dialectOf(dataSource: DataSource): Dialect {
  let dialect = dialects.get(dataSource);
  if (dialect) return dialect;
  const { type } = dataSource.options;
  const family = FAMILIES[type];
  if (!family) throw new TypeError(`TypeORMAdapter does not support the "${type}" driver`);
  const driver = dataSource.driver;
  dialect = {
    family,
    returning: family !== 'mysql',
    arrayParams: type === 'postgres' || type === 'cockroachdb',
    escape: (name) => driver.escape(name),
    param: placeholders((index) => driver.createParameter(`p${index}`, index)),
    statement: type === 'postgres' ? statementNamer() : (sql) => sql,
  };
  dialects.set(dataSource, dialect);
  return dialect;
}
