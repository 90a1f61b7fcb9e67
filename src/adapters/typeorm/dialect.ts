/**
 * The few SQL differences between the databases the adapter speaks to, read
 * once from a TypeORM `DataSource`: identifier quoting and placeholders come
 * from TypeORM's own driver, the rest from the driver type.
 *
 * @module
 */
import type { DataSource } from 'typeorm';
import { type NamedStatement, statementNamer } from './named-statement.ts';

/** The database families the adapter writes SQL for. */
export type Family = 'postgres' | 'mysql' | 'sqlite';

/** SQL spelling of one database. */
export interface Dialect {
  readonly family: Family;
  /** `INSERT/UPDATE/DELETE … RETURNING` is available (PostgreSQL, SQLite ≥ 3.35; not MySQL/MariaDB). */
  readonly returning: boolean;
  /** An array binds as one SQL array parameter (`col = ANY($1)`): the `pg` driver (PostgreSQL, CockroachDB). */
  readonly arrayParams: boolean;
  /** Quotes an identifier. */
  escape(name: string): string;
  /** The placeholder of the `index`-th (0-based) parameter. */
  param(index: number): string;
  /**
   * A statement as the query runner should get it: on PostgreSQL (`pg`) a
   * {@link NamedStatement}, parsed once per connection; elsewhere the text.
   */
  statement(sql: string): string | NamedStatement;
}

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
  const placeholders: string[] = [];
  dialect = {
    family,
    returning: family !== 'mysql',
    arrayParams: type === 'postgres' || type === 'cockroachdb',
    escape: (name) => driver.escape(name),
    param: (index) => {
      placeholders[index] ??= driver.createParameter(`p${index}`, index);
      return placeholders[index];
    },
    statement: type === 'postgres' ? statementNamer() : (sql) => sql,
  };
  dialects.set(dataSource, dialect);
  return dialect;
}

/**
 * Collects the values of one statement and hands out their placeholders.
 *
 * @example
 * ```ts
 * const params = new SqlParams(dialect);
 * const where = `${column} = ${params.add(42)}`;
 * await manager.query(`SELECT … WHERE ${where}`, params.values);
 * ```
 */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.param(this.values.length - 1);
  }
}
