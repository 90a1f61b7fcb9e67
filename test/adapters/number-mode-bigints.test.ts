/**
 * Drizzle's number-mode 64-bit integers (`bigint({ mode: 'number' })`, MySQL's `serial`), the one way an
 * `integer` field's column holds values past 2^53 on PostgreSQL and MariaDB, through HTTP: a stored value
 * past ±(2^53 − 1), read lossily by the driver, is a 409 naming the field on a read, a list and the create
 * that reads its new key back, never a neighbouring number.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import mysql from 'mysql2/promise';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import pgClient from 'pg';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const PAST_SAFE = 'an integer outside -9007199254740991 to 9007199254740991, which no response can express';

/** A `counter` table whose key and count are 8-byte integers Drizzle reads as numbers, on `target`. */
function counterOf(target: DatabaseTarget) {
  if (target.dialect === 'postgres') {
    const table = pg.pgTable('nm_counter', {
      id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
      n: pg.bigint('n', { mode: 'number' }),
    });
    const pool = new pgClient.Pool({ connectionString: target.url, max: 2 });
    pool.on('error', () => {});
    const db: DrizzleDatabase = drizzlePg(pool);
    return {
      table,
      db,
      ddl: ['DROP TABLE IF EXISTS nm_counter', 'CREATE TABLE nm_counter (id BIGSERIAL PRIMARY KEY, n BIGINT)'],
      nextKey: "SELECT setval('nm_counter_id_seq', 9007199254740992)",
      run: async (sql: string) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  const table = my.mysqlTable('nm_counter', {
    id: my.serial('id').primaryKey(),
    n: my.bigint('n', { mode: 'number' }),
  });
  const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
  const db: DrizzleDatabase = drizzleMysql(pool, { mode: 'default' });
  return {
    table,
    db,
    ddl: ['DROP TABLE IF EXISTS nm_counter', 'CREATE TABLE nm_counter (id SERIAL PRIMARY KEY, n BIGINT)'],
    nextKey: 'ALTER TABLE nm_counter AUTO_INCREMENT = 9007199254740993',
    run: async (sql: string) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}

for (const target of databaseTargets().filter((t) => t.dialect !== 'sqlite')) {
  test(`${target.dialect}: a number-mode integer past 2^53 is a 409 naming it, and so is a create's new key`, async () => {
    const counter = counterOf(target);
    try {
      for (const statement of counter.ddl) await counter.run(statement);
      await counter.run('INSERT INTO nm_counter (id, n) VALUES (1, 9007199254740993), (2, 7)');
      const adapter = new DrizzleAdapter({ model: counter.table, db: counter.db });
      const app = await routersApp('fastify', [
        new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/c' }),
      ]);
      try {
        assert.deepEqual((await call(app, 'GET', '/c/2')).body, { id: 2, n: 7 });
        for (const url of ['/c/1', '/c']) {
          const read = await call(app, 'GET', url);
          assert.deepEqual([read.status, read.body.detail], [409, `The stored n is ${PAST_SAFE}`], url);
        }
        await counter.run(counter.nextKey);
        const created = await call(app, 'POST', '/c', { n: 3 });
        assert.deepEqual([created.status, created.body.detail], [409, `The stored id is ${PAST_SAFE}`]);
      } finally {
        await app.close();
      }
    } finally {
      await counter.close();
    }
  });
}
