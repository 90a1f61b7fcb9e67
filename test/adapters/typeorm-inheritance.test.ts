/**
 * A child entity of single-table inheritance shares its table with its
 * siblings, whose rows TypeORM's finds of it leave out: it is refused, and
 * its parent, whose finds see every row, is served.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { ChildEntity, Column, type DataSource, Entity, PrimaryGeneratedColumn, TableInheritance } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';

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
});
after(() => dataSource.destroy());

test('a child of single-table inheritance is refused; its parent is served', () => {
  assert.throws(() => new TypeORMAdapter({ dataSource, model: Admin }).describe(), /single-table inheritance/);
  assert.equal(new TypeORMAdapter({ dataSource, model: Member }).describe().name, 'member');
});
