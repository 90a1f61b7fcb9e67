/**
 * DrizzleAdapter.describe() over column types and relation shapes the forum does
 * not use, for all three dialects, plus a SQLite round trip of converted values, and
 * PostgreSQL's uuid values beyond RFC 9562's.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { relations, sql, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import * as my from 'drizzle-orm/mysql-core';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import * as pg from 'drizzle-orm/pg-core';
import * as lite from 'drizzle-orm/sqlite-core';
import { CRUDCollection, type FieldMeta, PagePaginator, type Row } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { Pool } from 'pg';
import { routersApp, testFrameworks } from '../support/framework-apps.ts';
import { listPage } from '../support/list-page.ts';
import { documentOf } from '../support/openapi.ts';

const noSession = async () => {
  throw new Error('no database in this test');
};
const fields = (model: Table, schema?: Record<string, unknown>) =>
  Object.fromEntries(
    new DrizzleAdapter({ model, schema, getSession: noSession }).describe().fields.map((f) => [f.name, f]),
  ) as Record<string, FieldMeta>;
const pick = (f: FieldMeta | undefined) => [f?.kind, f?.serverGenerated, f?.hasClientDefault, f?.nullable];

describe('column kinds', () => {
  test('PostgreSQL', () => {
    const mood = pg.pgEnum('mood', ['sad', 'happy']);
    const widget = pg.pgTable('Widget', {
      id: pg.uuid('id').primaryKey().defaultRandom(),
      flag: pg.boolean('flag').notNull().default(false),
      mood: mood('mood'),
      status: pg.varchar('status', { length: 10, enum: ['draft', 'live'] }),
      meta: pg.jsonb('meta'),
      day: pg.date('day'),
      day2: pg.date('day2', { mode: 'date' }),
      price: pg.real('price'),
      amount: pg.numeric('amount', { mode: 'number' }),
      big: pg.bigint('big', { mode: 'bigint' }),
      seq: pg.integer('seq').generatedAlwaysAsIdentity(),
      token: pg.text('token').$defaultFn(() => 'x'),
      at: pg.timestamp('at', { mode: 'string' }),
      full: pg.text('full').generatedAlwaysAs(sql`'a'`),
      code: pg.char('code', { length: 3 }).notNull(),
      spot: pg.point('spot', { mode: 'xy' }),
    });
    const f = fields(widget);
    assert.equal(new DrizzleAdapter({ model: widget, getSession: noSession }).describe().name, 'widget');
    assert.deepEqual(pick(f.id), ['uuid', true, false, false]);
    assert.deepEqual(pick(f.flag), ['boolean', false, true, false]);
    assert.deepEqual([f.mood?.kind, f.mood?.enumValues], ['enum', ['sad', 'happy']]);
    assert.deepEqual([f.status?.kind, f.status?.enumValues], ['enum', ['draft', 'live']]);
    assert.equal(f.meta?.kind, 'json');
    // Drizzle types a point as JSON; it is no JSON column (PostgreSQL prints it `(1,2)`), so it is free-form.
    assert.equal(f.spot?.kind, 'unknown');
    assert.equal(f.day?.kind, 'date');
    assert.equal(f.day2?.kind, 'date');
    assert.equal(f.price?.kind, 'number');
    assert.equal(f.amount?.kind, 'number');
    assert.equal(f.big?.kind, 'bigint');
    assert.deepEqual(pick(f.seq), ['integer', true, false, false]);
    assert.deepEqual(pick(f.token), ['string', false, true, true]);
    assert.equal(f.at?.kind, 'datetime');
    assert.equal(f.full?.serverGenerated, true);
    assert.deepEqual([f.code?.kind, f.code?.maxLength, f.code?.nullable], ['string', 3, false]);
  });

  test('bytes: custom bytea and blob columns, SQLite buffer blobs, MySQL custom bit(n); PostgreSQL bits are not', () => {
    const bytea = pg.customType<{ data: Buffer }>({ dataType: () => 'bytea' });
    const pgBit = pg.customType<{ data: string }>({ dataType: () => 'bit(8)' });
    const pgFile = fields(
      pg.pgTable('pg_file', { id: pg.serial('id').primaryKey(), data: bytea('data'), bits: pgBit('bits') }),
    );
    const myBlob = my.customType<{ data: Buffer }>({ dataType: () => 'longblob' });
    const myBit = my.customType<{ data: Buffer }>({ dataType: () => 'bit(8)' });
    const myFile = fields(
      my.mysqlTable('my_file', { id: my.serial('id').primaryKey(), data: myBlob('data'), bits: myBit('bits') }),
    );
    const liteFile = fields(
      lite.sqliteTable('lite_file', {
        id: lite.integer('id').primaryKey(),
        data: lite.blob('data', { mode: 'buffer' }),
      }),
    );
    assert.deepEqual(
      [pgFile.data?.kind, pgFile.bits?.kind, myFile.data?.kind, myFile.bits?.kind, liteFile.data?.kind],
      ['binary', 'unknown', 'binary', 'binary', 'binary'],
    );
  });

  test('SQLite', () => {
    const gadget = lite.sqliteTable('gadget', {
      id: lite.integer('id').primaryKey(),
      on: lite.integer('on', { mode: 'boolean' }),
      at: lite.integer('at', { mode: 'timestamp' }),
      data: lite.text('data', { mode: 'json' }),
      ratio: lite.real('ratio'),
      kind: lite.text('kind', { enum: ['a', 'b'] }).default('a'),
    });
    const f = fields(gadget);
    assert.deepEqual(pick(f.id), ['integer', true, false, false]);
    assert.equal(f.on?.kind, 'boolean');
    assert.equal(f.at?.kind, 'datetime');
    assert.equal(f.data?.kind, 'json');
    assert.equal(f.ratio?.kind, 'number');
    assert.deepEqual([f.kind?.kind, f.kind?.enumValues, f.kind?.hasClientDefault], ['enum', ['a', 'b'], true]);
  });

  test('MySQL', () => {
    const gizmo = my.mysqlTable('gizmo', {
      id: my.serial('id').primaryKey(),
      kind: my.mysqlEnum('kind', ['a', 'b']).notNull(),
      ok: my.boolean('ok'),
      at: my.datetime('at'),
      stamp: my.timestamp('stamp').defaultNow(),
      price: my.double('price'),
      code: my.varchar('code', { length: 3 }),
    });
    const f = fields(gizmo);
    assert.deepEqual(pick(f.id), ['integer', true, false, false]);
    assert.deepEqual([f.kind?.kind, f.kind?.enumValues], ['enum', ['a', 'b']]);
    assert.equal(f.ok?.kind, 'boolean');
    assert.equal(f.at?.kind, 'datetime');
    assert.deepEqual(pick(f.stamp), ['datetime', true, false, true]);
    assert.equal(f.price?.kind, 'number');
    assert.equal(f.code?.maxLength, 3);
  });
});

describe('keys', () => {
  const meta = (model: Table) => new DrizzleAdapter({ model, getSession: noSession }).describe();
  const keys = (model: Table) => {
    const { primaryKey, foreignKeys } = meta(model);
    return { primaryKey, foreignKeys };
  };
  const expected = {
    primaryKey: ['owner_id', 'slot'],
    foreignKeys: [
      { fields: ['owner_id'], target: 'owner', references: ['id'] },
      { fields: ['backup_id'], target: 'owner', references: ['id'] },
    ],
  };

  test('inline references, and primaryKey() and foreignKey() of the extra config, in every dialect', () => {
    const pgOwner = pg.pgTable('owner', { id: pg.integer('id').primaryKey() });
    const pgSlot = pg.pgTable(
      'slot',
      {
        owner_id: pg
          .integer('owner_id')
          .notNull()
          .references(() => pgOwner.id),
        slot: pg.integer('slot').notNull(),
        backup_id: pg.integer('backup_id'),
      },
      (t) => [
        pg.primaryKey({ columns: [t.owner_id, t.slot] }),
        pg.index('slot_backup').on(t.backup_id),
        pg.foreignKey({ columns: [t.backup_id], foreignColumns: [pgOwner.id] }),
      ],
    );
    const myOwner = my.mysqlTable('owner', { id: my.int('id').primaryKey() });
    const mySlot = my.mysqlTable(
      'slot',
      {
        owner_id: my
          .int('owner_id')
          .notNull()
          .references(() => myOwner.id),
        slot: my.int('slot').notNull(),
        backup_id: my.int('backup_id'),
      },
      (t) => [
        my.primaryKey({ columns: [t.owner_id, t.slot] }),
        my.foreignKey({ columns: [t.backup_id], foreignColumns: [myOwner.id] }),
      ],
    );
    const liteOwner = lite.sqliteTable('owner', { id: lite.integer('id').primaryKey() });
    const liteSlot = lite.sqliteTable(
      'slot',
      {
        owner_id: lite
          .integer('owner_id')
          .notNull()
          .references(() => liteOwner.id),
        slot: lite.integer('slot').notNull(),
        backup_id: lite.integer('backup_id'),
      },
      // The object form of the extra config, which Drizzle still accepts.
      (t) => ({
        pk: lite.primaryKey({ columns: [t.owner_id, t.slot] }),
        backup: lite.foreignKey({ columns: [t.backup_id], foreignColumns: [liteOwner.id] }),
      }),
    );
    for (const table of [pgSlot, mySlot, liteSlot]) assert.deepEqual(keys(table), expected);
    assert.deepEqual(meta(pgOwner).primaryKey, ['id']);
  });
});

describe('relations', () => {
  const student = lite.sqliteTable('student', { id: lite.integer('id').primaryKey(), name: lite.text('name') });
  const course = lite.sqliteTable('course', { id: lite.integer('id').primaryKey(), title: lite.text('title') });
  const enrollment = lite.sqliteTable(
    'enrollment',
    {
      student_id: lite
        .integer('student_id')
        .notNull()
        .references(() => student.id),
      course_id: lite
        .integer('course_id')
        .notNull()
        .references(() => course.id),
    },
    (t) => [lite.primaryKey({ columns: [t.student_id, t.course_id] })],
  );
  const playlist = lite.sqliteTable('playlist', { id: lite.integer('id').primaryKey() });
  const entry = lite.sqliteTable(
    'entry',
    {
      playlist_id: lite
        .integer('playlist_id')
        .notNull()
        .references(() => playlist.id),
      position: lite.integer('position').notNull(),
      course_id: lite
        .integer('course_id')
        .notNull()
        .references(() => course.id),
    },
    (t) => [lite.primaryKey({ columns: [t.playlist_id, t.position] })],
  );
  const schema = {
    student,
    course,
    enrollment,
    playlist,
    entry,
    studentRelations: relations(student, ({ many }) => ({ courses: many(enrollment) })),
    courseRelations: relations(course, ({ many }) => ({ students: many(enrollment) })),
    enrollmentRelations: relations(enrollment, ({ one }) => ({
      student: one(student, { fields: [enrollment.student_id], references: [student.id] }),
      course: one(course, { fields: [enrollment.course_id], references: [course.id] }),
    })),
    playlistRelations: relations(playlist, ({ many }) => ({ entries: many(entry) })),
    entryRelations: relations(entry, ({ one }) => ({
      playlist: one(playlist, { fields: [entry.playlist_id], references: [playlist.id] }),
      course: one(course, { fields: [entry.course_id], references: [course.id] }),
    })),
  };
  const describeOf = (model: Table) => new DrizzleAdapter({ model, schema, getSession: noSession }).describe();

  test('a many() to a pure link table reads as many-to-many, both ways', () => {
    assert.deepEqual(describeOf(student).relations, [
      {
        name: 'courses',
        target: 'course',
        many: true,
        fields: ['id'],
        references: ['id'],
        through: {
          model: 'enrollment',
          sourceFields: ['student_id'],
          junctionTargetFields: ['course_id'],
          targetFields: ['id'],
        },
      },
    ]);
    assert.equal(describeOf(course).relations[0]?.target, 'student');
  });

  test('a many() to a link table onto a composite key joins on every key column, and loads', async () => {
    const edition = lite.sqliteTable(
      'edition',
      { book_id: lite.integer('book_id').notNull(), lang: lite.text('lang').notNull() },
      (t) => [lite.primaryKey({ columns: [t.book_id, t.lang] })],
    );
    const shelf = lite.sqliteTable('shelf', { id: lite.integer('id').primaryKey() });
    const shelved = lite.sqliteTable(
      'shelved',
      {
        shelf_id: lite.integer('shelf_id').notNull(),
        book_id: lite.integer('book_id').notNull(),
        lang: lite.text('lang').notNull(),
      },
      (t) => [
        lite.primaryKey({ columns: [t.shelf_id, t.book_id, t.lang] }),
        lite.foreignKey({ columns: [t.shelf_id], foreignColumns: [shelf.id] }),
        lite.foreignKey({ columns: [t.book_id, t.lang], foreignColumns: [edition.book_id, edition.lang] }),
      ],
    );
    const shelfSchema = {
      edition,
      shelf,
      shelved,
      shelfRelations: relations(shelf, ({ many }) => ({ editions: many(shelved) })),
      shelvedRelations: relations(shelved, ({ one }) => ({
        shelf: one(shelf, { fields: [shelved.shelf_id], references: [shelf.id] }),
        edition: one(edition, {
          fields: [shelved.book_id, shelved.lang],
          references: [edition.book_id, edition.lang],
        }),
      })),
    };
    const client = createClient({ url: ':memory:' });
    await client.executeMultiple(`CREATE TABLE edition (book_id INTEGER, lang TEXT, PRIMARY KEY (book_id, lang));
      CREATE TABLE shelf (id INTEGER PRIMARY KEY);
      CREATE TABLE shelved (shelf_id INTEGER, book_id INTEGER, lang TEXT, PRIMARY KEY (shelf_id, book_id, lang));
      INSERT INTO edition VALUES (1, 'en'), (1, 'fr'), (2, 'en');
      INSERT INTO shelf VALUES (1);
      INSERT INTO shelved VALUES (1, 1, 'fr'), (1, 2, 'en');`);
    const adapter = new DrizzleAdapter({ model: shelf, db: drizzle(client, { schema: shelfSchema }) });
    assert.deepEqual(adapter.describe().relations[0]?.through, {
      model: 'shelved',
      sourceFields: ['shelf_id'],
      junctionTargetFields: ['book_id', 'lang'],
      targetFields: ['book_id', 'lang'],
    });
    assert.deepEqual(((await adapter.getOne({ id: 1 }, ['editions'])) as Row | null)?.editions, [
      { book_id: 1, lang: 'fr' },
      { book_id: 2, lang: 'en' },
    ]);
    client.close();
  });

  test('a link table with its own key column stays a plain to-many', () => {
    assert.deepEqual(describeOf(playlist).relations, [
      { name: 'entries', target: 'entry', many: true, fields: ['id'], references: ['playlist_id'], holdsKey: false },
    ]);
  });

  test('without a relational schema there are no relations, but foreign-key targets are known', () => {
    const db = drizzle(createClient({ url: ':memory:' }));
    const adapter = new DrizzleAdapter({ db, model: enrollment });
    assert.deepEqual(adapter.describe().relations, []);
    assert.equal(adapter.describe('course').name, 'course');
    assert.throws(() => new DrizzleAdapter({ model: enrollment } as never), TypeError);
    assert.throws(() => new DrizzleAdapter({ model: {} as Table, getSession: noSession }), TypeError);
  });
});

describe('value conversion on SQLite', () => {
  test('datetime strings become dates for timestamp columns; booleans and json round-trip', async () => {
    const gadget = lite.sqliteTable('gadget', {
      id: lite.integer('id').primaryKey(),
      on: lite.integer('on', { mode: 'boolean' }),
      at: lite.integer('at', { mode: 'timestamp' }),
      data: lite.text('data', { mode: 'json' }),
    });
    const client = createClient({ url: ':memory:' });
    await client.execute('CREATE TABLE gadget (id INTEGER PRIMARY KEY, "on" INTEGER, at INTEGER, data TEXT)');
    const db = drizzle(client);
    const adapter = new DrizzleAdapter({ model: gadget, getSession: async () => db });
    const row = await adapter.createOne({ on: true, at: '2021-05-06T07:08:09Z', data: { a: [1] } });
    assert.deepEqual(row, { id: 1, on: true, at: new Date('2021-05-06T07:08:09Z'), data: { a: [1] } });
    const found = await adapter.getMany({ at: '2021-05-06T07:08:09.000Z' }, [], [], { limit: 10, offset: 0 });
    assert.equal(found.rows.length, 1);
    client.close();
  });

  test('prepared statements (a fixed db) encode placeholder values like direct ones', async () => {
    const gadget = lite.sqliteTable('gadget', {
      id: lite.integer('id').primaryKey(),
      on: lite.integer('on', { mode: 'boolean' }),
      at: lite.integer('at', { mode: 'timestamp' }),
    });
    const client = createClient({ url: ':memory:' });
    await client.execute('CREATE TABLE gadget (id INTEGER PRIMARY KEY, "on" INTEGER, at INTEGER)');
    const adapter = new DrizzleAdapter({ model: gadget, db: drizzle(client) });
    await adapter.createOne({ on: true, at: '2021-05-06T07:08:09Z' });
    await adapter.createOne({ on: false, at: '2022-01-01T00:00:00Z' });
    const ids = async (filter: Record<string, unknown>) =>
      (await listPage(adapter, filter, [], [], new PagePaginator())).data.map((row) => row.id);
    for (let run = 0; run < 2; run++) {
      assert.deepEqual(await ids({ at: '2021-05-06T07:08:09.000Z' }), [1]);
      assert.deepEqual(await ids({ on: true }), [1]);
      assert.deepEqual(await ids({ on: false, at: '2022-01-01T00:00:00Z' }), [2]);
    }
    client.close();
  });

  test('prepared writes on a table of more than 31 columns put each value in its own column', async () => {
    const names = Array.from({ length: 33 }, (_, i) => `c${i}`);
    const wide = lite.sqliteTable('wide', {
      id: lite.integer('id').primaryKey(),
      ...Object.fromEntries(names.map((name) => [name, lite.text(name)])),
    });
    const client = createClient({ url: ':memory:' });
    await client.execute(`CREATE TABLE wide (id INTEGER PRIMARY KEY, ${names.map((n) => `${n} TEXT`).join(', ')})`);
    // Columns made in a loop are not in the table's type: the adapter reads untyped rows.
    const adapter = new DrizzleAdapter<Table>({ model: wide, db: drizzle(client) });
    for (let run = 0; run < 2; run++) {
      const first = await adapter.createOne({ c0: 'a', c32: 'b' });
      const second = await adapter.createOne({ c32: 'c', c0: 'd' });
      assert.deepEqual([first.c0, first.c32, second.c0, second.c32], ['a', 'b', 'd', 'c']);
      const updated = await adapter.updateOne({ id: first.id }, { c32: 'e', c1: 'f' });
      assert.deepEqual([updated?.c1, updated?.c32], ['f', 'e']);
    }
    client.close();
  });

  test("rows of prepared statements equal Drizzle's own rows, with every relation key null", async () => {
    const owner = lite.sqliteTable('owner', { id: lite.integer('id').primaryKey() });
    const gadget = lite.sqliteTable('gadget', {
      id: lite.integer('id').primaryKey(),
      ownerId: lite.integer('owner_id').references(() => owner.id),
      on: lite.integer('on', { mode: 'boolean' }),
      at: lite.integer('at', { mode: 'timestamp' }),
      data: lite.text('data', { mode: 'json' }),
    });
    const schema = {
      owner,
      gadget,
      gadgetRelations: relations(gadget, ({ one }) => ({
        owner: one(owner, { fields: [gadget.ownerId], references: [owner.id] }),
      })),
      ownerRelations: relations(owner, ({ many }) => ({ gadgets: many(gadget) })),
    };
    const client = createClient({ url: ':memory:' });
    await client.execute('CREATE TABLE owner (id INTEGER PRIMARY KEY)');
    await client.execute(
      'CREATE TABLE gadget (id INTEGER PRIMARY KEY, owner_id INTEGER, "on" INTEGER, at INTEGER, data TEXT)',
    );
    const db = drizzle(client, { schema });
    await db.insert(owner).values({ id: 7 });
    await db.insert(gadget).values([
      { ownerId: 7, on: true, at: new Date('2021-05-06T07:08:09Z'), data: { a: [1] } },
      { ownerId: null, on: null, at: null, data: null },
    ]);
    const drizzleRows = (await db.select().from(gadget).orderBy(gadget.id)).map((row) => ({ ...row, owner: null }));
    const adapter = new DrizzleAdapter({ model: gadget, db });
    for (let run = 0; run < 2; run++) {
      assert.deepEqual((await listPage(adapter, {}, [], [], new PagePaginator())).data, drizzleRows);
      assert.deepEqual(await adapter.getOne({ id: 2 }, []), drizzleRows[1]);
    }
    const withOwner = await listPage(adapter, {}, [], ['owner'], new PagePaginator());
    // Relation keys are not in the row type (`$inferSelect`).
    const [first, second] = withOwner.data as Row[];
    assert.deepEqual(first?.owner, { id: 7 });
    assert.equal(second?.owner, null);
    const owners = new DrizzleAdapter({ model: owner, db });
    assert.deepEqual(await owners.getOne({ id: 7 }, []), { id: 7, gadgets: null });
    assert.deepEqual(await adapter.deleteOne({ id: 2 }), drizzleRows[1]);
    client.close();
  });

  test('a column filled by $defaultFn gets a fresh value on every create (never baked into a statement)', async () => {
    let next = 0;
    const ticket = lite.sqliteTable('ticket', {
      id: lite.integer('id').primaryKey(),
      code: lite.text('code').$defaultFn(() => `t${++next}`),
      note: lite.text('note'),
    });
    const client = createClient({ url: ':memory:' });
    await client.execute('CREATE TABLE ticket (id INTEGER PRIMARY KEY, code TEXT, note TEXT)');
    const adapter = new DrizzleAdapter({ model: ticket, db: drizzle(client) });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await adapter.createOne({ note: 'x' })).code);
    assert.deepEqual(codes, ['t1', 't2', 't3']);
    assert.equal((await adapter.createOne({ note: 'y', code: 'mine' })).code, 'mine');
    client.close();
  });

  test('a date-time key is named by its ISO form in Location, a URL that reads the row back', async () => {
    const stat = lite.sqliteTable(
      'stat',
      {
        day: lite.integer('day', { mode: 'timestamp_ms' }).notNull(),
        metric: lite.text('metric').notNull(),
        hits: lite.integer('hits'),
      },
      (t) => [lite.primaryKey({ columns: [t.day, t.metric] })],
    );
    const client = createClient({ url: ':memory:' });
    await client.execute(
      'CREATE TABLE stat (day INTEGER NOT NULL, metric TEXT NOT NULL, hits INTEGER, PRIMARY KEY (day, metric))',
    );
    const router = new CRUDCollection({
      ormAdapter: new DrizzleAdapter({ model: stat, db: drizzle(client) }),
    }).getRouter({
      prefix: '/stats',
    });
    const app = await routersApp('fastify', [router]);
    try {
      const day = '2024-05-01T00:00:00.123Z';
      const created = await app.inject({ method: 'POST', url: '/stats', payload: { day, metric: 'hits', hits: 3 } });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.headers.location, `/stats/${encodeURIComponent(day)}/hits`);
      const read = await app.inject({ method: 'GET', url: String(created.headers.location) });
      assert.deepEqual([read.statusCode, read.json().hits], [200, 3]);
      // Cut to the millisecond, a finer key would name this row: it is refused instead.
      const finer = await app.inject({
        method: 'GET',
        url: `/stats/${encodeURIComponent('2024-05-01T00:00:00.1231Z')}/hits`,
      });
      assert.deepEqual([finer.statusCode, finer.json().errors[0].path], [422, 'path.stat_day']);
    } finally {
      await app.close();
      client.close();
    }
  });
});

const pgUrl = process.env.TEST_POSTGRES_URL;
test('PostgreSQL: a uuid field takes any 8-4-4-4-12 hex value, as the column does', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const pool = new Pool({ connectionString: pgUrl, max: 2 });
  const token = pg.pgTable('dk_token', { id: pg.serial('id').primaryKey(), uid: pg.uuid('uid').notNull() });
  // A Microsoft-style GUID: neither the version digit nor the variant digit is RFC 9562's.
  const guid = '12345678-1234-1234-1234-123456789012';
  try {
    await pool.query('DROP TABLE IF EXISTS dk_token');
    await pool.query('CREATE TABLE dk_token (id SERIAL PRIMARY KEY, uid UUID NOT NULL)');
    await pool.query(`INSERT INTO dk_token (uid) VALUES ('${guid}')`);
    const router = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ model: token, db: pgDrizzle(pool) }) });
    const routers = [router.getRouter({ prefix: '/tokens' })];
    const uid = documentOf(...routers).components.schemas.DkToken as { properties: Record<string, unknown> };
    assert.equal((uid.properties.uid as { format?: string }).format, 'uuid');
    for (const framework of testFrameworks()) {
      const app = await routersApp(framework, routers);
      try {
        const found = await app.inject({ method: 'GET', url: `/tokens?uid=${guid}` });
        assert.equal(found.statusCode, 200, `${framework}: ${found.body}`);
        assert.deepEqual(found.json().data, [{ id: 1, uid: guid }]);
        const other = '00000000-0000-0000-c000-00000000000a';
        const created = await app.inject({ method: 'POST', url: '/tokens', payload: { uid: other } });
        assert.deepEqual([created.statusCode, created.json().uid], [201, other], created.body);
        const patched = await app.inject({
          method: 'PATCH',
          url: `/tokens/${created.json().id}`,
          payload: { uid: guid },
        });
        assert.equal(patched.statusCode, 200, patched.body);
        await app.inject({ method: 'DELETE', url: `/tokens/${created.json().id}` });
        for (const bad of ['12345678-1234-1234-1234-12345678901', 'g2345678-1234-1234-1234-123456789012']) {
          const refused = await app.inject({ method: 'POST', url: '/tokens', payload: { uid: bad } });
          assert.equal(refused.statusCode, 422, `${framework} ${bad}: ${refused.body}`);
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    await pool.end();
  }
});

test('PostgreSQL: a value Drizzle cannot encode for its column is a 422 naming the field, not a 500', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const pool = new Pool({ connectionString: pgUrl, max: 2 });
  const listed = pg.pgTable('dk_listed', { id: pg.serial('id').primaryKey(), tags: pg.text('tags').array() });
  try {
    await pool.query('DROP TABLE IF EXISTS dk_listed');
    await pool.query('CREATE TABLE dk_listed (id SERIAL PRIMARY KEY, tags TEXT[])');
    const collection = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ model: listed, db: pgDrizzle(pool) }) });
    const app = await routersApp('fastify', [collection.getRouter({ prefix: '/listed' })]);
    try {
      const created = await app.inject({ method: 'POST', url: '/listed', payload: { tags: ['a', 'b'] } });
      assert.deepEqual([created.statusCode, created.json().tags], [201, ['a', 'b']], created.body);
      for (const tags of [5, { a: 1 }]) {
        const refused = await app.inject({ method: 'PATCH', url: `/listed/${created.json().id}`, payload: { tags } });
        assert.equal(refused.statusCode, 422, refused.body);
        assert.match(refused.json().detail, /tags/);
      }
      const { rows } = await pool.query('SELECT tags FROM dk_listed');
      assert.deepEqual(rows, [{ tags: ['a', 'b'] }]);
    } finally {
      await app.close();
    }
  } finally {
    await pool.end();
  }
});
