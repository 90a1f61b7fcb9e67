/**
 * The TypeORM adapter's ways in: `getSession` as an async function or as an
 * async generator wrapping a transaction, `init()` when only `getSession` is
 * given, and an `EntitySchema` model with an adapter-level `crudConfig`.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { after, before, beforeEach, describe, test } from 'node:test';
import { HttpError, PagePaginator, type ParentRef, type Row } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { type DataSource, type EntityManager, EntitySchema } from 'typeorm';
import { Category, Post, Tag, Thread } from '../../examples/forum/models/typeorm.ts';
import { memoryDataSource, typeormTargets } from '../fixtures/typeorm/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { listPage } from '../support/list-page.ts';

const postsUnder = (categoryId: number, threadId: number): ParentRef[] => [
  {
    model: Thread,
    pkValues: { id: threadId },
    link: { childFields: ['thread_id'], parentFields: ['id'], childHoldsKey: true },
  },
  {
    model: Category,
    pkValues: { id: categoryId },
    link: { childFields: ['category_id'], parentFields: ['id'], childHoldsKey: true },
  },
];

for (const target of typeormTargets()) {
  describe(`TypeORMAdapter sessions [${target.name}]`, () => {
    let forum: ForumHarness;
    let dataSource: DataSource;
    const events: string[] = [];

    /** A request-scoped transaction, as an app would open it. */
    async function* transaction(): AsyncGenerator<EntityManager> {
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      try {
        yield runner.manager;
        await runner.commitTransaction();
        events.push('commit');
      } catch (error) {
        await runner.rollbackTransaction();
        events.push('rollback');
        throw error;
      } finally {
        await runner.release();
      }
    }

    before(async () => {
      forum = await target.open();
      dataSource = (forum.adapters.post as TypeORMAdapter).dataSource;
    });
    beforeEach(async () => {
      events.length = 0;
      await forum.reset();
    });
    after(() => forum.close());

    test('getSession as an async function', async () => {
      const adapter = new TypeORMAdapter({ dataSource, model: Post, getSession: async () => dataSource.manager });
      assert.equal((await adapter.getOne({ id: 3 }, ['thread']))?.slug, 'be-nice');
      const page = await listPage(adapter, { thread_id: 1 }, [], ['author'], new PagePaginator());
      assert.deepEqual(
        page.data.map((p) => ((p as Row).author as { username: string }).username),
        ['ada', 'brian'],
      );
    });

    test('getSession as a transaction generator: commits on success, nested parent check included', async () => {
      const adapter = new TypeORMAdapter({ dataSource, model: Post, getSession: transaction });
      const created = await adapter.createOne({ slug: 'in-tx' }, postsUnder(1, 2));
      assert.equal(created.thread_id, 2);
      assert.deepEqual(events, ['commit']);
      assert.equal((await forum.sql('SELECT id FROM "post" WHERE slug = ?', ['in-tx'])).length, 1);
    });

    test('getSession as a transaction generator: rolls back and rethrows on failure', async () => {
      const adapter = new TypeORMAdapter({ dataSource, model: Post, getSession: transaction });
      await assert.rejects(adapter.createOne({ thread_id: 1, slug: 'hello' }), (error: unknown) => {
        return error instanceof HttpError && error.status === 409;
      });
      assert.deepEqual(events, ['rollback']);
    });

    test("a write refused inside the app's transaction leaves it usable; the app commits the rest", async () => {
      const store = new AsyncLocalStorage<EntityManager>();
      const getSession = async () => store.getStore() ?? dataSource.manager;
      const categories = new TypeORMAdapter({ dataSource, model: Category, getSession });
      const tags = new TypeORMAdapter({ dataSource, model: Tag, getSession });
      await dataSource.transaction((manager) =>
        store.run(manager, async () => {
          await categories.createOne({ name: 'before the refusal' });
          await assert.rejects(tags.createOne({ name: 'intro' }), (error) => (error as HttpError).status === 409);
          // A value its column cannot take: refused before binding, or by the database (a text rowid on SQLite).
          const typed = [{ name: { x: 1 } }, { id: 'zz', name: 'typed' }] as never[];
          for (const data of typed)
            await assert.rejects(tags.createOne(data), (error) => (error as HttpError).status === 422);
          await categories.createOne({ name: 'after the refusal' });
        }),
      );
      const rows = await forum.sql('SELECT "name" FROM "category" WHERE "name" LIKE ? ORDER BY "id"', [
        '% the refusal',
      ]);
      assert.deepEqual(
        rows.map((row) => row.name),
        ['before the refusal', 'after the refusal'],
      );
    });

    test('getSession alone: init() learns the data source from a session', async () => {
      const adapter = new TypeORMAdapter({ model: Post, getSession: async () => dataSource.manager });
      assert.throws(() => adapter.describe(), /init/);
      await adapter.init();
      assert.equal(adapter.meta.name, 'post');
      assert.equal((await adapter.getOne({ id: 1 }, []))?.slug, 'hello');
      assert.throws(() => new TypeORMAdapter({ model: Post }), TypeError);
    });
  });
}

describe('TypeORMAdapter with an EntitySchema model [sqlite]', () => {
  interface Note {
    id: number;
    title: string;
    pinned: boolean;
    ref: string;
    created_at: Date;
    revision: number;
  }
  const NoteSchema = new EntitySchema<Note>({
    name: 'Note',
    tableName: 'note',
    columns: {
      id: { type: 'integer', primary: true, generated: 'increment' },
      title: { type: 'varchar', length: 40 },
      pinned: { type: 'boolean', default: false },
      ref: { type: 'varchar', length: 36, generated: 'uuid' },
      created_at: { type: 'datetime', createDate: true },
      revision: { type: 'integer', version: true },
    },
  });
  /** Soft-deleting: TypeORM's finds leave out a row with `deleted_at` set. */
  const MemoSchema = new EntitySchema<{ id: number; pad_id: number; deleted_at: Date | null; pad?: unknown }>({
    name: 'Memo',
    tableName: 'memo',
    columns: {
      id: { type: 'integer', primary: true, generated: 'increment' },
      pad_id: { type: 'integer' },
      deleted_at: { type: 'datetime', deleteDate: true, nullable: true },
    },
    relations: { pad: { type: 'many-to-one', target: 'Pad', joinColumn: { name: 'pad_id' }, inverseSide: 'memos' } },
  });
  const PadSchema = new EntitySchema<{ id: number; memos?: unknown }>({
    name: 'Pad',
    tableName: 'pad',
    columns: { id: { type: 'integer', primary: true, generated: 'increment' } },
    relations: { memos: { type: 'one-to-many', target: 'Memo', inverseSide: 'pad' } },
  });
  let dataSource: DataSource;

  before(async () => {
    dataSource = await memoryDataSource([NoteSchema, MemoSchema, PadSchema]);
    await dataSource.query(
      `CREATE TABLE note (id INTEGER PRIMARY KEY AUTOINCREMENT, title VARCHAR(40) NOT NULL,
        pinned BOOLEAN NOT NULL DEFAULT 0, ref VARCHAR(36) NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
        revision INTEGER NOT NULL)`,
    );
  });
  after(() => dataSource.destroy());

  test('an entity whose rows TypeORM hides is refused, and is no relation of another', () => {
    assert.throws(() => new TypeORMAdapter({ dataSource, model: MemoSchema }).describe(), /soft-deletes/);
    const pads = new TypeORMAdapter({ dataSource, model: PadSchema });
    assert.deepEqual(pads.describe().relations, []);
  });

  test('describes, validates and round-trips rows', async () => {
    const adapter = new TypeORMAdapter({ dataSource, model: NoteSchema, crudConfig: { publicFields: ['title'] } });
    assert.deepEqual(
      adapter.meta.fields.map((f) => [f.name, f.kind, f.serverGenerated]),
      [
        ['id', 'integer', true],
        ['title', 'string', false],
        ['pinned', 'boolean', false],
        ['ref', 'uuid', true],
        ['created_at', 'datetime', true],
        ['revision', 'integer', true],
      ],
    );
    assert.deepEqual(Object.keys(adapter.generatePublicSchema().shape), ['title']);
    // A literal default makes a field optional on create, not the database's alone to write.
    assert.deepEqual(Object.keys(adapter.generateCreateSchema().shape), ['title', 'pinned']);
    const created = await adapter.createOne({ title: 'first' });
    assert.deepEqual([created.title, created.pinned], ['first', false]);
    assert.match(String(created.ref), /^[0-9a-f]{8}-[0-9a-f]{4}-4/); // TypeORM's client-side uuid, as its own persistence does
    assert.equal(created.revision, 1, 'a version column starts at 1, as TypeORM starts it');
    const updated = await adapter.updateOne({ id: created.id }, { pinned: true });
    assert.deepEqual([updated?.pinned, updated?.revision], [true, 2]);
    const pinned = await listPage(adapter, { pinned: true }, [], [], new PagePaginator());
    assert.deepEqual(
      pinned.data.map((n) => n.title),
      ['first'],
    );
    assert.equal((await adapter.deleteOne({ id: created.id }))?.title, 'first');
  });
});
