/**
 * Drizzle's string-mode date-times (`timestamp({ mode: 'string' })`,
 * `datetime({ mode: 'string' })`) through HTTP on PostgreSQL and MariaDB: the
 * wire's ISO 8601 text is stored as the instant it names, and read back as
 * ISO 8601 in UTC, as a date-mode column is; filters find it. A `Date` an
 * app's resolver sets is stored as its instant, to the millisecond.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Table } from 'drizzle-orm';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pgCore from 'drizzle-orm/pg-core';
import mysql from 'mysql2/promise';
import { CRUDCollection, CreateSchemaDependency } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import pg from 'pg';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

/** Create, read, filter and PATCH string-mode `at` and `atz` through HTTP; `/made` sets a `Date` of its own. */
async function roundTrip(db: unknown, model: Table): Promise<void> {
  const adapter = new DrizzleAdapter({ db: db as DrizzleDatabase, model });
  const made = () => ({ at: new Date('2024-01-06T03:04:05.678Z') });
  const own = new CRUDCollection({ ormAdapter: adapter, dependencyOverrides: [[CreateSchemaDependency, made]] });
  const app = await routersApp('fastify', [
    new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/e' }),
    own.getRouter({ prefix: '/made' }),
  ]);
  try {
    const dated = await call(app, 'POST', '/made', {});
    assert.equal(dated.status, 201, JSON.stringify(dated.body));
    assert.equal(dated.body.at, '2024-01-06T03:04:05.678Z');
    const created = await call(app, 'POST', '/e', { at: '2024-01-02T03:04:05Z', atz: '2024-01-02T04:04:05+01:00' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const instant = '2024-01-02T03:04:05.000Z';
    assert.deepEqual([created.body.at, created.body.atz], [instant, instant]);
    const found = (await call(app, 'GET', `/e?at=${instant}&atz=${instant}`)).body.data;
    assert.deepEqual(
      found.map((row: { id: number }) => row.id),
      [created.body.id],
    );
    const patched = await call(app, 'PATCH', `/e/${created.body.id}`, { at: '2024-05-06T07:08:09+02:00' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal((await call(app, 'GET', `/e/${created.body.id}`)).body.at, '2024-05-06T05:08:09.000Z');
  } finally {
    await app.close();
  }
}

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: string-mode timestamps, with and without a zone', { skip: !pgUrl && 'no PostgreSQL' }, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS sd_event');
    await pool.query('CREATE TABLE sd_event (id serial PRIMARY KEY, at timestamp(3), atz timestamptz(3))');
    const event = pgCore.pgTable('sd_event', {
      id: pgCore.serial('id').primaryKey(),
      at: pgCore.timestamp('at', { mode: 'string', precision: 3 }),
      atz: pgCore.timestamp('atz', { mode: 'string', precision: 3, withTimezone: true }),
    });
    await roundTrip(pgDrizzle(pool), event);
  } finally {
    await pool.end();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('MariaDB: string-mode datetime', { skip: !mysqlUrl && 'no MariaDB' }, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    await pool.query('DROP TABLE IF EXISTS sd_event');
    await pool.query(
      'CREATE TABLE sd_event (id int AUTO_INCREMENT PRIMARY KEY, at datetime(3) NULL, atz datetime(3) NULL)',
    );
    const event = my.mysqlTable('sd_event', {
      id: my.int('id').autoincrement().primaryKey(),
      at: my.datetime('at', { mode: 'string', fsp: 3 }),
      atz: my.datetime('atz', { mode: 'string', fsp: 3 }),
    });
    await roundTrip(mysqlDrizzle(pool, { mode: 'default' }), event);
  } finally {
    await pool.end();
  }
});

test('PostgreSQL: date-times read in a session zone other than UTC keep their instant at the ends of the range', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const edges = ['9999-12-31T23:00:00.000Z', '1000-01-01T03:00:00.000Z', '1850-06-01T12:00:00.000Z'];
  for (const zone of ['Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin']) {
    // Tokyo prints the first as year 10000, Los Angeles the second as year 999, Berlin the third in local mean time.
    const pool = new pg.Pool({ connectionString: pgUrl, max: 2, options: `-c timezone=${zone}` });
    try {
      await pool.query('DROP TABLE IF EXISTS ds_edge');
      await pool.query('CREATE TABLE ds_edge (id INT PRIMARY KEY, at TIMESTAMPTZ, at_s TIMESTAMPTZ)');
      for (const [i, at] of edges.entries()) await pool.query('INSERT INTO ds_edge VALUES ($1, $2, $2)', [i + 1, at]);
      const edge = pgCore.pgTable('ds_edge', {
        id: pgCore.integer('id').primaryKey(),
        at: pgCore.timestamp('at', { withTimezone: true }),
        at_s: pgCore.timestamp('at_s', { withTimezone: true, mode: 'string' }),
      });
      const adapter = new DrizzleAdapter({ db: pgDrizzle(pool), model: edge });
      const router = new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/edges' });
      const app = await routersApp('fastify', [router]);
      try {
        const res = await call(app, 'GET', '/edges');
        assert.equal(res.status, 200, `${zone}: ${JSON.stringify(res.body)}`);
        const read = res.body.data.map((row: { at: string; at_s: string }) => [row.at, row.at_s]);
        assert.deepEqual(
          read,
          edges.map((at) => [at, at]),
          zone,
        );
      } finally {
        await app.close();
      }
    } finally {
      await pool.end();
    }
  }
});
