/**
 * An enum sorts in its values' declared order on every ORM × database, over the fixtures' `product` size
 * (`small`, `medium`, `large`): a native enum type (PostgreSQL, MariaDB) and SQLite's text alike, never
 * alphabetically.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

describeForum(
  'enum order',
  (s) => {
    let app: TestApp;

    before(async () => {
      const product = await s.harness.product();
      app = await routersApp(s.framework, [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/p' })]);
      return () => app.close();
    });

    test('a sort on an enum follows its declared order, either way, with nulls first ascending', async () => {
      for (const size of ['large', 'small', null, 'medium']) {
        const created = await call(app, 'POST', '/p', { name: `p-${size}`, size });
        assert.equal(created.status, 201, JSON.stringify(created.body));
      }
      const sizes = async (sort: string) => {
        const listed = await call(app, 'GET', `/p?sort=${sort}`);
        assert.equal(listed.status, 200, JSON.stringify(listed.body));
        return listed.body.data.map((row: { size: string | null }) => row.size);
      };
      assert.deepEqual(await sizes('size'), [null, 'small', 'medium', 'large']);
      assert.deepEqual(await sizes('size:desc'), ['large', 'medium', 'small', null]);
      assert.deepEqual(await sizes('size:desc&sort=name'), ['large', 'medium', 'small', null]);
      const found = await call(app, 'GET', '/p?size=medium');
      assert.deepEqual(
        found.body.data.map((row: { name: string }) => row.name),
        ['p-medium'],
      );
    });
  },
  { frameworks: ['fastify'] },
);
