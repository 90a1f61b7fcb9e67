/**
 * Drizzle's `numeric({ mode: 'bigint' })` (MySQL's `decimal`) through HTTP:
 * an integer of its column's declared digits, any number where it declares
 * none, as a decimal column's digits are, never capped at 64 bits: what it
 * stores is served, written back and found by a filter, and the document
 * says so. On SQLite, whose numeric column holds an integer in 8 bytes (a
 * longer one as a double), it keeps the 64-bit range.
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
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import pg from 'pg';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const DIGITS_30 = '123456789012345678901234567890';
const DIGITS_40 = `${DIGITS_30}1234567890`;

/** The create schema's property of `name`, as JSON. */
function documented(document: ReturnType<typeof createOpenApiDocument>, name: string): string {
  const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
  const create = Object.entries(schemas).find(([schema]) => schema.endsWith('Create'))?.[1];
  return JSON.stringify(create?.properties?.[name]);
}

/** Serves `model` at `/amounts` and runs `check` on it. */
async function serve(
  db: unknown,
  model: Table,
  check: (
    app: Awaited<ReturnType<typeof routersApp>>,
    document: ReturnType<typeof createOpenApiDocument>,
  ) => Promise<void>,
): Promise<void> {
  const adapter = new DrizzleAdapter({ db: db as DrizzleDatabase, model });
  const router = new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/amounts' });
  const app = await routersApp('fastify', [router]);
  try {
    await check(app, createOpenApiDocument([router], { info: { title: 't', version: '1' } }));
  } finally {
    await app.close();
  }
}

/** A 30-digit column takes 30 digits, refuses 31 naming the field, and serves and finds what it stores. */
async function thirtyDigits(app: Awaited<ReturnType<typeof routersApp>>): Promise<number> {
  const created = await call(app, 'POST', '/amounts', { thirty: DIGITS_30 });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.thirty, DIGITS_30);
  const id = created.body.id;
  const negative = await call(app, 'PATCH', `/amounts/${id}`, { thirty: `-${DIGITS_30}` });
  assert.equal(negative.status, 200, JSON.stringify(negative.body));
  assert.equal((await call(app, 'GET', `/amounts/${id}`)).body.thirty, `-${DIGITS_30}`);
  const found = await call(app, 'GET', `/amounts?thirty=-${DIGITS_30}`);
  assert.deepEqual([found.status, found.body.count], [200, 1], JSON.stringify(found.body));
  for (const refused of [`${DIGITS_30}1`, '1.5']) {
    const res = await call(app, 'PATCH', `/amounts/${id}`, { thirty: refused });
    assert.deepEqual([res.status, res.body.errors?.[0]?.path], [422, 'body.thirty'], JSON.stringify(res.body));
  }
  return id;
}

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: numeric bigints of any digits, or of their declared ones', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS nb_amount');
    await pool.query('CREATE TABLE nb_amount (id serial PRIMARY KEY, wide numeric, thirty numeric(30))');
    const amount = pgCore.pgTable('nb_amount', {
      id: pgCore.serial('id').primaryKey(),
      wide: pgCore.numeric('wide', { mode: 'bigint' }),
      thirty: pgCore.numeric('thirty', { mode: 'bigint', precision: 30 }),
    });
    await serve(pgDrizzle(pool), amount, async (app, document) => {
      const id = await thirtyDigits(app);
      const written = await call(app, 'PATCH', `/amounts/${id}`, { wide: DIGITS_40 });
      assert.equal(written.status, 200, JSON.stringify(written.body));
      assert.equal((await call(app, 'GET', `/amounts/${id}`)).body.wide, DIGITS_40);
      assert.equal((await call(app, 'GET', `/amounts?wide=${DIGITS_40}`)).body.count, 1);
      const fraction = await call(app, 'PATCH', `/amounts/${id}`, { wide: '1.5' });
      assert.deepEqual([fraction.status, fraction.body.errors?.[0]?.path], [422, 'body.wide']);
      assert.match(documented(document, 'wide'), /"pattern":"\^-\?\(\?:0\|\[1-9\]\[0-9\]\*\)\$"/);
      assert.match(documented(document, 'thirty'), /\[0-9\]\{0,29\}/);
      assert.doesNotMatch(documented(document, 'thirty'), /64-bit/);
    });
  } finally {
    await pool.end();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('MariaDB: decimal bigints of their declared digits', { skip: !mysqlUrl && 'no MariaDB' }, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS nb_amount');
    await pool.query('CREATE TABLE nb_amount (id int AUTO_INCREMENT PRIMARY KEY, thirty decimal(30) NULL)');
    const amount = my.mysqlTable('nb_amount', {
      id: my.int('id').autoincrement().primaryKey(),
      thirty: my.decimal('thirty', { mode: 'bigint', precision: 30 }),
    });
    await serve(mysqlDrizzle(pool, { mode: 'default' }), amount, async (app, document) => {
      await thirtyDigits(app);
      assert.match(documented(document, 'thirty'), /\[0-9\]\{0,29\}/);
    });
  } finally {
    await pool.end();
  }
});

test('SQLite: a numeric bigint keeps the 64-bit range its column holds', async () => {
  const client = createClient({ url: ':memory:' });
  try {
    await client.execute('CREATE TABLE nb_amount (id INTEGER PRIMARY KEY, wide NUMERIC)');
    const amount = lite.sqliteTable('nb_amount', {
      id: lite.integer('id').primaryKey(),
      wide: lite.numeric('wide', { mode: 'bigint' }),
    });
    await serve(liteDrizzle(client), amount, async (app) => {
      const largest = await call(app, 'POST', '/amounts', { wide: '9223372036854775807' });
      assert.deepEqual([largest.status, largest.body.wide], [201, '9223372036854775807']);
      const past = await call(app, 'POST', '/amounts', { wide: '9223372036854775808' });
      assert.deepEqual([past.status, past.body.errors?.[0]?.path], [422, 'body.wide'], JSON.stringify(past.body));
    });
  } finally {
    client.close();
  }
});
