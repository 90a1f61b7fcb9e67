/**
 * Includes against a reference, on every ORM × database: random categories,
 * threads and posts (parents with no children and with more than the cap,
 * pages past 100 parents), random pages and sort directions; every listed
 * parent's included rows are its lowest-keyed children up to the cap, and a
 * to-one include is the row its key names. `FUZZ_RUNS` sets the runs (default 12).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CRUDCollection, PagePaginator, PaginatorDependency } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { routersApp } from '../support/framework-apps.ts';

class WidePages extends PagePaginator {
  static override maxPerPage = 500;
}

/** Categories capped at 2 threads, threads at 3 posts, on pages of up to 500. */
function routers(h: ForumHarness) {
  const wide = { dependencyOverrides: new Map([[PaginatorDependency, WidePages.dependency()]]) };
  return [
    new CRUDCollection({ ormAdapter: h.adapters.category, includeLimit: 2, ...wide }).getRouter({ prefix: '/c' }),
    new CRUDCollection({ ormAdapter: h.adapters.thread, includeLimit: 3, ...wide }).getRouter({ prefix: '/t' }),
  ];
}

interface Forum {
  readonly categories: number[];
  readonly threads: { id: number; category_id: number }[];
  readonly posts: { id: number; thread_id: number }[];
}

/** A forum of up to 6 categories and 40 threads, or (one run in four) more than 100 threads. */
const forums: fc.Arbitrary<Forum> = fc
  .record({
    categories: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
    threads: fc.oneof(
      { weight: 3, arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 40 }) },
      { weight: 1, arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 101, maxLength: 130 }) },
    ),
    picks: fc.array(fc.nat(), { minLength: 130, maxLength: 130 }),
    posts: fc.uniqueArray(fc.integer({ min: 1, max: 2000 }), { maxLength: 80 }),
  })
  .map(({ categories, threads, picks, posts }) => {
    const pick = <T>(from: readonly T[], i: number) => from[(picks[i % picks.length] ?? 0) % from.length] as T;
    const threadRows = threads.map((id, i) => ({ id, category_id: pick(categories, i) }));
    const postRows = threadRows.length === 0 ? [] : posts.map((id, i) => ({ id, thread_id: pick(threads, i + 7) }));
    return { categories, threads: threadRows, posts: postRows };
  });

async function store(h: ForumHarness, forum: Forum): Promise<void> {
  for (const table of ['post_translation_tag', 'post_translation', 'post', 'thread', 'category']) {
    await h.sql(`DELETE FROM "${table}"`);
  }
  const insert = async (table: string, columns: string[], rows: unknown[][]) => {
    if (rows.length === 0) return;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const names = columns.map((c) => `"${c}"`).join(', ');
    await h.sql(`INSERT INTO "${table}" (${names}) VALUES ${rows.map(() => tuple).join(', ')}`, rows.flat());
  };
  await insert(
    'category',
    ['id', 'name'],
    forum.categories.map((id) => [id, `c${id}`]),
  );
  await insert(
    'thread',
    ['id', 'category_id', 'title'],
    forum.threads.map((t) => [t.id, t.category_id, `t${t.id}`]),
  );
  await insert(
    'post',
    ['id', 'thread_id', 'slug'],
    forum.posts.map((p) => [p.id, p.thread_id, `p${p.id}`]),
  );
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);
const ascending = (a: number, b: number) => a - b;

/** The ids of a page of `all`, sorted by id, as `page`, `per_page` and the direction pick it. */
function window(all: number[], page: number, perPage: number, desc: boolean): number[] {
  const sorted = [...all].sort(desc ? (a, b) => b - a : ascending);
  return sorted.slice((page - 1) * perPage, page * perPage);
}

/** The lowest `cap` ids of the children of `parent`. */
const childrenOf = <C extends { id: number }>(rows: readonly C[], owns: (row: C) => boolean, cap: number) =>
  ids(rows.filter(owns)).sort(ascending).slice(0, cap);

describeForum(
  'includes match a reference',
  (s) => {
    test('capped to-many and to-one includes, on random forums and pages', async () => {
      const app = await routersApp(s.framework, routers(s.harness));
      const query = fc.record({
        page: fc.integer({ min: 1, max: 2 }),
        perPage: fc.constantFrom(1, 3, 20, 500),
        desc: fc.boolean(),
      });
      try {
        await fc.assert(
          fc.asyncProperty(forums, query, async (forum, { page, perPage, desc }) => {
            await store(s.harness, forum);
            const order = `sort=id:${desc ? 'desc' : 'asc'}&page=${page}&per_page=${perPage}`;
            const categories = (await call(app, 'GET', `/c?include=threads&${order}`)).body;
            assert.deepEqual(ids(categories.data), window(forum.categories, page, perPage, desc));
            for (const category of categories.data) {
              const own = childrenOf(forum.threads, (t) => t.category_id === category.id, 2);
              assert.deepEqual(ids(category.threads), own, `category ${category.id}`);
            }
            const threads = (await call(app, 'GET', `/t?include=posts&include=category&${order}`)).body;
            assert.deepEqual(ids(threads.data), window(ids(forum.threads), page, perPage, desc));
            for (const thread of threads.data) {
              const own = childrenOf(forum.posts, (p) => p.thread_id === thread.id, 3);
              assert.deepEqual(ids(thread.posts), own, `thread ${thread.id}`);
              assert.equal(thread.category?.id, thread.category_id);
            }
          }),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
        );
      } finally {
        await app.close();
      }
    });
  },
  { frameworks: ['fastify'] },
);
