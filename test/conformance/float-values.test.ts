/**
 * A 4-byte float column (PostgreSQL's `real`, MySQL's `FLOAT`; SQLite's `REAL` holds 8) through HTTP on every
 * ORM × database, over the fixtures' `product` weight: a value comes back as the shortest decimal of the
 * float the column keeps, whatever the ORM; an equality filter finds the value served; a number past a 4-byte
 * float's range is a 422 naming the field, and one below its least rounds to 0, on every database that holds one.
 * A stored `NaN` or infinity (PostgreSQL), or an infinity or text in SQLite's `REAL`, is a 409 naming the field;
 * a body or a filter of one is a 422.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

describeForum(
  'float values',
  (s) => {
    let app: TestApp;
    let collection: CRUDCollection;
    const single = () => s.target.dialect !== 'sqlite';

    before(async () => {
      const product = await s.harness.product();
      // A PATCH answers with the row it read back (RETURNING, or MySQL's read by key).
      collection = new CRUDCollection({ ormAdapter: product, updateOutSchema: product.generatePublicSchema() });
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

    test('an equality filter finds the float served', async () => {
      const created = await call(app, 'POST', '/p', { name: 'tenth', weight: 0.1 });
      assert.equal(created.body.weight, 0.1);
      for (const weight of ['0.1', '0.10000000149011612']) {
        const found = await call(app, 'GET', `/p?name=tenth&weight=${weight}`);
        assert.equal(found.status, 200, JSON.stringify(found.body));
        assert.deepEqual(
          found.body.data.map((row: { id: number }) => row.id),
          weight === '0.1' || single() ? [created.body.id] : [],
          weight,
        );
      }
    });

    test("a number past a 4-byte float's range is a 422 naming the field; a filter of one matches no row", async (t) => {
      if (!single()) return t.skip("SQLite's REAL holds 8 bytes");
      const kept = (await call(app, 'POST', '/p', { name: 'kept', weight: 3.4028234663852886e38 })).body;
      assert.equal(kept.weight, 3.4028235e38);
      // The value served is taken back.
      const back = await call(app, 'PATCH', `/p/${kept.id}`, { weight: kept.weight });
      assert.deepEqual([back.status, back.body.weight], [200, 3.4028235e38]);
      assert.equal((await call(app, 'POST', '/p', { name: 'low', weight: -3.4028235e38 })).status, 201);
      for (const weight of [1e39, -1e39, 3.4028236e38]) {
        for (const [method, url] of [
          ['POST', '/p'],
          ['PATCH', `/p/${kept.id}`],
        ] as const) {
          const refused = await call(app, method, url, { name: 'far', weight });
          assert.equal(refused.status, 422, `${method} ${weight}: ${JSON.stringify(refused.body)}`);
          assert.deepEqual(
            refused.body.errors.map((e: { path: string }) => e.path),
            ['body.weight'],
          );
        }
      }
      const none = await call(app, 'GET', '/p?weight=1e39');
      assert.deepEqual([none.status, none.body.data], [200, []]);
      const doc = createOpenApiDocument([collection.getRouter({ prefix: '/p' })], {
        info: { title: 't', version: '1' },
      });
      const text = JSON.stringify(doc.components);
      assert.match(text, /"weight":\{[^}]*"format":"float"/);
      assert.match(text, /"maximum":3\.4028235e\+38/);
    });

    test('a number below the least 4-byte float is stored as 0, on every database that holds one', async (t) => {
      if (!single()) return t.skip("SQLite's REAL holds 8 bytes");
      for (const [weight, stored] of [
        [1e-46, 0],
        [-1e-46, 0],
        [1e-45, 1e-45],
        [1.5e-44, 1.5e-44],
      ] as const) {
        const created = await call(app, 'POST', '/p', { name: 'tiny', weight });
        assert.equal(created.status, 201, `${weight}: ${JSON.stringify(created.body)}`);
        assert.equal(created.body.weight, stored, String(weight));
        assert.equal((await call(app, 'GET', `/p/${created.body.id}`)).body.weight, stored);
      }
    });

    test('a stored NaN or infinite float is a 409 naming it, on every database that holds one', async (t) => {
      if (s.target.dialect === 'mysql') return t.skip("MySQL's floats hold only finite numbers");
      const planted = (await call(app, 'POST', '/p', { name: 'odd', weight: 1.5 })).body;
      // PostgreSQL holds NaN and both infinities; SQLite holds the infinities (NaN is NULL) and text in a REAL.
      const values =
        s.target.dialect === 'postgres'
          ? [
              ["'NaN'", 'a number that is NaN or infinite'],
              ["'Infinity'", 'a number that is NaN or infinite'],
              ["'-Infinity'", 'a number that is NaN or infinite'],
            ]
          : [
              ['9e999', 'a number that is NaN or infinite'],
              ['-9e999', 'a number that is NaN or infinite'],
              ["'heavy'", 'a value that is no number'],
            ];
      for (const [literal, what] of values) {
        await s.harness.sql(`UPDATE "product" SET "weight" = ${literal} WHERE "id" = ?`, [planted.id]);
        for (const [method, url, body] of [
          ['GET', `/p/${planted.id}`],
          ['GET', '/p?name=odd'],
          ['PATCH', `/p/${planted.id}`, { name: 'odd' }],
        ] as const) {
          const res = await call(app, method, url, body);
          const label = `${literal} ${method} ${url}: ${JSON.stringify(res.body)}`;
          assert.deepEqual([res.status, res.body.code], [409, 'conflict'], label);
          assert.equal(res.body.detail, `The stored weight is ${what}, which no response can express`, label);
        }
      }
      await s.harness.sql('UPDATE "product" SET "weight" = 2.5 WHERE "id" = ?', [planted.id]);
      assert.equal((await call(app, 'GET', `/p/${planted.id}`)).body.weight, 2.5);
    });

    test('a filter or a body of a float that is NaN or infinite is a 422, never stored', async () => {
      const kept = (await call(app, 'POST', '/p', { name: 'kept', weight: 1.5 })).body;
      const answers: string[] = [];
      for (const weight of ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999']) {
        const res = await call(app, 'GET', `/p?weight=${weight}`);
        answers.push(`?weight=${weight} ${res.status} ${res.body.errors?.map((e: { path: string }) => e.path)}`);
      }
      // JSON has no NaN, and JSON.parse makes Infinity of 1e999.
      const headers = { 'content-type': 'application/json' };
      for (const [method, url] of [
        ['POST', '/p'],
        ['PATCH', `/p/${kept.id}`],
      ] as const) {
        for (const weight of ['1e999', '-1e999', 'NaN']) {
          const res = await call(app, method, url, `{"name":"far","weight":${weight}}`, headers);
          answers.push(`${method} ${weight} ${res.status} ${res.body.errors?.map((e: { path: string }) => e.path)}`);
        }
      }
      assert.deepEqual(answers, [
        '?weight=NaN 422 query.weight',
        '?weight=Infinity 422 query.weight',
        '?weight=-Infinity 422 query.weight',
        '?weight=1e999 422 query.weight',
        '?weight=-1e999 422 query.weight',
        'POST 1e999 422 body.weight',
        'POST -1e999 422 body.weight',
        'POST NaN 422 body',
        'PATCH 1e999 422 body.weight',
        'PATCH -1e999 422 body.weight',
        'PATCH NaN 422 body',
      ]);
      assert.equal((await call(app, 'GET', `/p/${kept.id}`)).body.weight, 1.5);
      assert.deepEqual((await call(app, 'GET', '/p?name=far')).body.data, []);
    });
  },
  { frameworks: ['fastify'] },
);
