/**
 * TypeORM on SQLite through libsql as its `better-sqlite3` driver, with
 * statements whose only parameter is an object or `null` (a blob's bytes, a
 * `Date` a resolver made): libsql reads a lone object argument as named
 * parameters and may abort the process, so each must answer instead.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection, CreateSchemaDependency } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Column, type DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

@Entity('lone_blob')
class LoneBlob {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'blob', nullable: true })
  data!: Buffer | null;

  @Column({ type: 'datetime', nullable: true })
  at!: Date | null;
}

let dataSource: DataSource;
let app: TestApp;
/** A `POST /made` writes only what `made` holds: a value the resolver made, not the client. */
let made: Record<string, unknown> = {};
before(async () => {
  dataSource = await memoryDataSource([LoneBlob]);
  await dataSource.synchronize();
  const adapter = new TypeORMAdapter({ dataSource, model: LoneBlob });
  const resolver = () => made;
  const plain = new CRUDCollection({ ormAdapter: adapter });
  const resolved = new CRUDCollection({
    ormAdapter: adapter,
    dependencyOverrides: [[CreateSchemaDependency, resolver]],
  });
  app = await routersApp('fastify', [plain.getRouter({ prefix: '/blobs' }), resolved.getRouter({ prefix: '/made' })]);
});
after(async () => {
  await app.close();
  await dataSource.destroy();
});

const rows = () => dataSource.query('SELECT id, hex(data) AS data, at FROM lone_blob ORDER BY id');

test('a blob alone, and null alone, are written', async () => {
  await dataSource.query('DELETE FROM lone_blob');
  const bytes = await call(app, 'POST', '/blobs', { data: 'aGk=' });
  assert.equal(bytes.status, 201, JSON.stringify(bytes.body));
  assert.equal(bytes.body.data, 'aGk=');
  const none = await call(app, 'POST', '/blobs', { data: null });
  assert.equal(none.status, 201, JSON.stringify(none.body));
  assert.deepEqual(
    (await rows()).map((row: { data: string }) => row.data),
    ['6869', ''],
  );
  const read = await call(app, 'GET', `/blobs/${bytes.body.id}`);
  assert.deepEqual([read.status, read.body.data], [200, 'aGk=']);
});

test("a resolver's Buffer or Date alone is written where its column takes it", async () => {
  await dataSource.query('DELETE FROM lone_blob');
  made = { data: Buffer.from('hi') };
  const bytes = await call(app, 'POST', '/made', {});
  assert.equal(bytes.status, 201, JSON.stringify(bytes.body));
  made = { at: new Date('2020-01-02T03:04:05Z') };
  const date = await call(app, 'POST', '/made', {});
  assert.equal(date.status, 201, JSON.stringify(date.body));
  assert.equal(date.body.at, '2020-01-02T03:04:05.000Z');
  assert.equal((await rows()).length, 2);
});

test("a resolver's value its column cannot take alone is a 422, and nothing is written", async () => {
  await dataSource.query('DELETE FROM lone_blob');
  for (const value of [new Date('2020-01-02T03:04:05Z'), new Date(Number.NaN), new Map(), new (class {})()]) {
    made = { data: value };
    const res = await call(app, 'POST', '/made', {});
    assert.equal(res.status, 422, `${String(value)}: ${JSON.stringify(res.body)}`);
  }
  assert.deepEqual(await rows(), []);
});
