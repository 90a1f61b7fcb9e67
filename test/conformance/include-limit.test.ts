/**
 * The per-parent cap on to-many includes, through HTTP on every ORM × database:
 * a parent with more related rows than the cap gets exactly the cap, the
 * lowest primary keys, in the same number of statements; other parents are
 * unaffected; nested routes, many-to-many and the default cap of 100 too.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  CRUDCollection,
  createOpenApiDocument,
  DEFAULT_INCLUDE_LIMIT,
  PagePaginator,
  PaginatorDependency,
} from 'ormcrud';
import { describeForum } from '../support/forum-suite.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { routersApp } from '../support/framework-apps.ts';

/** The forum's categories, threads and translations with small caps, and categories with the default one. */
function limitedRouters(h: ForumHarness) {
  const a = h.adapters;
  const categories = new CRUDCollection({ ormAdapter: a.category, includeLimit: 2 });
  categories.addNestedCollection('/threads', new CRUDCollection({ ormAdapter: a.thread, includeLimit: 2 }));
  return [
    categories.getRouter({ prefix: '/categories' }),
    new CRUDCollection({ ormAdapter: a.postTranslation, includeLimit: 1 }).getRouter({ prefix: '/post-translations' }),
    new CRUDCollection({ ormAdapter: a.category }).getRouter({ prefix: '/default-categories' }),
    new CRUDCollection({
      ormAdapter: a.thread,
      includeLimit: 1,
      dependencyOverrides: new Map([[PaginatorDependency, WidePages.dependency()]]),
    }).getRouter({ prefix: '/wide-threads' }),
  ];
}

class WidePages extends PagePaginator {
  static override maxPerPage = 500;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** `INSERT … VALUES (…), (…)`: one statement for all rows. */
async function insertRows(h: ForumHarness, table: string, rows: readonly (readonly unknown[])[], columns: string[]) {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const names = columns.map((c) => `"${c}"`).join(', ');
  await h.sql(`INSERT INTO "${table}" (${names}) VALUES ${rows.map(() => tuple).join(', ')}`, rows.flat());
}

describeForum(
  'to-many includes are capped per parent',
  (s) => {
    before(async () => {
      // Category 3 gets threads 12, 11, 13 (in that order), thread 11 posts 23, 21, 22.
      await insertRows(
        s.harness,
        'thread',
        [12, 11, 13].map((id) => [id, 3, `thread ${id}`]),
        ['id', 'category_id', 'title'],
      );
      await insertRows(
        s.harness,
        'post',
        [23, 21, 22].map((id) => [id, 11, `post-${id}`]),
        ['id', 'thread_id', 'slug'],
      );
    });

    test('get one: the lowest primary keys up to the cap; smaller sets whole', async () => {
      const threadsOf = async (id: number) => (await s.call('GET', `/categories/${id}?include=threads`)).body.threads;
      assert.deepEqual(ids(await threadsOf(3)), [11, 12]);
      assert.deepEqual(ids(await threadsOf(1)), [1, 2]);
      assert.deepEqual(ids(await threadsOf(2)), [3]);
      const thread = await threadsOf(3);
      assert.deepEqual(thread[0], { id: 11, category_id: 3, title: 'thread 11' });
    });

    test('list: each parent capped on its own, in one statement per relation', async () => {
      s.harness.resetQueryCount();
      const page = (await s.call('GET', '/categories?include=threads')).body;
      const included = s.harness.queryCount();
      assert.deepEqual(
        page.data.map((c: { threads: { id: number }[] }) => ids(c.threads)),
        [[1, 2], [3], [11, 12]],
      );
      s.harness.resetQueryCount();
      await s.call('GET', '/categories');
      assert.equal(included, s.harness.queryCount() + 1, 'one statement for the include, capped or not');
    });

    test('a nested route caps what it includes, on lists and objects', async () => {
      const threads = (await s.call('GET', '/categories/3/threads?include=posts')).body;
      assert.deepEqual(ids(threads.data), [11, 12, 13], 'the list itself is not capped');
      assert.deepEqual(
        threads.data.map((t: { posts: { id: number }[] }) => ids(t.posts)),
        [[21, 22], [], []],
      );
      const thread = (await s.call('GET', '/categories/3/threads/11?include=posts')).body;
      assert.deepEqual(ids(thread.posts), [21, 22]);
      const posts = (await s.call('GET', '/categories/1/threads?include=posts')).body;
      assert.deepEqual(
        posts.data.map((t: { posts: { id: number }[] }) => ids(t.posts)),
        [[1, 2], [3]],
      );
    });

    test('a to-one include is never cut', async () => {
      const threads = (await s.call('GET', '/categories/3/threads?include=category')).body;
      assert.deepEqual(
        threads.data.map((t: { category: { id: number } }) => t.category.id),
        [3, 3, 3],
      );
    });

    test('many-to-many is capped per parent too', async (t) => {
      if (!s.target.compositeRelations) return t.skip('no composite relations on this ORM');
      const en = (await s.call('GET', '/post-translations/1/en?include=tags')).body;
      assert.deepEqual(ids(en.tags), [1]);
      const list = (await s.call('GET', '/post-translations?include=tags')).body;
      assert.deepEqual(
        list.data.map((row: { tags: { id: number }[] }) => ids(row.tags)),
        [[1], [1], []],
      );
    });

    test(`the default cap is ${DEFAULT_INCLUDE_LIMIT}`, async () => {
      const extra = Array.from({ length: DEFAULT_INCLUDE_LIMIT + 5 }, (_, i) => 1000 - i);
      await insertRows(
        s.harness,
        'thread',
        extra.map((id) => [id, 2, `bulk ${id}`]),
        ['id', 'category_id', 'title'],
      );
      const threads = (await s.call('GET', '/default-categories/2?include=threads')).body.threads;
      const expected = [3, ...extra.sort((x, y) => x - y)].slice(0, DEFAULT_INCLUDE_LIMIT);
      assert.deepEqual(ids(threads), expected);
      const page = (await s.call('GET', '/default-categories?include=threads')).body;
      assert.deepEqual(
        page.data.map((c: { threads: unknown[] }) => c.threads.length),
        [2, DEFAULT_INCLUDE_LIMIT, 3],
      );
    });

    test('a page of more parents than one statement reads still caps each on its own', async () => {
      const threads = Array.from({ length: 130 }, (_, i) => 2000 + i);
      await insertRows(
        s.harness,
        'thread',
        threads.map((id) => [id, 1, `wide ${id}`]),
        ['id', 'category_id', 'title'],
      );
      // Two posts each, the higher key first: the cap keeps the lower.
      const posts = threads.flatMap((id) => [
        [2 * id + 1, id, `wide-${id}-b`],
        [2 * id, id, `wide-${id}-a`],
      ]);
      await insertRows(s.harness, 'post', posts, ['id', 'thread_id', 'slug']);
      s.harness.resetQueryCount();
      const page = (await s.call('GET', '/wide-threads?category_id=1&per_page=500&include=posts')).body;
      const included = s.harness.queryCount();
      const wide = page.data.filter((t: { id: number }) => t.id >= 2000);
      assert.deepEqual(
        wide.map((t: { id: number; posts: { id: number }[] }) => [t.id, ids(t.posts)]),
        threads.map((id) => [id, [2 * id]]),
      );
      s.harness.resetQueryCount();
      await s.call('GET', '/wide-threads?category_id=1&per_page=500');
      // PostgreSQL reads every parent's rows in one lateral statement; elsewhere a union takes 100 parents.
      const statements = s.target.dialect === 'postgres' ? 1 : 2;
      assert.equal(included, s.harness.queryCount() + statements, 'one statement per 100 parents, or one');
    });

    test('includeLimit must be a positive integer', () => {
      for (const includeLimit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2' as unknown as number]) {
        const options = { ormAdapter: s.harness.adapters.category, includeLimit };
        assert.throws(() => new CRUDCollection(options), TypeError, String(includeLimit));
      }
    });

    test('the include parameter of the OpenAPI document says how many rows per parent load', () => {
      const doc = createOpenApiDocument(limitedRouters(s.harness), { info: { title: 't', version: '1' } });
      const include = (path: string) =>
        // biome-ignore lint/suspicious/noExplicitAny: a walk through the document
        (doc.paths[path] as any).get.parameters.find((p: { name: string }) => p.name === 'include');
      assert.match(include('/categories').description, /at most 2 rows per parent/);
      assert.match(include('/categories/{category_id}/threads/{thread_id}').description, /at most 2 rows per parent/);
      assert.match(include('/default-categories/{category_id}').description, /at most 100 rows per parent/);
    });
  },
  { app: (h, framework) => routersApp(framework, limitedRouters(h)) },
);
