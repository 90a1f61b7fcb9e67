/**
 * A model nested under itself (a tree: nodes and their children): each level
 * gets a path parameter of its own (`{node_id}`, `{node_id_2}`, …), so the
 * parent's key and the child's never share a name. Through the public API,
 * over HTTP, on Drizzle and in-memory SQLite (the naming is the core's).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { type AnySQLiteColumn, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { CRUDCollection, NestedConfig } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';

const node = sqliteTable('node', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  parent_id: integer('parent_id').references((): AnySQLiteColumn => node.id),
  name: text('name').notNull(),
});
const nodeRelations = relations(node, ({ one, many }) => ({
  parent: one(node, { fields: [node.parent_id], references: [node.id], relationName: 'tree' }),
  children: many(node, { relationName: 'tree' }),
}));

describe('a model nested under itself', () => {
  const client = createClient({ url: ':memory:' });
  const db = drizzle(client, { schema: { node, nodeRelations } });
  const collection = () => new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: node }) });
  let app: FastifyInstance;
  let paths: string[];

  before(async () => {
    await db.run(sql`CREATE TABLE node (id INTEGER PRIMARY KEY AUTOINCREMENT,
      parent_id INTEGER REFERENCES node (id), name TEXT NOT NULL)`);
    await db.run(
      sql`INSERT INTO node (id, parent_id, name) VALUES (1, NULL, 'root'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'a1')`,
    );
    const byParent = new NestedConfig({ relation: 'parent' });
    const children = collection();
    children.addNestedCollection('/children', collection(), byParent);
    const nodes = collection();
    nodes.addNestedCollection('/children', children, byParent);
    const router = nodes.getRouter({ prefix: '/nodes' });
    paths = [...new Set(router.routes.filter((r) => r.method === 'GET').map((r) => r.path))];
    app = Fastify();
    await app.register(toFastify(router));
  });
  after(async () => {
    await app.close();
    client.close();
  });

  const get = async (url: string) => {
    const res = await app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };

  test('each level names its key apart', () => {
    assert.deepEqual(paths, [
      '',
      '/{node_id}',
      '/{node_id}/children',
      '/{node_id}/children/{node_id_2}',
      '/{node_id}/children/{node_id_2}/children',
      '/{node_id}/children/{node_id_2}/children/{node_id_3}',
    ]);
  });

  test('the child is found under its own parent only', async () => {
    assert.deepEqual(
      (await get('/nodes/1/children')).body.data.map((n: { id: number }) => n.id),
      [2, 3],
    );
    assert.equal((await get('/nodes/1/children/2')).body.name, 'a');
    assert.equal((await get('/nodes/1/children/4')).status, 404);
    assert.equal((await get('/nodes/1/children/2/children/4')).body.name, 'a1');
    assert.equal((await get('/nodes/1/children/3/children/4')).status, 404);
  });

  test('a create under a node takes the parent key from its own level', async () => {
    const res = await app.inject({ method: 'POST', url: '/nodes/1/children/3/children', payload: { name: 'b1' } });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().parent_id, 3);
  });
});
