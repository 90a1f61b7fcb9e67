/**
 * A 4-byte float column (PostgreSQL's `real`, MySQL's `FLOAT`; SQLite's `REAL` holds 8) through HTTP on every
 * ORM × database, over the fixtures' `product` weight: a value comes back as the shortest decimal of the
 * float the column keeps, whatever the ORM.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

describeForum(
  'float values',
  (s) => {
    let app: TestApp;

    before(async () => {
      const product = await s.harness.product();
      // A PATCH answers with the row it read back (RETURNING, or MySQL's read by key).
      const collection = new CRUDCollection({ ormAdapter: product, updateOutSchema: product.generatePublicSchema() });
      app = await routersApp(s.framework, [collection.getRouter({ prefix: '/p' })]);
      return () => app.close();
    });

    test('a float comes back with every digit its column keeps, written, read and listed', async () => {
      for (const weight of [1234567, 16777216, 0.1, 3.4e38, -1.5e-7]) {
        const created = await call(app, 'POST', '/p', { name: 'w', weight });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(created.body.weight, weight);
        assert.equal((await call(app, 'GET', `/p/${created.body.id}`)).body.weight, weight);
        const patched = await call(app, 'PATCH', `/p/${created.body.id}`, { weight });
        assert.equal(patched.body.weight, weight, JSON.stringify(patched.body));
      }
      const listed = (await call(app, 'GET', '/p?sort=id')).body.data;
      assert.deepEqual(
        listed.map((row: { weight: number }) => row.weight),
        [1234567, 16777216, 0.1, 3.4e38, -1.5e-7],
      );
    });
  },
  { frameworks: ['fastify'] },
);
