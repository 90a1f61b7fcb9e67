/**
 * A model that declares a decimal without digits (Drizzle's `decimal('price')`,
 * TypeORM's `type: 'decimal'`, Sequelize's `DataTypes.DECIMAL`) over a column a
 * migration made `DECIMAL(12,2)`: the API bounds no digits the model does not
 * state (MariaDB's default `DECIMAL(10, 0)` is not the column's), so it takes
 * what the column holds, through HTTP on each server database with each ORM.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import mysql from 'mysql2/promise';
import { CRUDCollection, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pgClient from 'pg';
import { DataTypes } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { sequelizeOf } from '../fixtures/sequelize/target.ts';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, testFrameworks } from '../support/framework-apps.ts';
import { openRaw } from '../support/raw-connection.ts';

const servers = databaseTargets().filter((target) => target.dialect !== 'sqlite');

/** An adapter of the bare-decimal model on `target`, and how to let its connections go. */
type Open = (target: DatabaseTarget) => Promise<{ adapter: ORMAdapterBase; close: () => Promise<unknown> }>;

const ORMS: Record<string, Open> = {
  Drizzle: async (target) => {
    if (target.dialect === 'postgres') {
      const pool = new pgClient.Pool({ connectionString: target.url, max: 2 });
      const table = pg.pgTable('bare_price', { id: pg.serial('id').primaryKey(), price: pg.numeric('price') });
      return { adapter: new DrizzleAdapter({ db: drizzlePg(pool), model: table }), close: () => pool.end() };
    }
    const pool = mysql.createPool({ uri: target.url, connectionLimit: 2 });
    const table = my.mysqlTable('bare_price', { id: my.serial('id').primaryKey(), price: my.decimal('price') });
    const db = drizzleMysql(pool, { mode: 'default' });
    return { adapter: new DrizzleAdapter({ db, model: table }), close: () => pool.end() };
  },
  TypeORM: async (target) => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'BarePrice',
      tableName: 'bare_price',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        price: { type: 'decimal', nullable: true },
      },
    });
    const dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [entity] }).initialize();
    return { adapter: new TypeORMAdapter({ dataSource, model: entity }), close: () => dataSource.destroy() };
  },
  Sequelize: async (target) => {
    const sequelize = sequelizeOf(target);
    const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
    const options = { tableName: 'bare_price', timestamps: false };
    const model = sequelize.define('bare_price', { id, price: { type: DataTypes.DECIMAL } }, options);
    return { adapter: new SequelizeAdapter({ model }), close: () => sequelize.close() };
  },
};

for (const target of servers) {
  for (const [orm, open] of Object.entries(ORMS)) {
    test(`${orm} on ${target.dialect}: a decimal the model gives no digits takes what its column holds`, async () => {
      const raw = await openRaw(target);
      const { adapter, close } = await open(target);
      const app = await routersApp(testFrameworks()[0] ?? 'fastify', [
        new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/prices' }),
      ]);
      try {
        await raw.sql('DROP TABLE IF EXISTS "bare_price"');
        const key = target.dialect === 'postgres' ? 'SERIAL' : 'INT AUTO_INCREMENT';
        await raw.sql(`CREATE TABLE "bare_price" ("id" ${key} PRIMARY KEY, "price" DECIMAL(12,2) NULL)`);
        for (const price of ['12.50', '1234567890.25', '-0.01', '7']) {
          const created = await call(app, 'POST', '/prices', { price });
          assert.equal(created.status, 201, `${price}: ${JSON.stringify(created.body)}`);
          assert.equal(Number(created.body.price), Number(price));
        }
        const patched = await call(app, 'PATCH', '/prices/1', { price: '9999999999.99' });
        assert.equal(patched.status, 200, JSON.stringify(patched.body));
        assert.equal((await call(app, 'GET', '/prices/1')).body.price, '9999999999.99');
        // Past the column's digits, the database refuses it: a 422, and nothing is written.
        const refused = await call(app, 'PATCH', '/prices/1', { price: '12345678901.5' });
        assert.equal(refused.status, 422, JSON.stringify(refused.body));
        assert.equal(
          Number((await raw.sql('SELECT "price" FROM "bare_price" WHERE "id" = 1'))[0]?.price),
          9999999999.99,
        );
      } finally {
        await app.close();
        await close();
        await raw.close();
      }
    });
  }
}
