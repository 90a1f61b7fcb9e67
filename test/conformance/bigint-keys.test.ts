/**
 * 64-bit integers past 2^53, through HTTP on every ORM × database, over the
 * fixtures' `ledger` table (a `bigint` key clients set, a `bigint` amount):
 * exact end to end as decimal strings, created, listed, read, filtered,
 * patched and deleted by id; past 64 bits a key names no row; the OpenAPI
 * document says they are strings.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection, createOpenApiDocument, type ORMAdapterBase } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

const BIG = '9007199254740993';
const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';

describeForum(
  'bigint keys past 2^53',
  (s) => {
    let app: TestApp;
    let ledger: ORMAdapterBase;
    /** How many rows hold `column = literal`, asked of the database itself. */
    const count = async (column: string, literal: string) => {
      const [row] = await s.harness.sql(`SELECT COUNT(*) AS n FROM "ledger" WHERE "${column}" = ${literal}`);
      return Number(row?.n);
    };

    before(async () => {
      ledger = await s.harness.ledger();
      app = await routersApp(s.framework, [
        new CRUDCollection({ ormAdapter: ledger }).getRouter({ prefix: '/ledger' }),
      ]);
      return () => app.close();
    });

    test('a created row keeps its 64-bit values exactly, in the database too', async () => {
      const created = await call(app, 'POST', '/ledger', { id: BIG, amount: MIN, note: 'first' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.deepEqual(created.body, { id: BIG, amount: MIN, note: 'first' });
      assert.equal(await count('id', BIG), 1);
      assert.equal(await count('id', '9007199254740992'), 0);
      assert.equal(await count('amount', MIN), 1);
      await call(app, 'POST', '/ledger', { id: '9007199254740992', amount: null, note: 'second' });
    });

    test('listed, read and filtered exactly', async () => {
      const page = (await call(app, 'GET', '/ledger')).body;
      assert.deepEqual(
        page.data.map((row: { id: string }) => row.id),
        ['9007199254740992', BIG],
      );
      const got = await call(app, 'GET', `/ledger/${BIG}`);
      assert.deepEqual([got.status, got.body], [200, { id: BIG, amount: MIN, note: 'first' }]);
      assert.equal((await call(app, 'GET', '/ledger/9007199254740994')).status, 404);
      const byId = (await call(app, 'GET', `/ledger?id=${BIG}`)).body.data;
      assert.deepEqual(
        byId.map((row: { note: string }) => row.note),
        ['first'],
      );
      const byAmount = (await call(app, 'GET', `/ledger?amount=${MIN}`)).body.data;
      assert.deepEqual(
        byAmount.map((row: { id: string }) => row.id),
        [BIG],
      );
      const sorted = (await call(app, 'GET', '/ledger?sort=id:desc')).body.data;
      assert.deepEqual(
        sorted.map((row: { id: string }) => row.id),
        [BIG, '9007199254740992'],
      );
    });

    test('patched and deleted by id exactly', async () => {
      const patched = await call(app, 'PATCH', `/ledger/${BIG}`, { amount: MAX });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal((await call(app, 'GET', `/ledger/${BIG}`)).body.amount, MAX);
      assert.equal(await count('amount', MAX), 1);
      const deleted = await call(app, 'DELETE', `/ledger/${BIG}`);
      assert.deepEqual([deleted.status, deleted.body], [200, { id: BIG, amount: MAX, note: 'first' }]);
      assert.equal((await call(app, 'GET', `/ledger/${BIG}`)).status, 404);
      assert.equal(await count('id', BIG), 0);
      assert.equal((await call(app, 'GET', '/ledger/9007199254740992')).status, 200, 'its neighbour is still there');
    });

    test('past 64 bits: a key names no row, a filter matches none, a body value is a 422', async () => {
      for (const id of ['9223372036854775808', '-9223372036854775809']) {
        assert.equal((await call(app, 'GET', `/ledger/${id}`)).status, 404, id);
        assert.equal((await call(app, 'PATCH', `/ledger/${id}`, { note: 'x' })).status, 404, id);
        assert.equal((await call(app, 'DELETE', `/ledger/${id}`)).status, 404, id);
        assert.deepEqual((await call(app, 'GET', `/ledger?id=${id}`)).body.data, [], id);
        const created = await call(app, 'POST', '/ledger', { id, note: 'x' });
        assert.equal(created.status, 422, id);
        assert.deepEqual(
          created.body.errors.map((e: { path: string }) => e.path),
          ['body.id'],
        );
      }
    });

    test('SQLite: a fraction, text or a REAL past 64 bits in a bigint column is a 409 naming it', async (t) => {
      if (s.target.dialect !== 'sqlite') return t.skip('only SQLite holds them in a BIGINT column');
      for (const amount of ['1.5', "'abc'", '1e19']) {
        await s.harness.sql(`INSERT INTO "ledger" ("id", "amount", "note") VALUES (77, ${amount}, 'odd')`);
        for (const url of ['/ledger/77', '/ledger?note=odd']) {
          const read = await call(app, 'GET', url);
          assert.equal(read.status, 409, `${amount} ${url}: ${JSON.stringify(read.body)}`);
          assert.equal(
            read.body.detail,
            'The stored amount is a value that is no integer, which no response can express',
          );
        }
        await s.harness.sql(`DELETE FROM "ledger" WHERE "id" = 77`);
      }
    });

    test('one spelling per id, and a string in bodies', async () => {
      for (const id of ['0x1', '01', '%201', '1e0', '+1', '1.0', '-0']) {
        assert.equal((await call(app, 'GET', `/ledger/${id}`)).status, 422, id);
      }
      const number = await call(app, 'POST', '/ledger', { id: 5, note: 'a number' });
      assert.equal(number.status, 422);
      assert.deepEqual(
        number.body.errors.map((e: { path: string }) => e.path),
        ['body.id'],
      );
    });

    test('the OpenAPI document gives 64-bit integers as decimal strings', () => {
      const doc = createOpenApiDocument([new CRUDCollection({ ormAdapter: ledger }).getRouter({ prefix: '/ledger' })], {
        info: { title: 't', version: '1' },
      });
      const schemas = doc.components.schemas as Record<string, { properties: Record<string, Record<string, unknown>> }>;
      const id = schemas.Ledger?.properties.id;
      assert.equal(id?.type, 'string');
      assert.match(String(id?.pattern), /\[0-9\]/);
      // biome-ignore lint/suspicious/noExplicitAny: a walk through the document
      const param = (doc.paths['/ledger/{ledger_id}'] as any).get.parameters[0];
      assert.equal(param.schema.type, 'string');
    });
  },
  { reset: 'once' },
);
