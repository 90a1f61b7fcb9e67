/**
 * A NOT NULL JSON column through HTTP on every database: `null` in a create
 * or an update body is a 422 naming the field before any statement (never
 * the database's refusal), and the document's create and update bodies say
 * so, while its responses take `null` (a JSON `null` another program stored
 * is served). A nullable JSON column takes `null` as before.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import type { Table } from 'drizzle-orm';
import { drizzle as liteDrizzle } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pgCore from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import { CRUDCollection, createOpenApiDocument, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import pg from 'pg';
import { DataTypes, Sequelize } from 'sequelize';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

/** The document's `name` property of the schema whose name ends with `suffix`. */
function documented(document: ReturnType<typeof createOpenApiDocument>, suffix: string, name: string): unknown {
  const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  return Object.entries(schemas).find(([schema]) => schema.endsWith(suffix))?.[1]?.properties?.[name];
}

/**
 * Creates and updates through `adapter`'s routes; `rows` reads the table's `data` and `extra`, `storeNull`
 * (where the database has a JSON `null` distinct from SQL's) writes one into `data` as another program would.
 */
async function check(
  adapter: ORMAdapterBase,
  rows: () => Promise<unknown[]>,
  storeNull?: (id: number) => Promise<void>,
): Promise<void> {
  const router = new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/docs' });
  const document = createOpenApiDocument([router], { info: { title: 't', version: '1' } });
  assert.deepEqual(documented(document, 'Create', 'data'), { not: { type: 'null' } });
  assert.deepEqual(documented(document, 'Update', 'data'), { not: { type: 'null' } });
  assert.deepEqual(documented(document, 'Create', 'extra'), {});
  const app = await routersApp('fastify', [router]);
  try {
    const created = await call(app, 'POST', '/docs', { data: { a: 1 }, extra: null });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    const refused = [
      await call(app, 'POST', '/docs', { data: null }),
      await call(app, 'PATCH', `/docs/${id}`, { data: null, extra: [1] }),
    ];
    for (const res of refused) {
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.deepEqual(res.body.errors, [{ path: 'body.data', message: 'must not be null' }]);
    }
    assert.equal((await rows()).length, 1);
    const read = await call(app, 'GET', `/docs/${id}`);
    assert.deepEqual([read.body.data, read.body.extra], [{ a: 1 }, null]);
    if (storeNull) {
      await storeNull(id);
      const stored = await call(app, 'GET', `/docs/${id}`);
      assert.deepEqual([stored.status, stored.body.data], [200, null], JSON.stringify(stored.body));
    }
  } finally {
    await app.close();
  }
}

const serve = (db: unknown, model: Table) => new DrizzleAdapter({ db: db as DrizzleDatabase, model });

test('SQLite: a NOT NULL JSON column refuses null, naming it (Drizzle, Sequelize)', async () => {
  const client = createClient({ url: ':memory:' });
  try {
    await client.execute('CREATE TABLE nn_doc (id INTEGER PRIMARY KEY, data TEXT NOT NULL, extra TEXT)');
    const doc = lite.sqliteTable('nn_doc', {
      id: lite.integer('id').primaryKey(),
      data: lite.text('data', { mode: 'json' }).notNull(),
      extra: lite.text('extra', { mode: 'json' }),
    });
    const rows = async () => (await client.execute('SELECT data FROM nn_doc')).rows;
    await check(serve(liteDrizzle(client), doc), rows);
  } finally {
    client.close();
  }
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  try {
    const model = sequelize.define(
      'nn_doc',
      { data: { type: DataTypes.JSON, allowNull: false }, extra: DataTypes.JSON },
      { tableName: 'nn_doc', timestamps: false },
    );
    await model.sync();
    await check(new SequelizeAdapter({ model }), async () => (await sequelize.query('SELECT data FROM nn_doc'))[0]);
  } finally {
    await sequelize.close();
  }
});

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: a NOT NULL jsonb column refuses null, and serves a stored JSON null', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS nn_doc');
    await pool.query('CREATE TABLE nn_doc (id serial PRIMARY KEY, data jsonb NOT NULL, extra jsonb)');
    const doc = pgCore.pgTable('nn_doc', {
      id: pgCore.serial('id').primaryKey(),
      data: pgCore.jsonb('data').notNull(),
      extra: pgCore.jsonb('extra'),
    });
    const rows = async () => (await pool.query('SELECT data FROM nn_doc')).rows;
    const storeNull = async (id: number) => {
      await pool.query(`UPDATE nn_doc SET data = 'null'::jsonb WHERE id = $1`, [id]);
    };
    await check(serve(pgDrizzle(pool), doc), rows, storeNull);
  } finally {
    await pool.end();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('MariaDB: a NOT NULL json column refuses null, and serves a stored JSON null', {
  skip: !mysqlUrl && 'no MariaDB',
}, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS nn_doc');
    await pool.query('CREATE TABLE nn_doc (id int AUTO_INCREMENT PRIMARY KEY, data json NOT NULL, extra json NULL)');
    const doc = my.mysqlTable('nn_doc', {
      id: my.int('id').autoincrement().primaryKey(),
      data: my.json('data').notNull(),
      extra: my.json('extra'),
    });
    const rows = async () => (await pool.query('SELECT data FROM nn_doc'))[0] as unknown[];
    const storeNull = async (id: number) => {
      await pool.query(`UPDATE nn_doc SET data = 'null' WHERE id = ?`, [id]);
    };
    await check(serve(mysqlDrizzle(pool, { mode: 'default' }), doc), rows, storeNull);
  } finally {
    await pool.end();
  }
});
