/**
 * TypeORM's `insert: false`, `update: false` and `select: false` columns, through HTTP: the
 * default create schema leaves out what TypeORM never inserts (the database
 * default applies), the default update schema what it never updates, so a
 * client cannot set either; what it never selects is in no response, and
 * public fields naming it are refused, unless it is a primary key, which is.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Column, type DataSource, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
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

@Entity('flagged_vault')
class Vault {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar' })
  label!: string;

  @Column({ type: 'varchar', select: false, nullable: true })
  pin!: string | null;
}

@Entity('flagged_slot')
class Slot {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @PrimaryColumn({ type: 'varchar', select: false })
  part!: string;

  @Column({ type: 'varchar' })
  label!: string;
}

let dataSource: DataSource;
let app: TestApp;
let docs: CRUDCollection;
before(async () => {
  dataSource = await memoryDataSource([Doc, Vault, Slot]);
  await dataSource.synchronize();
  docs = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Doc }) });
  const vaults = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Vault }) });
  const slots = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Slot }) });
  app = await routersApp('fastify', [
    docs.getRouter({ prefix: '/docs' }),
    vaults.getRouter({ prefix: '/vaults' }),
    slots.getRouter({ prefix: '/slots' }),
  ]);
  await dataSource.query(`INSERT INTO flagged_vault (label, pin) VALUES ('v', '1234')`);
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

test('a column TypeORM never selects is in no response; public fields naming it are refused', async () => {
  assert.deepEqual((await call(app, 'GET', '/vaults/1')).body, { id: 1, label: 'v' });
  // No filter by it: an unknown parameter, which tells no row apart.
  assert.equal((await call(app, 'GET', '/vaults?pin=0000')).body.count, 1);
  const adapter = () => new TypeORMAdapter({ dataSource, model: Vault });
  const named = /"flagged_vault": the public fields name pin, which its ORM hides/;
  assert.throws(() => new CRUDCollection({ ormAdapter: adapter(), publicFields: ['id', 'label', 'pin'] }), named);
  assert.throws(() => new CRUDCollection({ ormAdapter: adapter(), baseFields: ['pin'] }), named);
});

test('a primary-key column TypeORM never selects is served all the same: its URL holds it', async () => {
  await dataSource.query(`INSERT INTO flagged_slot (id, part, label) VALUES (1, 'a', 'A')`);
  assert.deepEqual((await call(app, 'GET', '/slots')).body.data, [{ id: 1, part: 'a', label: 'A' }]);
  assert.deepEqual((await call(app, 'GET', '/slots/1/a')).body, { id: 1, part: 'a', label: 'A' });
  const created = await call(app, 'POST', '/slots', { id: 2, part: 'b', label: 'B' });
  assert.deepEqual([created.status, created.body], [201, { id: 2, part: 'b', label: 'B' }]);
  assert.equal((await call(app, 'DELETE', '/slots/1/a')).status, 200);
  assert.deepEqual(await dataSource.query('SELECT id, part FROM flagged_slot'), [{ id: 2, part: 'b' }]);
});
