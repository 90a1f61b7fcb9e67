import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRUDCollection, NestedConfig } from 'ormcrud';
import { describeForum } from '../support/forum-suite.ts';

/** The forum's administrator: writes outside `/users/me` need one. */
const admin = { authorization: 'Bearer user-1' };

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);
const asUser = (id: number) => ({ authorization: `Bearer user-${id}` });

describeForum(
  'nested collections',
  (s) => {
    test('three levels: lists and objects are scoped to the parents in the URL', async () => {
      assert.deepEqual(ids((await s.call('GET', '/categories/1/threads')).body), [1, 2]);
      assert.deepEqual(ids((await s.call('GET', '/categories/1/threads/1/posts')).body), [1, 2]);
      const post = await s.call('GET', '/categories/1/threads/1/posts/2');
      assert.equal(post.status, 200);
      assert.equal(post.body.slug, 'hi-there');
    });

    test('a wrong parent is 404 on objects and an empty page on lists', async () => {
      assert.equal((await s.call('GET', '/categories/2/threads/1')).status, 404);
      assert.equal((await s.call('GET', '/categories/2/threads/1/posts/1')).status, 404);
      assert.equal((await s.call('GET', '/categories/1/threads/1/posts/3')).status, 404);
      const page = (await s.call('GET', '/categories/2/threads/1/posts')).body;
      assert.deepEqual([page.count, page.data], [0, []]);
      assert.deepEqual(ids((await s.call('GET', '/categories/999/threads')).body), []);
    });

    test('update and delete are scoped to the parent chain', async () => {
      assert.equal((await s.call('PATCH', '/categories/2/threads/1', { title: 'Moved?' }, admin)).status, 404);
      assert.equal((await s.call('DELETE', '/categories/2/threads/1/posts/1', undefined, admin)).status, 404);
      assert.equal((await s.rows('thread', { id: 1 }))[0]?.title, 'Welcome');
      assert.equal((await s.rows('post', { id: 1 })).length, 1);
      assert.equal((await s.call('PATCH', '/categories/1/threads/1', { title: 'Hi' }, admin)).status, 200);
      assert.equal((await s.call('DELETE', '/categories/1/threads/1/posts/2', undefined, admin)).status, 200);
      assert.equal((await s.rows('post', { id: 2 })).length, 0);
    });

    test('a nested PATCH cannot move a row out of its parent', async () => {
      const moved = await s.call('PATCH', '/categories/1/threads/1', { category_id: 2, title: 'Still here' }, admin);
      assert.equal(moved.status, 200);
      assert.deepEqual(
        [(await s.rows('thread', { id: 1 }))[0]?.category_id, (await s.rows('thread', { id: 1 }))[0]?.title],
        [1, 'Still here'],
      );
      await s.call('PATCH', '/users/me/posts/1', { author_id: 2 }, asUser(1));
      assert.equal((await s.rows('post', { id: 1 }))[0]?.author_id, 1);
      await s.call('PATCH', '/categories/1/threads/1/posts/1', { thread_id: 3 }, admin);
      assert.equal((await s.rows('post', { id: 1 }))[0]?.thread_id, 1);
    });

    test('a nested list does not offer the fixed key as a filter', async () => {
      const page = await s.call('GET', '/categories/1/threads?category_id=2');
      assert.deepEqual(ids(page.body), [1, 2]);
    });

    test('create takes the foreign key from the URL, not the body', async () => {
      const res = await s.call('POST', '/categories/2/threads', { title: 'New', category_id: 1 }, admin);
      assert.equal(res.status, 201);
      assert.equal(res.body.category_id, 2);
      const post = await s.call('POST', '/categories/2/threads/3/posts', { slug: 'deep' }, admin);
      assert.equal(post.status, 201);
      assert.equal(post.body.thread_id, 3);
      assert.equal((await s.rows('post', { slug: 'deep' }))[0]?.thread_id, 3);
    });

    test('create under a missing or mismatched parent is 404 "Parent not found" and writes nothing', async () => {
      for (const url of ['/categories/999/threads', '/categories/2/threads/1/posts']) {
        const res = await s.call('POST', url, { title: 'x', slug: 'orphan' }, admin);
        assert.equal(res.status, 404, url);
        assert.equal(res.body.detail, 'Parent not found');
      }
      assert.equal((await s.rows('thread')).length, 3);
      assert.equal((await s.rows('post', { slug: 'orphan' })).length, 0);
    });

    test('composite keys: the key bound by the parent is not repeated in the path', async () => {
      assert.deepEqual(
        (await s.call('GET', '/posts/1/translations')).body.data.map((t: { language: string }) => t.language),
        ['en', 'fr'],
      );
      const fr = await s.call('GET', '/posts/1/translations/fr');
      assert.deepEqual([fr.status, fr.body.body], [200, 'Bonjour']);
      assert.equal((await s.call('GET', '/posts/3/translations/fr')).status, 404);
      const created = await s.call('POST', '/posts/3/translations', { language: 'de', body: 'Sei nett' }, admin);
      assert.equal(created.status, 201);
      assert.deepEqual([created.body.post_id, created.body.language], [3, 'de']);
    });

    test("relinkParent refuses to build where the link is part of the parent's own key", () => {
      // Re-pointing translation (1, en) at a new post would change the translation's key.
      const translations = new CRUDCollection({ ormAdapter: s.harness.adapters.postTranslation });
      const posts = new CRUDCollection({ ormAdapter: s.harness.adapters.post });
      translations.addNestedCollection('/posts', posts, new NestedConfig({ relinkParent: true }));
      assert.throws(() => translations.getRouter({ prefix: '/translations' }), /the parent's path or key holds/);
    });

    test('reverse direction: the category that owns the thread that owns the post', async () => {
      assert.deepEqual(ids((await s.call('GET', '/posts/3/threads')).body), [2]);
      assert.deepEqual(ids((await s.call('GET', '/posts/3/threads/2/categories')).body), [1]);
      assert.equal((await s.call('GET', '/posts/3/threads/2/categories/1')).status, 200);
      assert.equal((await s.call('GET', '/posts/3/threads/2/categories/2')).status, 404);
      assert.deepEqual(ids((await s.call('GET', '/posts/3/threads/1/categories')).body), []);
    });

    test('reverse direction: a create points the parent at the new row, or writes nothing', async () => {
      const category = await s.call('POST', '/posts/3/threads/2/categories', { name: 'Moved' }, admin);
      assert.equal(category.status, 201);
      assert.equal((await s.rows('thread', { id: 2 }))[0]?.category_id, category.body.id);
      assert.deepEqual(ids((await s.call('GET', '/posts/3/threads/2/categories')).body), [category.body.id]);
      for (const url of ['/posts/999/threads/2/categories', '/posts/3/threads/1/categories']) {
        const res = await s.call('POST', url, { name: 'Ghost' }, admin);
        assert.deepEqual([res.status, res.body.detail], [404, 'Parent not found'], url);
      }
      assert.equal((await s.rows('category', { name: 'Ghost' })).length, 0);
    });

    test('reverse direction: a create re-points the parent only where the nest says relinkParent', async () => {
      const res = await s.call('POST', '/posts/3/threads', { category_id: 2, title: 'Split off' }, admin);
      assert.deepEqual([res.status, res.headers.allow], [405, 'GET, HEAD, OPTIONS']);
      assert.equal((await s.rows('post', { id: 3 }))[0]?.thread_id, 2);
      assert.equal((await s.rows('thread', { title: 'Split off' })).length, 0);
      const collection = (key: 'thread' | 'post' | 'category') =>
        new CRUDCollection({ ormAdapter: s.harness.adapters[key] });
      const relink = new NestedConfig({ relinkParent: true });
      // The child holds the key: a create takes it from the URL, nothing to relink.
      const forward = collection('thread').addNestedCollection('/posts', collection('post'), relink);
      assert.throws(() => forward.getRouter({ prefix: '/t' }), /relinkParent on "\/posts": the child holds the key/);
      // The post's thread is fixed by /threads/{thread_id}/posts: relinking it would move the post out.
      const moved = collection('post').addNestedCollection('/thread', collection('thread'), relink);
      const nested = collection('thread').addNestedCollection('/posts', moved);
      assert.throws(() => nested.getRouter({ prefix: '/t' }), /the parent's path or key holds the key/);
    });

    test('/users/me resolves the user from the token; no {user_id} anywhere', async () => {
      const me = await s.call('GET', '/users/me', undefined, asUser(2));
      assert.deepEqual([me.status, me.body.username], [200, 'brian']);
      const missing = await s.call('GET', '/users/me');
      assert.equal(missing.status, 401);
      assert.match(String(missing.headers['content-type']), /problem\+json/);
      assert.equal((await s.call('GET', '/users/me', undefined, { authorization: 'Bearer nope' })).status, 401);
      assert.equal((await s.call('GET', '/users/me', undefined, asUser(99))).status, 404);
    });

    test("/users/me renames only: another user's token is no 409 and is not written", async () => {
      const [ada] = await s.rows('user', { id: 1 });
      const patched = await s.call('PATCH', '/users/me', { username: 'bri', api_token: ada?.api_token }, asUser(2));
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      const [brian] = await s.rows('user', { id: 2 });
      assert.equal(brian?.username, 'bri');
      assert.notEqual(brian?.api_token, ada?.api_token);
    });

    test("/users/me/posts lists and creates the current user's posts", async () => {
      assert.deepEqual(ids((await s.call('GET', '/users/me/posts', undefined, asUser(1))).body), [1, 3]);
      const created = await s.call('POST', '/users/me/posts', { thread_id: 3, slug: 'mine', author_id: 2 }, asUser(3));
      assert.equal(created.status, 201);
      assert.equal(created.body.author_id, 3);
      assert.equal((await s.call('GET', `/users/me/posts/${created.body.id}`, undefined, asUser(1))).status, 404);
      const ghost = await s.call('POST', '/users/me/posts', { thread_id: 3, slug: 'ghost' }, asUser(99));
      assert.deepEqual([ghost.status, ghost.body.detail], [404, 'Parent not found']);
      assert.equal((await s.rows('post', { slug: 'ghost' })).length, 0);
    });

    test('extra routes: collection root before /{pk}, item under /{pk}, with keys resolved', async () => {
      const search = await s.call('GET', '/categories/search?name=Help');
      assert.equal(search.status, 200);
      assert.deepEqual(search.body, { count: 1, data: [{ id: 2, name: 'Help' }] });
      const stats = await s.call('GET', '/categories/1/stats');
      assert.deepEqual(stats.body, { category_id: 1, threads: 2 });
    });
  },
  { reset: 'each' },
);
