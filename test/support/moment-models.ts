/**
 * The `moment` table (a `date` field `day`, a `datetime` field `at`) on every
 * ORM and database, each with raw SQL on the ORM's own connection that reads
 * the stored values as text: the day, and the instant in UTC.
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

const require = createRequire(import.meta.url);
type Rows = Record<string, unknown>[];

export type Orm = 'drizzle' | 'typeorm' | 'sequelize';

export interface MomentHarness {
  readonly adapter: ORMAdapterBase;
  /** Runs harness SQL (`?` placeholders, "double quotes") on the ORM's connection. */
  sql(text: string): Promise<Rows>;
  close(): Promise<void>;
}

const DDL: Record<Dialect, string> = {
  postgres: 'id SERIAL PRIMARY KEY, day DATE NULL, at TIMESTAMPTZ(3) NULL',
  mysql: 'id INT AUTO_INCREMENT PRIMARY KEY, day DATE NULL, at DATETIME(3) NULL',
  sqlite: 'id INTEGER PRIMARY KEY AUTOINCREMENT, day DATE NULL, at DATETIME NULL',
};

/** The stored row as text: `day` as the database holds it, `at` as `YYYY-MM-DD HH:MM:SS.mmm` in UTC. */
export const STORED: Record<Dialect, string> = {
  postgres: `SELECT day::text AS day, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS at FROM moment`,
  mysql: 'SELECT CAST(day AS CHAR) AS day, CAST(at AS CHAR) AS at FROM moment',
  // Drizzle keeps SQLite timestamps as epoch milliseconds, TypeORM and Sequelize as text.
  sqlite: `SELECT day, CASE typeof(at) WHEN 'integer' THEN strftime('%Y-%m-%d %H:%M:%f', at / 1000.0, 'unixepoch')
    ELSE strftime('%Y-%m-%d %H:%M:%f', replace(at, ' +', '+')) END AS at FROM moment`,
};

/** A SQLite column of kind `date` for Drizzle, which has no date type there: `YYYY-MM-DD` text. */
const sqliteDay = lite.customType<{ data: string; driverData: string }>({ dataType: () => 'date' });

function drizzleTable(dialect: Dialect) {
  if (dialect === 'postgres')
    return pgc.pgTable('moment', {
      id: pgc.serial('id').primaryKey(),
      day: pgc.date('day', { mode: 'date' }),
      at: pgc.timestamp('at', { withTimezone: true, precision: 3 }),
    });
  if (dialect === 'mysql')
    return my.mysqlTable('moment', {
      id: my.int('id').autoincrement().primaryKey(),
      day: my.date('day'),
      at: my.datetime('at', { fsp: 3 }),
    });
  return lite.sqliteTable('moment', {
    id: lite.integer('id').primaryKey({ autoIncrement: true }),
    day: sqliteDay('day'),
    at: lite.integer('at', { mode: 'timestamp_ms' }),
  });
}

async function openDrizzle(target: DatabaseTarget): Promise<MomentHarness> {
  const model = drizzleTable(target.dialect);
  if (target.dialect === 'sqlite') {
    const client = createClient({ url: target.url });
    const sql = async (text: string) => {
      const result = await client.execute(text);
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
    const sql = async (text: string) => (await pool.query(text)).rows;
    return { adapter: new DrizzleAdapter({ db: drizzlePg(pool), model }), sql, close: () => pool.end() };
  }
  const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
  const sql = async (text: string) => {
    const [rows] = await pool.query(adaptSql('mysql', text));
    return Array.isArray(rows) ? (rows as Rows) : [];
  };
  return {
    adapter: new DrizzleAdapter({ db: drizzleMysql(pool, { mode: 'default' }), model }),
    sql,
    close: () => pool.end(),
  };
}

async function openTypeorm(target: DatabaseTarget): Promise<MomentHarness> {
  const at = { postgres: 'timestamptz', mysql: 'datetime', sqlite: 'datetime' } as const;
  const model = new EntitySchema<{ id: number; day: string | null; at: Date | null }>({
    name: 'moment',
    columns: {
      id: { type: 'int', primary: true, generated: 'increment' },
      day: { type: 'date', nullable: true },
      at: { type: at[target.dialect], precision: target.dialect === 'sqlite' ? undefined : 3, nullable: true },
    },
  });
  // On MariaDB, TypeORM writes DATETIME in the process's zone unless told UTC (docs/adapters.md).
  const zone = target.dialect === 'mysql' ? { timezone: 'Z' } : {};
  const options = { ...dataSourceOptions(target), ...zone, entities: [model] };
  if (target.dialect === 'sqlite') Object.assign(options, { driver: require('libsql') });
  const dataSource = await new DataSource(options).initialize();
  return {
    adapter: new TypeORMAdapter({ dataSource, model }),
    sql: (text) => dataSource.query(adaptSql(target.dialect, text)),
    close: () => dataSource.destroy(),
  };
}

async function openSequelize(target: DatabaseTarget): Promise<MomentHarness> {
  const sequelize = sequelizeOf(target);
  const model = sequelize.define(
    'moment',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      day: { type: DataTypes.DATEONLY, allowNull: true },
      at: { type: DataTypes.DATE(3), allowNull: true },
    },
    { tableName: 'moment', timestamps: false },
  );
  return {
    adapter: new SequelizeAdapter({ model }),
    sql: async (text) => {
      const [rows] = await sequelize.query(adaptSql(target.dialect, text));
      return Array.isArray(rows) ? (rows as Rows) : [];
    },
    close: () => sequelize.close(),
  };
}

/** The `moment` table of `orm` on `target`, created anew. */
export async function openMoments(orm: Orm, target: DatabaseTarget): Promise<MomentHarness> {
  const open = { drizzle: openDrizzle, typeorm: openTypeorm, sequelize: openSequelize }[orm];
  const harness = await open(target);
  await harness.sql('DROP TABLE IF EXISTS moment');
  await harness.sql(`CREATE TABLE moment (${DDL[target.dialect]})`);
  return harness;
}
