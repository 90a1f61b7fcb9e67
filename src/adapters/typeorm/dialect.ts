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

/** How one raw value becomes the value the driver binds (`undefined`: as it is). */
export type Convert = ((value: unknown) => unknown) | undefined;

/**
 * The parameters of a statement as it is built: each `add` hands out the next
 * placeholder and records how its value converts. The statement's text then
 * serves every run; `bind` turns one run's raw values, in placeholder order,
 * into the driver's.
 *
 * @example
 * ```ts
 * const params = new SqlParams(dialect);
 * const sql = `SELECT … WHERE ${column} = ${params.add((v) => post.persist(info, v))}`;
 * await manager.query(sql, params.bind([42]));
 * ```
 */
export class SqlParams {
  readonly #converts: Convert[] = [];
  constructor(private readonly dialect: Dialect) {}

  /** The placeholder of the next parameter, whose value `convert` converts. */
  add(convert?: Convert): string {
    this.#converts.push(convert);
    return this.dialect.param(this.#converts.length - 1);
  }

  /** Converts one run's raw values in place (one per placeholder, in order) and returns them. */
  bind(raw: unknown[]): unknown[] {
    const converts = this.#converts;
    for (let i = 0; i < converts.length; i++) {
      const convert = converts[i];
      if (convert) raw[i] = convert(raw[i]);
    }
    return raw;
  }
}
