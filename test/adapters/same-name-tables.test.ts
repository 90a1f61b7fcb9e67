/**
 * Two tables of one name in two PostgreSQL schemas (`item`, `archive.item`):
 * relations find tables by name, so a relation to either is refused when the
 * router is built, naming both, instead of reading the other table's rows.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgSchema, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import pg from 'pg';
import { Column, DataSource, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

const TWO_TABLES = /"item" names two tables \(item and archive\.item\)/;

test('Drizzle: a relation to a table whose name another schema shares is refused', () => {
  const item = pgTable('item', { id: serial('id').primaryKey(), name: text('name').notNull() });
  const archived = pgSchema('archive').table('item', { id: serial('id').primaryKey(), label: text('label') });
  const note = pgTable('item_note', { id: serial('id').primaryKey(), itemId: integer('item_id').notNull() });
  const schema = {
    item,
    archived,
    note,
    noteRelations: relations(note, ({ one }) => ({
      item: one(archived, { fields: [note.itemId], references: [archived.id] }),
    })),
  };
  // A pool that never connects: describing the tables sends nothing.
  const db = drizzle(new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }), { schema });
  const notes = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: note }) });
  assert.throws(() => notes.getRouter({ prefix: '/notes' }), TWO_TABLES);
  // A table no relation names by that name is served.
  new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: item }) }).getRouter({ prefix: '/items' });
});

@Entity({ name: 'item' })
class Item {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}

@Entity({ name: 'item', schema: 'archive' })
class ArchivedItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;
}

@Entity({ name: 'item_note' })
class Note {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'item_id' })
  itemId!: number;

  @ManyToOne(() => ArchivedItem)
  @JoinColumn({ name: 'item_id' })
  item!: ArchivedItem;
}

const pgUrl = process.env.TEST_POSTGRES_URL;
test('TypeORM: a relation to a table whose name another schema shares is refused', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const dataSource = await new DataSource({
    type: 'postgres',
    url: pgUrl,
    entities: [Item, ArchivedItem, Note],
  }).initialize();
  try {
    const notes = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Note }) });
    assert.throws(() => notes.getRouter({ prefix: '/notes' }), TWO_TABLES);
  } finally {
    await dataSource.destroy();
  }
});
