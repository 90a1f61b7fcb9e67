/**
 * MariaDB's unsigned integer columns through HTTP, with each ORM's way of
 * declaring one (Drizzle's `unsigned: true`, TypeORM's `unsigned: true`,
 * Sequelize's `.UNSIGNED`): a `bigint unsigned` takes 0 to 2^64 − 1 as a
 * decimal string, its largest value is stored, served and found by a filter,
 * and a negative one is a 422 naming the field, as a smaller unsigned
 * integer's; the document says so (a pattern without a sign, a minimum of 0).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { CRUDCollection, createOpenApiDocument, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

const url = process.env.TEST_MARIADB_URL;
const skip = !url && 'no MariaDB';
const MAX = '18446744073709551615';
const DDL = [
  'DROP TABLE IF EXISTS ui_counter',
  'CREATE TABLE ui_counter (id int AUTO_INCREMENT PRIMARY KEY, big bigint unsigned NULL, small smallint unsigned NULL, num bigint unsigned NULL)',
];

/** Each ORM's model of `ui_counter`; only Drizzle reads a `bigint` as a JavaScript number (`num`). */
const ORMS: Record<string, () => Promise<{ adapter: ORMAdapterBase; close(): Promise<void> }>> = {
  drizzle: async () => {
    const pool = mysql.createPool({ uri: url as string, connectionLimit: 2 });
    const counter = my.mysqlTable('ui_counter', {
      id: my.int('id').autoincrement().primaryKey(),
      big: my.bigint('big', { mode: 'bigint', unsigned: true }),
      small: my.smallint('small', { unsigned: true }),
      num: my.bigint('num', { mode: 'number', unsigned: true }),
    });
    const adapter = new DrizzleAdapter({ db: drizzle(pool, { mode: 'default' }), model: counter });
    return { adapter, close: () => pool.end() };
  },
  typeorm: async () => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'ui_counter',
      tableName: 'ui_counter',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        big: { type: 'bigint', unsigned: true, nullable: true },
        small: { type: 'smallint', unsigned: true, nullable: true },
      },
    });
    const dataSource = await new DataSource({ type: 'mysql', url, entities: [entity], poolSize: 2 }).initialize();
    return { adapter: new TypeORMAdapter({ dataSource, model: entity }), close: () => dataSource.destroy() };
  },
  sequelize: async () => {
    const sequelize = new Sequelize(url as string, { logging: false });
    const model = sequelize.define(
      'ui_counter',
      { big: DataTypes.BIGINT.UNSIGNED, small: DataTypes.SMALLINT.UNSIGNED },
      { tableName: 'ui_counter', timestamps: false },
    );
    return { adapter: new SequelizeAdapter({ model }), close: () => sequelize.close() };
  },
};

for (const [orm, open] of Object.entries(ORMS)) {
  describe(`unsigned integers on MariaDB [${orm}]`, { skip }, () => {
    let close: () => Promise<void>;
    let app: TestApp;
    let document: ReturnType<typeof createOpenApiDocument>;
    before(async () => {
      const pool = mysql.createPool({ uri: url as string, connectionLimit: 1 });
      for (const statement of DDL) await pool.query(statement);
      await pool.end();
      const opened = await open();
      close = opened.close;
      const router = new CRUDCollection({ ormAdapter: opened.adapter }).getRouter({ prefix: '/counters' });
      document = createOpenApiDocument([router], { info: { title: 't', version: '1' } });
      app = await routersApp('fastify', [router]);
    });
    after(async () => {
      await app?.close();
      await close?.();
    });

    test('a bigint unsigned takes 0 to 2^64 − 1, stored, served and found by a filter', async () => {
      const created = await call(app, 'POST', '/counters', { big: MAX, small: 65535 });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.deepEqual([created.body.big, created.body.small], [MAX, 65535]);
      assert.equal((await call(app, 'GET', `/counters/${created.body.id}`)).body.big, MAX);
      const found = await call(app, 'GET', `/counters?big=${MAX}`);
      assert.deepEqual([found.status, found.body.count], [200, 1], JSON.stringify(found.body));
      const zero = await call(app, 'PATCH', `/counters/${created.body.id}`, { big: '0', small: 0 });
      assert.equal(zero.status, 200, JSON.stringify(zero.body));
    });

    test('a negative value or one past 2^64 − 1 is a 422 naming the field; nothing is written', async () => {
      const refused: [object, string][] = [
        [{ big: '-1' }, 'body.big'],
        [{ big: '18446744073709551616' }, 'body.big'],
        [{ small: -1 }, 'body.small'],
        [{ small: 65536 }, 'body.small'],
        ...(orm === 'drizzle' ? [[{ num: -1 }, 'body.num'] as [object, string]] : []),
      ];
      const before = (await call(app, 'GET', '/counters')).body.count;
      for (const [body, path] of refused) {
        const res = await call(app, 'POST', '/counters', body);
        assert.deepEqual([res.status, res.body.errors?.[0]?.path], [422, path], JSON.stringify(res.body));
      }
      assert.equal((await call(app, 'GET', '/counters')).body.count, before);
      // A filter no such column holds matches no row.
      const past = await call(app, 'GET', '/counters?big=18446744073709551616');
      assert.deepEqual([past.status, past.body.count], [200, 0], JSON.stringify(past.body));
    });

    test('the document says so: a pattern without a sign, a minimum of 0', () => {
      const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
      const create = Object.entries(schemas).find(([name]) => name.endsWith('Create'))?.[1]?.properties ?? {};
      const big = JSON.stringify(create.big);
      assert.match(big, /"pattern":"\^\(\?:0\|\[1-9\]\[0-9\]\{0,19\}\)\$"/, big);
      const small = JSON.stringify(create.small);
      assert.match(small, /"minimum":0,"maximum":65535/, small);
      if (orm === 'drizzle') assert.match(JSON.stringify(create.num), /"minimum":0/);
    });
  });
}
