/**
 * TypeORM's entity listeners and data subscribers run around its own finds and saves, never around the
 * adapter's statements: an entity with any (of its own, a parent's, a subscriber's), or including one
 * with an `afterLoad`, is refused when its collection is made, naming each, unless the adapter is told
 * `hooks: 'skip'`; then it is served without them. Query subscribers hear every statement and are no reason.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import {
  AfterLoad,
  BeforeInsert,
  BeforeUpdate,
  Column,
  type DataSource,
  Entity,
  type EntitySubscriberInterface,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

@Entity('account')
class Account {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar' })
  name!: string;

  @Column({ type: 'varchar' })
  password!: string;

  @BeforeInsert()
  hashPassword(): void {
    this.password = `hashed:${this.password}`;
  }
}

/** A parent class whose listener its entities inherit. */
abstract class Stamped {
  @Column({ type: 'varchar', nullable: true })
  touched!: string | null;

  @BeforeUpdate()
  touch(): void {
    this.touched = 'now';
  }
}

@Entity('note')
class Note extends Stamped {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}

@Entity('memo')
class Memo {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}

@Entity('person')
class Person {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar' })
  name!: string;

  @AfterLoad()
  mask(): void {
    this.name = '***';
  }
}

/** No listener of its own, but it includes a person. */
@Entity('badge')
class Badge {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer' })
  person_id!: number;

  @ManyToOne(() => Person)
  @JoinColumn({ name: 'person_id' })
  person?: Person;
}

/** Neither listener nor included entity with one. */
@Entity('plain')
class Plain {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}

class MemoAudit implements EntitySubscriberInterface<Memo> {
  listenTo() {
    return Memo;
  }
  afterInsert(): void {}
}

/** Hears every statement, of every entity. */
class QueryLog implements EntitySubscriberInterface {
  afterQuery(): void {}
}

let dataSource: DataSource;
before(async () => {
  dataSource = await memoryDataSource([Account, Note, Memo, Person, Badge, Plain]);
  await dataSource.synchronize();
  dataSource.subscribers.push(new MemoAudit(), new QueryLog());
});
after(() => dataSource.destroy());

const collection = (model: new () => object, hooks?: 'skip') =>
  new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model, ...(hooks && { hooks }) }) });

test("an entity's listener, its parent's or a subscriber's refuses its collection, naming it", () => {
  assert.throws(
    () => collection(Account),
    (error: Error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /"Account" has TypeORM listeners .* skip: Account\.hashPassword \(@BeforeInsert\)/);
      assert.match(error.message, /hooks: 'skip'/);
      return true;
    },
  );
  assert.throws(() => collection(Note), /"Note" .*: Note\.touch \(@BeforeUpdate\)/);
  assert.throws(() => collection(Memo), /"Memo" .*: MemoAudit\.afterInsert \(subscriber\)/);
  assert.throws(() => collection(Badge), /"Badge" .*: Person\.mask \(@AfterLoad, on including "person"\)/);
  // A query subscriber hears the adapter's statements: no reason to refuse.
  collection(Plain);
});

test("with hooks: 'skip' the entity is served without its listeners", async () => {
  assert.throws(() => new TypeORMAdapter({ dataSource, model: Account, hooks: 'run' as 'skip' }), /hooks takes 'skip'/);
  const routers = [
    collection(Account, 'skip').getRouter({ prefix: '/accounts' }),
    collection(Badge, 'skip').getRouter({ prefix: '/badges' }),
  ];
  const app = await routersApp('fastify', routers);
  try {
    const created = await call(app, 'POST', '/accounts', { name: 'ada', password: 'secret' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(await dataSource.query('SELECT password FROM account'), [{ password: 'secret' }]);
    await dataSource.query(`INSERT INTO person (id, name) VALUES (1, 'Ada')`);
    await dataSource.query('INSERT INTO badge (id, person_id) VALUES (1, 1)');
    const badge = await call(app, 'GET', '/badges/1?include=person');
    assert.deepEqual([badge.status, badge.body.person], [200, { id: 1, name: 'Ada' }]);
  } finally {
    await app.close();
  }
});
