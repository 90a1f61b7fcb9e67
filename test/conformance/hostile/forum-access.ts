/** The demo is safe to copy: anonymous clients only read, users write their own rows, admins the rest. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { ForumSuite, Reply } from '../../support/forum-suite.ts';

const as = (id: number) => ({ authorization: `Bearer user-${id}` });
const ADA = as(1); // the administrator
const BRIAN = as(2);

/** Every write route of the forum, with a body that would pass validation. */
const WRITES: readonly [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
  ['POST', '/categories', { name: 'x' }],
  ['PATCH', '/categories/1', { name: 'x' }],
  ['DELETE', '/categories/3'],
  ['POST', '/categories/1/threads', { title: 'x' }],
  ['PATCH', '/categories/1/threads/1', { title: 'x' }],
  ['DELETE', '/categories/1/threads/2'],
  ['POST', '/categories/1/threads/1/posts', { slug: 'x' }],
  ['PATCH', '/categories/1/threads/1/posts/1', { slug: 'x' }],
  ['DELETE', '/categories/1/threads/1/posts/2'],
  ['POST', '/posts', { thread_id: 1, slug: 'x' }],
  ['PATCH', '/posts/1', { slug: 'x' }],
  ['DELETE', '/posts/4'],
  ['POST', '/posts/1/translations', { language: 'de', body: 'x' }],
  ['PATCH', '/posts/1/translations/en', { body: 'x' }],
  ['DELETE', '/posts/1/translations/fr'],
  ['PATCH', '/posts/1/threads/1', { title: 'x' }],
  ['POST', '/posts/1/threads/1/categories', { name: 'x' }],
  ['PATCH', '/posts/1/threads/1/categories/1', { name: 'x' }],
  ['POST', '/threads', { category_id: 1, title: 'x' }],
  ['PATCH', '/threads/1', { title: 'x' }],
  ['DELETE', '/threads/3'],
  ['POST', '/tags', { name: 'x' }],
  ['PATCH', '/tags/1', { name: 'x' }],
  ['DELETE', '/tags/2'],
  ['POST', '/post-translations', { post_id: 2, language: 'de', body: 'x' }],
  ['PATCH', '/post-translations/1/en', { body: 'x' }],
  ['DELETE', '/post-translations/3/en'],
];

const ME_WRITES: readonly [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
  ['PATCH', '/users/me', { username: 'x' }],
  ['POST', '/users/me/posts', { thread_id: 1, slug: 'x' }],
  ['PATCH', '/users/me/posts/2', { slug: 'x' }],
  ['DELETE', '/users/me/posts/2'],
  ['POST', '/users/me/posts/2/translations', { language: 'de', body: 'x' }],
];

/** The forum demo: who may write what. Starts from a freshly seeded forum. */
export function forumAccess(s: ForumSuite): void {
  before(() => s.harness.reset());

  /** Every row of the tables a write could touch, to prove a refused write changed nothing. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all(
        ['user', 'category', 'thread', 'post', 'tag', 'post_translation'].map((table) => s.rows(table)),
      ),
    );
  const refused = (res: Reply, status: number, what: string) => {
    assert.equal(res.status, status, `${what}: ${JSON.stringify(res.body)}`);
    assert.match(String(res.headers['content-type']), /problem\+json/, what);
  };

  test('anonymous clients write nothing: 401 on every write route', async () => {
    const before = await snapshot();
    for (const [method, url, body] of [...WRITES, ...ME_WRITES]) {
      refused(await s.call(method, url, body), 401, `${method} ${url}`);
    }
    assert.equal(await snapshot(), before);
  });

  test('a user who is no administrator gets 403 outside /users/me, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, url, body] of WRITES) refused(await s.call(method, url, body, BRIAN), 403, `${method} ${url}`);
    refused(await s.call('POST', '/tags', { name: 'x' }, as(99)), 401, 'a token for no user');
    assert.equal(await snapshot(), before);
  });

  test('users are never written through /users/{user_id}, not even by an administrator', async () => {
    const before = await snapshot();
    for (const [method, url, body] of [
      ['POST', '/users', { username: 'mallory' }],
      ['PATCH', '/users/2', { username: 'x' }],
      ['DELETE', '/users/3', undefined],
    ] as const) {
      for (const who of [undefined, BRIAN, ADA]) refused(await s.call(method, url, body, who), 405, `${method} ${url}`);
    }
    assert.equal(await snapshot(), before);
  });

  test('PATCH /users/me changes the caller only; is_admin and secrets cannot be set; secrets stay hidden', async () => {
    const res = await s.call(
      'PATCH',
      '/users/me',
      { username: 'brian2', is_admin: true, password_hash: 'new-SECRET' },
      BRIAN,
    );
    assert.deepEqual([res.status, res.body], [200, null]);
    const [brian] = await s.rows('user', { id: 2 });
    assert.equal(brian?.username, 'brian2');
    assert.equal(Boolean(Number(brian?.is_admin)), false, 'is_admin is read-only');
    assert.notEqual(brian?.password_hash, 'new-SECRET', '/users/me renames only: secrets change elsewhere');
    assert.equal((await s.rows('user', { id: 1 }))[0]?.username, 'ada');
    const me = await s.call('GET', '/users/me', undefined, BRIAN);
    assert.deepEqual(Object.keys(me.body).sort(), ['id', 'is_admin', 'posts', 'username']);
    refused(await s.call('POST', '/tags', { name: 'x' }, BRIAN), 403, 'still no administrator');
  });

  test("a user writes their own posts and translations only; another user's are not found", async () => {
    const before = await snapshot();
    for (const [method, url, body] of [
      ['PATCH', '/users/me/posts/1', { slug: 'stolen' }],
      ['DELETE', '/users/me/posts/3', undefined],
      ['POST', '/users/me/posts/1/translations', { language: 'de', body: 'x' }],
      ['PATCH', '/users/me/posts/1/translations/en', { body: 'x' }],
      ['DELETE', '/users/me/posts/1/translations/fr', undefined],
    ] as const) {
      refused(await s.call(method, url, body, BRIAN), 404, `${method} ${url}`);
    }
    assert.equal(await snapshot(), before);

    const created = await s.call('POST', '/users/me/posts', { thread_id: 3, slug: 'mine', author_id: 1 }, BRIAN);
    assert.deepEqual([created.status, created.body.author_id], [201, 2], 'the author comes from the token');
    const id = created.body.id as number;
    assert.equal((await s.call('PATCH', `/users/me/posts/${id}`, { slug: 'mine2', author_id: 1 }, BRIAN)).status, 200);
    assert.deepEqual(
      (await s.rows('post', { id })).map((p) => [p.slug, Number(p.author_id)]),
      [['mine2', 2]],
    );
    const translated = await s.call(
      'POST',
      `/users/me/posts/${id}/translations`,
      { language: 'fr', body: 'Le mien' },
      BRIAN,
    );
    assert.deepEqual([translated.status, translated.body.post_id], [201, id]);
    assert.equal((await s.call('DELETE', `/users/me/posts/${id}/translations/fr`, undefined, BRIAN)).status, 200);
    assert.equal((await s.call('DELETE', `/users/me/posts/${id}`, undefined, BRIAN)).status, 200);
    assert.equal((await s.rows('post', { id })).length, 0);
  });

  test('an administrator moderates; a post written outside /users/me has no author', async () => {
    const post = await s.call('POST', '/categories/1/threads/1/posts', { slug: 'mod', author_id: 2 }, ADA);
    assert.deepEqual([post.status, post.body.author_id], [201, null]);
    assert.equal((await s.call('PATCH', '/posts/2', { slug: 'moderated' }, ADA)).status, 200);
    assert.equal((await s.rows('post', { id: 2 }))[0]?.slug, 'moderated');
    assert.equal((await s.call('POST', '/tags', { name: 'news' }, ADA)).status, 201);
  });

  test('anyone reads, and is_admin shows while the secrets never do', async () => {
    const ada = await s.call('GET', '/users/1');
    assert.deepEqual([ada.status, ada.body.is_admin], [200, true]);
    assert.deepEqual(Object.keys(ada.body).sort(), ['id', 'is_admin', 'posts', 'username']);
    const post = await s.call('GET', '/posts/1?include=author');
    assert.deepEqual(post.body.author, { id: 1, username: 'ada', is_admin: true });
    const list = await s.call('GET', '/categories/1/threads/1/posts?include=author');
    for (const row of list.body.data) {
      if (row.author) assert.deepEqual(Object.keys(row.author).sort(), ['id', 'is_admin', 'username']);
    }
  });
}
