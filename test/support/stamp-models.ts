/**
 * The `stamp` table, keyed by a date-time `at` of microseconds, or of whole seconds (text on SQLite, as
 * `CURRENT_TIMESTAMP` writes it or an ORM does), with a `note`, on every ORM and database; raw SQL runs on
 * the ORM's own connection.
 */
import { createRequire } from 'node:module';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as pgc from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import type { ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pg from 'pg';
import { DataTypes } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { sequelizeOf } from '../fixtures/sequelize/target.ts';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { adaptSql, type DatabaseTarget, type Dialect } from './databases.ts';
import type { Orm } from './moment-models.ts';

const require = createRequire(import.meta.url);
type Rows = Record<string, unknown>[];

export interface StampHarness {
  readonly adapter: ORMAdapterBase;
  /** Runs harness SQL (`?` placeholders, "double quotes") on the ORM's connection. */
  sql(text: string, params?: unknown[]): Promise<Rows>;
  close(): Promise<void>;
}

/** The digits of a second `at` keeps on PostgreSQL and MariaDB: 6, or 0 (`whole`). */
export type StampDigits = 6 | 0;

const DDL: Record<Dialect, (digits: StampDigits) => string> = {
  postgres: (digits) => `at TIMESTAMPTZ(${digits}) PRIMARY KEY, note VARCHAR(20) NULL`,
  mysql: (digits) => `at DATETIME(${digits}) PRIMARY KEY, note VARCHAR(20) NULL`,
  sqlite: () => 'at DATETIME PRIMARY KEY, note VARCHAR(20) NULL',
};

/** Drizzle's SQLite has no date-time text: `YYYY-MM-DD HH:MM:SS.SSS` in UTC, read as UTC; written from a wire value. */
const sqliteText = lite.customType<{ data: Date; driverData: string }>({
  dataType: () => 'datetime',
  fromDriver: (value) => new Date(`${value.replace(' ', 'T')}Z`),
  toDriver: (value) => new Date(value).toISOString().replace('T', ' ').replace('Z', ''),
});

function drizzleTable(dialect: Dialect, digits: StampDigits) {
  if (dialect === 'postgres')
    return pgc.pgTable('stamp', {
      at: pgc.timestamp('at', { withTimezone: true, precision: digits }).primaryKey(),
      note: pgc.varchar('note', { length: 20 }),
    });
  if (dialect === 'mysql')
    return my.mysqlTable('stamp', {
      at: my.datetime('at', { fsp: digits }).primaryKey(),
      note: my.varchar('note', { length: 20 }),
    });
  return lite.sqliteTable('stamp', { at: sqliteText('at').primaryKey(), note: lite.text('note', { length: 20 }) });
}

async function openDrizzle(target: DatabaseTarget, digits: StampDigits): Promise<StampHarness> {
  const model = drizzleTable(target.dialect, digits);
  if (target.dialect === 'sqlite') {
    const client = createClient({ url: target.url });
    const sql = async (text: string, args: unknown[] = []) => {
      const result = await client.execute({ sql: text, args: args as never });
      return result.rows.map((row) => Object.fromEntries(result.columns.map((c) => [c, row[c]])));
    };
    return {
      adapter: new DrizzleAdapter({ db: drizzleLibsql(client), model }),
      sql,
      close: async () => client.close(),
    };
  }
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    const sql = async (text: string, args: unknown[] = []) => (await pool.query(adaptSql('postgres', text), args)).rows;
    return { adapter: new DrizzleAdapter({ db: drizzlePg(pool), model }), sql, close: () => pool.end() };
  }
  const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
  const sql = async (text: string, args: unknown[] = []) => {
    const [rows] = await pool.query(adaptSql('mysql', text), args);
    return Array.isArray(rows) ? (rows as Rows) : [];
  };
  const db = drizzleMysql(pool, { mode: 'default' });
  return { adapter: new DrizzleAdapter({ db, model }), sql, close: () => pool.end() };
}

async function openTypeorm(target: DatabaseTarget, digits: StampDigits): Promise<StampHarness> {
  const type = { postgres: 'timestamptz', mysql: 'datetime', sqlite: 'datetime' } as const;
  const model = new EntitySchema<{ at: Date; note: string | null }>({
    name: 'stamp',
    columns: {
      at: { type: type[target.dialect], precision: target.dialect === 'sqlite' ? undefined : digits, primary: true },
      note: { type: 'varchar', length: 20, nullable: true },
    },
  });
  const zone = target.dialect === 'mysql' ? { timezone: 'Z' } : {};
  const options = { ...dataSourceOptions(target), ...zone, entities: [model] };
  if (target.dialect === 'sqlite') Object.assign(options, { driver: require('libsql') });
  const dataSource = await new DataSource(options).initialize();
  return {
    adapter: new TypeORMAdapter({ dataSource, model }),
    sql: (text, params = []) => dataSource.query(adaptSql(target.dialect, text), params),
    close: () => dataSource.destroy(),
  };
}

async function openSequelize(target: DatabaseTarget, digits: StampDigits): Promise<StampHarness> {
  const sequelize = sequelizeOf(target);
  const model = sequelize.define(
    'stamp',
    { at: { type: DataTypes.DATE(digits), primaryKey: true }, note: { type: DataTypes.STRING(20), allowNull: true } },
    { tableName: 'stamp', timestamps: false },
  );
  return {
    adapter: new SequelizeAdapter({ model }),
    sql: async (text, bind = []) => {
      const [rows] = await sequelize.query(adaptSql(target.dialect, text, true), { bind });
      return Array.isArray(rows) ? (rows as Rows) : [];
    },
    close: () => sequelize.close(),
  };
}

/** The `stamp` table of `orm` on `target`, its key of `digits` digits of a second, created anew. */
export async function openStamps(orm: Orm, target: DatabaseTarget, digits: StampDigits = 6): Promise<StampHarness> {
  const open = { drizzle: openDrizzle, typeorm: openTypeorm, sequelize: openSequelize }[orm];
  const harness = await open(target, digits);
  await harness.sql('DROP TABLE IF EXISTS stamp');
  await harness.sql(`CREATE TABLE stamp (${DDL[target.dialect](digits)})`);
  return harness;
}
