/**
 * A uuid is one value in any case on every ORM × database, over the fixtures' unique `product` tag: stored
 * and served in lower case (as PostgreSQL's uuid type prints it) where SQLite kept what was sent, and found
 * by a filter or key in either case.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

const UPPER = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11';
const LOWER = UPPER.toLowerCase();

describeForum(
  'uuid case',
  (s) => {
    let app: TestApp;

    before(async () => {
      const product = await s.harness.product();
      app = await routersApp(s.framework, [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/p' })]);
      return () => app.close();
    });

    test('a uuid sent in upper case is stored and served in lower case, and found in either', async () => {
      const created = await call(app, 'POST', '/p', { name: 'tagged', tag: UPPER });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.tag, LOWER);
      const [row] = await s.harness.sql('SELECT "tag" FROM "product" WHERE "id" = ?', [created.body.id]);
      assert.equal(String(row?.tag), LOWER);
      for (const tag of [LOWER, UPPER]) {
        const found = await call(app, 'GET', `/p?tag=${tag}`);
        assert.deepEqual(
          found.body.data.map((p: { id: number }) => p.id),
          [created.body.id],
          tag,
        );
      }
      const again = await call(app, 'POST', '/p', { name: 'again', tag: LOWER });
      assert.equal(again.status, 409, JSON.stringify(again.body));
      const patched = await call(app, 'PATCH', `/p/${created.body.id}`, { tag: UPPER.replace('A0', 'B0') });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal((await call(app, 'GET', `/p/${created.body.id}`)).body.tag, LOWER.replace('a0', 'b0'));
    });
  },
  { frameworks: ['fastify'] },
);
