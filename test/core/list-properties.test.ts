/**
 * Properties of GET list over random data on SQLite: pages tile the whole
 * ordered list, ordering matches a reference sort, filters match exactly.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';
import { call } from '../support/forum-suite.ts';

describe('list properties (fast-check, SQLite)', () => {
  let h: DrizzleForumHarness;
  let app: FastifyInstance;
  before(async () => {
    h = await openSqliteForum();
    await h.reset();
    app = Fastify();
    await app.register(
      toFastify(new CRUDCollection({ ormAdapter: h.adapters.thread }).getRouter({ prefix: '/threads' })),
    );
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  type Thread = { id: number; category_id: number; title: string };
  const seed = async (titles: readonly [number, string][]) => {
    await h.sql('DELETE FROM "post_translation_tag"');
    await h.sql('DELETE FROM "post_translation"');
    await h.sql('DELETE FROM "post"');
    await h.sql('DELETE FROM "thread"');
    for (const [category, title] of titles) {
      await h.sql('INSERT INTO "thread" ("category_id", "title") VALUES (?, ?)', [category, title]);
    }
    return (await h.sql('SELECT * FROM "thread" ORDER BY "id"')) as Thread[];
  };
  const rows = fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('a', 'b', 'c', 'Z')), {
    maxLength: 12,
  });

  test('pages tile the ordered list and count is the total', async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.integer({ min: 1, max: 5 }), fc.boolean(), async (data, perPage, desc) => {
        const all = await seed(data);
        const sort = desc ? 'title:desc' : 'title';
        const expected = [...all]
          .sort((x, y) => (x.title === y.title ? x.id - y.id : (x.title < y.title ? -1 : 1) * (desc ? -1 : 1)))
          .map((t) => t.id);
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(all.length / perPage) + 1; page++) {
          const res = await call(app, 'GET', `/threads?per_page=${perPage}&page=${page}&sort=${sort}`);
          assert.equal(res.body.count, all.length);
          seen.push(...res.body.data.map((t: Thread) => t.id));
        }
        assert.deepEqual(seen, expected);
      }),
      { numRuns: 25 },
    );
  });

  test('filters return exactly the matching rows', async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.integer({ min: 1, max: 3 }), async (data, category) => {
        const all = await seed(data);
        const res = await call(app, 'GET', `/threads?category_id=${category}&per_page=100`);
        assert.deepEqual(
          res.body.data.map((t: Thread) => t.id),
          all.filter((t) => Number(t.category_id) === category).map((t) => t.id),
        );
      }),
      { numRuns: 25 },
    );
  });
});
