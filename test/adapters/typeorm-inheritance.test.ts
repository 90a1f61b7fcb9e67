/**
 * A child entity of single-table inheritance shares its table with its
 * siblings, whose rows TypeORM's finds of it leave out: it is refused, and
 * its parent, whose finds see every row, is served: its create writes the
 * parent's discriminator, as TypeORM's save does, never the client's.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { ChildEntity, Column, type DataSource, Entity, PrimaryGeneratedColumn, TableInheritance } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

@Entity('member')
@TableInheritance({ column: { type: 'varchar', name: 'kind' } })
class Member {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar' })
  name!: string;
}

@ChildEntity('admin')
class Admin extends Member {}

let dataSource: DataSource;
before(async () => {
  dataSource = await memoryDataSource([Member, Admin]);
  await dataSource.synchronize();
});
after(() => dataSource.destroy());

test('a child of single-table inheritance is refused; its parent is served', () => {
  assert.throws(() => new TypeORMAdapter({ dataSource, model: Admin }).describe(), /single-table inheritance/);
  assert.equal(new TypeORMAdapter({ dataSource, model: Member }).describe().name, 'member');
});

test("the parent's create writes its discriminator; the client cannot set it", async () => {
  const members = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Member }) });
  const app = await routersApp('fastify', [members.getRouter({ prefix: '/members' })]);
  try {
    const created = await call(app, 'POST', '/members', { name: 'Ada', kind: 'admin' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.kind, 'Member');
    assert.equal((await call(app, 'PATCH', `/members/${created.body.id}`, { kind: 'bogus' })).status, 200);
    const [row] = await dataSource.query('SELECT kind FROM member WHERE id = ?', [created.body.id]);
    assert.equal(row.kind, 'Member');
  } finally {
    await app.close();
  }
});
