/**
 * A many-to-many through a junction that hides its links (a junction with a key of its own, whose link
 * columns its config, a Sequelize default scope or a TypeORM `select: false` leaves out) cannot be included
 * from either side: the members listed under a club would show the links the junction's own collection
 * hides. On Sequelize and TypeORM, whose junctions may have such a key; a Drizzle junction is one whose
 * key is its links, which are always shown.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CRUDCollection, CRUDConfigDict, type CrudRouter, type ORMAdapterBase } from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Model, type Sequelize } from 'sequelize';
import { Column, DataSource, Entity, JoinTable, ManyToMany, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { sequelizeOf } from '../fixtures/sequelize/target.ts';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

const TABLES = ['jk_membership', 'jk_club', 'jk_person'];
const ROWS = [
  "INSERT INTO jk_person (id, name) VALUES (1, 'anon')",
  "INSERT INTO jk_club (id, name) VALUES (1, 'secret society')",
  'INSERT INTO jk_membership (id, club_id, person_id) VALUES (1, 1, 1)',
];

/** The routers of the three models: no include crosses the junction, whose own rows show neither link. */
async function refusesHiddenLinks(adapter: (model: unknown) => ORMAdapterBase, models: unknown[]): Promise<void> {
  const [club, person, membership] = models.map((model) => new CRUDCollection({ ormAdapter: adapter(model) }));
  const routers: CrudRouter[] = [
    (club as CRUDCollection).getRouter({ prefix: '/clubs' }),
    (person as CRUDCollection).getRouter({ prefix: '/people' }),
    (membership as CRUDCollection).getRouter({ prefix: '/memberships' }),
  ];
  const app = await routersApp('fastify', routers);
  try {
    assert.deepEqual((await call(app, 'GET', '/memberships/1')).body, { id: 1 });
    for (const url of ['/clubs/1?include=members', '/clubs?include=members', '/people?include=clubs']) {
      const res = await call(app, 'GET', url);
      assert.deepEqual([res.status, res.body.code], [422, 'validation_failed'], `${url}: ${JSON.stringify(res.body)}`);
    }
    assert.deepEqual((await call(app, 'GET', '/clubs/1')).body, { id: 1, name: 'secret society', members: null });
  } finally {
    await app.close();
  }
}

/** Sequelize models: the junction's config hides `club_id`, its default scope `person_id`. */
function sequelizeModels(sequelize: Sequelize) {
  const named = { id: { type: DataTypes.INTEGER, primaryKey: true }, name: { type: DataTypes.STRING(50) } };
  class Person extends Model {}
  Person.init(named, { sequelize, tableName: 'jk_person', timestamps: false });
  class Club extends Model {}
  Club.init(named, { sequelize, tableName: 'jk_club', timestamps: false });
  class Membership extends Model {
    static crudConfig = new CRUDConfigDict({ excludeFields: ['club_id'] });
  }
  Membership.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      club_id: { type: DataTypes.INTEGER, allowNull: false },
      person_id: { type: DataTypes.INTEGER, allowNull: false },
    },
    {
      sequelize,
      tableName: 'jk_membership',
      timestamps: false,
      defaultScope: { attributes: { exclude: ['person_id'] } },
    },
  );
  const through = { through: Membership, foreignKey: 'club_id', otherKey: 'person_id' };
  Club.belongsToMany(Person, { ...through, as: 'members' });
  Person.belongsToMany(Club, { through: Membership, as: 'clubs', foreignKey: 'person_id', otherKey: 'club_id' });
  return [Club, Person, Membership];
}

@Entity('jk_person')
class JkPerson {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @ManyToMany(
    () => JkClub,
    (club) => club.members,
  )
  clubs?: JkClub[];
}

@Entity('jk_club')
class JkClub {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @ManyToMany(
    () => JkPerson,
    (person) => person.clubs,
  )
  @JoinTable({ name: 'jk_membership', joinColumn: { name: 'club_id' }, inverseJoinColumn: { name: 'person_id' } })
  members?: JkPerson[];
}

/** The junction's own entity, with a key of its own: its config hides `club_id`, `select: false` `person_id`. */
@Entity('jk_membership', { synchronize: false })
class JkMembership {
  static crudConfig = new CRUDConfigDict({ excludeFields: ['club_id'] });

  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  club_id!: number;

  @Column({ type: 'int', select: false })
  person_id!: number;
}

for (const target of databaseTargets()) {
  describe(`a junction that hides its links [${target.dialect}]`, () => {
    test('Sequelize: includes through it are refused', async () => {
      const sequelize = sequelizeOf(target);
      try {
        const models = sequelizeModels(sequelize);
        for (const table of TABLES) await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
        await sequelize.sync();
        for (const row of ROWS) await sequelize.query(row);
        await refusesHiddenLinks((model) => new SequelizeAdapter({ model: model as never }), models);
        for (const table of TABLES) await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
      } finally {
        await sequelize.close();
      }
    });

    describe('TypeORM', () => {
      let dataSource: DataSource;
      before(async () => {
        const entities = [JkPerson, JkClub, JkMembership];
        dataSource = await new DataSource({ ...dataSourceOptions(target), entities }).initialize();
        for (const table of TABLES) await dataSource.query(`DROP TABLE IF EXISTS ${table}`);
        await dataSource.synchronize();
        // TypeORM's junction is keyed by its links; the app's table has a key of its own.
        await dataSource.query('DROP TABLE jk_membership');
        await dataSource.query(
          'CREATE TABLE jk_membership (id INT PRIMARY KEY, club_id INT NOT NULL, person_id INT NOT NULL)',
        );
        for (const row of ROWS) await dataSource.query(row);
      });
      after(async () => {
        for (const table of TABLES) await dataSource.query(`DROP TABLE IF EXISTS ${table}`);
        await dataSource.destroy();
      });

      test('includes through it are refused', async () => {
        const models = [JkClub, JkPerson, JkMembership];
        await refusesHiddenLinks((model) => new TypeORMAdapter({ dataSource, model: model as typeof JkClub }), models);
      });
    });
  });
}
