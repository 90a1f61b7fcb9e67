/**
 * TypeORM's `insert: false` and `update: false` columns, through HTTP: the
 * default create schema leaves out what TypeORM never inserts (the database
 * default applies), the default update schema what it never updates, so a
 * client cannot set either.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Column, type DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

@Entity('flagged_doc')
class Doc {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar' })
  title!: string;

  @Column({ type: 'varchar', update: false })
  createdBy!: string;

  @Column({ type: 'varchar', insert: false, default: 'pending' })
  state!: string;
}

let dataSource: DataSource;
let app: TestApp;
let docs: CRUDCollection;
before(async () => {
  dataSource = await memoryDataSource([Doc]);
  await dataSource.synchronize();
  docs = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Doc }) });
  app = await routersApp('fastify', [docs.getRouter({ prefix: '/docs' })]);
});
after(async () => {
  await app.close();
  await dataSource.destroy();
});

test('a column TypeORM never inserts or updates is not in those schemas', () => {
  assert.deepEqual(Object.keys(docs.updateSchema.shape).sort(), ['state', 'title']);
});

test('a client sets neither: the default fills the one, the create value stays in the other', async () => {
  const created = await call(app, 'POST', '/docs', { title: 'a', createdBy: 'ada', state: 'approved' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual([created.body.createdBy, created.body.state], ['ada', 'pending']);
  const patched = await call(app, 'PATCH', `/docs/${created.body.id}`, { title: 'b', createdBy: 'mallory' });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const read = (await call(app, 'GET', `/docs/${created.body.id}`)).body;
  assert.deepEqual([read.title, read.createdBy, read.state], ['b', 'ada', 'pending']);
});
