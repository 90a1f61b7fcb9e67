import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { relations } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, CRUDConfigDict, PaginatorPage } from 'ormcrud';
import { publicFieldsOf } from 'ormcrud/adapter-kit';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { EntitySchema } from 'typeorm';
import { z } from 'zod';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';

const keys = (schema: { shape: object }) => Object.keys(schema.shape).sort();

describe('field-set resolution (SPEC "Field-set resolution")', () => {
  let h: DrizzleForumHarness;
  before(async () => {
    h = await openSqliteForum();
  });
  after(() => h.close());
  const adapter = (crudConfig?: CRUDConfigDict) =>
    new DrizzleAdapter({ db: h.db, model: h.schema.post, ...(crudConfig && { crudConfig }) });

  test('defaults: public has every field and relation; create drops server-generated; update drops keys', () => {
    const a = adapter();
    assert.deepEqual(keys(a.generateFlatPublicSchema()), [
      'author_id',
      'created_at',
      'id',
      'slug',
      'thread_id',
      'updated_at',
    ]);
    assert.deepEqual(keys(a.generatePublicSchema()), [
      'author',
      'author_id',
      'created_at',
      'id',
      'slug',
      'thread',
      'thread_id',
      'translations',
      'updated_at',
    ]);
    assert.deepEqual(keys(a.generateCreateSchema()), ['author_id', 'slug', 'thread_id']);
    assert.deepEqual(keys(a.generateUpdateSchema()), ['author_id', 'slug', 'thread_id']);
    assert.deepEqual(keys(a.generatePkSchema()), ['id']);
    assert.deepEqual(keys(a.generateCreateSchema(undefined, undefined, ['thread'])), ['author_id', 'slug']);
  });

  test('a natural primary key without default stays in create; update has no keys and all optional', () => {
    const a = new DrizzleAdapter({ db: h.db, model: h.schema.post_translation });
    assert.deepEqual(keys(a.generateCreateSchema()), ['body', 'language', 'post_id']);
    const update = a.generateUpdateSchema();
    assert.deepEqual(keys(update), ['body']);
    assert.equal(update.safeParse({}).success, true);
    assert.equal(a.generateCreateSchema().safeParse({ language: 'en', body: 'x' }).success, false);
  });

  test('explicit fields ∪ explicit base fields', () => {
    const a = adapter(new CRUDConfigDict({ createFields: ['author_id'], baseFields: ['thread_id'] }));
    assert.deepEqual(keys(a.generateCreateSchema(['slug'], ['id'])), ['id', 'slug']);
  });

  test('an omitted argument falls back to the crudConfig', () => {
    const a = adapter(new CRUDConfigDict({ createFields: ['author_id'], baseFields: ['thread_id'] }));
    assert.deepEqual(keys(a.generateCreateSchema(['slug'])), ['slug', 'thread_id']);
    assert.deepEqual(keys(a.generateCreateSchema(undefined, ['id'])), ['author_id', 'id']);
    assert.deepEqual(keys(a.generateCreateSchema()), ['author_id', 'thread_id']);
  });

  test('only a base set gives that set alone, skipping the default', () => {
    const a = adapter(new CRUDConfigDict({ baseFields: ['slug'] }));
    assert.deepEqual(keys(a.generateCreateSchema()), ['slug']);
    assert.deepEqual(keys(a.generateFlatPublicSchema()), ['slug']);
    assert.deepEqual(keys(a.generateUpdateSchema()), ['slug']);
  });

  test('excluded fields leave responses but stay accepted on create', () => {
    const a = adapter(new CRUDConfigDict({ excludeFields: ['author_id'] }));
    assert.ok(!keys(a.generateFlatPublicSchema()).includes('author_id'));
    assert.ok(keys(a.generateCreateSchema()).includes('author_id'));
  });

  test('read-only fields leave every create and update schema, generated or explicit, and stay public', () => {
    const a = adapter(new CRUDConfigDict({ readOnlyFields: new Set(['author_id']), excludeFields: ['slug'] }));
    assert.deepEqual(keys(a.generateCreateSchema()), ['slug', 'thread_id']);
    assert.deepEqual(keys(a.generateUpdateSchema()), ['slug', 'thread_id']);
    assert.ok(keys(a.generateFlatPublicSchema()).includes('author_id'));
    assert.deepEqual(keys(a.generateCreateSchema(['author_id', 'slug'], ['thread_id'])), ['slug', 'thread_id']);
    assert.deepEqual(keys(a.generateUpdateSchema(['author_id'])), []);
    const configured = adapter(
      new CRUDConfigDict({
        createFields: ['author_id', 'slug'],
        updateFields: ['author_id'],
        readOnlyFields: ['author_id'],
      }),
    );
    assert.deepEqual(keys(configured.generateCreateSchema()), ['slug']);
    assert.deepEqual(keys(configured.generateUpdateSchema()), []);
  });

  test('an excluded field stays hidden even when a public field set names it', () => {
    const a = adapter(new CRUDConfigDict({ excludeFields: ['slug', 'id'], publicFields: ['id', 'slug', 'thread_id'] }));
    assert.deepEqual(keys(a.generateFlatPublicSchema()), ['id', 'thread_id']);
    assert.deepEqual(keys(a.generateFlatPublicSchema(['slug', 'author_id'])), ['author_id']);
  });

  test('a given response schema naming an excluded field refuses to build, naming it; the key may stay', () => {
    const excluding = () => adapter(new CRUDConfigDict({ excludeFields: ['id', 'slug'] }));
    const flat = adapter().generateFlatPublicSchema();
    const given = {
      publicSchema: flat,
      createOutSchema: flat,
      updateOutSchema: flat,
      publicListSchema: PaginatorPage(flat),
    };
    for (const [option, schema] of Object.entries(given)) {
      assert.throws(
        () => new CRUDCollection({ ormAdapter: excluding(), [option]: schema }),
        new RegExp(`the ${option} names slug, which "post" hides`),
      );
    }
    const shown = new CRUDCollection({ ormAdapter: excluding(), publicSchema: flat.omit({ slug: true }) });
    assert.deepEqual(keys(shown.publicSchema), ['author_id', 'created_at', 'id', 'thread_id', 'updated_at']);
  });

  test("an included relation shows the target's own public fields, from an adapter made after the schema", () => {
    const posts = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: h.db, model: h.schema.post }) });
    const categories = new DrizzleAdapter({ db: h.db, model: h.schema.category });
    assert.deepEqual([...categories.publicFieldsOf('thread')].sort(), ['category_id', 'id', 'title']);
    new DrizzleAdapter({ db: h.db, model: h.schema.thread, crudConfig: { excludeFields: ['title'] } });
    new DrizzleAdapter({ db: h.db, model: h.schema.thread, crudConfig: { publicFields: ['id', 'title'] } });
    const thread = posts.publicSchema.shape.thread as z.ZodOptional<z.ZodNullable<z.ZodObject>>;
    assert.deepEqual(keys(thread.unwrap().unwrap()), ['id']);
    assert.deepEqual([...categories.publicFieldsOf('thread')], ['id']);
    assert.deepEqual([...categories.publicFieldsOf(h.schema.thread)], ['id']);
    assert.deepEqual([...publicFieldsOf(categories.describe(h.schema.thread))], ['id']);
  });

  test('the collection passes its field options to the adapter; filters and sorts follow public fields', () => {
    const c = new CRUDCollection({ ormAdapter: adapter(), publicFields: ['id', 'slug'] });
    assert.deepEqual(keys(c.filterSchema), ['id', 'slug']);
    assert.ok(c.sortSchema.safeParse({ sort: ['slug:desc'] }).success);
    assert.ok(!c.sortSchema.safeParse({ sort: ['thread_id'] }).success);
    assert.deepEqual(keys(c.includeSchema), ['include']);
    assert.ok(!c.includeSchema.safeParse({ include: ['thread,author'] }).success);
  });

  test('generated schemas carry no ORM metadata', () => {
    const json = JSON.stringify(adapter().generatePublicSchema().toJSONSchema());
    assert.doesNotMatch(json, /drizzle|Column|table/i);
  });

  test('model names, aliases and id paths', () => {
    const c = new CRUDCollection({ ormAdapter: adapter() });
    assert.equal(c.getModelName(), 'post');
    assert.deepEqual(keys(c.applyPkAliases()), ['post_id']);
    assert.equal(c.getIdPath(), '/{post_id}');
    const t = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: h.db, model: h.schema.post_translation }) });
    assert.equal(t.getIdPath(), '/{post_id}/{post_translation_language}');
    assert.equal(t.getIdPath(new Set(['post_id'])), '/{post_translation_language}');
  });

  test("a given public schema alone decides filters, sorts and includes: the config's field sets add nothing", () => {
    const c = new CRUDCollection({
      ormAdapter: adapter(new CRUDConfigDict({ baseFields: ['id', 'author_id', 'thread_id'] })),
      publicSchema: adapter().generateFlatPublicSchema().pick({ slug: true }),
    });
    assert.deepEqual(keys(c.filterSchema), ['id', 'slug']);
    assert.deepEqual(keys(c.sortSchema), ['sort']);
    assert.deepEqual(c.sortSchema.shape.sort.unwrap().element.options.map(String).sort(), [
      'id',
      'id:asc',
      'id:desc',
      'slug',
      'slug:asc',
      'slug:desc',
    ]);
  });

  test('a schema with what Zod would run and JSON Schema drops refuses to build, naming it', () => {
    const withBody = (body: z.ZodObject) => {
      const c = new CRUDCollection({ ormAdapter: adapter(), createSchema: body });
      return () => c.getRouter({ prefix: '/posts' });
    };
    const slug = adapter().generateCreateSchema().shape.slug as z.ZodString;
    for (const [body, what] of [
      [
        z.object({ slug: slug.refine((s) => s !== 'admin') }),
        /custom check \(refine, z\.custom, z\.instanceof\) at properties\.slug/,
      ],
      [z.object({ slug: slug.trim() }), /overwrite \(trim, toLowerCase…\) at properties\.slug/],
      [z.object({ slug: slug.transform((s) => s.toUpperCase()) }), /transform at properties\.slug/],
      [z.object({ slug: slug.pipe(z.string().refine((s) => s !== 'admin')) }), /custom check .* at properties\.slug/],
      [z.object({ slug: slug.transform((s) => s).pipe(z.string()) }), /transform at properties\.slug/],
      [z.object({ slug: z.custom<string>((v) => typeof v === 'string') }), /custom check .* at properties\.slug/],
      [z.object({ slug: z.stringbool() }), /codec \(z\.codec, z\.stringbool\) at properties\.slug/],
    ] as const) {
      assert.throws(withBody(body), what);
    }
    assert.doesNotThrow(withBody(z.object({ slug: slug.min(2).regex(/^[a-z-]+$/) })));
    const extra = new CRUDCollection({ ormAdapter: adapter() });
    extra.extra.post('/x', { schema: { body: z.object({ n: z.int() }).refine((b) => b.n > 0) } }, () => null);
    assert.throws(() => extra.getRouter({ prefix: '/posts' }), /custom check .* at the schema itself/);
  });

  test('a z.bigint() or z.date(), which JSON has not, refuses to build in a response, a body or a query', () => {
    const route = (place: 'response' | 'body' | 'query', schema: z.ZodType) => {
      const c = new CRUDCollection({ ormAdapter: adapter() });
      const options = place === 'response' ? { response: schema } : { schema: { [place]: schema } };
      c.extra.collection.post('/x', options, () => null);
      return () => c.getRouter({ prefix: '/posts' });
    };
    for (const place of ['response', 'body', 'query'] as const) {
      assert.throws(
        route(place, z.object({ b: z.bigint() })),
        /Zod z\.bigint\(\) at properties\.b has no JSON Schema.*: JSON has no BigInt/,
      );
      assert.throws(
        route(place, z.object({ at: z.date() })),
        /Zod z\.date\(\) at properties\.at has no JSON Schema.*: JSON has no Date/,
      );
      assert.throws(route(place, z.object({ at: z.coerce.date().optional() })), /z\.date\(\)/);
    }
    assert.throws(route('response', z.array(z.bigint())), /z\.bigint\(\) at items has no JSON Schema/);
    assert.doesNotThrow(route('response', z.object({ at: z.iso.datetime(), b: z.string() })));
  });

  test('a collection without an adapter refuses to build', () => {
    assert.throws(() => new CRUDCollection({}), /ormAdapter/);
  });
});

describe('a model shown before its adapter hides a field', () => {
  /** A person with a secret and the notes that point at it, as new table objects (configs attach to them). */
  const personAndNotes = () => {
    const person = sqliteTable('person', { id: integer('id').primaryKey(), secret: text('secret') });
    const note = sqliteTable('note', {
      id: integer('id').primaryKey(),
      person_id: integer('person_id').references(() => person.id),
    });
    const noteRelations = relations(note, ({ one }) => ({
      person: one(person, { fields: [note.person_id], references: [person.id] }),
    }));
    return { person, note, db: drizzle({ connection: { url: ':memory:' }, schema: { person, note, noteRelations } }) };
  };

  test('refuses the late adapter at start-up, where its includes would fail every request', () => {
    const { person, note, db } = personAndNotes();
    const notes = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: note }) });
    notes.getRouter({ prefix: '/notes' }); // ?include=person shows every field of person
    assert.throws(
      () => new DrizzleAdapter({ db, model: person, crudConfig: new CRUDConfigDict({ excludeFields: ['secret'] }) }),
      /"person" was shown with secret before this adapter's crudConfig hid them: create every adapter before/,
    );
    // A config that hides nothing more is no conflict.
    new DrizzleAdapter({ db, model: person, crudConfig: new CRUDConfigDict({ readOnlyFields: ['secret'] }) });
  });

  test('a model the router could not include is no conflict: nothing of it was shown', () => {
    const { person, note, db } = personAndNotes();
    // The key to the person is hidden, so no include of the person is offered or shown.
    const adapter = new DrizzleAdapter({ db, model: note, crudConfig: { excludeFields: ['person_id'] } });
    new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/notes' });
    new DrizzleAdapter({ db, model: person, crudConfig: new CRUDConfigDict({ excludeFields: ['secret'] }) });
  });

  test('TypeORM: a config given with an EntitySchema or a name hides the field from includes', async () => {
    // By schema or by name, with the data source initialised before the adapters or after them.
    for (const [named, early] of [
      [false, true],
      [true, true],
      [false, false],
      [true, false],
    ]) {
      const Person = new EntitySchema<{ id: number; secret: string | null }>({
        name: 'person',
        columns: { id: { type: Number, primary: true, generated: true }, secret: { type: String, nullable: true } },
      });
      const Note = new EntitySchema<{ id: number; person?: unknown }>({
        name: 'note',
        columns: { id: { type: Number, primary: true, generated: true } },
        relations: { person: { type: 'many-to-one', target: 'person', joinColumn: { name: 'person_id' } } },
      });
      const source = await memoryDataSource([Person, Note], early);
      try {
        const crudConfig = new CRUDConfigDict({ excludeFields: ['secret'] });
        const persons = new TypeORMAdapter({ dataSource: source, model: named ? 'person' : Person, crudConfig });
        const noteAdapter = new TypeORMAdapter({ dataSource: source, model: Note });
        if (!early) await source.initialize();
        const notes = new CRUDCollection({ ormAdapter: noteAdapter });
        const include = notes.publicSchema.shape.person as z.ZodOptional<z.ZodNullable<z.ZodObject>>;
        assert.deepEqual(keys(include.unwrap().unwrap()), ['id']);
        notes.getRouter({ prefix: '/notes' });
        // The person's own collection, made after, agrees: no conflict.
        new CRUDCollection({ ormAdapter: persons });
      } finally {
        await source.destroy();
      }
    }
  });

  test('TypeORM: the config is found through another data source of the class, and after init()', async () => {
    class PersonRow {
      id!: number;
      secret!: string | null;
    }
    class LatePersonRow extends PersonRow {}
    const entities = (target: typeof PersonRow) => [
      new EntitySchema<PersonRow>({
        name: 'person',
        target,
        columns: { id: { type: Number, primary: true, generated: true }, secret: { type: String, nullable: true } },
      }),
      new EntitySchema<{ id: number; person?: unknown }>({
        name: 'note',
        columns: { id: { type: Number, primary: true, generated: true } },
        relations: { person: { type: 'many-to-one', target: target.name, joinColumn: { name: 'person_id' } } },
      }),
    ];
    const [a, b, c] = await Promise.all([
      memoryDataSource(entities(PersonRow)),
      memoryDataSource(entities(PersonRow)),
      memoryDataSource(entities(LatePersonRow), false),
    ]);
    const crudConfig = new CRUDConfigDict({ excludeFields: ['secret'] });
    const personField = (notes: CRUDCollection) =>
      keys((notes.publicSchema.shape.person as z.ZodOptional<z.ZodNullable<z.ZodObject>>).unwrap().unwrap());
    try {
      // A's adapter names the entity; B's notes include it: one class, one config.
      const persons = new TypeORMAdapter({ dataSource: a, model: 'PersonRow', crudConfig });
      const notes = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource: b, model: 'note' }) });
      assert.deepEqual(personField(notes), ['id']);
      notes.getRouter({ prefix: '/notes' });
      new CRUDCollection({ ormAdapter: persons });
      // With getSession alone, init() before the data source is initialised.
      const late = await new TypeORMAdapter({ getSession: () => c.manager, model: 'LatePersonRow', crudConfig }).init();
      await c.initialize();
      const lateNotes = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource: c, model: 'note' }) });
      assert.deepEqual(personField(lateNotes), ['id']);
      new CRUDCollection({ ormAdapter: late });
    } finally {
      await Promise.all([a, b, c].filter((source) => source.isInitialized).map((source) => source.destroy()));
    }
  });
});
