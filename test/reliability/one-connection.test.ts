/**
 * Drizzle on one connection, not a pool (`drizzle(new pg.Client())`,
 * `drizzle(await mysql.createConnection())`, as Drizzle's guides start):
 * concurrent requests share it, so the adapter runs their statements and
 * transactions one at a time. Every create answered 201 is stored; a refused
 * one (409) rolls back only itself.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relations } from 'drizzle-orm';
import { int, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, varchar as pgVarchar, serial } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import mysql from 'mysql2/promise';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toHono } from 'ormcrud/hono';
import pg from 'pg';

const DDL = [
  'DROP TABLE IF EXISTS oc_child',
  'DROP TABLE IF EXISTS oc_parent',
  'CREATE TABLE oc_parent (id INT PRIMARY KEY)',
  'CREATE TABLE oc_child (id SERIAL PRIMARY KEY, parent_id INT NOT NULL REFERENCES oc_parent (id), name VARCHAR(50) NOT NULL UNIQUE)',
  'INSERT INTO oc_parent (id) VALUES (1)',
  "INSERT INTO oc_child (parent_id, name) VALUES (1, 'taken')",
];

/** 60 creates at once, every third of a name taken already: under the parent (a transaction each) and at the top. */
async function createAtOnce(db: object, parent: object, child: object, names: () => Promise<string[]>) {
  const children = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: db as never, model: child as never }) });
  const parents = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: db as never, model: parent as never }) });
  parents.addNestedCollection('/children', children);
  const app = new Hono()
    .route('/', toHono(parents.getRouter({ prefix: '/parents' })))
    .route('/', toHono(children.getRouter({ prefix: '/children' })));
  const wanted = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 'taken' : `child-${i}`));
  const replies = await Promise.all(
    wanted.map(async (name, i) => {
      const [url, body] = i % 2 ? ['/parents/1/children', { name }] : ['/children', { name, parent_id: 1 }];
      const res = await app.request(url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      return { status: res.status, name };
    }),
  );
  for (const { status, name } of replies) assert.equal(status, name === 'taken' ? 409 : 201, name);
  assert.deepEqual((await names()).sort(), ['taken', ...wanted.filter((name) => name !== 'taken')].sort());
}

/** The two tables as Drizzle's schema, the child's `parent` relation included. */
function withParent<P extends { id: unknown }, C extends { parent_id: unknown }>(parent: P, child: C) {
  const [p, c] = [parent as never, child as never];
  const relation = relations(c, ({ one }) => ({
    parent: one(p, { fields: [child.parent_id as never], references: [parent.id as never] }),
  }));
  return { parent, child, childRelations: relation };
}

const pgUrl = process.env.TEST_POSTGRES_URL;
test('Drizzle on one pg.Client: each create stands or falls alone', { skip: !pgUrl && 'no PostgreSQL' }, async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    for (const statement of DDL) await client.query(statement);
    const parent = pgTable('oc_parent', { id: integer('id').primaryKey() });
    const child = pgTable('oc_child', {
      id: serial('id').primaryKey(),
      parent_id: integer('parent_id')
        .notNull()
        .references(() => parent.id),
      name: pgVarchar('name', { length: 50 }).notNull().unique(),
    });
    const schema = withParent(parent, child);
    const names = async () => (await client.query('SELECT name FROM oc_child')).rows.map((row) => row.name);
    await createAtOnce(pgDrizzle({ client, schema }), parent, child, names);
  } finally {
    await client.end();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('Drizzle on one mysql2 connection: each create stands or falls alone', {
  skip: !mysqlUrl && 'no MariaDB',
}, async () => {
  const connection = await mysql.createConnection(mysqlUrl as string);
  try {
    for (const statement of DDL) await connection.query(statement.replace('SERIAL', 'INT AUTO_INCREMENT'));
    const parent = mysqlTable('oc_parent', { id: int('id').primaryKey() });
    const child = mysqlTable('oc_child', {
      id: int('id').autoincrement().primaryKey(),
      parent_id: int('parent_id')
        .notNull()
        .references(() => parent.id),
      name: varchar('name', { length: 50 }).notNull().unique(),
    });
    const schema = withParent(parent, child);
    const names = async () => {
      const [rows] = await connection.query('SELECT name FROM oc_child');
      return (rows as { name: string }[]).map((row) => row.name);
    };
    await createAtOnce(mysqlDrizzle({ client: connection, schema, mode: 'default' }), parent, child, names);
  } finally {
    await connection.end();
  }
});
