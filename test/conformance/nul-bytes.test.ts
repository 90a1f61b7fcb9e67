/**
 * Text with U+0000, through HTTP on every ORM × database: stored and read
 * back exactly where the database can hold it (SQLite, MariaDB), a 422
 * naming the field where it cannot (PostgreSQL), for bodies and filters
 * alike; never a 500, never a changed value.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum, type ForumSuite, type Reply } from '../support/forum-suite.ts';

const admin = { authorization: 'Bearer user-1', 'content-type': 'application/json' };
const adminNoBody = { authorization: 'Bearer user-1' };
const NUL = 'nul\u0000byte';

/** The stored bytes of a text column as hex, read by the database itself (no driver reads the text). */
async function storedHex(s: ForumSuite, table: string, column: string, id: number): Promise<string> {
  const [row] = await s.harness.sql(`SELECT hex("${column}") AS h FROM "${table}" WHERE "id" = ?`, [id]);
  return String(row?.h).toUpperCase();
}

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();

/** A 422 problem naming exactly `path`. */
function assertRefused(res: Reply, path: string) {
  assert.equal(res.status, 422, JSON.stringify(res.body));
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.deepEqual(
    res.body.errors.map((e: { path: string }) => e.path),
    [path],
  );
  assert.match(res.body.errors[0].message, /NUL/);
}

describeForum(
  'text with U+0000',
  (s) => {
    const holds = () => s.target.dialect !== 'postgres';

    test('a created row holds the text exactly, and reads back so everywhere', async (t) => {
      if (!holds()) return t.skip('PostgreSQL cannot store it: see the 422 tests');
      const created = await s.call('POST', '/categories', JSON.stringify({ name: NUL }), admin);
      assert.equal(created.status, 201);
      assert.equal(created.body.name, NUL);
      const id = created.body.id;
      assert.equal(await storedHex(s, 'category', 'name', id), hexOf(NUL));
      assert.equal((await s.call('GET', `/categories/${id}`)).body.name, NUL);
      const list = (await s.call('GET', '/categories?per_page=100')).body.data;
      assert.equal(list.find((c: { id: number }) => c.id === id).name, NUL);
      const found = (await s.call('GET', `/categories?name=${encodeURIComponent(NUL)}`)).body.data;
      assert.deepEqual(
        found.map((c: { id: number }) => c.id),
        [id],
      );
      const deleted = await s.call('DELETE', `/categories/${id}`, undefined, adminNoBody);
      assert.equal(deleted.body.name, NUL);
    });

    test('a patch stores the text exactly; includes show it so', async (t) => {
      if (!holds()) return t.skip('PostgreSQL cannot store it: see the 422 tests');
      const patched = await s.call('PATCH', '/categories/1', JSON.stringify({ name: `x${NUL}` }), admin);
      assert.equal(patched.status, 200);
      assert.equal(await storedHex(s, 'category', 'name', 1), hexOf(`x${NUL}`));
      assert.equal((await s.call('GET', '/threads/1?include=category')).body.category.name, `x${NUL}`);
      const threads = (await s.call('GET', '/categories/1?include=threads')).body;
      assert.equal(threads.name, `x${NUL}`);
    });

    test('a text key with U+0000 names its row', async (t) => {
      if (!holds()) return t.skip('PostgreSQL cannot store it: see the 404 test');
      const body = JSON.stringify({ language: 'e\u0000n', body: NUL });
      const created = await s.call('POST', '/posts/2/translations', body, admin);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.language, 'e\u0000n');
      const got = await s.call('GET', '/post-translations/2/e%00n');
      assert.deepEqual([got.status, got.body.language, got.body.body], [200, 'e\u0000n', NUL]);
      assert.equal((await s.call('GET', '/post-translations/2/e')).status, 404);
    });

    test('PostgreSQL: a body with U+0000 is a 422 naming the field, and nothing is written', async (t) => {
      if (holds()) return t.skip('the database stores it');
      const before = await s.rows('category');
      assertRefused(await s.call('POST', '/categories', JSON.stringify({ name: NUL }), admin), 'body.name');
      assertRefused(await s.call('PATCH', '/categories/1', JSON.stringify({ name: NUL }), admin), 'body.name');
      const nested = JSON.stringify({ language: 'de', body: NUL });
      assertRefused(await s.call('POST', '/posts/1/translations', nested, admin), 'body.body');
      assert.deepEqual(await s.rows('category'), before);
      assert.equal((await s.rows('post_translation')).length, 3);
    });

    test('PostgreSQL: a filter with U+0000 is a 422 naming the parameter', async (t) => {
      if (holds()) return t.skip('the database stores it');
      assertRefused(await s.call('GET', '/categories?name=a%00b'), 'query.name');
      assertRefused(await s.call('GET', '/categories/1/threads?title=a%00b'), 'query.title');
    });

    test('PostgreSQL: a key with U+0000 names no row (404), on every method', async (t) => {
      if (holds()) return t.skip('the database stores it');
      assert.equal((await s.call('GET', '/post-translations/1/e%00n')).status, 404);
      const patch = await s.call('PATCH', '/post-translations/1/e%00n', JSON.stringify({ body: 'x' }), admin);
      assert.equal(patch.status, 404);
      assert.equal((await s.call('DELETE', '/post-translations/1/e%00n', undefined, adminNoBody)).status, 404);
      assert.equal((await s.call('GET', '/posts/1/translations/e%00n')).status, 404);
    });

    test('an extra route handing U+0000 to the adapter gets no 500', async () => {
      const res = await s.call('GET', '/categories/search?name=a%00b');
      assert.ok([200, 422].includes(res.status), String(res.status));
      if (res.status === 200) assert.deepEqual(res.body.data, []);
    });
  },
  { reset: 'each' },
);
