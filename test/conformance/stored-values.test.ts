/**
 * Values another program stored that no response expresses truthfully, through HTTP on every ORM ×
 * database that can hold them: an integer past ±(2^53 − 1), a fraction or text in a SQLite integer column,
 * a boolean other than 0 or 1 (SQLite, MariaDB's `TINYINT(1)`). Each is a 409 naming the field, on a read,
 * a list, an include and the read-back of a write alike, never a wrong value or a 500.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { call, describeForum, type ForumSuite, type Reply } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const admin = { authorization: 'Bearer user-1', 'content-type': 'application/json' };

/** A 409 problem whose detail names `field` as `what`. */
function assertUnexpressible(res: Reply, field: string, what: string, label = '') {
  assert.deepEqual([res.status, res.body.code], [409, 'conflict'], `${label} ${JSON.stringify(res.body)}`);
  assert.equal(res.body.detail, `The stored ${field} is ${what}, which no response can express`, label);
}

const PAST_SAFE = 'an integer outside -9007199254740991 to 9007199254740991';
const NO_INTEGER = 'a value that is no integer';

/** Rows SQLite's foreign keys would refuse, written as another program might. */
async function withoutForeignKeys(s: ForumSuite, statements: string[]) {
  await s.harness.sql('PRAGMA foreign_keys = OFF');
  for (const statement of statements) await s.harness.sql(statement);
  await s.harness.sql('PRAGMA foreign_keys = ON');
}

describeForum(
  'stored values no response expresses',
  (s) => {
    test('SQLite: an integer past 2^53 is a 409 naming it on reads, lists, includes and a create', async (t) => {
      if (s.target.dialect !== 'sqlite') return t.skip('only SQLite holds 8 bytes in the forum’s integer columns');
      await s.harness.sql(`INSERT INTO "tag" ("id", "name") VALUES (9007199254740994, 'huge')`);
      await s.harness.sql(`INSERT INTO "thread" ("id", "category_id", "title") VALUES (9007199254740993, 2, 'far')`);
      for (const url of ['/tags?name=huge', '/tags', '/categories/2?include=threads', '/categories/2/threads']) {
        assertUnexpressible(await s.call('GET', url), 'id', PAST_SAFE, url);
      }
      // The next key SQLite gives is past 2^53 too: the create is done, and answered so.
      const created = await s.call('POST', '/tags', JSON.stringify({ name: 'next' }), admin);
      assertUnexpressible(created, 'id', PAST_SAFE, 'POST /tags');
      assert.equal(created.headers.location, undefined);
      const [row] = await s.harness.sql(`SELECT CAST("id" AS TEXT) AS "id" FROM "tag" WHERE "name" = 'next'`);
      assert.equal(row?.id, '9007199254740995');
      // Rows within the range are served as ever.
      assert.deepEqual((await s.call('GET', '/tags/1')).body, { id: 1, name: 'intro' });
    });

    test('SQLite: a fraction or text in an integer column is a 409 naming it, never rounded', async (t) => {
      if (s.target.dialect !== 'sqlite') return t.skip('only SQLite holds them in an integer column');
      await withoutForeignKeys(s, [
        `INSERT INTO "thread" ("id", "category_id", "title") VALUES (200, 1.5, 'real'), (201, 'abc', 'text')`,
      ]);
      for (const url of ['/threads/200', '/threads/200?include=category', '/threads/201', '/threads?per_page=100']) {
        assertUnexpressible(await s.call('GET', url), 'category_id', NO_INTEGER, url);
      }
      const included = await s.call('GET', '/categories/1?include=threads');
      assert.equal(included.status, 200, 'the category the fraction is near holds no such thread');
    });

    test('a stored boolean other than 0 or 1 is a 409 naming it, on every ORM', async (t) => {
      if (s.target.dialect === 'postgres') return t.skip('a PostgreSQL boolean holds only true and false');
      const values: unknown[] = s.target.dialect === 'sqlite' ? [2, -1, 'yes', 0.5] : [2, -1];
      for (const value of values) {
        await s.harness.sql('UPDATE "user" SET "is_admin" = ? WHERE "id" = 2', [value]);
        for (const url of ['/users/2', '/users?username=brian', '/posts/2?include=author']) {
          assertUnexpressible(
            await s.call('GET', url),
            'is_admin',
            'a value that is neither true nor false (0 or 1)',
            `${value} ${url}`,
          );
        }
      }
      await s.harness.sql('UPDATE "user" SET "is_admin" = 1 WHERE "id" = 2');
      assert.equal((await s.call('GET', '/posts/2?include=author')).body.author.is_admin, true);
      await s.harness.sql('UPDATE "user" SET "is_admin" = 0 WHERE "id" = 2');
      assert.equal((await s.call('GET', '/users/2')).body.is_admin, false);
    });

    test('a field no response shows fails no read nor write with a value no response expresses', async () => {
      // `made_at` is excluded by the model's configuration, `due_at` left out by the collection's own fields.
      const product = await s.harness.product({ excludeFields: ['made_at'] });
      const year999 = '0999-01-01 00:00:00';
      await s.harness.sql(`INSERT INTO "product" ("name", "made_at", "due_at") VALUES ('old', ?, ?)`, [
        year999,
        year999,
      ]);
      const [{ id } = {}] = await s.harness.sql(`SELECT "id" FROM "product" WHERE "name" = 'old'`);
      const products = new CRUDCollection({ ormAdapter: product, publicFields: ['id', 'name', 'stock'] });
      const app = await routersApp(s.framework, [products.getRouter({ prefix: '/p' })]);
      try {
        const row = { id: Number(id), name: 'old', stock: 0 };
        const one = await call(app, 'GET', `/p/${id}`);
        assert.deepEqual([one.status, one.body], [200, row]);
        const list = await call(app, 'GET', '/p');
        assert.deepEqual([list.status, list.body.data], [200, [row]]);
        const removed = await call(app, 'DELETE', `/p/${id}`);
        assert.deepEqual([removed.status, removed.body], [200, row]);
        assert.deepEqual(await s.harness.sql('SELECT "id" FROM "product"'), []);
        // Its rows were read without due_at's check: a collection showing it comes too late now.
        const late = () => new CRUDCollection({ ormAdapter: product, publicFields: ['id', 'name', 'due_at'] });
        assert.throws(late, /showing due_at was made after its model's rows were first read/);
      } finally {
        await app.close();
      }
    });
  },
  { reset: 'each' },
);
