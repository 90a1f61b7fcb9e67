/**
 * The digits of decimal columns as every adapter reads them from its ORM's
 * model, on each database: a declared precision and scale, a precision alone
 * (scale 0), and none where the model declares none (a bare `numeric` or
 * `DECIMAL`, whatever the database's default: the table may differ) or where no
 * pattern bounds them (a scale past the precision). No database is reached.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import { CRUDCollection, createOpenApiDocument, type FieldMeta, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';

const noSession = async () => {
  throw new Error('no database in this test');
};
const digitsOf = (adapter: ORMAdapterBase) =>
  Object.fromEntries(adapter.describe().fields.map((f: FieldMeta) => [f.name, f.digits]));

describe('decimal digits', () => {
  test('Drizzle: numeric(p, s), numeric(p), bare numeric per database', () => {
    const pgTable = pg.pgTable('pg_price', {
      id: pg.serial('id').primaryKey(),
      exact: pg.numeric('exact', { precision: 12, scale: 2 }),
      whole: pg.numeric('whole', { precision: 5 }),
      any: pg.numeric('any'),
      odd: pg.numeric('odd', { precision: 2, scale: 4 }),
    });
    assert.deepEqual(digitsOf(new DrizzleAdapter({ model: pgTable, getSession: noSession })), {
      id: undefined,
      exact: { precision: 12, scale: 2 },
      whole: { precision: 5, scale: 0 },
      any: undefined,
      odd: undefined,
    });
    const myTable = my.mysqlTable('my_price', {
      id: my.serial('id').primaryKey(),
      exact: my.decimal('exact', { precision: 12, scale: 2 }),
      plain: my.decimal('plain'),
    });
    assert.deepEqual(digitsOf(new DrizzleAdapter({ model: myTable, getSession: noSession })), {
      id: undefined,
      exact: { precision: 12, scale: 2 },
      plain: undefined,
    });
    const liteTable = lite.sqliteTable('lite_price', {
      id: lite.integer('id').primaryKey(),
      any: lite.numeric('any'),
    });
    assert.deepEqual(digitsOf(new DrizzleAdapter({ model: liteTable, getSession: noSession })), {
      id: undefined,
      any: undefined,
    });
  });

  test('TypeORM: precision and scale, and none for a decimal declared without them', async () => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'Price',
      tableName: 'price',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        exact: { type: 'decimal', precision: 12, scale: 2 },
        whole: { type: 'numeric', precision: 5 },
        plain: { type: 'decimal' },
      },
    });
    const expected = {
      postgres: { exact: { precision: 12, scale: 2 }, whole: { precision: 5, scale: 0 }, plain: undefined },
      mysql: { exact: { precision: 12, scale: 2 }, whole: { precision: 5, scale: 0 }, plain: undefined },
      'better-sqlite3': { exact: { precision: 12, scale: 2 }, whole: { precision: 5, scale: 0 }, plain: undefined },
    } as const;
    for (const [type, digits] of Object.entries(expected)) {
      const dataSource =
        type === 'better-sqlite3'
          ? await memoryDataSource([entity])
          : new DataSource({ type: type as 'postgres' | 'mysql', database: 'none', entities: [entity] });
      // The metadata alone, without connecting: what `initialize()` builds first.
      if (!dataSource.isInitialized)
        await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
      const adapter = new TypeORMAdapter({ dataSource, model: entity });
      assert.deepEqual(digitsOf(adapter), { id: undefined, ...digits }, type);
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  });

  test('Sequelize: DECIMAL(p, s), DECIMAL(p), and DECIMAL per database', () => {
    for (const [dialect, plain] of [
      ['postgres', undefined],
      ['mysql', undefined],
      ['sqlite', undefined],
    ] as const) {
      const sequelize = new Sequelize({ dialect, logging: false });
      const model = sequelize.define(
        'price',
        {
          id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
          exact: DataTypes.DECIMAL(12, 2),
          whole: { type: DataTypes.DECIMAL(5) },
          plain: { type: DataTypes.DECIMAL },
        },
        { tableName: 'price', timestamps: false },
      );
      const adapter = new SequelizeAdapter({ model });
      assert.deepEqual(
        digitsOf(adapter),
        { id: undefined, exact: { precision: 12, scale: 2 }, whole: { precision: 5, scale: 0 }, plain },
        dialect,
      );
    }
  });

  test('the create schema of a decimal states its digits; a scale of 0 takes no point, a precision of the scale no whole digit', () => {
    const table = pg.pgTable('ratio', {
      id: pg.serial('id').primaryKey(),
      count: pg.numeric('count', { precision: 3 }),
      share: pg.numeric('share', { precision: 2, scale: 2 }),
      digit: pg.numeric('digit', { precision: 2, scale: 1 }),
    });
    const router = new CRUDCollection({
      ormAdapter: new DrizzleAdapter({ model: table, getSession: noSession }),
    }).getRouter({ prefix: '/ratios' });
    const doc = createOpenApiDocument([router], { info: { title: 't', version: '1' } });
    const create = (doc.components.schemas as Record<string, { properties: Record<string, { pattern?: string }> }>)
      .RatioCreate;
    const matches = (field: string, value: string) =>
      new RegExp(String(create?.properties[field]?.pattern)).test(value);
    assert.deepEqual(
      ['0', '999', '-999', '1000', '1.5', '1.'].map((v) => matches('count', v)),
      [true, true, true, false, false, false],
    );
    assert.deepEqual(
      ['0.99', '-0.5', '0', '1', '1.00', '0.999', '.5'].map((v) => matches('share', v)),
      [true, true, true, false, false, false, false],
    );
    assert.deepEqual(
      ['9.9', '0', '-1.5', '10', '1.25', '01'].map((v) => matches('digit', v)),
      [true, true, true, false, false, false],
    );
  });
});
