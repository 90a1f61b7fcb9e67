/**
 * A call inside the app's own transaction (a Sequelize CLS one, a TypeORM or
 * Drizzle `getSession` lending it) that waits on a lock past `timeoutMs` keeps
 * waiting: a 503 would leave its statements queued on the app's connection,
 * committed or broken by what the app sends next. On one pooled connection.
 * A create there that the database picks as a deadlock's victim is a 503.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { test } from 'node:test';
import { int, mysqlTable, varchar as myVarchar } from 'drizzle-orm/mysql-core';
import { drizzle as myDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import mysql from 'mysql2/promise';
import type { HttpError, ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pg from 'pg';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, type EntityManager, EntitySchema } from 'typeorm';
import { adaptSql, databaseTargets } from '../support/databases.ts';
import { openRaw, serverTarget } from '../support/raw-connection.ts';
import { useAsyncLocalStorageCls } from '../support/sequelize-cls.ts';

const TIMEOUT_MS = 300;

/** An adapter of `aw_child` whose calls join the app's transaction, and how the app runs one. */
interface App {
  child: ORMAdapterBase;
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const TABLES = {
  postgres:
    'CREATE TABLE "aw_child" ("id" SERIAL PRIMARY KEY, "parent_id" INT NOT NULL REFERENCES "aw_parent" ("id"), "name" VARCHAR(20) NOT NULL)',
  mysql:
    'CREATE TABLE `aw_child` (`id` INT AUTO_INCREMENT PRIMARY KEY, `parent_id` INT NOT NULL REFERENCES `aw_parent` (`id`), `name` VARCHAR(20) NOT NULL) ENGINE=InnoDB',
} as const;

async function sequelizeApp(url: string): Promise<App> {
  useAsyncLocalStorageCls();
  const sequelize = new Sequelize(url, { logging: false, pool: { max: 1 } });
  const model = sequelize.define(
    'aw_child',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      parent_id: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(20), allowNull: false },
    },
    { tableName: 'aw_child', timestamps: false },
  );
  return {
    child: new SequelizeAdapter({ model, timeoutMs: TIMEOUT_MS }),
    inTransaction: (work) => sequelize.transaction(() => work()),
    close: async () => {
      await sequelize.close();
      (Sequelize as unknown as { _cls?: unknown })._cls = undefined;
    },
  };
}

async function typeormApp(url: string, dialect: 'postgres' | 'mysql'): Promise<App> {
  const schema = new EntitySchema<{ id: number; parent_id: number; name: string }>({
    name: 'aw_child',
    tableName: 'aw_child',
    columns: {
      id: { type: Number, primary: true, generated: 'increment' },
      parent_id: { type: Number },
      name: { type: String, length: 20 },
    },
  });
  const pool = dialect === 'postgres' ? { max: 1 } : { connectionLimit: 1 };
  const dataSource = new DataSource({ type: dialect, url, entities: [schema], extra: pool });
  await dataSource.initialize();
  const store = new AsyncLocalStorage<EntityManager>();
  const getSession = () => store.getStore() ?? dataSource.manager;
  return {
    child: new TypeORMAdapter({ dataSource, model: schema, getSession, timeoutMs: TIMEOUT_MS }),
    inTransaction: (work) => dataSource.transaction((manager) => store.run(manager, work)),
    close: () => dataSource.destroy(),
  };
}

async function drizzleApp(url: string, dialect: 'postgres' | 'mysql'): Promise<App> {
  const store = new AsyncLocalStorage<unknown>();
  const open = () => {
    if (dialect === 'postgres') {
      const table = pgTable('aw_child', {
        id: serial().primaryKey(),
        parent_id: integer().notNull(),
        name: varchar({ length: 20 }).notNull(),
      });
      const parent = pgTable('aw_parent', { id: integer().primaryKey() });
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      return { table, parent, db: pgDrizzle(pool, { schema: { table, parent } }), end: () => pool.end() };
    }
    const table = mysqlTable('aw_child', {
      id: int().primaryKey().autoincrement(),
      parent_id: int().notNull(),
      name: myVarchar({ length: 20 }).notNull(),
    });
    const parent = mysqlTable('aw_parent', { id: int().primaryKey() });
    const pool = mysql.createPool({ uri: url, connectionLimit: 1 });
    return {
      table,
      parent,
      db: myDrizzle(pool, { schema: { table, parent }, mode: 'default' }),
      end: () => pool.end(),
    };
  };
  const { table, parent, db, end } = open();
  const getSession = () => (store.getStore() ?? db) as typeof db;
  const transaction = db.transaction.bind(db) as unknown as <T>(work: (tx: unknown) => Promise<T>) => Promise<T>;
  return {
    child: new DrizzleAdapter({ model: table, schema: { table, parent }, getSession, timeoutMs: TIMEOUT_MS } as never),
    inTransaction: (work) => transaction((tx) => store.run(tx, work)),
    close: end,
  };
}

/** Both tables afresh, parents 1 and 2. */
async function createTables(run: (text: string) => Promise<unknown>, dialect: 'postgres' | 'mysql'): Promise<void> {
  const parent = 'CREATE TABLE "aw_parent" ("id" INT PRIMARY KEY)';
  for (const text of ['DROP TABLE IF EXISTS "aw_child"', 'DROP TABLE IF EXISTS "aw_parent"', parent, TABLES[dialect]])
    await run(text);
  await run('INSERT INTO "aw_parent" ("id") VALUES (1), (2)');
}

const APPS = { sequelize: sequelizeApp, typeorm: typeormApp, drizzle: drizzleApp };

for (const target of databaseTargets().filter((t) => t.dialect !== 'sqlite')) {
  const dialect = target.dialect as 'postgres' | 'mysql';
  const sql = (raw: { sql(text: string): Promise<unknown> }, text: string) => raw.sql(adaptSql(dialect, text));
  for (const [orm, open] of Object.entries(APPS)) {
    test(`${orm}/${dialect}: a create in the app's transaction waits on a lock past timeoutMs, then commits or rolls back with it`, async () => {
      const holder = await openRaw(serverTarget(dialect));
      await createTables((text) => sql(holder, text), dialect);
      const app = await open(target.url, dialect);
      const names = async () =>
        ((await sql(holder, 'SELECT "name" FROM "aw_child" ORDER BY "id"')) as { name: string }[]).map(
          (row) => row.name,
        );
      try {
        for (const outcome of ['rolled back', 'committed']) {
          // Inserting under parent 1 waits for its key check's lock.
          await sql(holder, 'BEGIN');
          await sql(holder, 'SELECT "id" FROM "aw_parent" WHERE "id" = 1 FOR UPDATE');
          setTimeout(() => void sql(holder, 'COMMIT'), TIMEOUT_MS * 3);
          await app
            .inTransaction(async () => {
              await app.child.createOne({ parent_id: 2, name: `free ${outcome}` });
              await app.child.createOne({ parent_id: 1, name: `locked ${outcome}` });
              if (outcome === 'rolled back') throw new Error('the app rolls back');
            })
            .catch((error: Error) => assert.equal(error.message, 'the app rolls back'));
        }
        assert.deepEqual(await names(), ['free committed', 'locked committed']);
        await app.child.createOne({ parent_id: 1, name: 'next' });
        assert.deepEqual((await names()).at(-1), 'next');
      } finally {
        await app.close();
        await holder.close();
      }
    });
  }

  test(`drizzle/${dialect}: a create in the app's transaction picked as a deadlock's victim is a 503`, async () => {
    const holder = await openRaw(serverTarget(dialect));
    await createTables((text) => sql(holder, text), dialect);
    const app = await drizzleApp(target.url, dialect);
    const under1 = [
      {
        model: 'aw_parent',
        pkValues: { id: 1 },
        link: { childFields: ['parent_id'], parentFields: ['id'], childHoldsKey: true },
      },
    ];
    try {
      await sql(holder, 'INSERT INTO "aw_child" ("parent_id", "name") VALUES (2, \'first\')');
      // The holder writes more, so the database undoes the app's transaction, not the holder's.
      await sql(holder, 'BEGIN');
      await sql(holder, 'INSERT INTO "aw_child" ("parent_id", "name") VALUES (2, \'a\'), (2, \'b\'), (2, \'c\')');
      await sql(holder, 'SELECT "id" FROM "aw_parent" WHERE "id" = 1 FOR UPDATE');
      const refused = app.inTransaction(async () => {
        await app.child.updateOne({ id: 1 }, { name: 'touched' });
        const blocked = app.child.createOne({ name: 'victim' }, under1 as never);
        setTimeout(
          () => void sql(holder, 'UPDATE "aw_child" SET "name" = \'holder\' WHERE "id" = 1').catch(() => {}),
          200,
        );
        await blocked;
      });
      await assert.rejects(refused, (error: HttpError) => error.status === 503);
      await sql(holder, 'ROLLBACK');
      assert.deepEqual(await sql(holder, 'SELECT "name" FROM "aw_child"'), [{ name: 'first' }]);
    } finally {
      await app.close();
      await holder.close();
    }
  });

  test(`typeorm/${dialect}: a transaction a getSession generator lends gives up after timeoutMs, then rolls back`, async () => {
    const holder = await openRaw(serverTarget(dialect));
    await createTables((text) => sql(holder, text), dialect);
    const { child } = await typeormApp(target.url, dialect);
    const dataSource = (child as TypeORMAdapter).dataSource;
    const lent = new TypeORMAdapter({
      dataSource,
      model: 'aw_child',
      timeoutMs: TIMEOUT_MS,
      async *getSession() {
        const runner = dataSource.createQueryRunner();
        await runner.startTransaction();
        try {
          yield runner.manager;
          await runner.commitTransaction();
        } catch {
          await runner.rollbackTransaction();
        } finally {
          await runner.release();
        }
      },
    });
    try {
      await sql(holder, 'BEGIN');
      await sql(holder, 'SELECT "id" FROM "aw_parent" WHERE "id" = 1 FOR UPDATE');
      const start = performance.now();
      await assert.rejects(lent.createOne({ parent_id: 1, name: 'late' }), (error: HttpError) => error.status === 503);
      assert.ok(performance.now() - start < TIMEOUT_MS * 3);
      await sql(holder, 'COMMIT');
      await lent.createOne({ parent_id: 1, name: 'next' });
      assert.deepEqual(await sql(holder, 'SELECT "name" FROM "aw_child"'), [{ name: 'next' }]);
    } finally {
      await dataSource.destroy();
      await holder.close();
    }
  });
}
