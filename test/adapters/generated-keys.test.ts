/**
 * A primary key the ORM generates when a create omits it is the server's to choose on every adapter, as
 * an auto-increment is: Drizzle's `$defaultFn`, Sequelize's `UUIDV4`, TypeORM's `@PrimaryGeneratedColumn`.
 * The default create schema and its document leave it out, so a client's value is dropped, not written;
 * `createFields` may list it. A key with a constant default stays the client's to set.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';
import { documentOf } from '../support/openapi.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@Entity('made_tag')
class Tag {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar' })
  name!: string;
}

/** Each ORM's `made_tag` (a generated uuid `id`, a `name`) on SQLite, and how to read its stored keys. */
const ADAPTERS: [orm: string, open: () => Promise<{ adapter: ORMAdapterBase; ids(): Promise<unknown[]> }>][] = [
  [
    'Drizzle $defaultFn',
    async () => {
      const client = createClient({ url: ':memory:' });
      await client.execute('CREATE TABLE made_tag (id TEXT PRIMARY KEY, name TEXT NOT NULL)');
      const model = sqliteTable('made_tag', {
        id: text('id')
          .primaryKey()
          .$defaultFn(() => crypto.randomUUID()),
        name: text('name').notNull(),
      });
      const ids = async () => (await client.execute('SELECT id FROM made_tag')).rows.map((row) => row.id);
      return { adapter: new DrizzleAdapter({ db: drizzle(client), model }), ids };
    },
  ],
  [
    'Sequelize UUIDV4',
    async () => {
      const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
      const model = sequelize.define(
        'made_tag',
        {
          id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
          name: { type: DataTypes.STRING, allowNull: false },
        },
        { tableName: 'made_tag', timestamps: false },
      );
      await sequelize.sync();
      const ids = async () => (await model.findAll({ raw: true })).map((row) => (row as { id?: unknown }).id);
      return { adapter: new SequelizeAdapter({ model }), ids };
    },
  ],
  [
    "TypeORM @PrimaryGeneratedColumn('uuid')",
    async () => {
      const dataSource = await memoryDataSource([Tag]);
      await dataSource.synchronize();
      const ids = async () => (await dataSource.getRepository(Tag).find()).map((row) => row.id);
      return { adapter: new TypeORMAdapter({ dataSource, model: Tag }), ids };
    },
  ],
];

for (const [orm, open] of ADAPTERS) {
  test(`${orm}: a key the ORM generates is not the client's to choose`, async () => {
    const { adapter, ids } = await open();
    const tags = new CRUDCollection({ ormAdapter: adapter });
    const router = tags.getRouter({ prefix: '/tags' });
    const app = await routersApp('fastify', [router]);
    try {
      const create = documentOf(router).components?.schemas?.MadeTagCreate as { properties?: object };
      assert.deepEqual(Object.keys(create.properties ?? {}), ['name']);
      const made = await call(app, 'POST', '/tags', { id: 'chosen-by-client', name: 'a' });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.match(made.body.id, UUID);
      assert.deepEqual(await ids(), [made.body.id]);
      assert.equal((await call(app, 'GET', `/tags/${made.body.id}`)).body.name, 'a');
    } finally {
      await app.close();
    }
  });
}

test("a generated key listed in createFields is the client's to choose, else generated", async () => {
  const [, open] = ADAPTERS[0] as (typeof ADAPTERS)[number];
  const { adapter, ids } = await open();
  const tags = new CRUDCollection({ ormAdapter: adapter, createFields: ['id', 'name'] });
  const app = await routersApp('fastify', [tags.getRouter({ prefix: '/tags' })]);
  try {
    assert.equal((await call(app, 'POST', '/tags', { id: 'chosen', name: 'a' })).body.id, 'chosen');
    assert.match((await call(app, 'POST', '/tags', { name: 'b' })).body.id, UUID);
    assert.equal((await ids()).length, 2);
  } finally {
    await app.close();
  }
});

test("a key with a constant default is the client's to set, and the default fills it otherwise", async () => {
  const client = createClient({ url: ':memory:' });
  await client.execute(
    "CREATE TABLE made_word (lang TEXT NOT NULL DEFAULT 'en', word TEXT NOT NULL, PRIMARY KEY (lang, word))",
  );
  const model = sqliteTable(
    'made_word',
    { lang: text('lang').notNull().default('en'), word: text('word').notNull() },
    (t) => [primaryKey({ columns: [t.lang, t.word] })],
  );
  const words = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: drizzle(client), model }) });
  const app = await routersApp('fastify', [words.getRouter({ prefix: '/words' })]);
  try {
    assert.equal((await call(app, 'POST', '/words', { lang: 'fr', word: 'chat' })).body.lang, 'fr');
    const cat = await call(app, 'POST', '/words', { word: 'cat' });
    assert.equal(cat.body.lang, 'en');
  } finally {
    await app.close();
    client.close();
  }
});
