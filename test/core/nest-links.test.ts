/**
 * How a nested collection joins its parent is read from where the foreign key
 * is declared; a child keyed to a parent's other unique fields cannot nest.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, NestedConfig } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

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

// Relations alone, no declared foreign key: an account points at its profile by the profile's unique code.
const profile = sqliteTable('profile', { id: integer('id').primaryKey(), code: text('code').notNull().unique() });
const account = sqliteTable('account', { id: integer('id').primaryKey(), profile_code: text('profile_code') });
const related = drizzle({
  connection: { url: ':memory:' },
  schema: {
    profile,
    account,
    profileRelations: relations(profile, ({ many }) => ({ accounts: many(account) })),
    accountRelations: relations(account, ({ one }) => ({
      profile: one(profile, { fields: [account.profile_code], references: [profile.code] }),
    })),
  },
});

test('without a declared foreign key, the relation tells which side holds it', () => {
  const of = (model: typeof profile | typeof account) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: related, model }) });
  // The account holds the key: its profile is a reverse nest, read-only unless relinked.
  const routes = of(account)
    .addNestedCollection('/profile', of(profile))
    .getRouter({ prefix: '/accounts' })
    .routes.map((route) => `${route.name} ${route.method} ${route.path}`);
  assert.ok(routes.includes('getOne GET /{account_id}/profile/{profile_id}'), routes.join('\n'));
  assert.ok(!routes.includes('createOne POST /{account_id}/profile'));
  // The other way the child holds a key to a non-key field of its parent: it cannot nest.
  const profiles = of(profile).addNestedCollection('/accounts', of(account));
  assert.throws(() => profiles.getRouter({ prefix: '/profiles' }), /"account" joins "profile" by code/);
});

// A shared key: a settings row's key is its user's.
const person = sqliteTable('person', { id: integer('id').primaryKey(), name: text('name').notNull() });
const settings = sqliteTable('settings', {
  person_id: integer('person_id')
    .primaryKey()
    .references(() => person.id),
  theme: text('theme'),
});

test("a child joined on the parent's own key takes its key from the URL, whichever side declares it", () => {
  const of = (model: typeof person | typeof settings) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model }) });
  const routes = of(settings)
    .addNestedCollection('/person', of(person))
    .getRouter({ prefix: '/settings' })
    .routes.map((route) => `${route.name} ${route.method} ${route.path}`);
  // Its item path is its root: one object there, which GET reads and PATCH and DELETE take; no list.
  for (const route of ['getOne GET /{person_id}/person', 'updateOne PATCH /{person_id}/person']) {
    assert.ok(routes.includes(route), routes.join('\n'));
  }
  assert.ok(routes.includes('deleteOne DELETE /{person_id}/person'), routes.join('\n'));
  assert.ok(!routes.includes('getMany GET /{person_id}/person'), routes.join('\n'));
});

test('a child keyed by its parent is one object under it: GET answers it, or 404 until it is created', async () => {
  const client = createClient({ url: ':memory:' });
  const own = drizzle(client);
  await client.execute('CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  await client.execute('CREATE TABLE settings (person_id INTEGER PRIMARY KEY REFERENCES person (id), theme TEXT)');
  await client.execute("INSERT INTO person VALUES (1, 'Ann'), (2, 'Bo')");
  const of = (model: typeof person | typeof settings) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: own, model }) });
  const router = of(person).addNestedCollection('/settings', of(settings)).getRouter({ prefix: '/persons' });
  const ids = router.routes.filter(
    (route) => route.path === '/{person_id}/settings' && !route.hidden && route.method !== 'HEAD',
  );
  assert.deepEqual(
    ids.map((route) => route.operationId),
    ['getPersonSetting', 'createPersonSetting', 'updatePersonSetting', 'deletePersonSetting'],
  );
  const app = await routersApp('fastify', [router]);
  try {
    assert.equal((await call(app, 'GET', '/persons/1/settings')).status, 404);
    const created = await call(app, 'POST', '/persons/1/settings', { theme: 'dark' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers.location, '/persons/1/settings');
    assert.deepEqual((await call(app, 'GET', '/persons/1/settings')).body, { person_id: 1, theme: 'dark' });
    assert.equal((await call(app, 'GET', '/persons/2/settings')).status, 404);
    const patched = await call(app, 'PATCH', '/persons/1/settings', { theme: 'light' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual((await call(app, 'GET', '/persons/1/settings')).body, { person_id: 1, theme: 'light' });
    assert.equal((await call(app, 'DELETE', '/persons/1/settings')).status, 200);
    assert.equal((await call(app, 'GET', '/persons/1/settings')).status, 404);
  } finally {
    await app.close();
    client.close();
  }
});

// Drizzle takes a one-to-one's `{ fields, references }` on either side.
const holder = sqliteTable('holder', { id: integer('id').primaryKey(), email: text('email').notNull().unique() });
const pass = sqliteTable('pass', {
  id: integer('id').primaryKey(),
  email: text('email').references(() => holder.email),
});
const owner = sqliteTable('owner', { id: integer('id').primaryKey() });
const card = sqliteTable('card', { id: integer('id').primaryKey(), owner_id: integer('owner_id') });
const sided = drizzle({
  connection: { url: ':memory:' },
  schema: {
    holder,
    pass,
    owner,
    card,
    // The config on the side that does not hold the declared key.
    holderRelations: relations(holder, ({ one }) => ({
      pass: one(pass, { fields: [holder.email], references: [pass.email] }),
    })),
    passRelations: relations(pass, ({ one }) => ({ holder: one(holder) })),
    // The config on the owner's side, with no declared key: its fields are its own key.
    ownerRelations: relations(owner, ({ one }) => ({
      card: one(card, { fields: [owner.id], references: [card.owner_id] }),
    })),
    cardRelations: relations(card, ({ one }) => ({ owner: one(owner) })),
  },
});

test("a declared foreign key outranks the side a Drizzle relation's config sits on", () => {
  const of = (model: typeof holder | typeof pass | typeof owner | typeof card) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: sided, model }) });
  // The pass holds the key to the holder's email: nested under holders, it could be moved between them.
  const holders = of(holder).addNestedCollection('/passes', of(pass));
  assert.throws(() => holders.getRouter({ prefix: '/holders' }), /"pass" joins "holder" by email/);
  // The card holds the key to its owner's id, whichever side says so.
  const routes = of(owner)
    .addNestedCollection('/cards', of(card))
    .getRouter({ prefix: '/owners' })
    .routes.map((route) => `${route.name} ${route.method} ${route.path}`);
  assert.ok(routes.includes('createOne POST /{owner_id}/cards'), routes.join('\n'));
  const cards = of(card).addNestedCollection('/owner', of(owner));
  assert.doesNotThrow(() => cards.getRouter({ prefix: '/cards' }));
});

test('a relation named like a field is refused when the collection is made, naming both', () => {
  // The key column `author` and the relation `author`: a created row was written, then answered with a 500.
  const writer = sqliteTable('writer', { id: integer('id').primaryKey() });
  const note = sqliteTable('note', { id: integer('id').primaryKey(), author: integer('author') });
  const clashing = drizzle({
    connection: { url: ':memory:' },
    schema: {
      writer,
      note,
      noteRelations: relations(note, ({ one }) => ({
        author: one(writer, { fields: [note.author], references: [writer.id] }),
      })),
    },
  });
  const ormAdapter = new DrizzleAdapter({ db: clashing, model: note });
  assert.throws(() => new CRUDCollection({ ormAdapter }), /"note" has a field and a relation both named "author"/);
});

test('a many-to-many cannot nest: the error names the link table, whose collection can', () => {
  const book = sqliteTable('book', { id: integer('id').primaryKey() });
  const genre = sqliteTable('genre', { id: integer('id').primaryKey() });
  const bookGenre = sqliteTable(
    'book_genre',
    {
      book_id: integer('book_id')
        .notNull()
        .references(() => book.id),
      genre_id: integer('genre_id')
        .notNull()
        .references(() => genre.id),
    },
    (t) => [primaryKey({ columns: [t.book_id, t.genre_id] })],
  );
  const linked = drizzle({
    connection: { url: ':memory:' },
    schema: {
      book,
      genre,
      bookGenre,
      bookRelations: relations(book, ({ many }) => ({ genres: many(bookGenre) })),
      genreRelations: relations(genre, ({ many }) => ({ books: many(bookGenre) })),
      linkRelations: relations(bookGenre, ({ one }) => ({
        book: one(book, { fields: [bookGenre.book_id], references: [book.id] }),
        genre: one(genre, { fields: [bookGenre.genre_id], references: [genre.id] }),
      })),
    },
  });
  const of = (model: typeof book | typeof genre | typeof bookGenre) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: linked, model }) });
  const books = of(book).addNestedCollection('/genres', of(genre));
  assert.throws(() => books.getRouter({ prefix: '/books' }), /joins it through "book_genre", whose own collection/);
  const links = of(book).addNestedCollection('/genre-links', of(bookGenre));
  assert.doesNotThrow(() => links.getRouter({ prefix: '/books' }));
});
