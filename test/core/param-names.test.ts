/**
 * Path parameters of tables and key fields whose names are no identifiers
 * (`order-head`, `order line`, `line-no`): each character a framework would
 * read as syntax (`-`, `.`, a space, `?`) is `_` in the parameter's name, so
 * every framework routes the single-object and nested paths. Over HTTP on
 * Drizzle and in-memory SQLite (the naming is the core's).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { call } from '../support/forum-suite.ts';
import { routersApp, testFrameworks } from '../support/framework-apps.ts';

const head = sqliteTable('order-head', { id: integer('id').primaryKey(), title: text('title').notNull() });
const line = sqliteTable(
  'order line',
  {
    headId: integer('head_id')
      .notNull()
      .references(() => head.id),
    'line-no': integer('line-no').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.headId, t['line-no']] })],
);
const schema = {
  head,
  line,
  headRelations: relations(head, ({ many }) => ({ lines: many(line) })),
  lineRelations: relations(line, ({ one }) => ({ head: one(head, { fields: [line.headId], references: [head.id] }) })),
};

describe('key parameters of names that are no identifiers', () => {
  const client = createClient({ url: ':memory:' });
  const db = drizzle(client, { schema });
  before(async () => {
    await client.executeMultiple(`
      CREATE TABLE "order-head" (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
      CREATE TABLE "order line" (head_id INTEGER NOT NULL REFERENCES "order-head" (id), "line-no" INTEGER NOT NULL,
        qty INTEGER NOT NULL, PRIMARY KEY (head_id, "line-no"));
      INSERT INTO "order-head" VALUES (1, 'one'), (2, 'two');
      INSERT INTO "order line" VALUES (1, 1, 5), (1, 2, 6), (2, 1, 7);
    `);
  });
  after(() => client.close());

  function routers() {
    const heads = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: head }) });
    const lines = () => new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: line }) });
    heads.addNestedCollection('/lines', lines());
    return [heads.getRouter({ prefix: '/heads' }), lines().getRouter({ prefix: '/lines' })];
  }

  test('the document names them with `_`', () => {
    const document = createOpenApiDocument(routers(), { info: { title: 't', version: '1' } });
    assert.deepEqual(Object.keys(document.paths ?? {}), [
      '/heads',
      '/heads/{order_head_id}',
      '/heads/{order_head_id}/lines',
      '/heads/{order_head_id}/lines/{order_line_line_no}',
      '/lines',
      '/lines/{order_line_headId}/{order_line_line_no}',
    ]);
  });

  test('two key fields named alike but for such characters refuse to build, naming the parameter', () => {
    const pair = sqliteTable('pair', { 'a-b': integer('a-b').notNull(), 'a.b': integer('a.b').notNull() }, (t) => [
      primaryKey({ columns: [t['a-b'], t['a.b']] }),
    ]);
    const pairs = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: pair }) });
    assert.throws(() => pairs.getRouter({ prefix: '/pairs' }), /two key fields share the path parameter pair_a_b/);
  });

  for (const framework of testFrameworks()) {
    test(`${framework} routes every single-object and nested path`, async () => {
      const app = await routersApp(framework, routers());
      try {
        assert.deepEqual((await call(app, 'GET', '/heads/2')).body, { id: 2, title: 'two', lines: null });
        assert.equal((await call(app, 'PATCH', '/heads/2', { title: 'deux' })).status, 200);
        assert.equal((await call(app, 'GET', '/heads/2')).body.title, 'deux');
        assert.equal((await call(app, 'PATCH', '/heads/2', { title: 'two' })).status, 200);
        assert.deepEqual((await call(app, 'GET', '/lines/1/2')).body, { headId: 1, 'line-no': 2, qty: 6, head: null });
        assert.deepEqual((await call(app, 'GET', '/heads/1/lines/2')).body.qty, 6);
        assert.equal((await call(app, 'GET', '/heads/2/lines/2')).status, 404);
        const created = await call(app, 'POST', '/heads/2/lines', { 'line-no': 9, qty: 1 });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.deepEqual((await call(app, 'DELETE', '/heads/2/lines/9')).body, {
          headId: 2,
          'line-no': 9,
          qty: 1,
          head: null,
        });
        assert.equal((await call(app, 'GET', '/lines/2/9')).status, 404);
      } finally {
        await app.close();
      }
    });
  }
});
