/**
 * Integers past what a column holds (a 4-byte `integer` on PostgreSQL and
 * MariaDB), through HTTP on every ORM × database, and values an ORM's own
 * encoder refuses (a TypeORM transformer, a Drizzle custom type that throws),
 * on SQLite and PostgreSQL: a key in the path names no row (404, as any
 * missing row, own or a parent), a filter matches no row, a body value is a
 * 422 naming the field; never a 500 or a database error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import { CRUDCollection, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Pool } from 'pg';
import { DataSource, EntitySchema } from 'typeorm';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

const admin = { authorization: 'Bearer user-1' };
const json = { ...admin, 'content-type': 'application/json' };
const PAST = ['2147483648', '-2147483649', '4294967296'];

describeForum(
  'integers past their column',
  (s) => {
    test('a key past the column names no row: 404 on GET, PATCH and DELETE', async () => {
      const before = await s.rows('thread');
      for (const id of PAST) {
        assert.equal((await s.call('GET', `/threads/${id}`)).status, 404, id);
        const patch = await s.call('PATCH', `/threads/${id}`, JSON.stringify({ title: 'x' }), json);
        assert.deepEqual([patch.status, patch.body.code], [404, 'not_found'], id);
        assert.equal((await s.call('DELETE', `/threads/${id}`, undefined, admin)).status, 404, id);
      }
      assert.deepEqual(await s.rows('thread'), before);
    });

    test('a parent key past the column is a missing parent', async () => {
      for (const id of PAST) {
        const list = await s.call('GET', `/categories/${id}/threads`);
        assert.deepEqual([list.status, list.body.count, list.body.data], [200, 0, []], id);
        assert.deepEqual(list.body, (await s.call('GET', '/categories/999/threads')).body);
        assert.equal((await s.call('GET', `/categories/${id}/threads/1`)).status, 404, id);
        const created = await s.call('POST', `/categories/${id}/threads`, JSON.stringify({ title: 'x' }), json);
        assert.deepEqual([created.status, created.body.code], [404, 'parent_not_found'], id);
        const patch = await s.call('PATCH', `/categories/${id}/threads/1`, JSON.stringify({ title: 'x' }), json);
        assert.equal(patch.status, 404, id);
        assert.equal((await s.call('DELETE', `/categories/${id}/threads/1`, undefined, admin)).status, 404, id);
        assert.equal((await s.call('GET', `/categories/1/threads/${id}/posts`)).body.count, 0, id);
      }
      assert.equal((await s.rows('thread')).length, 3);
    });

    test('a filter past the column matches no row', async () => {
      for (const id of PAST) {
        const page = await s.call('GET', `/threads?category_id=${id}`);
        assert.deepEqual([page.status, page.body.count, page.body.data], [200, 0, []], id);
        const posts = await s.call('GET', `/categories/1/threads/1/posts?author_id=${id}`);
        assert.deepEqual([posts.status, posts.body.data], [200, []], id);
      }
    });

    test('a body value past the column is a 422 naming the field where the column is narrower', async () => {
      const res = await s.call('POST', '/threads', JSON.stringify({ category_id: 2147483648, title: 'x' }), json);
      if (s.target.dialect === 'sqlite') {
        // SQLite's integers hold 8 bytes: the value is fine, the category is missing.
        assert.equal(res.status, 409);
      } else {
        assert.equal(res.status, 422);
        assert.deepEqual(
          res.body.errors.map((e: { path: string }) => e.path),
          ['body.category_id'],
        );
      }
      const patch = await s.call('PATCH', '/threads/1', JSON.stringify({ category_id: -2147483649 }), json);
      assert.equal(patch.status, s.target.dialect === 'sqlite' ? 409 : 422);
      assert.equal((await s.rows('thread')).length, 3);
    });
  },
  { reset: 'each' },
);

/** The encoder of every column below: lowercase letters only, as an app's own check might be. */
const lettersOnly = (value: unknown) => {
  if (typeof value === 'string' && !/^[a-z]+$/.test(value)) throw new Error(`not letters: ${value}`);
  return value;
};

const REFUSED_DDL = [
  'CREATE TABLE ek_code (code varchar(20) PRIMARY KEY, label varchar(20) NOT NULL)',
  'CREATE TABLE ek_entry (id integer PRIMARY KEY, code_id varchar(20) NOT NULL REFERENCES ek_code (code), note varchar(20))',
  "INSERT INTO ek_code VALUES ('abc', 'x')",
  "INSERT INTO ek_entry VALUES (1, 'abc', 'n')",
];

/** `ek_code` and its `ek_entry` rows as TypeORM entities, every text column through a transformer that throws. */
function typeormModels() {
  const transformer = { to: lettersOnly, from: (value: unknown) => value };
  const code = new EntitySchema<Record<string, unknown>>({
    name: 'EkCode',
    tableName: 'ek_code',
    columns: {
      code: { type: 'varchar', length: 20, primary: true, transformer },
      label: { type: 'varchar', length: 20, transformer },
    },
    relations: { entries: { type: 'one-to-many', target: 'EkEntry', inverseSide: 'owner' } },
  });
  const entry = new EntitySchema<Record<string, unknown>>({
    name: 'EkEntry',
    tableName: 'ek_entry',
    columns: {
      id: { type: 'integer', primary: true },
      code_id: { type: 'varchar', length: 20, transformer },
      note: { type: 'varchar', length: 20, nullable: true, transformer },
    },
    relations: { owner: { type: 'many-to-one', target: 'EkCode', joinColumn: { name: 'code_id' } } },
  });
  return { code, entry };
}

/** Drizzle's relations of the two tables, whichever its dialect. */
function drizzleSchema<C extends pg.PgTable | lite.SQLiteTable>(code: C, entry: C) {
  const columns = (table: C) => table as unknown as Record<'code' | 'code_id', pg.AnyPgColumn>;
  return {
    code,
    entry,
    codeRelations: relations(code, ({ many }) => ({ entries: many(entry) })),
    entryRelations: relations(entry, ({ one }) => ({
      owner: one(code, { fields: [columns(entry).code_id], references: [columns(code).code] }),
    })),
  };
}

/** The same tables in Drizzle on SQLite, every text column of a custom type whose `toDriver` throws. */
function sqliteTables() {
  const letters = lite.customType<{ data: string }>({
    dataType: () => 'text',
    toDriver: (v) => lettersOnly(v) as string,
  });
  const code = lite.sqliteTable('ek_code', { code: letters('code').primaryKey(), label: letters('label').notNull() });
  const entry = lite.sqliteTable('ek_entry', {
    id: lite.integer('id').primaryKey(),
    code_id: letters('code_id').notNull(),
    note: letters('note'),
  });
  return drizzleSchema<lite.SQLiteTable>(code, entry);
}

/** The same in Drizzle on PostgreSQL. */
function postgresTables() {
  const letters = pg.customType<{ data: string }>({
    dataType: () => 'text',
    toDriver: (v) => lettersOnly(v) as string,
  });
  const code = pg.pgTable('ek_code', { code: letters('code').primaryKey(), label: letters('label').notNull() });
  const entry = pg.pgTable('ek_entry', {
    id: pg.integer('id').primaryKey(),
    code_id: letters('code_id').notNull(),
    note: letters('note'),
  });
  return drizzleSchema<pg.PgTable>(code, entry);
}

/** The two adapters of `orm` on `target`, the tables made and seeded; `query` runs SQL of the test's own. */
async function refusingAdapters(orm: 'typeorm' | 'drizzle', target: DatabaseTarget) {
  if (orm === 'typeorm') {
    const { code, entry } = typeormModels();
    const dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [code, entry] }).initialize();
    const query = (sql: string) => dataSource.query(sql) as Promise<unknown[]>;
    return {
      query,
      codes: new TypeORMAdapter({ dataSource, model: code }),
      entries: new TypeORMAdapter({ dataSource, model: entry }),
      close: () => dataSource.destroy(),
    };
  }
  if (target.dialect === 'sqlite') {
    const client = createClient({ url: ':memory:' });
    const schema = sqliteTables();
    const db = drizzle(client, { schema });
    return {
      query: async (sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row })),
      codes: new DrizzleAdapter({ db, model: schema.code, schema }),
      entries: new DrizzleAdapter({ db, model: schema.entry, schema }),
      close: async () => client.close(),
    };
  }
  const pool = new Pool({ connectionString: target.url, max: 2 });
  const schema = postgresTables();
  const db = pgDrizzle(pool, { schema });
  return {
    query: async (sql: string) => (await pool.query(sql)).rows,
    codes: new DrizzleAdapter({ db, model: schema.code, schema }),
    entries: new DrizzleAdapter({ db, model: schema.entry, schema }),
    close: () => pool.end(),
  };
}

for (const target of databaseTargets()) {
  if (target.dialect === 'mysql') continue;
  for (const orm of ['typeorm', 'drizzle'] as const) {
    describe(`values the ORM's encoder refuses [${orm}, ${target.dialect}]`, () => {
      const admin = { 'content-type': 'application/json' };
      let app: TestApp;
      let setup: Awaited<ReturnType<typeof refusingAdapters>>;
      const rows = async () => [
        await setup.query('SELECT code, label FROM ek_code ORDER BY code'),
        await setup.query('SELECT id, code_id, note FROM ek_entry ORDER BY id'),
      ];
      before(async () => {
        setup = await refusingAdapters(orm, target);
        await setup.query('DROP TABLE IF EXISTS ek_entry');
        await setup.query('DROP TABLE IF EXISTS ek_code');
        for (const sql of REFUSED_DDL) await setup.query(sql);
        const codes = new CRUDCollection({ ormAdapter: setup.codes as ORMAdapterBase });
        const entries = new CRUDCollection({ ormAdapter: setup.entries as ORMAdapterBase });
        codes.addNestedCollection('/entries', entries);
        app = await routersApp('fastify', [codes.getRouter({ prefix: '/codes' })]);
      });
      after(async () => {
        await app?.close();
        await setup?.close();
      });

      test('a key in the path it refuses names no row: 404 on GET, PATCH and DELETE', async () => {
        const before = await rows();
        assert.equal((await app.inject({ method: 'GET', url: '/codes/abc' })).statusCode, 200);
        assert.equal((await app.inject({ method: 'GET', url: '/codes/ab1' })).statusCode, 404);
        const patch = await app.inject({ method: 'PATCH', url: '/codes/ab1', headers: admin, payload: { label: 'y' } });
        assert.deepEqual([patch.statusCode, patch.json().code], [404, 'not_found'], patch.body);
        assert.equal((await app.inject({ method: 'DELETE', url: '/codes/ab1' })).statusCode, 404);
        assert.deepEqual(await rows(), before);
      });

      test('a parent key it refuses is a missing parent', async () => {
        const before = await rows();
        const list = await app.inject({ method: 'GET', url: '/codes/ab1/entries' });
        assert.deepEqual([list.statusCode, list.json().count, list.json().data], [200, 0, []], list.body);
        assert.equal((await app.inject({ method: 'GET', url: '/codes/ab1/entries/1' })).statusCode, 404);
        const created = await app.inject({
          method: 'POST',
          url: '/codes/ab1/entries',
          headers: admin,
          payload: { id: 2 },
        });
        assert.deepEqual([created.statusCode, created.json().code], [404, 'parent_not_found'], created.body);
        const url = '/codes/ab1/entries/1';
        assert.equal((await app.inject({ method: 'PATCH', url, headers: admin, payload: { id: 3 } })).statusCode, 404);
        assert.equal((await app.inject({ method: 'DELETE', url })).statusCode, 404);
        assert.deepEqual(await rows(), before);
      });

      test('a filter it refuses matches no row', async () => {
        const page = await app.inject({ method: 'GET', url: '/codes?label=x1' });
        assert.deepEqual([page.statusCode, page.json().count, page.json().data], [200, 0, []], page.body);
        const entries = await app.inject({ method: 'GET', url: '/codes/abc/entries?note=n1' });
        assert.deepEqual([entries.statusCode, entries.json().data], [200, []], entries.body);
        assert.equal((await app.inject({ method: 'GET', url: '/codes?label=x' })).json().count, 1);
      });

      test('a body value it refuses is a 422 naming the field', async () => {
        const before = await rows();
        const refused = [
          await app.inject({ method: 'POST', url: '/codes', headers: admin, payload: { code: 'q1', label: 'y' } }),
          await app.inject({ method: 'PATCH', url: '/codes/abc', headers: admin, payload: { label: 'y1' } }),
          await app.inject({
            method: 'POST',
            url: '/codes/abc/entries',
            headers: admin,
            payload: { id: 2, note: 'n1' },
          }),
        ];
        assert.deepEqual(
          refused.map((res) => [res.statusCode, res.json().errors?.map((e: { path: string }) => e.path)]),
          [
            [422, ['body.code']],
            [422, ['body.label']],
            [422, ['body.note']],
          ],
        );
        assert.deepEqual(await rows(), before);
      });

      test('a stored key it refuses matches no row in an include', async () => {
        // Written by another program: a code and its entry the encoder would not take from a client.
        await setup.query("INSERT INTO ek_code VALUES ('ab1', 'z')");
        await setup.query("INSERT INTO ek_entry VALUES (2, 'ab1', 'n')");
        try {
          const codes = await app.inject({ method: 'GET', url: '/codes?include=entries' });
          assert.equal(codes.statusCode, 200, codes.body);
          const entryIds = codes
            .json()
            .data.map((c: { code: string; entries: { id: number }[] }) => [c.code, c.entries.map((e) => e.id)]);
          assert.deepEqual(entryIds, [
            ['ab1', []],
            ['abc', [1]],
          ]);
        } finally {
          await setup.query('DELETE FROM ek_entry WHERE id = 2');
          await setup.query("DELETE FROM ek_code WHERE code = 'ab1'");
        }
      });
    });
  }
}
