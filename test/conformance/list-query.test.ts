import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum } from '../support/forum-suite.ts';

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

describeForum('list filters, sorting, pagination and includes', (s) => {
  test('filters are exact and AND-combined', async () => {
    assert.deepEqual(ids((await s.call('GET', '/posts?thread_id=1')).body), [1, 2]);
    assert.deepEqual(ids((await s.call('GET', '/posts?thread_id=1&author_id=2')).body), [2]);
    assert.deepEqual(ids((await s.call('GET', '/posts?slug=hel')).body), []);
    const page = (await s.call('GET', '/posts?thread_id=1&author_id=3')).body;
    assert.deepEqual([page.count, page.data], [0, []]);
  });

  test('unknown query parameters are ignored', async () => {
    assert.deepEqual(ids((await s.call('GET', '/posts?nope=1')).body), [1, 2, 3, 4]);
  });

  test('a filter with an operator or brackets is a 422 naming it, never an unfiltered list', async () => {
    for (const query of ['slug[ne]=hello', 'thread_id[gt]=1', 'slug[]=hello', 'sort[0]=slug', 'page[size]=1']) {
      const res = await s.call('GET', `/posts?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.errors[0].path, `query.${query.split('=')[0]}`);
    }
    // A bracketed name of no parameter is as unknown as any other.
    assert.deepEqual(ids((await s.call('GET', '/posts?nope[ne]=1')).body), [1, 2, 3, 4]);
  });

  test('an invalid percent-escape in a query name or value is 400, an encoded percent sign is text', async () => {
    for (const query of ['slug=%FF', 'slug=%ED%A0%80', 'slug=%C0%AF', 'slug=%zz', 'slug=%E2', 'nope%FF=1', '%zz']) {
      const res = await s.call('GET', `/posts?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.detail, 'The URL query is malformed (an invalid percent-encoding)');
    }
    assert.equal((await s.call('POST', '/nope?a=%FF', {})).status, 400, 'as for a malformed path');
    assert.deepEqual(ids((await s.call('GET', '/posts?slug=%25FF&nope=%E2%82%AC')).body), []);
  });

  test('a date-time filter is to the millisecond: digits past it only zeros, else a 422 naming it', async () => {
    const at = new Date((await s.call('GET', '/categories/1')).body.created_at).toISOString();
    const same = ids((await s.call('GET', `/categories?created_at=${at}`)).body);
    assert.deepEqual(ids((await s.call('GET', `/categories?created_at=${at.replace('Z', '000000Z')}`)).body), same);
    for (const finer of [at.replace('Z', '0001Z'), at.replace('Z', '9')]) {
      const res = await s.call('GET', `/categories?created_at=${finer}`);
      assert.equal(res.status, 422, finer);
      assert.equal(res.body.errors[0].path, 'query.created_at');
      assert.match(res.body.errors[0].message, /to the millisecond at most/);
    }
  });

  test('a date-time filter finds every row served with its value, as the database filled it', async () => {
    // SQLite's `CURRENT_TIMESTAMP` wrote `YYYY-MM-DD HH:MM:SS` text, which no ORM writes: served `….000Z`.
    const served: { id: number; created_at: string }[] = (await s.call('GET', '/categories')).body.data;
    for (const { created_at } of served) {
      const expected = served.filter((row) => row.created_at === created_at).map((row) => row.id);
      const found = await s.call('GET', `/categories?created_at=${encodeURIComponent(created_at)}`);
      assert.deepEqual([found.status, ids(found.body)], [200, expected], created_at);
      const later = new Date(Date.parse(created_at) + 1).toISOString();
      const none = served.filter((row) => row.created_at === later).map((row) => row.id);
      assert.deepEqual(ids((await s.call('GET', `/categories?created_at=${later}`)).body), none, later);
    }
  });

  test('sort is repeatable, ascending by default, first mention wins', async () => {
    assert.deepEqual(ids((await s.call('GET', '/posts?sort=slug')).body), [3, 1, 2, 4]);
    assert.deepEqual(ids((await s.call('GET', '/posts?sort=slug:desc')).body), [4, 2, 1, 3]);
    assert.deepEqual(ids((await s.call('GET', '/posts?sort=thread_id:desc&sort=id:desc')).body), [4, 3, 2, 1]);
    assert.deepEqual(
      ids((await s.call('GET', '/posts?sort=thread_id&sort=thread_id:desc&sort=id:desc')).body),
      [2, 1, 3, 4],
    );
  });

  test('bad sort values are 422 naming the parameter', async () => {
    for (const value of ['nope', 'slug:up', 'slug,id']) {
      const res = await s.call('GET', `/posts?sort=${value}`);
      assert.equal(res.status, 422, value);
      assert.equal(res.body.errors[0].path, 'query.sort.0');
    }
  });

  test('page and per_page slice the list; count is the total', async () => {
    const first = (await s.call('GET', '/posts?per_page=3')).body;
    assert.deepEqual([first.page, first.per_page, first.count, ids(first)], [1, 3, 4, [1, 2, 3]]);
    const second = (await s.call('GET', '/posts?per_page=3&page=2')).body;
    assert.deepEqual([second.count, ids(second)], [4, [4]]);
    const beyond = (await s.call('GET', '/posts?per_page=3&page=5')).body;
    assert.deepEqual([beyond.count, ids(beyond)], [4, []]);
  });

  test('page and per_page out of range are 422', async () => {
    for (const query of ['page=0', 'per_page=0', 'per_page=101', 'page=abc', 'per_page=2.5']) {
      const res = await s.call('GET', `/posts?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.code, 'validation_failed');
    }
  });

  test('include loads to-one, to-many and many-to-many relations', async () => {
    const post = (await s.call('GET', '/posts/1?include=thread&include=author')).body;
    assert.equal(post.thread.title, 'Welcome');
    assert.equal(post.author.username, 'ada');
    assert.equal(post.translations, null);
    const anonymous = (await s.call('GET', '/posts/4?include=author')).body;
    assert.equal(anonymous.author, null);
    const category = (await s.call('GET', '/categories/1?include=threads')).body;
    assert.deepEqual(category.threads.map((t: { id: number }) => t.id).sort(), [1, 2]);
    const empty = (await s.call('GET', '/categories/3?include=threads')).body;
    assert.deepEqual(empty.threads, []);
    if (!s.target.compositeRelations) return;
    const translation = (await s.call('GET', '/post-translations/1/en?include=tags')).body;
    assert.deepEqual(translation.tags.map((t: { name: string }) => t.name).sort(), ['intro', 'meta']);
  });

  test('included objects are flat', async () => {
    const post = (await s.call('GET', '/posts/1?include=thread')).body;
    assert.equal(post.thread.posts, undefined);
    assert.equal(post.thread.category, undefined);
  });

  test('a tag has no relation on any ORM: the same fields, and no include', async () => {
    assert.deepEqual((await s.call('GET', '/tags/1')).body, { id: 1, name: 'intro' });
    assert.equal((await s.call('GET', '/tags?include=translations')).status, 422);
  });

  test('unknown or comma-joined include is 422', async () => {
    assert.equal((await s.call('GET', '/posts?include=nope')).status, 422);
    assert.equal((await s.call('GET', '/posts?include=thread,author')).status, 422);
    assert.equal((await s.call('GET', '/posts/1?include=thread,author')).status, 422);
  });

  test('includes cost a fixed number of statements whatever the page size', async () => {
    const cost = async (url: string) => {
      s.harness.resetQueryCount();
      assert.equal((await s.call('GET', url)).status, 200);
      return s.harness.queryCount();
    };
    const one = await cost('/posts?per_page=1&include=thread&include=author');
    const all = await cost('/posts?per_page=3&include=thread&include=author');
    assert.equal(all, one);
    assert.ok(all <= 4, `at most data + count + one per relation, got ${all}`);
    const short = await cost('/posts?per_page=100&include=thread&include=author');
    assert.equal(short, all - 1, 'a short page skips the count');
    if (!s.target.compositeRelations) return;
    const m2m = await cost('/post-translations?include=tags&include=post');
    assert.ok(m2m <= 3, `short page: data + one per relation, got ${m2m}`);
  });

  test('a short page needs no count query', async () => {
    s.harness.resetQueryCount();
    await s.call('GET', '/categories');
    assert.equal(s.harness.queryCount(), 1);
  });
});
