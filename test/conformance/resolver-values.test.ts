/**
 * Values an app's own body resolver hands on, through HTTP on every ORM ×
 * database: a client's JSON passed on as it came (`(req) => req.body`), and
 * values the resolver makes. A value its field's kind does not take is a 422
 * naming the field, and nothing is written; a row's own form of a value (a
 * `Date`, bytes, a number for a decimal) is written as the client's would be.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection, CreateSchemaDependency, type CrudRequest, type Row, UpdateSchemaDependency } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

/** What the resolver sets over the client's body, for the next request. */
let made: Row = {};
const resolver = (req: CrudRequest) => ({ ...(req.body as object), ...made });
const overrides = () => ({
  dependencyOverrides: [
    [CreateSchemaDependency, resolver],
    [UpdateSchemaDependency, resolver],
  ] as const,
});

/** Raw JSON a client sends (`1e400` parses to `Infinity`) and the field its 422 names. */
const SENT: [body: string, field: string][] = [
  ['{"name":"a","stock":"abc"}', 'stock'],
  ['{"name":1e400}', 'name'],
  ['{"name":12}', 'name'],
  ['{"name":"b","price":1e400}', 'price'],
  ['{"name":"c","price":"2020-13-45"}', 'price'],
  ['{"name":"d","price":"NaN"}', 'price'],
  ['{"name":"e","id":false}', 'id'],
  ['{"name":"f","on_sale":"abc"}', 'on_sale'],
  ['{"name":"g","photo":12}', 'photo'],
  ['{"name":"h","opens":true}', 'opens'],
];

class Money {
  cents = 5;
}

/** Values a resolver makes, and the field its 422 names. */
const MADE: [what: string, field: string, value: () => unknown][] = [
  ['a Date', 'name', () => new Date('2020-01-02T03:04:05Z')],
  ['a Map', 'name', () => new Map([['a', 1]])],
  ['a class instance', 'name', () => new Money()],
  ['a Buffer', 'name', () => Buffer.from('hi')],
  ['NaN', 'price', () => Number.NaN],
  ['Infinity', 'price', () => Number.POSITIVE_INFINITY],
  ['a class instance', 'price', () => new Money()],
  ['a bigint', 'stock', () => 5n],
  ['a Date', 'stock', () => new Date()],
  ['a Date', 'photo', () => new Date()],
  ['a Float64Array', 'photo', () => new Float64Array([1.5])],
  ['a function', 'attrs', () => () => 1],
  ['a symbol', 'attrs', () => Symbol('s')],
  ['a boolean', 'on_sale', () => 'yes'],
  ['null', 'name', () => null],
];

describeForum(
  "values an app's body resolver sets",
  (s) => {
    let app: TestApp;
    const json = { 'content-type': 'application/json' };
    const products = async () => s.harness.sql('SELECT * FROM "product" ORDER BY "id"');

    before(async () => {
      const product = await s.harness.product();
      app = await routersApp(s.framework, [
        new CRUDCollection({ ormAdapter: product, ...overrides() }).getRouter({ prefix: '/p' }),
        new CRUDCollection({ ormAdapter: s.harness.adapters.category, ...overrides() }).getRouter({ prefix: '/c' }),
      ]);
      made = {};
      assert.equal((await call(app, 'POST', '/p', { name: 'kept', stock: 3 })).status, 201);
      return () => app.close();
    });

    test("a client's JSON its field does not take, passed on, is a 422 naming the field; nothing is written", async () => {
      made = {};
      const before = await products();
      for (const [body, field] of SENT) {
        for (const [method, url] of [
          ['POST', '/p'],
          ['PATCH', `/p/${before[0]?.id}`],
        ] as const) {
          // An update never sets the primary key: it is left out, not checked.
          if (method === 'PATCH' && field === 'id') continue;
          const res = await call(app, method, url, body, json);
          const what = `${method} ${body}`;
          assert.deepEqual(
            [res.status, res.body?.errors?.map((e: { path: string }) => e.path)],
            [422, [`body.${field}`]],
            what,
          );
        }
      }
      const dated = await call(app, 'POST', '/c', '{"name":"x","created_at":12}', json);
      assert.deepEqual([dated.status, dated.body.errors?.[0]?.path], [422, 'body.created_at']);
      assert.deepEqual(await products(), before);
      assert.equal((await s.rows('category', { name: 'x' })).length, 0);
    });

    test('a value the resolver makes that its field does not take is a 422 naming the field; nothing is written', async () => {
      const before = await products();
      for (const [what, field, value] of MADE) {
        for (const [method, url] of [
          ['POST', '/p'],
          ['PATCH', `/p/${before[0]?.id}`],
        ] as const) {
          made = { [field]: value() };
          const res = await call(app, method, url, { name: 'made' });
          const name = `${method} ${field}: ${what}`;
          assert.deepEqual(
            [res.status, res.body?.errors?.map((e: { path: string }) => e.path)],
            [422, [`body.${field}`]],
            name,
          );
        }
      }
      for (const value of [new Date(Number.NaN), new Date('0099-01-01T00:00:00Z'), 12, 'soon']) {
        made = { created_at: value };
        const res = await call(app, 'POST', '/c', { name: 'y' });
        assert.deepEqual([res.status, res.body.errors?.[0]?.path], [422, 'body.created_at'], String(value));
      }
      made = {};
      assert.deepEqual(await products(), before);
      assert.equal((await s.rows('category', { name: 'y' })).length, 0);
    });

    test("a Date finer than its column keeps is a 422 naming the field, as a client's text is", async (t) => {
      // SQLite keeps the milliseconds TypeORM and Sequelize write; Sequelize's PostgreSQL `DATE` keeps microseconds.
      if (['typeorm/sqlite', 'sequelize/sqlite', 'sequelize/postgres'].includes(s.target.name)) {
        return t.skip('the model keeps milliseconds');
      }
      const before = await products();
      const message = 'must be a date-time such as 2024-01-31T09:30:00Z, to the second at most';
      for (const [method, url] of [
        ['POST', '/p'],
        ['PATCH', `/p/${before[0]?.id}`],
      ] as const) {
        made = { due_at: new Date('2024-01-01T10:00:00.600Z') };
        const res = await call(app, method, url, { name: 'fine' });
        assert.deepEqual([res.status, res.body?.errors], [422, [{ path: 'body.due_at', message }]], method);
      }
      assert.deepEqual(await products(), before);
      made = { due_at: new Date('2024-01-01T10:00:00Z') };
      const whole = await call(app, 'POST', '/p', { name: 'whole' });
      made = {};
      assert.equal(whole.status, 201, JSON.stringify(whole.body));
      assert.equal(whole.body.due_at, '2024-01-01T10:00:00.000Z');
      assert.equal((await call(app, 'DELETE', `/p/${whole.body.id}`)).status, 200);
    });

    test('a bigint is taken for a 64-bit field within its range, else a 422', async () => {
      const ledger = await s.harness.ledger();
      const entries = new CRUDCollection({ ormAdapter: ledger, ...overrides() });
      const ledgerApp = await routersApp(s.framework, [entries.getRouter({ prefix: '/l' })]);
      made = { id: 2n ** 62n, amount: -(2n ** 63n) };
      const kept = await call(ledgerApp, 'POST', '/l', { note: 'wide' });
      assert.equal(kept.status, 201, JSON.stringify(kept.body));
      assert.deepEqual([kept.body.id, kept.body.amount], [String(2n ** 62n), String(-(2n ** 63n))]);
      for (const amount of [2n ** 63n, 1.5, 'lots']) {
        made = { id: 7n, amount };
        const res = await call(ledgerApp, 'POST', '/l', { note: 'refused' });
        assert.deepEqual([res.status, res.body.errors?.[0]?.path], [422, 'body.amount'], String(amount));
      }
      made = {};
      assert.equal((await s.rows('ledger', { note: 'refused' })).length, 0);
      await ledgerApp.close();
    });

    test('a given key of 0 is written, and the row written is the one answered', async () => {
      // MySQL generates a key for an auto-increment 0; the others store 0.
      made = { id: 0 };
      const res = await call(app, 'POST', '/p', { name: 'zero' });
      made = {};
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const [row] = await s.rows('product', { name: 'zero' });
      assert.equal(Number(row?.id), res.body.id);
      assert.equal((await call(app, 'GET', `/p/${res.body.id}`)).body.name, 'zero');
    });

    test("a row's own form of a value is written as the client's would be", async () => {
      made = { photo: Buffer.from('hi'), price: 12.5 };
      const res = await call(app, 'POST', '/p', { name: 'own forms' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual([res.body.photo, Number(res.body.price)], ['aGk=', 12.5]);
      made = { created_at: new Date('2020-01-02T03:04:05Z') };
      const dated = await call(app, 'POST', '/c', { name: 'dated' });
      assert.equal(dated.status, 201, JSON.stringify(dated.body));
      assert.equal(dated.body.created_at, '2020-01-02T03:04:05.000Z');
      made = {};
    });
  },
  { reset: 'once' },
);
