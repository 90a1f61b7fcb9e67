/**
 * The digits of a second a date-time or time column keeps, as every adapter reads them from its ORM's
 * model, on each database: what the column declares, else its database's default (PostgreSQL 6, MySQL 0),
 * as each ORM creates it (TypeORM's MySQL create and update dates 6, Sequelize's PostgreSQL `DATE` always 6);
 * none on SQLite, which keeps what the ORM writes, but Drizzle's `timestamp` mode, which writes seconds.
 * Only fewer than a value carries (a date-time's 3, a time's 6) is a facet. No database is reached.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import type { FieldMeta, ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';

const noSession = async () => {
  throw new Error('no database in this test');
};
const secondsOf = (adapter: ORMAdapterBase) =>
  Object.fromEntries(
    adapter
      .describe()
      .fields.filter((f: FieldMeta) => f.name !== 'id')
      .map((f: FieldMeta) => [f.name, f.secondDigits]),
  );

describe('digits of a second', () => {
  test('Drizzle: precision and fsp, the database default, and SQLite timestamp modes', () => {
    const pgTable = pg.pgTable('pg_slot', {
      id: pg.serial('id').primaryKey(),
      whole: pg.timestamp('whole', { precision: 0 }),
      tenths: pg.timestamp('tenths', { withTimezone: true, precision: 1, mode: 'string' }),
      exact: pg.timestamp('exact', { precision: 3 }),
      fine: pg.timestamp('fine'),
      opens: pg.time('opens', { precision: 0 }),
      closes: pg.time('closes'),
    });
    assert.deepEqual(secondsOf(new DrizzleAdapter({ model: pgTable, getSession: noSession })), {
      whole: 0,
      tenths: 1,
      exact: undefined,
      fine: undefined,
      opens: 0,
      closes: undefined,
    });
    const myTable = my.mysqlTable('my_slot', {
      id: my.serial('id').primaryKey(),
      whole: my.datetime('whole'),
      stamp: my.timestamp('stamp', { mode: 'string' }),
      hundredths: my.datetime('hundredths', { fsp: 2 }),
      fine: my.datetime('fine', { fsp: 6 }),
      opens: my.time('opens'),
      closes: my.time('closes', { fsp: 6 }),
    });
    assert.deepEqual(secondsOf(new DrizzleAdapter({ model: myTable, getSession: noSession })), {
      whole: 0,
      stamp: 0,
      hundredths: 2,
      fine: undefined,
      opens: 0,
      closes: undefined,
    });
    const liteTable = lite.sqliteTable('lite_slot', {
      id: lite.integer('id').primaryKey(),
      seconds: lite.integer('seconds', { mode: 'timestamp' }),
      millis: lite.integer('millis', { mode: 'timestamp_ms' }),
    });
    assert.deepEqual(secondsOf(new DrizzleAdapter({ model: liteTable, getSession: noSession })), {
      seconds: 0,
      millis: undefined,
    });
  });

  test('TypeORM: precision, the database default, and create dates as each driver makes them', async () => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'Slot',
      tableName: 'slot',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        plain: { type: Date },
        whole: { type: Date, precision: 0 },
        exact: { type: Date, precision: 3 },
        created: { type: Date, createDate: true },
        opens: { type: 'time' },
      },
    });
    const expected = {
      postgres: { plain: undefined, whole: 0, exact: undefined, created: undefined, opens: undefined },
      mysql: { plain: 0, whole: 0, exact: undefined, created: undefined, opens: 0 },
      'better-sqlite3': { plain: undefined, whole: undefined, exact: undefined, created: undefined, opens: undefined },
    } as const;
    for (const [type, seconds] of Object.entries(expected)) {
      const dataSource =
        type === 'better-sqlite3'
          ? await memoryDataSource([entity])
          : new DataSource({ type: type as 'postgres' | 'mysql', database: 'none', entities: [entity] });
      if (!dataSource.isInitialized)
        await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
      assert.deepEqual(secondsOf(new TypeORMAdapter({ dataSource, model: entity })), seconds, type);
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  });

  test('Sequelize: DATE(n) and DATE as each dialect creates them, and TIME', () => {
    for (const [dialect, expected] of [
      ['postgres', { whole: undefined, exact: undefined, plain: undefined, opens: undefined, created_at: undefined }],
      ['mysql', { whole: 0, exact: undefined, plain: 0, opens: 0, created_at: 0 }],
      ['sqlite', { whole: undefined, exact: undefined, plain: undefined, opens: undefined, created_at: undefined }],
    ] as const) {
      const sequelize = new Sequelize({ dialect, logging: false });
      const model = sequelize.define(
        'slot',
        {
          id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
          whole: DataTypes.DATE(0),
          exact: DataTypes.DATE(3),
          plain: DataTypes.DATE,
          opens: DataTypes.TIME,
        },
        { tableName: 'slot', timestamps: true, createdAt: 'created_at', updatedAt: false },
      );
      assert.deepEqual(secondsOf(new SequelizeAdapter({ model })), expected, dialect);
    }
  });
});
