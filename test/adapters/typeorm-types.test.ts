/**
 * TypeORM column types that are neither numbers nor booleans nor single
 * values, through HTTP on PostgreSQL and MariaDB: PostgreSQL's `money`, `bit`
 * and array columns are free-form (`{}`), MariaDB's `bit` is bytes (base64
 * text), so what a client writes is stored and what is stored is served, and
 * a list holding such a row answers. On SQLite, an object for a free-form
 * column is a 422 naming the field.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataSource, EntitySchema } from 'typeorm';
import { dataSourceOptions, memoryDataSource } from '../fixtures/typeorm/target.ts';
import { databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

type Columns = ConstructorParameters<typeof EntitySchema>[0]['columns'];

/**
 * Each database's odd columns, its table's DDL, their documented schemas, what a client writes and a row
 * another program wrote.
 */
const CASES = {
  postgres: {
    columns: {
      mo: { type: 'money', nullable: true },
      bt: { type: 'bit', nullable: true },
      tags: { type: 'text', array: true, nullable: true },
      nums: { type: 'int', array: true, nullable: true },
    },
    ddl: 'CREATE TABLE odd_type (id serial PRIMARY KEY, mo money, bt bit(1), tags text[], nums integer[])',
    documented: { mo: {}, bt: {}, tags: {}, nums: {} },
    body: { mo: '$12.50', bt: '1', tags: ['a', 'b,c', 'd"e'], nums: [1, 2] },
    insert: `INSERT INTO odd_type (mo, bt, tags, nums) VALUES (3.25, B'0', '{x,y}', '{7}')`,
  },
  mysql: {
    columns: { bt: { type: 'bit', nullable: true } },
    ddl: 'CREATE TABLE odd_type (id int AUTO_INCREMENT PRIMARY KEY, bt bit(1))',
    documented: { bt: { type: ['string', 'null'], contentEncoding: 'base64' } },
    body: { bt: 'AQ==' },
    insert: `INSERT INTO odd_type (bt) VALUES (b'1')`,
  },
} as const;

for (const target of databaseTargets()) {
  if (target.dialect === 'sqlite') continue;
  const odd = CASES[target.dialect];
  describe(`TypeORM money, bit and array columns [${target.dialect}]`, () => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'OddType',
      tableName: 'odd_type',
      columns: { id: { type: 'int', primary: true, generated: 'increment' }, ...odd.columns } as Columns,
    });
    const collection = (dataSource: DataSource) =>
      new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: entity }) });
    let dataSource: DataSource;
    let app: TestApp;
    let routers: ReturnType<CRUDCollection['getRouter']>[];
    before(async () => {
      dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [entity] }).initialize();
      await dataSource.query('DROP TABLE IF EXISTS odd_type');
      await dataSource.query(odd.ddl);
      routers = [collection(dataSource).getRouter({ prefix: '/odd' })];
      app = await routersApp('fastify', routers);
    });
    after(async () => {
      await app.close();
      await dataSource.query('DROP TABLE IF EXISTS odd_type');
      await dataSource.destroy();
    });

    test('they are documented as free-form, or as base64 text', () => {
      const doc = createOpenApiDocument(routers, { info: { title: 't', version: '1' } });
      const properties = (doc.components.schemas.OddType as { properties: Record<string, object> }).properties;
      for (const [name, schema] of Object.entries(odd.documented)) {
        assert.deepEqual(properties[name], { ...properties[name], ...schema }, name);
        if (Object.keys(schema).length === 0) assert.deepEqual(properties[name], {}, name);
      }
    });

    test('a created row reads back as it was written, and a list holding one answers', async () => {
      const created = await call(app, 'POST', '/odd', odd.body);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const read = await call(app, 'GET', `/odd/${created.body.id}`);
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.deepEqual(read.body, created.body);
      await dataSource.query(odd.insert);
      const list = await call(app, 'GET', '/odd');
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.equal(list.body.count, 2);
    });

    test('what is read is what was written, and writing it back keeps it', async () => {
      const created = await call(app, 'POST', '/odd', odd.body);
      assert.deepEqual({ ...created.body, id: undefined }, { ...odd.body, id: undefined });
      const read = await call(app, 'GET', `/odd/${created.body.id}`);
      const patched = await call(app, 'PATCH', `/odd/${created.body.id}`, { ...read.body, id: undefined });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.deepEqual((await call(app, 'GET', `/odd/${created.body.id}`)).body, read.body);
    });
  });
}

describe('TypeORM free-form columns [sqlite]', () => {
  const entity = new EntitySchema<{ id: number; labels: string[] | null }>({
    name: 'Labelled',
    tableName: 'labelled',
    columns: {
      id: { type: 'integer', primary: true, generated: 'increment' },
      labels: { type: 'simple-array', nullable: true },
    },
  });
  let dataSource: DataSource;
  let app: TestApp;
  before(async () => {
    dataSource = await memoryDataSource([entity]);
    await dataSource.synchronize();
    const ormAdapter = new TypeORMAdapter({ dataSource, model: entity });
    app = await routersApp('fastify', [new CRUDCollection({ ormAdapter }).getRouter({ prefix: '/labelled' })]);
  });
  after(async () => {
    await app.close();
    await dataSource.destroy();
  });

  test('an object no encoder makes a value of is a 422 naming the field, not a driver error or a crash', async () => {
    const created = await call(app, 'POST', '/labelled', { labels: ['a', 'b'] });
    assert.deepEqual([created.status, created.body.labels], [201, ['a', 'b']]);
    const refused = [
      await call(app, 'POST', '/labelled', { labels: { x: 1 } }),
      await call(app, 'PATCH', `/labelled/${created.body.id}`, { labels: { x: 1 } }),
    ];
    for (const res of refused) {
      assert.deepEqual([res.status, res.body.errors?.[0]?.path], [422, 'body.labels'], JSON.stringify(res.body));
    }
    assert.deepEqual(await dataSource.query('SELECT labels FROM labelled'), [{ labels: 'a,b' }]);
  });
});
