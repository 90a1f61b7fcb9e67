/**
 * JSON columns beyond the product's, through HTTP on every database: a JSON
 * string that reads as JSON (`"123"`) stays a string in an included row (to
 * one and to many) and in each of Drizzle's JSON columns (`json`, `jsonb`,
 * SQLite's JSON blob); a column's own decoder gets what its ORM would give it:
 * a Drizzle custom type what the driver reads, a TypeORM transformer the value
 * parsed once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { eq, relations } from 'drizzle-orm';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pgClient from 'pg';
import { DataSource, EntitySchema } from 'typeorm';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { type DatabaseTarget, type Dialect, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

/** JSON strings that read as JSON, and values of other types. */
const VALUES: readonly unknown[] = ['123', 'true', 'null', '"q"', '[1]', '{"a":1}', 'x', 7, { a: '1' }, [true]];

/** What a custom JSON type's decoder made of the value it was given. */
const fromDriver = (value: unknown) => ({ given: value });
const custom = { toDriver: (value: unknown) => JSON.stringify(value), fromDriver };

/** The owner and item tables of a dialect, and their DDL: each of Drizzle's JSON columns, and a custom one. */
function tables(dialect: Dialect) {
  if (dialect === 'postgres') {
    const json = pg.customType<{ data: unknown; driverData: string }>({ dataType: () => 'jsonb', ...custom });
    const owner = pg.pgTable('json_owner', { id: pg.serial('id').primaryKey(), data: pg.jsonb('data') });
    const item = pg.pgTable('json_item', {
      id: pg.serial('id').primaryKey(),
      owner_id: pg.integer('owner_id').notNull(),
      data: pg.json('data'),
      custom: json('custom'),
    });
    const ddl = [
      'CREATE TABLE json_owner (id SERIAL PRIMARY KEY, data JSONB)',
      'CREATE TABLE json_item (id SERIAL PRIMARY KEY, owner_id INT NOT NULL, data JSON, custom JSONB)',
    ];
    return { owner, item, ddl };
  }
  if (dialect === 'mysql') {
    const json = my.customType<{ data: unknown; driverData: string }>({ dataType: () => 'json', ...custom });
    const owner = my.mysqlTable('json_owner', { id: my.serial('id').primaryKey(), data: my.json('data') });
    const item = my.mysqlTable('json_item', {
      id: my.serial('id').primaryKey(),
      owner_id: my.int('owner_id').notNull(),
      data: my.json('data'),
      custom: json('custom'),
    });
    const ddl = [
      'CREATE TABLE json_owner (id SERIAL PRIMARY KEY, data JSON)',
      'CREATE TABLE json_item (id SERIAL PRIMARY KEY, owner_id INT NOT NULL, data JSON, custom JSON)',
    ];
    return { owner, item, ddl };
  }
  const json = lite.customType<{ data: unknown; driverData: string }>({ dataType: () => 'json', ...custom });
  const owner = lite.sqliteTable('json_owner', {
    id: lite.integer('id').primaryKey({ autoIncrement: true }),
    data: lite.text('data', { mode: 'json' }),
  });
  const item = lite.sqliteTable('json_item', {
    id: lite.integer('id').primaryKey({ autoIncrement: true }),
    owner_id: lite.integer('owner_id').notNull(),
    data: lite.blob('data', { mode: 'json' }),
    custom: json('custom'),
  });
  const ddl = [
    'CREATE TABLE json_owner (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT)',
    'CREATE TABLE json_item (id INTEGER PRIMARY KEY AUTOINCREMENT, owner_id INTEGER NOT NULL, data BLOB, custom JSON)',
  ];
  return { owner, item, ddl };
}

/** A Drizzle database on `target` with `schema`, a runner of raw statements, and its closing. */
function connect(target: DatabaseTarget, schema: Record<string, unknown>) {
  if (target.dialect === 'sqlite') {
    const client = createClient({ url: target.url });
    const db: DrizzleDatabase = drizzleLibsql(client, { schema });
    return { db, run: async (sql: string) => void (await client.execute(sql)), close: async () => client.close() };
  }
  if (target.dialect === 'postgres') {
    const pool = new pgClient.Pool({ connectionString: target.url, max: 2 });
    pool.on('error', () => {});
    const db: DrizzleDatabase = drizzlePg(pool, { schema });
    return { db, run: async (sql: string) => void (await pool.query(sql)), close: () => pool.end() };
  }
  const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
  const db: DrizzleDatabase = drizzleMysql(pool, { schema, mode: 'default' });
  return { db, run: async (sql: string) => void (await pool.query(sql)), close: () => pool.end() };
}

for (const target of databaseTargets()) {
  describe(`JSON columns read once [drizzle/${target.dialect}]`, () => {
    const { owner, item, ddl } = tables(target.dialect);
    const schema = {
      owner,
      item,
      ownerRelations: relations(owner, ({ many }) => ({ items: many(item) })),
      itemRelations: relations(item, ({ one }) => ({
        owner: one(owner, { fields: [item.owner_id], references: [owner.id] }),
      })),
    } as Record<string, unknown>;
    const connection = connect(target, schema);
    let app: TestApp;
    before(async () => {
      for (const sql of ['DROP TABLE IF EXISTS json_item', 'DROP TABLE IF EXISTS json_owner', ...ddl]) {
        await connection.run(sql);
      }
      const collection = (model: typeof owner | typeof item) =>
        new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: connection.db, schema, model } as never) });
      app = await routersApp('fastify', [
        collection(owner).getRouter({ prefix: '/owners' }),
        collection(item).getRouter({ prefix: '/items' }),
      ]);
    });
    after(async () => {
      await app.close();
      await connection.close();
    });

    test('a JSON string stays a string in each JSON column and an included row', async () => {
      for (const data of VALUES) {
        const what = JSON.stringify(data);
        const parent = await call(app, 'POST', '/owners', { data });
        assert.deepEqual([parent.status, parent.body.data], [201, data], what);
        const child = await call(app, 'POST', '/items', { owner_id: parent.body.id, data });
        assert.deepEqual([child.status, child.body.data], [201, data], what);
        const read = await call(app, 'GET', `/items/${child.body.id}?include=owner`);
        assert.deepEqual([read.body.data, read.body.owner?.data], [data, data], what);
        const withItems = await call(app, 'GET', `/owners?id=${parent.body.id}&include=items`);
        assert.deepEqual(withItems.body.data[0]?.items[0]?.data, data, what);
      }
    });

    test("a custom type's decoder gets what the driver reads, as Drizzle gives it", async () => {
      // Every dialect's database selects alike.
      const db = connection.db as unknown as LibSQLDatabase;
      for (const data of VALUES) {
        const what = JSON.stringify(data);
        const parent = await call(app, 'POST', '/owners', { data: null });
        const child = await call(app, 'POST', '/items', { owner_id: parent.body.id, custom: data });
        const own = await db
          .select()
          .from(item as never)
          .where(eq(item.id, child.body.id));
        const drizzles = (own as { custom: unknown }[])[0]?.custom;
        assert.deepEqual([child.status, child.body.custom], [201, drizzles], what);
        const read = await call(app, 'GET', `/items/${child.body.id}`);
        const withItems = await call(app, 'GET', `/owners?id=${parent.body.id}&include=items`);
        assert.deepEqual([read.body.custom, withItems.body.data[0]?.items[0]?.custom], [drizzles, drizzles], what);
      }
    });
  });

  describe(`JSON columns read once [typeorm/${target.dialect}]`, () => {
    const type = target.dialect === 'sqlite' ? 'simple-json' : 'json';
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'JsonThing',
      tableName: 'json_thing',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        plain: { type, nullable: true },
        wrapped: { type, nullable: true, transformer: { to: (value) => value, from: fromDriver } },
      },
    });
    let dataSource: DataSource;
    let app: TestApp;
    before(async () => {
      dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [entity] }).initialize();
      await dataSource.query('DROP TABLE IF EXISTS json_thing');
      await dataSource.synchronize();
      const things = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: entity }) });
      app = await routersApp('fastify', [things.getRouter({ prefix: '/things' })]);
    });
    after(async () => {
      await app.close();
      await dataSource.query('DROP TABLE IF EXISTS json_thing');
      await dataSource.destroy();
    });

    test("a transformer's `from` gets the value parsed once", async () => {
      for (const value of VALUES) {
        const what = JSON.stringify(value);
        const created = await call(app, 'POST', '/things', { plain: value, wrapped: value });
        assert.deepEqual([created.status, created.body.plain, created.body.wrapped], [201, value, { given: value }]);
        const read = await call(app, 'GET', `/things/${created.body.id}`);
        assert.deepEqual([read.body.plain, read.body.wrapped], [value, { given: value }], what);
      }
    });
  });
}
