import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum } from '../support/forum-suite.ts';
import { forumOpenApi, operationsOf } from '../support/openapi.ts';

/** The forum's administrator: writes outside `/users/me` need one. */
const admin = { authorization: 'Bearer user-1' };

describeForum(
  'the five generated routes',
  (s) => {
    test('GET / returns a page ordered by primary key, relation keys null', async () => {
      const res = await s.call('GET', '/categories');
      assert.equal(res.status, 200);
      assert.deepEqual(
        { page: res.body.page, per_page: res.body.per_page, count: res.body.count },
        { page: 1, per_page: 20, count: 3 },
      );
      assert.deepEqual(
        res.body.data.map((c: { id: number }) => c.id),
        [1, 2, 3],
      );
      const first = res.body.data[0];
      assert.equal(first.name, 'General');
      assert.ok(first.created_at, 'server default is returned');
      assert.equal(first.threads, null);
    });

    test('the root answers with and without a trailing slash', async () => {
      assert.deepEqual((await s.call('GET', '/categories/')).body, (await s.call('GET', '/categories')).body);
      const nested = await s.call('GET', '/categories/1/threads/');
      assert.deepEqual(nested.body, (await s.call('GET', '/categories/1/threads')).body);
      assert.equal((await s.call('POST', '/categories/', { name: 'Slash' }, admin)).status, 201);
    });

    test('GET /{pk} returns the object, 404 problem when missing', async () => {
      const res = await s.call('GET', '/threads/3');
      assert.equal(res.status, 200);
      assert.deepEqual(
        { id: res.body.id, category_id: res.body.category_id, title: res.body.title },
        { id: 3, category_id: 2, title: 'Install fails' },
      );
      const missing = await s.call('GET', '/threads/999');
      assert.equal(missing.status, 404);
      assert.match(String(missing.headers['content-type']), /application\/problem\+json/);
      assert.deepEqual(missing.body, {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'Not found',
        code: 'not_found',
      });
    });

    test('POST / creates: 201 with the object, row in the database, server defaults filled', async () => {
      const res = await s.call('POST', '/categories', { name: 'News' }, admin);
      assert.equal(res.status, 201);
      assert.equal(res.body.name, 'News');
      assert.equal(typeof res.body.id, 'number');
      assert.ok(res.body.created_at);
      const rows = await s.rows('category', { id: res.body.id });
      assert.equal(rows.length, 1);
      assert.equal(rows[0]?.name, 'News');
    });

    test('POST / keeps a natural primary key and a nullable foreign key', async () => {
      const res = await s.call('POST', '/posts', { thread_id: 2, slug: 'anon' }, admin);
      assert.equal(res.status, 201);
      assert.equal(res.body.author_id, null);
      const tr = await s.call('POST', '/post-translations', { post_id: 2, language: 'de', body: 'Hallo' }, admin);
      assert.equal(tr.status, 201);
      assert.deepEqual([tr.body.post_id, tr.body.language, tr.body.body], [2, 'de', 'Hallo']);
      // A key no URL can name: clients resolve `.` and `..` path segments away; the document says so.
      for (const language of ['.', '..']) {
        const dot = await s.call('POST', '/post-translations', { post_id: 2, language, body: 'x' }, admin);
        assert.deepEqual(
          [dot.status, dot.body.errors],
          [422, [{ path: 'body.language', message: 'must not be "." or "..": no URL can name that key' }]],
          language,
        );
        assert.deepEqual(await s.rows('post_translation', { language }), []);
      }
      const create = operationsOf(forumOpenApi(s.harness.adapters)).find(
        (op) => op.method === 'POST' && op.path === '/post-translations',
      );
      assert.deepEqual(create?.body?.properties?.language?.not, { enum: ['.', '..'] });
      // A row that has one all the same (written by other means) is still found by a filter.
      await s.harness.sql(`INSERT INTO "post_translation" ("post_id", "language", "body") VALUES (2, '.', 'dot')`);
      assert.equal((await s.call('GET', '/post-translations?language=.')).body.count, 1);
    });

    test('PATCH /{pk} updates only the given fields and answers null', async () => {
      const res = await s.call('PATCH', '/threads/1', { title: 'Welcome!' }, admin);
      assert.equal(res.status, 200);
      assert.equal(res.body, null);
      const [row] = await s.rows('thread', { id: 1 });
      assert.equal(row?.title, 'Welcome!');
      assert.equal(Number(row?.category_id), 1);
      const unchanged = await s.call('PATCH', '/threads/1', { title: 'Welcome!' }, admin);
      assert.deepEqual([unchanged.status, unchanged.body], [200, null]);
    });

    test("the adapter's updateOne with returning 'key' answers only the key, or null when missing", async () => {
      const { thread, postTranslation } = s.harness.adapters;
      assert.deepEqual(await thread.updateOne({ id: 2 }, { title: 'Keyed' }, undefined, 'key'), { id: 2 });
      assert.equal((await s.rows('thread', { id: 2 }))[0]?.title, 'Keyed');
      // Equal values still find the row (MySQL counts matched rows, not changed ones).
      assert.deepEqual(await thread.updateOne({ id: 2 }, { title: 'Keyed' }, undefined, 'key'), { id: 2 });
      assert.equal(await thread.updateOne({ id: 999 }, { title: 'x' }, undefined, 'key'), null);
      const key = { post_id: 1, language: 'fr' };
      assert.deepEqual(await postTranslation.updateOne(key, { body: 'Salut' }, undefined, 'key'), key);
    });

    test('writes of the same fields in another order put each value in its own column; undefined is not written', async () => {
      const { post } = s.harness.adapters;
      const first = await post.createOne({ thread_id: 1, slug: 'order-a', author_id: 1 });
      const second = await post.createOne({ author_id: undefined, slug: 'order-b', thread_id: 2 });
      const created = [first, second].map((r) => [r.thread_id, r.slug, r.author_id]);
      assert.deepEqual(created, [
        [1, 'order-a', 1],
        [2, 'order-b', null],
      ]);
      await post.updateOne({ id: first.id }, { slug: 'order-c', thread_id: 2 });
      await post.updateOne({ id: second.id }, { thread_id: 1, author_id: undefined, slug: 'order-d' });
      const stored = [...(await s.rows('post', { id: first.id })), ...(await s.rows('post', { id: second.id }))];
      assert.deepEqual(
        stored.map((r) => [Number(r.thread_id), r.slug, r.author_id === null ? null : Number(r.author_id)]),
        [
          [2, 'order-c', 1],
          [1, 'order-d', null],
        ],
      );
    });

    test('PATCH and DELETE on a missing record give 404', async () => {
      assert.equal((await s.call('PATCH', '/threads/999', { title: 'x' }, admin)).status, 404);
      assert.equal((await s.call('DELETE', '/threads/999', undefined, admin)).status, 404);
    });

    test('DELETE /{pk} answers the deleted object and removes the row', async () => {
      const res = await s.call('DELETE', '/posts/4', undefined, admin);
      assert.equal(res.status, 200);
      assert.equal(res.body.slug, 'npm-error');
      assert.equal((await s.rows('post', { id: 4 })).length, 0);
    });

    test('composite keys are several path parameters', async () => {
      const res = await s.call('GET', '/post-translations/1/fr');
      assert.equal(res.status, 200);
      assert.equal(res.body.body, 'Bonjour');
      assert.equal((await s.call('PATCH', '/post-translations/1/fr', { body: 'Salut' }, admin)).status, 200);
      assert.equal((await s.rows('post_translation', { post_id: 1, language: 'fr' }))[0]?.body, 'Salut');
      assert.equal((await s.call('GET', '/post-translations/1/xx')).status, 404);
    });
  },
  { reset: 'each' },
);
