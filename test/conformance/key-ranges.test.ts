/**
 * Integers past what a column holds (a 4-byte `integer` on PostgreSQL and
 * MariaDB), through HTTP on every ORM × database: a key in the path names no
 * row (404, as any missing row, own or a parent), a filter matches no row,
 * a body value is a 422 naming the field; never a 500 or a database error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum } from '../support/forum-suite.ts';

const admin = { authorization: 'Bearer user-1' };
const json = { ...admin, 'content-type': 'application/json' };
const PAST = ['2147483648', '-2147483649', '4294967296'];

describeForum(
  'integers past their column',
  (s) => {
    test('a key past the column names no row: 404 on GET, PATCH and DELETE', async () => {
      const before = await s.rows('thread');
      for (const id of PAST) {
        assert.equal((await s.call('GET', `/threads/${id}`)).status, 404, id);
        const patch = await s.call('PATCH', `/threads/${id}`, JSON.stringify({ title: 'x' }), json);
        assert.deepEqual([patch.status, patch.body.code], [404, 'not_found'], id);
        assert.equal((await s.call('DELETE', `/threads/${id}`, undefined, admin)).status, 404, id);
      }
      assert.deepEqual(await s.rows('thread'), before);
    });

    test('a parent key past the column is a missing parent', async () => {
      for (const id of PAST) {
        const list = await s.call('GET', `/categories/${id}/threads`);
        assert.deepEqual([list.status, list.body.count, list.body.data], [200, 0, []], id);
        assert.deepEqual(list.body, (await s.call('GET', '/categories/999/threads')).body);
        assert.equal((await s.call('GET', `/categories/${id}/threads/1`)).status, 404, id);
        const created = await s.call('POST', `/categories/${id}/threads`, JSON.stringify({ title: 'x' }), json);
        assert.deepEqual([created.status, created.body.code], [404, 'parent_not_found'], id);
        const patch = await s.call('PATCH', `/categories/${id}/threads/1`, JSON.stringify({ title: 'x' }), json);
        assert.equal(patch.status, 404, id);
        assert.equal((await s.call('DELETE', `/categories/${id}/threads/1`, undefined, admin)).status, 404, id);
        assert.equal((await s.call('GET', `/categories/1/threads/${id}/posts`)).body.count, 0, id);
      }
      assert.equal((await s.rows('thread')).length, 3);
    });

    test('a filter past the column matches no row', async () => {
      for (const id of PAST) {
        const page = await s.call('GET', `/threads?category_id=${id}`);
        assert.deepEqual([page.status, page.body.count, page.body.data], [200, 0, []], id);
        const posts = await s.call('GET', `/categories/1/threads/1/posts?author_id=${id}`);
        assert.deepEqual([posts.status, posts.body.data], [200, []], id);
      }
    });

    test('a body value past the column is a 422 naming the field where the column is narrower', async () => {
      const res = await s.call('POST', '/threads', JSON.stringify({ category_id: 2147483648, title: 'x' }), json);
      if (s.target.dialect === 'sqlite') {
        // SQLite's integers hold 8 bytes: the value is fine, the category is missing.
        assert.equal(res.status, 409);
      } else {
        assert.equal(res.status, 422);
        assert.deepEqual(
          res.body.errors.map((e: { path: string }) => e.path),
          ['body.category_id'],
        );
      }
      const patch = await s.call('PATCH', '/threads/1', JSON.stringify({ category_id: -2147483649 }), json);
      assert.equal(patch.status, s.target.dialect === 'sqlite' ? 409 : 422);
      assert.equal((await s.rows('thread')).length, 3);
    });
  },
  { reset: 'each' },
);
