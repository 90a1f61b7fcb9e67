/**
 * A text column declared with enum values (Drizzle's `{ enum: [...] }`, PostgreSQL's text with a check), on
 * every database: a sort follows the values' declared order, as a native enum's does, with values holding
 * quotes and backslashes.
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
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import pgClient from 'pg';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

/** Declared out of every collation's order, with a quote and a backslash. */
const GRADES = ['zeta', "it's", 'a\\b', 'mid'] as const;

/** The table of a dialect on a new connection, a runner of raw statements, and its closing. */
function connect(target: DatabaseTarget) {
  if (target.dialect === 'sqlite') {
    const client = createClient({ url: target.url });
    const model = lite.sqliteTable('graded', {
      id: lite.integer('id').primaryKey({ autoIncrement: true }),
      grade: lite.text('grade', { enum: GRADES }),
    });
    const db: DrizzleDatabase = drizzleLibsql(client);
    const run = async (sql: string) => void (await client.execute(sql));
    return { model, db, run, close: async () => client.close(), id: 'INTEGER PRIMARY KEY AUTOINCREMENT' };
  }
  if (target.dialect === 'postgres') {
    const pool = new pgClient.Pool({ connectionString: target.url, max: 2 });
    pool.on('error', () => {});
    const model = pg.pgTable('graded', { id: pg.serial('id').primaryKey(), grade: pg.text('grade', { enum: GRADES }) });
    const db: DrizzleDatabase = drizzlePg(pool);
    return {
      model,
      db,
      run: async (sql: string) => void (await pool.query(sql)),
      close: () => pool.end(),
      id: 'SERIAL PRIMARY KEY',
    };
  }
  const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
  const model = my.mysqlTable('graded', {
    id: my.int('id').autoincrement().primaryKey(),
    grade: my.varchar('grade', { length: 10, enum: GRADES }),
  });
  const db: DrizzleDatabase = drizzleMysql(pool);
  const run = async (sql: string) => void (await pool.query(sql));
  return { model, db, run, close: () => pool.end(), id: 'INT AUTO_INCREMENT PRIMARY KEY' };
}

for (const target of databaseTargets()) {
  describe(`text enums [drizzle/${target.dialect}]`, () => {
    const connection = connect(target);
    let app: TestApp;
    before(async () => {
      await connection.run('DROP TABLE IF EXISTS graded');
      await connection.run(`CREATE TABLE graded (id ${connection.id}, grade VARCHAR(10) NULL)`);
      const adapter = new DrizzleAdapter({ db: connection.db, model: connection.model } as never);
      app = await routersApp('fastify', [new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/g' })]);
    });
    after(async () => {
      await app.close();
      await connection.close();
    });

    test('a sort follows the declared order, not the collation', async () => {
      for (const grade of ['mid', 'a\\b', 'zeta', "it's"]) {
        assert.equal((await call(app, 'POST', '/g', { grade })).status, 201, grade);
      }
      const asc = await call(app, 'GET', '/g?sort=grade');
      assert.deepEqual(
        asc.body.data.map((row: { grade: string }) => row.grade),
        GRADES,
      );
      const desc = await call(app, 'GET', '/g?sort=grade:desc');
      assert.deepEqual(
        desc.body.data.map((row: { grade: string }) => row.grade),
        [...GRADES].reverse(),
      );
    });
  });
}
