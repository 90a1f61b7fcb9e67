/**
 * The Sequelize adapter through its public methods, on every database target,
 * for what is Sequelize's own (the shared behaviour is the conformance
 * suite's): the description of models, attributes and associations; the
 * values Sequelize fills in (timestamps, JavaScript defaults); every data type
 * round trip; many-to-many through a `belongsToMany` junction in one
 * statement; error translation; and the models it refuses.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CRUDCollection, HttpError, PagePaginator } from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { DataTypes, type ModelStatic, Sequelize } from 'sequelize';
import { sequelizeOf, sequelizeTargets } from '../fixtures/sequelize/target.ts';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';
import { listPage } from '../support/list-page.ts';
import { useAsyncLocalStorageCls } from '../support/sequelize-cls.ts';

const page = (perPage = 20) => new PagePaginator().setPerPage(perPage);

/** A catalogue of gadgets with every data type, and labels through a junction. */
function defineCatalogue(sequelize: Sequelize) {
  const gadget = sequelize.define(
    'gadget',
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      name: { type: DataTypes.STRING(40), allowNull: false, unique: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      price: { type: DataTypes.DECIMAL(10, 2), allowNull: true },
      ratio: { type: DataTypes.DOUBLE, allowNull: true },
      weight: { type: DataTypes.FLOAT, allowNull: true },
      released: { type: DataTypes.DATEONLY, allowNull: true },
      // An attribute named apart from its column: the attribute is the wire name.
      seenAt: { type: DataTypes.DATE(3), field: 'seen_at', allowNull: false, defaultValue: DataTypes.NOW },
      size: { type: DataTypes.ENUM('s', 'm', 'l'), allowNull: false, defaultValue: 'm' },
      specs: { type: DataTypes.JSON, allowNull: true },
      stock: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      display: { type: DataTypes.VIRTUAL, get: () => 'virtual' },
    },
    { tableName: 'gadget', createdAt: 'made_at', updatedAt: 'changed_at', version: true },
  );
  const label = sequelize.define(
    'label',
    { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, text: DataTypes.STRING(20) },
    { tableName: 'label', timestamps: false },
  );
  const gadgetLabel = sequelize.define('gadget_label', {}, { tableName: 'gadget_label', timestamps: false });
  gadget.belongsToMany(label, { through: gadgetLabel, as: 'labels', foreignKey: 'gadget_id', otherKey: 'label_id' });
  label.belongsToMany(gadget, { through: gadgetLabel, as: 'gadgets', foreignKey: 'label_id', otherKey: 'gadget_id' });
  return { gadget, label, gadgetLabel };
}

/** A 409/422 `HttpError` with a generic detail, never SQL. */
async function rejectsWith(promise: Promise<unknown>, code: 'conflict' | 'validation_failed', field?: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof HttpError, `expected HttpError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.doesNotMatch(error.detail, /insert|update|delete|select|constraint|sqlite|duplicate/i);
    if (field)
      assert.deepEqual(
        error.errors?.map((e) => e.path),
        [`body.${field}`],
      );
    return true;
  });
}

for (const target of sequelizeTargets()) {
  describe(`SequelizeAdapter [${target.name}]: the forum models`, () => {
    let forum: ForumHarness;
    let a: ForumHarness['adapters'];

    before(async () => {
      forum = await target.open();
      await forum.reset();
      a = forum.adapters;
    });
    after(() => forum.close());

    test('describe(): attributes, timestamps, defaults and the composite key', () => {
      const post = a.post.describe();
      assert.equal(post.name, 'post');
      assert.deepEqual(post.primaryKey, ['id']);
      const byName = Object.fromEntries(post.fields.map((f) => [f.name, f]));
      assert.deepEqual(Object.keys(byName), ['id', 'thread_id', 'author_id', 'slug', 'created_at', 'updated_at']);
      assert.deepEqual([byName.id?.kind, byName.id?.serverGenerated], ['integer', true]);
      assert.deepEqual([byName.slug?.kind, byName.slug?.maxLength, byName.slug?.nullable], ['string', 100, false]);
      assert.equal(byName.author_id?.nullable, true);
      // Sequelize stamps its timestamps itself: neither is written by clients.
      assert.deepEqual([byName.created_at?.kind, byName.created_at?.serverGenerated], ['datetime', true]);
      assert.equal(byName.updated_at?.serverGenerated, true);
      // A `sequelize.literal` default is the database's.
      assert.equal(a.category.meta.fields.find((f) => f.name === 'created_at')?.serverGenerated, true);
      assert.deepEqual(a.postTranslation.meta.primaryKey, ['post_id', 'language']);
    });

    test('describe(): associations in both directions, foreign keys from references', () => {
      const relations = Object.fromEntries(a.post.meta.relations.map((r) => [r.name, r]));
      assert.deepEqual(relations.thread, {
        name: 'thread',
        target: 'thread',
        many: false,
        fields: ['thread_id'],
        references: ['id'],
        holdsKey: true,
      });
      assert.deepEqual(relations.translations, {
        name: 'translations',
        target: 'post_translation',
        many: true,
        fields: ['id'],
        references: ['post_id'],
        holdsKey: false,
      });
      assert.deepEqual(
        a.post.meta.foreignKeys.map((fk) => [fk.fields, fk.target, fk.references]),
        [
          [['thread_id'], 'thread', ['id']],
          [['author_id'], 'user', ['id']],
        ],
      );
      assert.deepEqual(a.postTranslationTag.meta.foreignKeys, [
        { fields: ['tag_id'], target: 'tag', references: ['id'] },
      ]);
      assert.equal(a.post.describe('thread').name, 'thread');
    });

    test('create stamps created_at and updated_at; update touches updated_at', async () => {
      const before = Date.now() - 60_000;
      const row = await a.post.createOne({ thread_id: 1, slug: 'stamped' });
      assert.ok(row.created_at instanceof Date && row.created_at.getTime() > before, String(row.created_at));
      assert.ok(row.updated_at instanceof Date && row.updated_at.getTime() > before, String(row.updated_at));
      await forum.sql('UPDATE "post" SET "updated_at" = ? WHERE "id" = ?', [
        target.dialect === 'sqlite' ? '2000-01-01 00:00:00.000 +00:00' : new Date('2000-01-01T00:00:00Z'),
        row.id,
      ]);
      const updated = await a.post.updateOne({ id: row.id }, { slug: 'stamped-2' });
      assert.ok((updated?.updated_at as Date | undefined)?.getTime() ?? 0 > before, String(updated?.updated_at));
      assert.equal(updated?.slug, 'stamped-2');
      if (target.dialect === 'sqlite') {
        // Stamped as Sequelize writes it, milliseconds and offset, not as SQLite's CURRENT_TIMESTAMP.
        const [stored] = await forum.sql('SELECT "updated_at" FROM "post" WHERE "id" = ?', [row.id]);
        assert.match(String(stored?.updated_at), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \+00:00$/);
      }
    });

    test('unique and foreign-key violations are 409, not-null is 422 naming the field', async () => {
      await rejectsWith(a.user.createOne({ username: 'ada' }), 'conflict');
      await rejectsWith(a.thread.createOne({ category_id: 999, title: 'Orphan' }), 'conflict');
      await rejectsWith(a.thread.createOne({ category_id: 1, title: null }), 'validation_failed', 'title');
      assert.equal((await forum.sql('SELECT * FROM "thread" WHERE "title" = ?', ['Orphan'])).length, 0);
    });
  });
}

for (const database of databaseTargets()) {
  describe(`SequelizeAdapter [sequelize/${database.dialect}]: data types, defaults, many-to-many`, () => {
    let logged = 0;
    const sequelize = sequelizeOf(database, () => {
      logged += 1;
    });
    const { gadget, label, gadgetLabel } = defineCatalogue(sequelize);
    const gadgets = new SequelizeAdapter({ model: gadget });
    const labels = new SequelizeAdapter({ model: label });

    const drop = async () => {
      for (const model of [gadgetLabel, label, gadget]) await model.drop({});
    };
    before(async () => {
      await drop();
      for (const model of [gadget, label, gadgetLabel]) await model.sync();
    });
    after(async () => {
      await drop();
      await sequelize.close();
    });

    test('describe(): kinds of every data type; JavaScript defaults make a field optional, not generated', () => {
      const fields = Object.fromEntries(gadgets.meta.fields.map((f) => [f.name, f]));
      assert.equal(fields.display, undefined, 'VIRTUAL attributes have no column');
      assert.deepEqual(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.kind])), {
        id: 'uuid',
        name: 'string',
        active: 'boolean',
        price: 'decimal',
        ratio: 'number',
        weight: 'number',
        released: 'date',
        seenAt: 'datetime',
        size: 'enum',
        specs: 'json',
        stock: 'integer',
        made_at: 'datetime',
        changed_at: 'datetime',
        version: 'integer',
      });
      assert.deepEqual(fields.size?.enumValues, ['s', 'm', 'l']);
      for (const name of ['active', 'seenAt', 'size', 'stock']) {
        assert.deepEqual([fields[name]?.hasClientDefault, fields[name]?.serverGenerated], [true, false], name);
      }
      // A key Sequelize makes is the server's to choose.
      assert.deepEqual([fields.id?.hasClientDefault, fields.id?.serverGenerated], [true, true]);
      const create = gadgets.generateCreateSchema();
      assert.deepEqual(create.safeParse({ name: 'bare' }).success, true);
      assert.equal(create.shape.made_at, undefined);
      assert.equal(create.shape.version, undefined);
    });

    test('create fills what Sequelize fills: UUIDV4, NOW, constants; every type comes back as the wire expects', async () => {
      const row = await gadgets.createOne({
        name: 'widget',
        price: '12.50',
        ratio: 0.25,
        // A single-precision float reads back as written, not widened (`0.10000000149011612`).
        weight: 0.1,
        released: '2024-02-29',
        specs: { colours: ['red'], weight: 2 },
        active: false,
      });
      assert.match(String(row.id), /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        [row.name, row.active, typeof row.price, Number(row.price), row.ratio, row.released, row.size, row.stock],
        ['widget', false, 'string', 12.5, 0.25, '2024-02-29', 'm', 0],
      );
      assert.equal(row.weight, 0.1);
      assert.equal((await gadgets.getOne({ id: row.id }, []))?.weight, 0.1);
      assert.deepEqual(row.specs, { colours: ['red'], weight: 2 });
      for (const key of ['seenAt', 'made_at', 'changed_at']) assert.ok(row[key] instanceof Date, key);
      assert.equal(row.version, 0, 'the version counter starts at 0, as Sequelize starts it');
      assert.deepEqual(row.labels, null);
      const read = await gadgets.getOne({ id: row.id }, []);
      assert.deepEqual({ ...read, labels: null }, row);
      const updated = await gadgets.updateOne({ id: row.id }, { stock: 3 });
      assert.deepEqual([updated?.stock, updated?.version], [3, 1], 'an update counts the version up');
      await gadgets.updateOne({ id: row.id }, { stock: 0 });
    });

    test('filters match each type; a datetime written through the API reads back as the same instant', async () => {
      const row = await gadgets.createOne({ name: 'dated', seenAt: '2024-03-01T12:30:45.123Z', active: true });
      assert.equal((row.seenAt as Date).toISOString(), '2024-03-01T12:30:45.123Z');
      const sorted = await listPage(gadgets, {}, [{ field: 'seenAt', direction: 'asc' }], [], page());
      assert.equal(sorted.data[0]?.name, 'dated');
      const active = await listPage(gadgets, { active: true }, [{ field: 'name', direction: 'asc' }], [], page());
      assert.deepEqual(
        active.data.map((g) => g.name),
        ['dated'],
      );
      const byDate = await listPage(gadgets, { released: '2024-02-29' }, [], [], page());
      assert.deepEqual(
        byDate.data.map((g) => g.name),
        ['widget'],
      );
    });

    test('a Sequelize model adapter keeps Sequelize on the model: instances see what the adapter wrote', async () => {
      const written = await gadgets.createOne({ name: 'shared', stock: 7 });
      const instance = (await gadget.findByPk(written.id as string)) as { get(key: string): unknown } | null;
      assert.equal(instance?.get('stock'), 7);
      assert.equal(instance?.get('name'), 'shared');
      assert.equal(
        (instance?.get('seenAt') as Date | undefined)?.toISOString(),
        (written.seenAt as Date).toISOString(),
      );
    });

    test('belongsToMany: one statement through the junction, for any page size', async () => {
      const [one, two] = [await labels.createOne({ text: 'one' }), await labels.createOne({ text: 'two' })];
      const { data } = await listPage(gadgets, {}, [{ field: 'name', direction: 'asc' }], [], page());
      const ids = Object.fromEntries(data.map((g) => [g.name, g.id]));
      await gadgetLabel.bulkCreate([
        { gadget_id: ids.widget, label_id: one.id },
        { gadget_id: ids.widget, label_id: two.id },
        { gadget_id: ids.dated, label_id: two.id },
      ]);
      const start = logged;
      const listed = await listPage(gadgets, {}, [{ field: 'name', direction: 'asc' }], ['labels'], page(2));
      assert.equal(logged - start, 3, 'page, count, labels');
      assert.deepEqual(
        listed.data.map((g) => [g.name, (g.labels as { text: string }[]).map((l) => l.text)]),
        [
          ['dated', ['two']],
          ['shared', []],
        ],
      );
      const widget = await gadgets.getOne({ id: ids.widget }, ['labels']);
      assert.deepEqual(
        (widget?.labels as { text: string }[] | undefined)?.map((l) => l.text),
        ['one', 'two'],
      );
      const back = await labels.getOne({ id: two.id }, ['gadgets']);
      assert.deepEqual((back?.gadgets as { name: string }[] | undefined)?.map((g) => g.name).sort(), [
        'dated',
        'widget',
      ]);
    });

    test('constraint errors: unique is 409, a missing required value 422 naming the field', async () => {
      await rejectsWith(gadgets.createOne({ name: 'widget' }), 'conflict');
      await rejectsWith(gadgets.createOne({ name: null }), 'validation_failed', 'name');
    });
  });
}

for (const database of databaseTargets()) {
  describe(`SequelizeAdapter [sequelize/${database.dialect}]: logging and transactions`, () => {
    const lines: unknown[][] = [];
    const sequelize = sequelizeOf(database, (...args: unknown[]) => void lines.push(args));
    // Sequelize's typings leave out the options an instance reads on every query.
    const options = (sequelize as unknown as { options: { benchmark?: boolean } }).options;
    const note = sequelize.define('log_note', { text: DataTypes.STRING(20) }, { tableName: 'log_note' });
    const notes = new SequelizeAdapter({ model: note });
    before(async () => {
      await note.drop({});
      await note.sync();
      lines.length = 0;
    });
    after(async () => {
      await note.drop({});
      await sequelize.close();
    });

    test('each statement is logged through `logging`, with its time under `benchmark`', async () => {
      const { id } = await notes.createOne({ text: 'logged' });
      await notes.getOne({ id }, []);
      assert.match(String(lines.at(-1)?.[0]), /^Executing \(.+\): SELECT .*log_note/);
      options.benchmark = true;
      try {
        await notes.getOne({ id }, []);
      } finally {
        options.benchmark = false;
      }
      const [text, elapsed] = lines.at(-1) ?? [];
      assert.match(String(text), /^Executed \(.+\): SELECT .*log_note/);
      assert.equal(typeof elapsed, 'number');
    });

    test("with CLS, a write inside the app's managed transaction is rolled back with it", async () => {
      const shelf = sequelize.define('cls_shelf', { label: DataTypes.STRING(20) }, { tableName: 'cls_shelf' });
      const book = sequelize.define(
        'cls_book',
        { title: DataTypes.STRING(20), shelf_id: { type: DataTypes.INTEGER, references: { model: shelf, key: 'id' } } },
        { tableName: 'cls_book' },
      );
      await book.drop({});
      await shelf.drop({});
      await shelf.sync();
      await book.sync();
      const books = new SequelizeAdapter({ model: book });
      // A create under a parent runs in a transaction of its own (the parent check, then the insert).
      const onShelf = (id: unknown) => [
        {
          model: shelf,
          pkValues: { id },
          link: { childFields: ['shelf_id'], parentFields: ['id'], childHoldsKey: true },
        },
      ];
      useAsyncLocalStorageCls();
      try {
        await assert.rejects(
          sequelize.transaction(async () => {
            await notes.createOne({ text: 'undone' });
            assert.equal((await notes.getOne({ id: 1 }, []))?.text, 'logged', 'reads join it too');
            const made = await shelf.create({ label: 'new' });
            const nested = await books.createOne({ title: 'nested' }, onShelf(made.get('id')));
            assert.equal(nested.shelf_id, made.get('id'), 'a parent made in the transaction is found in it');
            throw new Error('abort');
          }),
          /abort/,
        );
      } finally {
        (Sequelize as unknown as { _cls?: unknown })._cls = undefined;
      }
      assert.equal(await note.count({ where: { text: 'undone' } }), 0);
      assert.deepEqual([await shelf.count(), await book.count()], [0, 0], 'the nested create is rolled back too');
      await book.drop({});
      await shelf.drop({});
    });

    test("with CLS, a write refused inside the app's transaction leaves it usable; the app commits the rest", async () => {
      const label = sequelize.define('cls_label', { text: { type: DataTypes.STRING(20), unique: true } });
      await label.drop({});
      await label.sync();
      const labels = new SequelizeAdapter({ model: label });
      useAsyncLocalStorageCls();
      try {
        await sequelize.transaction(async () => {
          await labels.createOne({ text: 'first' });
          await assert.rejects(labels.createOne({ text: 'first' }), (error) => (error as HttpError).status === 409);
          // A value its column cannot take: refused before binding, or by the database (a text rowid on SQLite).
          const typed = [{ text: { x: 1 } }, { id: 'zz', text: 'typed' }] as never[];
          for (const data of typed)
            await assert.rejects(labels.createOne(data), (error) => (error as HttpError).status === 422);
          await labels.createOne({ text: 'second' });
        });
      } finally {
        (Sequelize as unknown as { _cls?: unknown })._cls = undefined;
      }
      const rows = await label.findAll({ attributes: ['text'], order: [['id', 'ASC']], raw: true });
      assert.deepEqual(
        rows.map((row) => (row as { text?: string }).text),
        ['first', 'second'],
      );
      await label.drop({});
    });
  });
}

describe('SequelizeAdapter: what it refuses', () => {
  const sequelize = sequelizeOf(databaseTargets()[0] as DatabaseTarget);
  after(() => sequelize.close());

  test('a model that is not initialised on a Sequelize instance', () => {
    assert.throws(
      () => new SequelizeAdapter({ model: {} as ModelStatic<never> }),
      /needs a model initialised on a Sequelize instance/,
    );
  });

  test('a paranoid (soft-deleting) model, when first described', () => {
    const archived = sequelize.define('archived', { name: DataTypes.STRING }, { paranoid: true });
    assert.throws(() => new SequelizeAdapter({ model: archived }).describe(), /paranoid/);
    // Without timestamps Sequelize ignores `paranoid`: nothing is hidden.
    const plain = sequelize.define('plain', { name: DataTypes.STRING }, { paranoid: true, timestamps: false });
    assert.doesNotThrow(() => new SequelizeAdapter({ model: plain }).describe());
  });

  test('a default scope that hides rows, which Sequelize applies and the adapter would not', () => {
    const banned = sequelize.define(
      'banned',
      { active: DataTypes.BOOLEAN },
      { defaultScope: { where: { active: true } } },
    );
    assert.throws(() => new SequelizeAdapter({ model: banned }).describe(), /default scope with where/);
    const ordered = sequelize.define(
      'ordered',
      { name: DataTypes.STRING },
      { defaultScope: { order: [['name', 'ASC']] } },
    );
    assert.doesNotThrow(() => new SequelizeAdapter({ model: ordered }).describe());
    // A model related to one is served; the relation is not offered, nor one through a junction like it, nor a
    // scoped (polymorphic) one.
    const shelf = sequelize.define('shelf', { name: DataTypes.STRING });
    shelf.hasMany(banned, { as: 'banned' });
    shelf.hasMany(ordered, { as: 'ordered' });
    const placed = sequelize.define('placed', {}, { paranoid: true });
    shelf.belongsToMany(ordered, { through: placed, as: 'placedOrdered' });
    const note = sequelize.define('note', { on: DataTypes.STRING });
    shelf.hasMany(note, { as: 'notes', foreignKey: 'about_id', scope: { on: 'shelf' }, constraints: false });
    const tagging = sequelize.define('tagging', { kind: DataTypes.STRING });
    const through = { model: tagging, scope: { kind: 'shelf' }, unique: false };
    shelf.belongsToMany(ordered, { through, as: 'tagged', foreignKey: 'taggable_id', constraints: false });
    const names = new SequelizeAdapter({ model: shelf }).describe().relations.map((r) => r.name);
    assert.deepEqual(names, ['ordered']);
  });
});

describe("SequelizeAdapter: the default scope's hidden attributes", () => {
  const sequelize = sequelizeOf(databaseTargets()[0] as DatabaseTarget);
  const account = sequelize.define(
    'account',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING, allowNull: false },
      password_hash: { type: DataTypes.STRING, allowNull: false },
    },
    {
      tableName: 'account',
      timestamps: false,
      defaultScope: { attributes: { exclude: ['password_hash'] } },
      scopes: { named: { where: { name: 'a' } }, bare: { attributes: { exclude: ['name'] } } },
    },
  );
  let app: TestApp;
  before(async () => {
    await account.sync({ force: true });
    await account.create({ name: 'a', password_hash: 'SECRET' });
    const router = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: account }) }).getRouter({
      prefix: '/accounts',
    });
    app = await routersApp('fastify', [router]);
  });
  after(async () => {
    await app.close();
    await account.drop();
    await sequelize.close();
  });

  test('are in no response and no filter, as Sequelize itself leaves them out', async () => {
    const one = await app.inject({ method: 'GET', url: '/accounts/1' });
    assert.deepEqual(one.json(), { id: 1, name: 'a' });
    const filtered = await app.inject({ method: 'GET', url: '/accounts?password_hash=SECRET' });
    assert.deepEqual(
      filtered.json().data.map((row: { id: number }) => row.id),
      [1],
      'an unknown parameter, ignored: no row is told apart by it',
    );
    assert.equal((await app.inject({ method: 'GET', url: '/accounts?password_hash=nope' })).json().count, 1);
    assert.equal((await app.inject({ method: 'GET', url: '/accounts?sort=password_hash' })).statusCode, 422);
  });

  test('public fields naming one are refused: the model itself never shows it', () => {
    const named = /"account": the public fields name password_hash, which its ORM hides/;
    const adapter = new SequelizeAdapter({ model: account });
    assert.throws(() => new CRUDCollection({ ormAdapter: adapter, publicFields: ['id', 'password_hash'] }), named);
    const vault = sequelize.define(
      'vault',
      { pin: DataTypes.STRING },
      { tableName: 'vault', timestamps: false, defaultScope: { attributes: { exclude: ['pin'] } } },
    );
    const configured = new SequelizeAdapter({ model: vault, crudConfig: { publicFields: ['id', 'pin'] } });
    assert.throws(() => new CRUDCollection({ ormAdapter: configured }), /"vault": the public fields name pin/);
    // Its unscoped model shows it.
    const unscoped = new SequelizeAdapter({ model: account.unscoped() });
    assert.ok(new CRUDCollection({ ormAdapter: unscoped, publicFields: ['id', 'password_hash'] }));
  });

  test("a model's named scope is applied in its place, as Sequelize's finds apply it", async () => {
    assert.throws(
      () => new SequelizeAdapter({ model: account.scope('named') }).describe(),
      /"account" has the scope "named" with where; not supported/,
    );
    const served = (model: typeof account, prefix: string) =>
      new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model }) }).getRouter({ prefix });
    const scoped = await routersApp('fastify', [
      served(account.unscoped(), '/unscoped'),
      served(account.scope('bare'), '/bare'),
    ]);
    try {
      const unscoped = await scoped.inject({ method: 'GET', url: '/unscoped/1' });
      assert.deepEqual(unscoped.json(), { id: 1, name: 'a', password_hash: 'SECRET' });
      const bare = await scoped.inject({ method: 'GET', url: '/bare' });
      assert.deepEqual(bare.json().data, [{ id: 1, password_hash: 'SECRET' }]);
    } finally {
      await scoped.close();
    }
  });

  test("a crudConfig given over a scoped model hides its fields from other collections' includes", async () => {
    for (const scoped of [(m: typeof account) => m.scope('bare'), (m: typeof account) => m.unscoped()]) {
      const orm = new Sequelize('sqlite::memory:', { logging: false });
      const person = orm.define(
        'person',
        { name: DataTypes.STRING(20), email: DataTypes.STRING(40) },
        { tableName: 'person', timestamps: false, scopes: { bare: {} } },
      );
      const entry = orm.define('entry', { title: DataTypes.STRING(20) }, { tableName: 'entry', timestamps: false });
      entry.belongsTo(person, { as: 'author', foreignKey: 'author_id' });
      await orm.sync();
      await person.create({ name: 'boss', email: 'boss@secret' });
      await entry.create({ title: 'e1', author_id: 1 });
      const people = new SequelizeAdapter({ model: scoped(person), crudConfig: { excludeFields: ['email'] } });
      const app = await routersApp('fastify', [
        new CRUDCollection({ ormAdapter: people }).getRouter({ prefix: '/people' }),
        new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: entry }) }).getRouter({ prefix: '/entries' }),
      ]);
      try {
        const res = await app.inject({ method: 'GET', url: '/entries?include=author' });
        assert.deepEqual(res.json().data[0].author, { id: 1, name: 'boss' });
      } finally {
        await app.close();
        await orm.close();
      }
    }
  });

  test('an allow-list default scope hides the attributes it leaves out, aliased entries kept', () => {
    const listed = sequelize.define(
      'listed',
      { name: DataTypes.STRING, secret: DataTypes.STRING },
      { tableName: 'listed', timestamps: false, defaultScope: { attributes: ['id', ['name', 'name']] } },
    );
    const hidden = new SequelizeAdapter({ model: listed }).describe().fields.map((f) => [f.name, f.hidden === true]);
    assert.deepEqual(hidden, [
      ['id', false],
      ['name', false],
      ['secret', true],
    ]);
  });
});

for (const database of databaseTargets().filter((d) => d.dialect !== 'postgres')) {
  describe(`SequelizeAdapter [sequelize/${database.dialect}]: an auto-increment key past 2^53`, () => {
    const sequelize = sequelizeOf(database);
    const counter = sequelize.define(
      'big_counter',
      { id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true }, note: DataTypes.STRING(20) },
      { tableName: 'big_counter', timestamps: false },
    );
    after(async () => {
      await counter.drop();
      await sequelize.close();
    });

    test('a created row comes back with its exact key', async () => {
      await counter.sync({ force: true });
      await sequelize.query("INSERT INTO big_counter (id, note) VALUES (9007199254740994, 'seed')");
      const row = await new SequelizeAdapter({ model: counter }).createOne({ note: 'next' });
      assert.deepEqual([row.id, row.note], ['9007199254740995', 'next']);
    });
  });
}

for (const database of databaseTargets().filter((d) => d.dialect !== 'sqlite')) {
  test(`SequelizeAdapter [sequelize/${database.dialect}]: a pool wait past Sequelize's acquire timeout is a 503`, async () => {
    const sequelize = new Sequelize(database.url, {
      logging: false,
      dialect: database.dialect === 'mysql' ? 'mysql' : 'postgres',
      pool: { max: 1, acquire: 300 },
    });
    const note = sequelize.define('pool_note', { title: DataTypes.STRING(20) }, { timestamps: false });
    await note.sync({ force: true });
    const router = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: note }) }).getRouter({
      prefix: '/notes',
    });
    const app = await routersApp('fastify', [router]);
    const held = await sequelize.transaction(); // the pool's only connection
    try {
      const res = await app.inject({ method: 'GET', url: '/notes' });
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.headers['retry-after'], '1');
    } finally {
      await held.rollback();
      await app.close();
      await note.drop();
      await sequelize.close();
    }
  });
}
