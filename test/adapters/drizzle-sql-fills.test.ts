/**
 * Drizzle's client-side fills that return `sql` (`$onUpdate(() => sql`revision + 1`)`, a `$defaultFn`
 * of SQL) through HTTP on SQLite, PostgreSQL and MariaDB: each write puts the SQL its function made
 * this time in the statement, its values bound, as Drizzle's own insert and update do. A given value
 * replaces the fill.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle as liteDrizzle } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pgCore from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import pg from 'pg';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

/** What the fills make: the revision's step (`1`: the text without a parameter), the next label's number. */
const made = { step: 1, label: 0 };
const bump = () => (made.step === 1 ? sql`revision + 1` : sql`revision + ${made.step}`);
/** A value with a quote, bound as a parameter of the SQL. */
const label = () => sql`lower(${`It's ${++made.label}`})`;

/** Boxes, and their items filled by SQL: `revision` on every update, `label` on create. */
const schemas = {
  sqlite: () => {
    const box = lite.sqliteTable('sf_box', { id: lite.integer('id').primaryKey() });
    const item = lite.sqliteTable('sf_item', {
      id: lite.integer('id').primaryKey(),
      box_id: lite.integer('box_id').references(() => box.id),
      name: lite.text('name').notNull(),
      revision: lite.integer('revision').notNull().default(1).$onUpdate(bump),
      label: lite.text('label').notNull().$defaultFn(label),
    });
    return { box, item };
  },
  pg: () => {
    const box = pgCore.pgTable('sf_box', { id: pgCore.serial('id').primaryKey() });
    const item = pgCore.pgTable('sf_item', {
      id: pgCore.serial('id').primaryKey(),
      box_id: pgCore.integer('box_id').references(() => box.id),
      name: pgCore.text('name').notNull(),
      revision: pgCore.integer('revision').notNull().default(1).$onUpdate(bump),
      label: pgCore.text('label').notNull().$defaultFn(label),
    });
    return { box, item };
  },
  mysql: () => {
    const box = my.mysqlTable('sf_box', { id: my.int('id').autoincrement().primaryKey() });
    const item = my.mysqlTable('sf_item', {
      id: my.int('id').autoincrement().primaryKey(),
      box_id: my.int('box_id').references(() => box.id),
      name: my.varchar('name', { length: 20 }).notNull(),
      revision: my.int('revision').notNull().default(1).$onUpdate(bump),
      label: my.varchar('label', { length: 20 }).notNull().$defaultFn(label),
    });
    return { box, item };
  },
};

/** Creates (alone and under a box) and updates items through HTTP, checking the SQL each fill made. */
async function roundTrip(db: unknown, tables: ReturnType<(typeof schemas)['pg']>): Promise<void> {
  made.step = 1;
  made.label = 0;
  const collection = (model: typeof tables.item | typeof tables.box) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: db as DrizzleDatabase, model }) });
  const boxes = collection(tables.box).addNestedCollection('/items', collection(tables.item));
  const app = await routersApp('fastify', [
    collection(tables.item).getRouter({ prefix: '/items' }),
    boxes.getRouter({ prefix: '/boxes' }),
  ]);
  try {
    const created = await call(app, 'POST', '/items', { name: 'a' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.revision, created.body.label], [1, "it's 1"]);
    const id = created.body.id;
    const revision = async () => (await call(app, 'GET', `/items/${id}`)).body.revision;
    const patch = async (body: object) => {
      const res = await call(app, 'PATCH', `/items/${id}`, body);
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    await patch({ name: 'b' });
    assert.equal(await revision(), 2);
    // Another text than the statement before: a statement of its own.
    made.step = 5;
    await patch({ name: 'c' });
    await patch({ name: 'd' });
    assert.equal(await revision(), 12);
    made.step = 1;
    await patch({ name: 'e' });
    assert.equal(await revision(), 13);
    await patch({ revision: 100 });
    assert.equal(await revision(), 100);

    const given = await call(app, 'POST', '/items', { name: 'f', label: 'Given' });
    assert.deepEqual([given.status, given.body.label], [201, 'Given']);
    const box = await call(app, 'POST', '/boxes', {});
    assert.equal(box.status, 201, JSON.stringify(box.body));
    const nested = await call(app, 'POST', `/boxes/${box.body.id}/items`, { name: 'g' });
    assert.equal(nested.status, 201, JSON.stringify(nested.body));
    assert.deepEqual([nested.body.box_id, nested.body.label], [box.body.id, "it's 2"]);
    const orphan = await call(app, 'POST', `/boxes/${box.body.id + 1}/items`, { name: 'h' });
    assert.equal(orphan.status, 404, JSON.stringify(orphan.body));
    const labels = (await call(app, 'GET', '/items?sort=id')).body.data.map((row: { label: string }) => row.label);
    assert.deepEqual(labels, ["it's 1", 'Given', "it's 2"]);
  } finally {
    await app.close();
  }
}

test('SQLite: SQL made by $onUpdate and $defaultFn', async () => {
  const client = createClient({ url: ':memory:' });
  try {
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute('CREATE TABLE sf_box (id INTEGER PRIMARY KEY)');
    await client.execute(
      'CREATE TABLE sf_item (id INTEGER PRIMARY KEY, box_id INTEGER REFERENCES sf_box (id), name TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1, label TEXT NOT NULL)',
    );
    await roundTrip(liteDrizzle(client), schemas.sqlite() as never);
  } finally {
    client.close();
  }
});

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: SQL made by $onUpdate and $defaultFn', { skip: !pgUrl && 'no PostgreSQL' }, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS sf_item, sf_box');
    await pool.query('CREATE TABLE sf_box (id serial PRIMARY KEY)');
    await pool.query(
      'CREATE TABLE sf_item (id serial PRIMARY KEY, box_id int REFERENCES sf_box (id), name text NOT NULL, revision int NOT NULL DEFAULT 1, label text NOT NULL)',
    );
    await roundTrip(pgDrizzle(pool), schemas.pg());
  } finally {
    await pool.end();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('MariaDB: SQL made by $onUpdate and $defaultFn', { skip: !mysqlUrl && 'no MariaDB' }, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS sf_item, sf_box');
    await pool.query('CREATE TABLE sf_box (id int AUTO_INCREMENT PRIMARY KEY)');
    await pool.query(
      'CREATE TABLE sf_item (id int AUTO_INCREMENT PRIMARY KEY, box_id int REFERENCES sf_box (id), name varchar(20) NOT NULL, revision int NOT NULL DEFAULT 1, label varchar(20) NOT NULL)',
    );
    const db = mysqlDrizzle(pool, { mode: 'default' });
    await roundTrip(db, schemas.mysql() as never);
    // No insert returns its row here: a key the SQL made leaves it unknown, which is said, not misread.
    await pool.query('DROP TABLE IF EXISTS sf_keyed');
    await pool.query('CREATE TABLE sf_keyed (id varchar(36) PRIMARY KEY, name varchar(20))');
    const keyed = my.mysqlTable('sf_keyed', {
      id: my
        .varchar('id', { length: 36 })
        .primaryKey()
        .$defaultFn(() => sql`UUID()`),
      name: my.varchar('name', { length: 20 }),
    });
    const adapter = new DrizzleAdapter({ db, model: keyed });
    await assert.rejects(adapter.createOne({ name: 'a' }), /key "id" is filled with SQL/);
    assert.deepEqual(await adapter.createOne({ id: 'mine', name: 'b' }), { id: 'mine', name: 'b' });
    const [rows] = await pool.query('SELECT id FROM sf_keyed');
    assert.deepEqual(rows, [{ id: 'mine' }]);
  } finally {
    await pool.end();
  }
});
