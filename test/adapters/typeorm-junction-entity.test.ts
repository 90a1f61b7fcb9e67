/**
 * A many-to-many whose junction table the app also declares as an entity of its own, with properties
 * named apart from their columns (`itemId` for `item_id`): models are found by table name, the entity
 * before TypeORM's junction, so the relation joins over the entity's fields; its includes answer in both
 * directions on every database, and a relation over a field its junction lacks is refused when the router
 * is built, not by a 500 on each include.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CRUDCollection, type ModelMeta } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { dataSourceOptions } from '../fixtures/typeorm/target.ts';
import { databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

@Entity('jx_tag')
class Tag {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  @ManyToMany(
    () => Item,
    (item) => item.tags,
  )
  items?: Item[];
}

@Entity('jx_item')
class Item {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  title!: string;

  @ManyToMany(
    () => Tag,
    (tag) => tag.items,
  )
  @JoinTable({ name: 'jx_item_tag', joinColumn: { name: 'item_id' }, inverseJoinColumn: { name: 'tag_id' } })
  tags?: Tag[];
}

/** The junction's own entity; TypeORM's junction makes its table. */
@Entity('jx_item_tag', { synchronize: false })
class ItemTag {
  @PrimaryColumn({ name: 'item_id', type: 'int' })
  itemId!: number;

  @PrimaryColumn({ name: 'tag_id', type: 'int' })
  tagId!: number;

  @ManyToOne(() => Item)
  @JoinColumn({ name: 'item_id' })
  item?: Item;

  @ManyToOne(() => Tag)
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;
}

/** An adapter whose many-to-many names the junction's column, as its entity does not. */
class ColumnNamedJunction extends TypeORMAdapter {
  override describe(model?: unknown): ModelMeta {
    const meta = super.describe(model);
    if (model !== undefined) return meta;
    const relations = meta.relations.map((r) =>
      r.through ? { ...r, through: { ...r.through, sourceFields: ['item_id'] } } : r,
    );
    return { ...meta, relations };
  }
}

for (const target of databaseTargets()) {
  describe(`TypeORM many-to-many through a junction entity of its own [${target.dialect}]`, () => {
    let dataSource: DataSource;
    let app: TestApp;
    const collection = (model: typeof Item | typeof Tag | typeof ItemTag) =>
      new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model }) });
    const drop = async () => {
      for (const table of ['jx_item_tag', 'jx_item', 'jx_tag']) await dataSource.query(`DROP TABLE IF EXISTS ${table}`);
    };

    before(async () => {
      dataSource = await new DataSource({ ...dataSourceOptions(target), entities: [Tag, Item, ItemTag] }).initialize();
      await drop();
      await dataSource.synchronize();
      await dataSource.query(`INSERT INTO jx_tag (name) VALUES ('red'), ('green')`);
      await dataSource.query(`INSERT INTO jx_item (title) VALUES ('apple'), ('pear')`);
      await dataSource.query('INSERT INTO jx_item_tag (item_id, tag_id) VALUES (1, 1), (1, 2), (2, 2)');
      const routers = [
        collection(Item).getRouter({ prefix: '/items' }),
        collection(Tag).getRouter({ prefix: '/tags' }),
        collection(ItemTag).getRouter({ prefix: '/item-tags' }),
      ];
      app = await routersApp('fastify', routers);
    });
    after(async () => {
      await app.close();
      await drop();
      await dataSource.destroy();
    });

    test('an include answers from either side', async () => {
      const item = await call(app, 'GET', '/items/1?include=tags');
      assert.equal(item.status, 200, JSON.stringify(item.body));
      assert.deepEqual(item.body.tags, [
        { id: 1, name: 'red' },
        { id: 2, name: 'green' },
      ]);
      const tags = await call(app, 'GET', '/tags?include=items&sort=id');
      assert.equal(tags.status, 200, JSON.stringify(tags.body));
      assert.deepEqual(
        tags.body.data.map((tag: { items: { title: string }[] }) => tag.items.map((i) => i.title)),
        [['apple'], ['apple', 'pear']],
      );
    });

    test("the junction's own collection serves its rows by the entity's properties", async () => {
      const links = await call(app, 'GET', '/item-tags?itemId=1');
      assert.equal(links.status, 200, JSON.stringify(links.body));
      assert.deepEqual(
        links.body.data.map(({ itemId, tagId }: { itemId: number; tagId: number }) => ({ itemId, tagId })),
        [
          { itemId: 1, tagId: 1 },
          { itemId: 1, tagId: 2 },
        ],
      );
    });

    test('a relation over a field its junction lacks is refused when the router is built', () => {
      const items = new CRUDCollection({ ormAdapter: new ColumnNamedJunction({ dataSource, model: Item }) });
      assert.throws(
        () => items.getRouter({ prefix: '/items' }),
        /Model "jx_item_tag" has no field "item_id", which relation "tags" of "jx_item" joins over/,
      );
    });
  });
}
