/**
 * How a nested collection joins its parent is read from where the foreign key
 * is declared; a child keyed to a parent's other unique fields cannot nest.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, NestedConfig } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';

const member = sqliteTable('member', {
  id: integer('id').primaryKey(),
  email: text('email').notNull().unique(),
});
const badge = sqliteTable('badge', {
  id: integer('id').primaryKey(),
  email: text('email')
    .notNull()
    .references(() => member.email),
  label: text('label').notNull(),
});
const db = drizzle({ connection: { url: ':memory:' } });
const collection = (model: typeof member | typeof badge) =>
  new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model }) });

test('a child keyed to a unique field of its parent, not its primary key, cannot nest', () => {
  // Taken for the parent holding the key, a create under /members/1/badges rewrote the member's email.
  const members = collection(member).addNestedCollection('/badges', collection(badge));
  assert.throws(
    () => members.getRouter({ prefix: '/members' }),
    /"badge" joins "member" by email, not its primary key/,
  );
});

test('the parent of such a child may still nest under it: the child side holds the key, by the declaration', () => {
  const routes = (config?: NestedConfig) =>
    collection(badge)
      .addNestedCollection('/member', collection(member), config)
      .getRouter({ prefix: '/badges' })
      .routes.map((route) => `${route.name} ${route.method} ${route.path}`);
  assert.ok(routes().includes('getOne GET /{badge_id}/member/{member_id}'), routes().join('\n'));
  // Against the key a create would re-point the badge: only where the nest says so.
  assert.ok(!routes().includes('createOne POST /{badge_id}/member'));
  assert.ok(routes(new NestedConfig({ relinkParent: true })).includes('createOne POST /{badge_id}/member'));
});
