/**
 * A decoder of the app's own (a Drizzle custom type's `fromDriver`, a TypeORM
 * transformer's `from`) that fails on the row a call answers, through HTTP on
 * every database: a create's, an update's or a delete's answer as much as a
 * read's is an opaque 500, and the decoder's error is logged, never swallowed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import { CRUDCollection, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pgClient from 'pg';
import { DataSource, EntitySchema } from 'typeorm';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

/** The app's own decoder: it fails on the label `boom`. */
function fromDriver(value: unknown): string {
  if (value === 'boom') throw new Error('the label cannot be decoded');
  return value as string;
}

/** The table's DDL on each database. */
const DDL = {
  postgres: 'CREATE TABLE own_decoded (id SERIAL PRIMARY KEY, label VARCHAR(20))',
  mysql: 'CREATE TABLE own_decoded (id SERIAL PRIMARY KEY, label VARCHAR(20))',
  sqlite: 'CREATE TABLE own_decoded (id INTEGER PRIMARY KEY AUTOINCREMENT, label VARCHAR(20))',
};

/** A Drizzle table whose `label` has the app's own decoder, on a database of `target`. */
function drizzleOf(target: DatabaseTarget) {
  if (target.dialect === 'postgres') {
    const label = pg.customType<{ data: string }>({ dataType: () => 'varchar(20)', fromDriver });
    const table = pg.pgTable('own_decoded', { id: pg.serial('id').primaryKey(), label: label('label') });
    const pool = new pgClient.Pool({ connectionString: target.url, max: 2 });
    pool.on('error', () => {});
    const db: DrizzleDatabase = drizzlePg(pool);
    return { table, db, run: async (sql: string) => (await pool.query(sql)).rows, close: () => pool.end() };
  }
  if (target.dialect === 'mysql') {
    const label = my.customType<{ data: string }>({ dataType: () => 'varchar(20)', fromDriver });
    const table = my.mysqlTable('own_decoded', { id: my.serial('id').primaryKey(), label: label('label') });
    const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
    const db: DrizzleDatabase = drizzleMysql(pool, { mode: 'default' });
    return { table, db, run: async (sql: string) => (await pool.query(sql))[0], close: () => pool.end() };
  }
  const label = lite.customType<{ data: string }>({ dataType: () => 'varchar(20)', fromDriver });
  const table = lite.sqliteTable('own_decoded', {
    id: lite.integer('id').primaryKey({ autoIncrement: true }),
    label: label('label'),
  });
  const client = createClient({ url: target.url });
  const db: DrizzleDatabase = drizzleLibsql(client);
  return { table, db, run: async (sql: string) => (await client.execute(sql)).rows, close: async () => client.close() };
}

/** The TypeORM entity of the table, its transformer's `from` the app's own decoder. */
const entity = new EntitySchema<Record<string, unknown>>({
  name: 'OwnDecoded',
  tableName: 'own_decoded',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment' },
    label: { type: 'varchar', length: 20, nullable: true, transformer: { to: (value) => value, from: fromDriver } },
  },
});

/** An adapter of the table, a runner of raw statements on its database, and its closing. */
interface Opened {
  readonly adapter: ORMAdapterBase;
  run(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The suite on the adapter `open` makes, once the table is made anew. */
function suite(open: () => Promise<Opened>) {
  let opened: Opened;
  let app: TestApp;
  const logged: string[] = [];
  before(async () => {
    opened = await open();
    const things = new CRUDCollection({
      ormAdapter: opened.adapter,
      updateOutSchema: opened.adapter.generatePublicSchema(),
    });
    const log = (error: { message?: string }) => void logged.push(String(error.message));
    app = await routersApp('fastify', [things.getRouter({ prefix: '/things' })], { log });
  });
  after(async () => {
    await app.close();
    await opened.close();
  });

  test('a row the decoder fails on is a logged, opaque 500 on every route that answers it', async () => {
    const failed = (status: number, body: { detail?: unknown }) =>
      status === 500 && body.detail === 'Internal server error';
    const created = await call(app, 'POST', '/things', { label: 'boom' });
    assert.ok(failed(created.status, created.body), JSON.stringify(created.body));
    const kept = await call(app, 'POST', '/things', { label: 'kept' });
    assert.deepEqual([kept.status, kept.body.label], [201, 'kept']);
    const updated = await call(app, 'PATCH', `/things/${kept.body.id}`, { label: 'boom' });
    assert.ok(failed(updated.status, updated.body), JSON.stringify(updated.body));
    await opened.run("INSERT INTO own_decoded (label) VALUES ('boom')");
    const stored = (await opened.run('SELECT MAX(id) AS id FROM own_decoded')) as { id: number }[];
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await call(app, method, `/things/${stored[0]?.id}`);
      assert.ok(failed(answer.status, answer.body), `${method}: ${JSON.stringify(answer.body)}`);
    }
    assert.deepEqual(logged, Array(4).fill('the label cannot be decoded'));
  });
}

for (const target of databaseTargets()) {
  describe(`a failing decoder of the app's own [drizzle/${target.dialect}]`, () => {
    suite(async () => {
      const { table, db, run, close } = drizzleOf(target);
      for (const sql of ['DROP TABLE IF EXISTS own_decoded', DDL[target.dialect]]) await run(sql);
      return { adapter: new DrizzleAdapter({ db, model: table } as never), run, close };
    });
  });

  describe(`a failing decoder of the app's own [typeorm/${target.dialect}]`, () => {
    suite(async () => {
      const dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [entity] }).initialize();
      await dataSource.query('DROP TABLE IF EXISTS own_decoded');
      await dataSource.synchronize();
      const run = (sql: string) => dataSource.query(sql);
      return { adapter: new TypeORMAdapter({ dataSource, model: entity }), run, close: () => dataSource.destroy() };
    });
  });
}
