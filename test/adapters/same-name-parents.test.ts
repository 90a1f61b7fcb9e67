/**
 * Two parents of one table name in two PostgreSQL schemas (`twin_person`,
 * `twin_archive.twin_person`) nest the same collection of profiles: each
 * parent's routes read, write and relink through its own table only, whichever
 * route ran first, with each ORM; so do the adapter's calls given parents without
 * the router's chain. A collection of notes keyed to `twin_person` nests under
 * that table only: under the archive's, the router is refused when it is built.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgSchema, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CRUDCollection, NestedConfig, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pg from 'pg';
import { DataTypes, Sequelize } from 'sequelize';
import { Column, DataSource, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { call } from '../support/forum-suite.ts';
import { type Framework, routersApp, testFrameworks } from '../support/framework-apps.ts';

const url = process.env.TEST_POSTGRES_URL;
const skip = !url && 'no PostgreSQL';

const TABLES = [
  'DROP SCHEMA IF EXISTS twin_archive CASCADE',
  'DROP TABLE IF EXISTS twin_note, twin_person, twin_profile',
  'CREATE SCHEMA twin_archive',
  'CREATE TABLE twin_profile (id serial PRIMARY KEY, bio text)',
  'CREATE TABLE twin_person (id serial PRIMARY KEY, profile_id int REFERENCES twin_profile (id))',
  'CREATE TABLE twin_archive.twin_person (id serial PRIMARY KEY, profile_id int REFERENCES twin_profile (id))',
  'CREATE TABLE twin_note (id serial PRIMARY KEY, person_id int REFERENCES twin_person (id), text text)',
];
const ROWS = [
  'TRUNCATE twin_profile, twin_person, twin_archive.twin_person, twin_note RESTART IDENTITY',
  "INSERT INTO twin_profile (bio) VALUES ('public one'), ('archived one')",
  'INSERT INTO twin_person (profile_id) VALUES (1)',
  'INSERT INTO twin_archive.twin_person (profile_id) VALUES (2)',
  "INSERT INTO twin_note (person_id, text) VALUES (1, 'public note')",
];

interface Adapters {
  readonly profile: ORMAdapterBase;
  readonly person: ORMAdapterBase;
  readonly archived: ORMAdapterBase;
  /** Notes keyed to `twin_person`, not to the archive's table of that name. */
  readonly note: ORMAdapterBase;
}

/**
 * Notes nest under the table their key points at, unless `related`: an ORM relation to a name two tables
 * share is refused (includes find their target by name). Under the archive's table, the build is refused.
 */
async function checkNotes(adapters: Adapters, framework: Framework, related: boolean): Promise<void> {
  const notesUnder = (parent: ORMAdapterBase, prefix: string) =>
    new CRUDCollection({ ormAdapter: parent })
      .addNestedCollection('/notes', new CRUDCollection({ ormAdapter: adapters.note }))
      .getRouter({ prefix });
  assert.throws(() => notesUnder(adapters.archived, '/archive'), /another model|names two tables/, framework);
  if (related) {
    assert.throws(() => notesUnder(adapters.person, '/people'), /names two tables/, framework);
    return;
  }
  const app = await routersApp(framework, [notesUnder(adapters.person, '/people')]);
  try {
    const { body } = await call(app, 'GET', '/people/1/notes');
    assert.deepEqual(
      body.data.map((n: { text: string }) => n.text),
      ['public note'],
      framework,
    );
  } finally {
    await app.close();
  }
}

/** Over every framework: the profile of each parent, from its own table, then writes through each. */
async function checkTwins(adapters: () => Adapters, related = false): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const sql = async (text: string) => (await pool.query(text)).rows;
  try {
    for (const statement of TABLES) await sql(statement);
    for (const statement of ROWS) await sql(statement);
    // Parent refs without the router's chain: the adapter works the chain out the same way.
    const direct = adapters();
    const link = { childFields: ['id'], parentFields: ['profile_id'], childHoldsKey: false };
    const under = (parent: ORMAdapterBase) =>
      direct.profile.getOne({ id: 1 }, [], [{ model: parent.model, pkValues: { id: 1 }, link }]);
    assert.equal((await under(direct.person))?.bio, 'public one');
    assert.equal(await under(direct.archived), null);
    for (const framework of testFrameworks()) {
      for (const statement of ROWS) await sql(statement);
      await checkNotes(adapters(), framework, related);
      const { profile, person, archived } = adapters();
      const profiles = new CRUDCollection({ ormAdapter: profile });
      const relink = new NestedConfig({ relinkParent: true });
      const people = new CRUDCollection({ ormAdapter: person }).addNestedCollection('/profile', profiles, relink);
      const archive = new CRUDCollection({ ormAdapter: archived }).addNestedCollection('/profile', profiles, relink);
      const routers = [people.getRouter({ prefix: '/people' }), archive.getRouter({ prefix: '/archive' })];
      const app = await routersApp(framework, routers);
      try {
        const bios = async (path: string) =>
          (await call(app, 'GET', path)).body.data.map((p: { bio: string }) => p.bio);
        assert.deepEqual(await bios('/people/1/profile'), ['public one'], framework);
        assert.deepEqual(await bios('/archive/1/profile'), ['archived one'], framework);
        assert.equal((await call(app, 'GET', '/archive/1/profile/1')).status, 404, framework);
        assert.equal((await call(app, 'PATCH', '/people/1/profile/1', { bio: 'public two' })).status, 200);
        assert.equal((await call(app, 'PATCH', '/archive/1/profile/1', { bio: 'stolen' })).status, 404, framework);
        assert.equal((await call(app, 'PATCH', '/archive/1/profile/2', { bio: 'archived two' })).status, 200);
        // A create re-points its own parent: the other table's row keeps its profile.
        assert.equal((await call(app, 'POST', '/people/1/profile', { bio: 'public new' })).status, 201, framework);
        assert.equal((await call(app, 'POST', '/archive/1/profile', { bio: 'archived new' })).status, 201, framework);
        assert.deepEqual(await bios('/people/1/profile'), ['public new'], framework);
        assert.deepEqual(await bios('/archive/1/profile'), ['archived new'], framework);
        const rows = await sql('SELECT id, bio FROM twin_profile ORDER BY id');
        assert.deepEqual(
          rows.map((row) => row.bio),
          ['public two', 'archived two', 'public new', 'archived new'],
          framework,
        );
      } finally {
        await app.close();
      }
    }
  } finally {
    await pool.end();
  }
}

test('Drizzle: same-named parents in two schemas keep to their own table', { skip }, async () => {
  const profile = pgTable('twin_profile', { id: serial('id').primaryKey(), bio: text('bio') });
  const key = () => integer('profile_id').references(() => profile.id);
  const person = pgTable('twin_person', { id: serial('id').primaryKey(), profile_id: key() });
  const archived = pgSchema('twin_archive').table('twin_person', { id: serial('id').primaryKey(), profile_id: key() });
  const personKey = () => integer('person_id').references(() => person.id);
  const note = pgTable('twin_note', { id: serial('id').primaryKey(), person_id: personKey(), text: text('text') });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool);
  try {
    await checkTwins(() => ({
      profile: new DrizzleAdapter({ db, model: profile }),
      person: new DrizzleAdapter({ db, model: person }),
      archived: new DrizzleAdapter({ db, model: archived }),
      note: new DrizzleAdapter({ db, model: note }),
    }));
  } finally {
    await pool.end();
  }
});

@Entity({ name: 'twin_profile' })
class Profile {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;
}

@Entity({ name: 'twin_person' })
class Person {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'profile_id', nullable: true })
  profile_id!: number | null;

  @ManyToOne(() => Profile)
  @JoinColumn({ name: 'profile_id' })
  profile!: Profile;
}

@Entity({ name: 'twin_person', schema: 'twin_archive' })
class ArchivedPerson {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'profile_id', nullable: true })
  profile_id!: number | null;

  @ManyToOne(() => Profile)
  @JoinColumn({ name: 'profile_id' })
  profile!: Profile;
}

@Entity({ name: 'twin_note' })
class Note {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'person_id', nullable: true })
  person_id!: number | null;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  @ManyToOne(() => Person)
  @JoinColumn({ name: 'person_id' })
  person!: Person;
}

test('TypeORM: same-named parents in two schemas keep to their own table', { skip }, async () => {
  const entities = [Profile, Person, ArchivedPerson, Note];
  const dataSource = await new DataSource({ type: 'postgres', url, entities }).initialize();
  try {
    await checkTwins(
      () => ({
        profile: new TypeORMAdapter({ dataSource, model: Profile }),
        person: new TypeORMAdapter({ dataSource, model: Person }),
        archived: new TypeORMAdapter({ dataSource, model: ArchivedPerson }),
        note: new TypeORMAdapter({ dataSource, model: Note }),
      }),
      true,
    );
  } finally {
    await dataSource.destroy();
  }
});

test('Sequelize: same-named parents in two schemas keep to their own table', { skip }, async () => {
  const sequelize = new Sequelize(url as string, { logging: false });
  const options = { tableName: 'twin_person', timestamps: false };
  const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
  const profile = sequelize.define(
    'twin_profile',
    { id, bio: DataTypes.TEXT },
    { ...options, tableName: 'twin_profile' },
  );
  const person = sequelize.define('twin_person', { id, profile_id: DataTypes.INTEGER }, options);
  const archived = sequelize.define(
    'archived',
    { id, profile_id: DataTypes.INTEGER },
    { ...options, schema: 'twin_archive' },
  );
  for (const parent of [person, archived]) parent.belongsTo(profile, { foreignKey: 'profile_id', as: 'profile' });
  const noteOptions = { ...options, tableName: 'twin_note' };
  const note = sequelize.define('twin_note', { id, person_id: DataTypes.INTEGER, text: DataTypes.TEXT }, noteOptions);
  note.belongsTo(person, { foreignKey: 'person_id', as: 'person' });
  try {
    await checkTwins(
      () => ({
        profile: new SequelizeAdapter({ model: profile }),
        person: new SequelizeAdapter({ model: person }),
        archived: new SequelizeAdapter({ model: archived }),
        note: new SequelizeAdapter({ model: note }),
      }),
      true,
    );
  } finally {
    await sequelize.close();
  }
});
