/**
 * To-many includes over keys that are not the parent's primary key, through
 * HTTP on Drizzle (the engine's SQL is every adapter's): parents whose keys
 * the database's collation holds equal (`x`, `X`) each get the children their
 * own key matches, once and capped; on PostgreSQL a child key of another type
 * than the parent's (`text` against `uuid`) still loads; a date-time key of
 * microseconds, which a response cuts to the millisecond, loads both ways; a
 * parent key its children's column cannot hold includes none. A
 * to-one include keeps a few statement texts, not one per number of keys.
 * Two-part text keys that differ only where a NUL sits group apart.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations } from 'drizzle-orm';
import { drizzle as libsqlDrizzle } from 'drizzle-orm/libsql';
import * as mysqlCore from 'drizzle-orm/mysql-core';
import { drizzle as mysqlDrizzle } from 'drizzle-orm/mysql2';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pgCore from 'drizzle-orm/pg-core';
import * as sqliteCore from 'drizzle-orm/sqlite-core';
import mysql from 'mysql2/promise';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import pg from 'pg';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const ROWS = [
  "INSERT INTO ik_group VALUES (1, 'x'), (2, 'X'), (3, 'y')",
  "INSERT INTO ik_item VALUES (10, 'x'), (11, 'x'), (12, 'x'), (20, 'y')",
];

/** Groups and items related by a non-unique `code`, as the database compares it. */
function related<G extends { code: unknown }, I extends { code: unknown }>(group: G, item: I) {
  const [g, i] = [group as never, item as never];
  return {
    group,
    item,
    groupRelations: relations(g, ({ many }) => ({ items: many(i) })),
    itemRelations: relations(i, ({ one }) => ({
      group: one(g, { fields: [item.code as never], references: [group.code as never] }),
    })),
  };
}

/** `GET /groups?include=items` with a cap of 2: each group's item ids. */
async function itemsByGroup(db: unknown, group: unknown): Promise<unknown> {
  const adapter = new DrizzleAdapter({ db: db as never, model: group as never });
  const router = new CRUDCollection({ ormAdapter: adapter, includeLimit: 2 }).getRouter({ prefix: '/groups' });
  const app = await routersApp('fastify', [router]);
  try {
    const res = await call(app, 'GET', '/groups?include=items');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.map((g: { id: number; items: { id: number }[] }) => [g.id, g.items.map((i) => i.id)]);
  } finally {
    await app.close();
  }
}

/** Both `x` groups get the two lowest `x` items, once each: the collation holds `X` equal to `x`. */
const CASE_EQUAL = [
  [1, [10, 11]],
  [2, [10, 11]],
  [3, [20]],
];

test('SQLite: keys equal under NOCASE each get their own capped children, once', async () => {
  const client = createClient({ url: ':memory:' });
  try {
    await client.execute('CREATE TABLE ik_group (id INTEGER PRIMARY KEY, code TEXT COLLATE NOCASE)');
    await client.execute('CREATE TABLE ik_item (id INTEGER PRIMARY KEY, code TEXT COLLATE NOCASE)');
    for (const statement of ROWS) await client.execute(statement);
    const columns = { id: sqliteCore.integer('id').primaryKey(), code: sqliteCore.text('code') };
    const schema = related(sqliteCore.sqliteTable('ik_group', columns), sqliteCore.sqliteTable('ik_item', columns));
    assert.deepEqual(await itemsByGroup(libsqlDrizzle(client, { schema }), schema.group), CASE_EQUAL);
  } finally {
    client.close();
  }
});

const mysqlUrl = process.env.TEST_MARIADB_URL;
test('MariaDB: keys equal under its collation each get their own capped children, once', {
  skip: !mysqlUrl && 'no MariaDB',
}, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    for (const statement of [
      'DROP TABLE IF EXISTS ik_item',
      'DROP TABLE IF EXISTS ik_group',
      'CREATE TABLE ik_group (id INT PRIMARY KEY, code VARCHAR(10))',
      'CREATE TABLE ik_item (id INT PRIMARY KEY, code VARCHAR(10))',
      ...ROWS,
    ])
      await pool.query(statement);
    const columns = { id: mysqlCore.int('id').primaryKey(), code: mysqlCore.varchar('code', { length: 10 }) };
    const schema = related(mysqlCore.mysqlTable('ik_group', columns), mysqlCore.mysqlTable('ik_item', columns));
    const db = mysqlDrizzle(pool, { schema, mode: 'default' });
    assert.deepEqual(await itemsByGroup(db, schema.group), CASE_EQUAL);
  } finally {
    await pool.end();
  }
});

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: a text child key against a uuid parent key loads', { skip: !pgUrl && 'no PostgreSQL' }, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  const id = '11111111-1111-4111-8111-111111111111';
  try {
    for (const statement of [
      'DROP TABLE IF EXISTS ik_item',
      'DROP TABLE IF EXISTS ik_group',
      'CREATE TABLE ik_group (id INT PRIMARY KEY, code UUID UNIQUE)',
      'CREATE TABLE ik_item (id INT PRIMARY KEY, code TEXT)',
      `INSERT INTO ik_group VALUES (1, '${id}')`,
      `INSERT INTO ik_item VALUES (10, '${id}'), (11, '${id}'), (12, '${id}')`,
    ])
      await pool.query(statement);
    const group = pgCore.pgTable('ik_group', { id: pgCore.integer('id').primaryKey(), code: pgCore.uuid('code') });
    const item = pgCore.pgTable('ik_item', { id: pgCore.integer('id').primaryKey(), code: pgCore.text('code') });
    const schema = related(group, item);
    assert.deepEqual(await itemsByGroup(pgDrizzle(pool, { schema }), group), [[1, [10, 11]]]);
  } finally {
    await pool.end();
  }
});

test("PostgreSQL: a bigint parent key past its children's 4-byte key includes none", {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    for (const statement of [
      'DROP TABLE IF EXISTS ik_item',
      'DROP TABLE IF EXISTS ik_group',
      'CREATE TABLE ik_group (id BIGINT PRIMARY KEY)',
      'CREATE TABLE ik_item (id INT PRIMARY KEY, group_id INT REFERENCES ik_group (id))',
      'INSERT INTO ik_group VALUES (1), (3000000000)',
      'INSERT INTO ik_item VALUES (10, 1)',
    ])
      await pool.query(statement);
    const group = pgCore.pgTable('ik_group', { id: pgCore.bigint('id', { mode: 'bigint' }).primaryKey() });
    const item = pgCore.pgTable('ik_item', {
      id: pgCore.integer('id').primaryKey(),
      group_id: pgCore.integer('group_id'),
    });
    const schema = {
      group,
      item,
      groupRelations: relations(group, ({ many }) => ({ items: many(item) })),
      itemRelations: relations(item, ({ one }) => ({
        group: one(group, { fields: [item.group_id], references: [group.id] }),
      })),
    };
    const adapter = new DrizzleAdapter({ db: pgDrizzle(pool, { schema }), model: group });
    const app = await routersApp('fastify', [
      new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/groups' }),
    ]);
    try {
      const res = await call(app, 'GET', '/groups?include=items');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const items = res.body.data.map((g: { id: string; items: { id: number }[] }) => [g.id, g.items.map((i) => i.id)]);
      assert.deepEqual(items, [
        ['1', [10]],
        ['3000000000', []],
      ]);
      const one = await call(app, 'GET', '/groups/3000000000?include=items');
      assert.deepEqual([one.status, one.body.items], [200, []]);
    } finally {
      await app.close();
    }
  } finally {
    await pool.end();
  }
});

/** Groups and items related by a date-time `code` of microseconds, in two milliseconds. */
const INSTANT_ROWS = (zone: string) => [
  `INSERT INTO ik_group VALUES (1, '2024-05-01 10:00:35.374365${zone}'), (2, '2024-05-01 10:00:35.375001${zone}')`,
  `INSERT INTO ik_item VALUES (10, '2024-05-01 10:00:35.374365${zone}'), (11, '2024-05-01 10:00:35.374365${zone}'),
    (12, '2024-05-01 10:00:35.374365${zone}'), (20, '2024-05-01 10:00:35.375001${zone}')`,
];

/** Both ways: each group its capped items, each item its group, though every key is served cut. */
async function instantKeysLoad(db: unknown, schema: { group: unknown; item: unknown }): Promise<void> {
  assert.deepEqual(await itemsByGroup(db, schema.group), [
    [1, [10, 11]],
    [2, [20]],
  ]);
  const adapter = new DrizzleAdapter({ db: db as never, model: schema.item as never });
  const app = await routersApp('fastify', [
    new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/items' }),
  ]);
  try {
    const res = await call(app, 'GET', '/items?include=group');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const pairs = res.body.data.map((i: { id: number; group: { id: number } | null }) => [i.id, i.group?.id]);
    assert.deepEqual(pairs, [
      [10, 1],
      [11, 1],
      [12, 1],
      [20, 2],
    ]);
  } finally {
    await app.close();
  }
}

test('PostgreSQL: a date-time key of microseconds loads both ways', { skip: !pgUrl && 'no PostgreSQL' }, async () => {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  try {
    for (const statement of [
      'DROP TABLE IF EXISTS ik_item',
      'DROP TABLE IF EXISTS ik_group',
      'CREATE TABLE ik_group (id INT PRIMARY KEY, code TIMESTAMPTZ UNIQUE)',
      'CREATE TABLE ik_item (id INT PRIMARY KEY, code TIMESTAMPTZ)',
      ...INSTANT_ROWS('+00'),
    ])
      await pool.query(statement);
    const columns = { id: pgCore.integer('id').primaryKey(), code: pgCore.timestamp('code', { withTimezone: true }) };
    const schema = related(pgCore.pgTable('ik_group', columns), pgCore.pgTable('ik_item', columns));
    await instantKeysLoad(pgDrizzle(pool, { schema }), schema);
  } finally {
    await pool.end();
  }
});

test('MariaDB: a date-time key of microseconds loads both ways', { skip: !mysqlUrl && 'no MariaDB' }, async () => {
  const pool = mysql.createPool({ uri: mysqlUrl as string, connectionLimit: 2 });
  try {
    for (const statement of [
      'DROP TABLE IF EXISTS ik_item',
      'DROP TABLE IF EXISTS ik_group',
      'CREATE TABLE ik_group (id INT PRIMARY KEY, code DATETIME(6) UNIQUE)',
      'CREATE TABLE ik_item (id INT PRIMARY KEY, code DATETIME(6))',
      ...INSTANT_ROWS(''),
    ])
      await pool.query(statement);
    const columns = { id: mysqlCore.int('id').primaryKey(), code: mysqlCore.datetime('code', { fsp: 6 }) };
    const schema = related(mysqlCore.mysqlTable('ik_group', columns), mysqlCore.mysqlTable('ik_item', columns));
    await instantKeysLoad(mysqlDrizzle(pool, { schema, mode: 'default' }), schema);
  } finally {
    await pool.end();
  }
});

test('SQLite: a to-one include keeps one text per power of two of keys, not one per count', async () => {
  const client = createClient({ url: ':memory:' });
  const texts = new Set<string>();
  try {
    await client.execute('CREATE TABLE ik_group (id INTEGER PRIMARY KEY, code TEXT)');
    await client.execute('CREATE TABLE ik_item (id INTEGER PRIMARY KEY, code TEXT)');
    for (let i = 1; i <= 8; i++) {
      await client.execute(`INSERT INTO ik_group VALUES (${i}, 'c${i}')`);
      await client.execute(`INSERT INTO ik_item VALUES (${10 + i}, 'c${i}')`);
    }
    const columns = { id: sqliteCore.integer('id').primaryKey(), code: sqliteCore.text('code') };
    const schema = related(sqliteCore.sqliteTable('ik_group', columns), sqliteCore.sqliteTable('ik_item', columns));
    const logger = { logQuery: (sql: string) => void (sql.includes('"ik_group"') && texts.add(sql)) };
    const adapter = new DrizzleAdapter({ db: libsqlDrizzle(client, { schema, logger }), model: schema.item });
    const app = await routersApp('fastify', [
      new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/items' }),
    ]);
    try {
      for (let n = 1; n <= 8; n++) {
        const res = await call(app, 'GET', `/items?include=group&per_page=${n}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const pairs = res.body.data.map((i: { code: string; group: { code: string } }) => [i.code, i.group.code]);
        assert.deepEqual(
          pairs,
          Array.from({ length: n }, (_, i) => [`c${i + 1}`, `c${i + 1}`]),
        );
      }
    } finally {
      await app.close();
    }
    assert.equal(texts.size, 4, [...texts].join('\n')); // 1, 2, 4 and 8 keys
  } finally {
    client.close();
  }
});

test('two-part text keys that differ only where a NUL sits each include their own rows', async () => {
  const client = createClient({ url: ':memory:' });
  try {
    await client.execute('CREATE TABLE ik_pair (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b))');
    await client.execute('CREATE TABLE ik_note (id INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT NOT NULL)');
    const { text, integer, primaryKey, sqliteTable } = sqliteCore;
    const pair = sqliteTable('ik_pair', { a: text('a').notNull(), b: text('b').notNull() }, (t) => [
      primaryKey({ columns: [t.a, t.b] }),
    ]);
    const note = sqliteTable('ik_note', {
      id: integer('id').primaryKey(),
      a: text('a').notNull(),
      b: text('b').notNull(),
    });
    const schema = {
      pair,
      note,
      pairRelations: relations(pair, ({ many }) => ({ notes: many(note) })),
      noteRelations: relations(note, ({ one }) => ({
        pair: one(pair, { fields: [note.a, note.b], references: [pair.a, pair.b] }),
      })),
    };
    const db = libsqlDrizzle(client, { schema });
    const collection = (model: typeof pair | typeof note) =>
      new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model }) });
    const app = await routersApp('fastify', [
      collection(pair).getRouter({ prefix: '/pairs' }),
      collection(note).getRouter({ prefix: '/notes' }),
    ]);
    try {
      for (const [url, body] of [
        ['/pairs', { a: 'x\u0000y', b: 'z' }],
        ['/pairs', { a: 'x', b: 'y\u0000z' }],
        ['/notes', { id: 1, a: 'x\u0000y', b: 'z' }],
        ['/notes', { id: 2, a: 'x', b: 'y\u0000z' }],
      ] as const) {
        assert.equal((await call(app, 'POST', url, body)).status, 201);
      }
      const pairs = (await call(app, 'GET', '/pairs?include=notes&sort=b')).body.data;
      assert.deepEqual(
        pairs.map((p: { b: string; notes: { id: number }[] }) => [p.b, p.notes.map((n) => n.id)]),
        [
          ['y\u0000z', [2]],
          ['z', [1]],
        ],
      );
      const notes = (await call(app, 'GET', '/notes?include=pair')).body.data;
      assert.deepEqual(
        notes.map((n: { id: number; pair: { a: string } }) => [n.id, n.pair.a]),
        [
          [1, 'x\u0000y'],
          [2, 'x'],
        ],
      );
    } finally {
      await app.close();
    }
  } finally {
    client.close();
  }
});
