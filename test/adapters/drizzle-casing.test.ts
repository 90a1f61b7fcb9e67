/**
 * Drizzle columns declared without a name (`displayName: text()`) on a db
 * made with `casing: 'snake_case'`: the wire names are the keys, the SQL the
 * snake-cased columns, on every route, with `db` or with `getSession` (the
 * `casing` option given, or read from the database it yields).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter, type DrizzleAdapterOptions } from 'ormcrud/drizzle';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const member = sqliteTable('cased_member', { id: integer().primaryKey(), displayName: text().notNull() });
const note = sqliteTable('cased_note', {
  id: integer().primaryKey(),
  memberId: integer()
    .notNull()
    .references(() => member.id),
  noteBody: text().notNull(),
});
const schema = {
  member,
  note,
  memberRelations: relations(member, ({ many }) => ({ notes: many(note) })),
  noteRelations: relations(note, ({ one }) => ({
    member: one(member, { fields: [note.memberId], references: [member.id] }),
  })),
};

/** A fresh database with snake-cased columns, and the app on it through adapters made by `adapt`. */
async function forumOf(
  adapt: (db: ReturnType<typeof drizzle>) => Pick<DrizzleAdapterOptions, 'db' | 'getSession' | 'casing'>,
) {
  const client = createClient({ url: ':memory:' });
  await client.execute('CREATE TABLE cased_member (id INTEGER PRIMARY KEY, display_name TEXT NOT NULL)');
  await client.execute(
    'CREATE TABLE cased_note (id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES cased_member (id), note_body TEXT NOT NULL)',
  );
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const members = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ ...adapt(db), schema, model: member }) });
  members.addNestedCollection(
    '/notes',
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ ...adapt(db), schema, model: note }) }),
  );
  return { client, app: await routersApp('fastify', [members.getRouter({ prefix: '/members' })]) };
}

for (const [how, adapt] of [
  ['db', (db) => ({ db })],
  ['getSession and casing', (db) => ({ getSession: async () => db, casing: 'snake_case' })],
  ['getSession alone', (db) => ({ getSession: async () => db })],
] as const satisfies readonly (readonly [string, Parameters<typeof forumOf>[0]])[]) {
  test(`snake_case columns through ${how}: every route`, async () => {
    const { client, app } = await forumOf(adapt);
    try {
      const ada = await call(app, 'POST', '/members', { displayName: 'Ada' });
      assert.equal(ada.status, 201, JSON.stringify(ada.body));
      const noted = await call(app, 'POST', `/members/${ada.body.id}/notes`, { noteBody: 'hi' });
      assert.equal(noted.status, 201, JSON.stringify(noted.body));
      assert.equal((await call(app, 'PATCH', `/members/${ada.body.id}`, { displayName: 'Ada L' })).status, 200);
      const listed = (await call(app, 'GET', '/members?displayName=Ada%20L&sort=displayName:desc&include=notes')).body;
      assert.deepEqual(listed.data, [
        {
          id: ada.body.id,
          displayName: 'Ada L',
          notes: [{ id: noted.body.id, memberId: ada.body.id, noteBody: 'hi' }],
        },
      ]);
      const stored = await client.execute(
        'SELECT display_name, note_body FROM cased_member JOIN cased_note ON member_id = cased_member.id',
      );
      assert.deepEqual([stored.rows[0]?.display_name, stored.rows[0]?.note_body], ['Ada L', 'hi']);
      assert.equal((await call(app, 'DELETE', `/members/${ada.body.id}/notes/${noted.body.id}`)).status, 200);
    } finally {
      await app.close();
      client.close();
    }
  });
}

test('a database getSession yields that spells columns otherwise than the adapter is refused, naming both', async () => {
  const client = createClient({ url: ':memory:' });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const members = new DrizzleAdapter({ getSession: async () => db, schema, model: member, casing: 'camelCase' });
  try {
    await assert.rejects(members.getOne({ id: 1 }, []), {
      name: 'TypeError',
      message: /casing is 'snake_case', where the adapter's is 'camelCase'; give the adapter the `casing`/,
    });
  } finally {
    client.close();
  }
});
