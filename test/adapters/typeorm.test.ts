/**
 * The TypeORM adapter through its public methods, on every database target:
 * description, generated schemas, reads with filters/sorting/pagination and
 * batched includes (statement counts fixed whatever the page size), writes,
 * parent scoping and error translation.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  CRUDCollection,
  HttpError,
  type ORMAdapterBase,
  PagePaginator,
  type ParentLink,
  ParentNotFoundError,
  type ParentRef,
} from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataSource } from 'typeorm';
import { Category, forumEntities, Post, PostTranslation, Thread, User } from '../../examples/forum/models/typeorm.ts';
import { typeormTargets } from '../fixtures/typeorm/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { listPage } from '../support/list-page.ts';

const page = (perPage = 20, n = 1) => new PagePaginator().setPerPage(perPage).setPage(n);
const link = (childFields: string[], parentFields: string[], childHoldsKey: boolean): ParentLink => ({
  childFields,
  parentFields,
  childHoldsKey,
});
const ref = (model: unknown, pkValues: Record<string, unknown>, parentLink: ParentLink): ParentRef => ({
  model,
  pkValues,
  link: parentLink,
});
/** posts under /categories/{c}/threads/{t}, nearest first. */
const postsUnder = (categoryId: number, threadId: number): ParentRef[] => [
  ref(Thread, { id: threadId }, link(['thread_id'], ['id'], true)),
  ref(Category, { id: categoryId }, link(['category_id'], ['id'], true)),
];
const ids = (rows: readonly Record<string, unknown>[]) => rows.map((r) => r.id);

/** A 409/422 `HttpError` with a generic detail, never SQL. */
async function rejectsWith(promise: Promise<unknown>, code: 'conflict' | 'validation_failed') {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof HttpError, `expected HttpError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(error.status, code === 'conflict' ? 409 : 422);
    assert.doesNotMatch(error.detail, /insert|update|delete|select|constraint|sqlite|duplicate/i);
    return true;
  });
}

for (const target of typeormTargets()) {
  describe(`TypeORMAdapter [${target.name}]`, () => {
    let forum: ForumHarness;
    let a: ForumHarness['adapters'];
    const count = async (table: string) => Number((await forum.sql(`SELECT COUNT(*) AS n FROM "${table}"`))[0]?.n);

    before(async () => {
      forum = await target.open();
      await forum.reset();
      a = forum.adapters;
    });
    after(() => forum.close());

    describe('describe()', () => {
      test('fields, kinds, primary keys and server-generated columns', () => {
        const post = a.post.describe();
        assert.equal(post.name, 'post');
        assert.deepEqual(post.primaryKey, ['id']);
        const byName = Object.fromEntries(post.fields.map((f) => [f.name, f]));
        assert.deepEqual(Object.keys(byName), ['id', 'thread_id', 'author_id', 'slug', 'created_at', 'updated_at']);
        assert.deepEqual(
          { kind: byName.id?.kind, pk: byName.id?.primaryKey, gen: byName.id?.serverGenerated },
          { kind: 'integer', pk: true, gen: true },
        );
        assert.equal(byName.author_id?.nullable, true);
        assert.equal(byName.thread_id?.nullable, false);
        assert.equal(byName.slug?.kind, 'string');
        assert.equal(byName.slug?.maxLength, 100);
        assert.equal(byName.created_at?.kind, 'datetime');
        assert.equal(byName.created_at?.serverGenerated, true);
        assert.equal(byName.updated_at?.serverGenerated, true);
        // a plain @Column with a default is server-generated too
        assert.equal(a.category.meta.fields.find((f) => f.name === 'created_at')?.serverGenerated, true);
      });

      test('composite primary key', () => {
        const meta = a.postTranslation.meta;
        assert.equal(meta.name, 'post_translation');
        assert.deepEqual(meta.primaryKey, ['post_id', 'language']);
        const language = meta.fields.find((f) => f.name === 'language');
        assert.deepEqual([language?.kind, language?.maxLength, language?.serverGenerated], ['string', 8, false]);
        assert.deepEqual(a.postTranslationTag.meta.primaryKey, ['post_id', 'language', 'tag_id']);
      });

      test('foreign keys, including composite and decorator-declared ones', () => {
        assert.deepEqual(a.post.meta.foreignKeys, [
          { fields: ['thread_id'], target: 'thread', references: ['id'] },
          { fields: ['author_id'], target: 'user', references: ['id'] },
        ]);
        const junction = [...a.postTranslationTag.meta.foreignKeys].sort((x, y) => x.target.localeCompare(y.target));
        assert.deepEqual(junction, [
          { fields: ['post_id', 'language'], target: 'post_translation', references: ['post_id', 'language'] },
          { fields: ['tag_id'], target: 'tag', references: ['id'] },
        ]);
      });

      test('relations in both directions and many-to-many through the junction', () => {
        const rel = (adapter: ORMAdapterBase, name: string) => adapter.meta.relations.find((r) => r.name === name);
        assert.deepEqual(rel(a.category, 'threads'), {
          name: 'threads',
          target: 'thread',
          many: true,
          fields: ['id'],
          references: ['category_id'],
          holdsKey: false,
        });
        assert.deepEqual(rel(a.thread, 'category'), {
          name: 'category',
          target: 'category',
          many: false,
          fields: ['category_id'],
          references: ['id'],
          holdsKey: true,
        });
        assert.deepEqual(
          a.post.meta.relations.map((r) => [r.name, r.target, r.many]),
          [
            ['thread', 'thread', false],
            ['author', 'user', false],
            ['translations', 'post_translation', true],
          ],
        );
        assert.deepEqual(rel(a.user, 'posts')?.references, ['author_id']);
        assert.deepEqual(rel(a.postTranslation, 'post')?.fields, ['post_id']);
        assert.deepEqual(rel(a.postTranslation, 'tags'), {
          name: 'tags',
          target: 'tag',
          many: true,
          fields: ['post_id', 'language'],
          references: ['id'],
          through: {
            model: 'post_translation_tag',
            sourceFields: ['post_id', 'language'],
            junctionTargetFields: ['tag_id'],
            targetFields: ['id'],
          },
        });
        assert.deepEqual(a.postTranslationTag.meta.relations, []);
      });

      test('describe() takes an entity, an entity name or a table name', () => {
        assert.equal(a.post.describe(User).name, 'user');
        assert.equal(a.post.describe('user').name, 'user');
        assert.equal(a.post.describe('PostTranslation').name, 'post_translation');
        // the junction table name resolves to the entity, not TypeORM's internal junction metadata
        assert.equal(a.post.describe('post_translation_tag').foreignKeys.length, 2);
        assert.throws(() => a.post.describe('nope'), TypeError);
      });
    });

    describe('generated schemas', () => {
      test('create, update (from the entity static crudConfig), public, pk, include', () => {
        // The static crudConfig makes author_id read-only and limits updates to the slug.
        assert.deepEqual(Object.keys(a.post.generateCreateSchema().shape), ['thread_id', 'slug']);
        assert.deepEqual(Object.keys(a.post.generateCreateSchema(undefined, undefined, ['thread']).shape), ['slug']);
        assert.deepEqual(Object.keys(a.post.generateUpdateSchema().shape), ['slug']);
        assert.deepEqual(Object.keys(a.thread.generateUpdateSchema().shape), ['category_id', 'title']);
        assert.deepEqual(Object.keys(a.postTranslation.generateCreateSchema().shape), ['post_id', 'language', 'body']);
        assert.deepEqual(Object.keys(a.postTranslation.generatePkSchema().shape), ['post_id', 'language']);
        assert.deepEqual(Object.keys(a.post.generatePublicSchema().shape), [
          'id',
          'thread_id',
          'author_id',
          'slug',
          'created_at',
          'updated_at',
          'thread',
          'author',
          'translations',
        ]);
        const include = a.postTranslation.generateIncludeSchema();
        assert.deepEqual(include.parse({ include: ['tags', 'post'] }), { include: ['tags', 'post'] });
        assert.equal(include.safeParse({ include: ['nope'] }).success, false);
        assert.equal(a.post.generateCreateSchema().safeParse({ thread_id: 1, slug: 'x'.repeat(101) }).success, false);
      });
    });

    describe('reads', () => {
      test('getOne: a plain object with relation keys null unless included; null when missing', async () => {
        const post = await a.post.getOne({ id: 1 }, []);
        assert.ok(post);
        assert.equal(Object.getPrototypeOf(post), Object.prototype);
        assert.deepEqual(
          { ...post, created_at: undefined, updated_at: undefined },
          {
            id: 1,
            thread_id: 1,
            author_id: 1,
            slug: 'hello',
            created_at: undefined,
            updated_at: undefined,
            thread: null,
            author: null,
            translations: null,
          },
        );
        assert.ok(post.created_at instanceof Date);
        assert.equal(await a.post.getOne({ id: 999 }, []), null);
        assert.equal((await a.postTranslation.getOne({ post_id: 1, language: 'fr' }, []))?.body, 'Bonjour');
      });

      test('getOne with to-one, to-many and many-to-many includes: one statement each', async () => {
        forum.resetQueryCount();
        const post = await a.post.getOne({ id: 1 }, ['thread', 'author', 'translations']);
        assert.equal(forum.queryCount(), 4);
        assert.deepEqual(post?.thread, { id: 1, category_id: 1, title: 'Welcome' });
        const author = post?.author as Record<string, unknown> | undefined;
        assert.deepEqual([author?.id, author?.username], [1, 'ada']);
        assert.deepEqual(
          ((post?.translations as Record<string, unknown>[] | undefined) ?? []).map((t) => [
            t.language,
            t.body,
            t.tags,
          ]),
          [
            ['en', 'Hello', undefined],
            ['fr', 'Bonjour', undefined],
          ],
        );
        const orphan = await a.post.getOne({ id: 4 }, ['author', 'translations']);
        assert.equal(orphan?.author, null);
        assert.deepEqual(orphan?.translations, []);
        const en = await a.postTranslation.getOne({ post_id: 1, language: 'en' }, ['tags', 'post']);
        assert.deepEqual(en?.tags, [
          { id: 1, name: 'intro' },
          { id: 2, name: 'meta' },
        ]);
        assert.equal((en?.post as Record<string, unknown> | undefined)?.slug, 'hello');
      });

      test('getMany: exact filters are ANDed', async () => {
        assert.deepEqual(ids((await listPage(a.post, { thread_id: 1 }, [], [], page())).data), [1, 2]);
        assert.deepEqual(ids((await listPage(a.post, { thread_id: 1, author_id: 2 }, [], [], page())).data), [2]);
        assert.deepEqual(ids((await listPage(a.post, { slug: 'nope' }, [], [], page())).data), []);
        const fr = await listPage(a.postTranslation, { language: 'fr' }, [], [], page());
        assert.deepEqual(
          fr.data.map((r) => r.post_id),
          [1],
        );
      });

      test('getMany: a kept filter statement serves other values; a null filter is IS NULL', async () => {
        const byAuthor = async (author_id: number | null) =>
          ids((await listPage(a.post, { author_id }, [], [], page())).data);
        assert.deepEqual(await byAuthor(1), [1, 3]);
        assert.deepEqual(await byAuthor(null), [4]);
        assert.deepEqual(await byAuthor(2), [2]);
        assert.deepEqual(await byAuthor(null), [4]);
        const both = async (thread_id: number, author_id: number) =>
          ids((await listPage(a.post, { author_id, thread_id }, [], [], page())).data);
        assert.deepEqual(await both(1, 1), [1]);
        assert.deepEqual(await both(2, 1), [3]);
      });

      test('getMany: sort terms in order, primary key by default and as tie-breaker', async () => {
        const list = async (sort: { field: string; direction: 'asc' | 'desc' }[]) =>
          ids((await listPage(a.post, {}, sort, [], page())).data);
        assert.deepEqual(await list([]), [1, 2, 3, 4]);
        assert.deepEqual(await list([{ field: 'slug', direction: 'desc' }]), [4, 2, 1, 3]);
        assert.deepEqual(
          await list([
            { field: 'thread_id', direction: 'desc' },
            { field: 'id', direction: 'desc' },
          ]),
          [4, 3, 2, 1],
        );
        // NULLs first ascending on every database
        assert.deepEqual(await list([{ field: 'author_id', direction: 'asc' }]), [4, 1, 3, 2]);
        assert.deepEqual(await list([{ field: 'author_id', direction: 'desc' }]), [2, 1, 3, 4]);
      });

      test('getMany: pagination with count', async () => {
        const second = await listPage(a.post, {}, [], [], page(3, 2));
        assert.deepEqual({ ...second, data: ids(second.data) }, { page: 2, per_page: 3, count: 4, data: [4] });
        const first = await listPage(a.post, {}, [], [], page(2, 1));
        assert.deepEqual({ ...first, data: ids(first.data) }, { page: 1, per_page: 2, count: 4, data: [1, 2] });
        const beyond = await listPage(a.post, { thread_id: 1 }, [], [], page(2, 5));
        assert.deepEqual({ count: beyond.count, data: beyond.data }, { count: 2, data: [] });
      });

      test('getMany: includes cost a fixed number of statements whatever the page size', async () => {
        const include = ['thread', 'author', 'translations'];
        const counts: number[] = [];
        for (const perPage of [1, 2, 3]) {
          forum.resetQueryCount();
          const result = await listPage(a.post, {}, [], include, page(perPage));
          counts.push(forum.queryCount());
          assert.equal(result.data.length, perPage);
        }
        assert.deepEqual(counts, [5, 5, 5]); // rows + count + one per relation
        forum.resetQueryCount();
        const translations = await listPage(a.postTranslation, {}, [], ['tags', 'post'], page(100));
        assert.equal(forum.queryCount(), 3); // short page: no count
        assert.deepEqual(
          translations.data.map((t) => [t.post_id, t.language, ids(t.tags as []), (t.post as { id: number }).id]),
          [
            [1, 'en', [1, 2], 1],
            [1, 'fr', [1], 1],
            [3, 'en', [], 3],
          ],
        );
      });
    });

    describe('parent scoping', () => {
      const threadsOf = (categoryId: number) => [
        ref(Category, { id: categoryId }, link(['category_id'], ['id'], true)),
      ];

      test('direct foreign key: list and get-one stay inside the parent', async () => {
        assert.deepEqual(ids((await listPage(a.thread, {}, [], [], page(), threadsOf(1))).data), [1, 2]);
        assert.deepEqual(ids((await listPage(a.thread, {}, [], [], page(), threadsOf(3))).data), []);
        assert.equal((await a.thread.getOne({ id: 3 }, [], threadsOf(2)))?.title, 'Install fails');
        assert.equal(await a.thread.getOne({ id: 3 }, [], threadsOf(1)), null);
      });

      test('three levels: category → thread → post', async () => {
        assert.deepEqual(ids((await listPage(a.post, {}, [], [], page(), postsUnder(1, 1))).data), [1, 2]);
        assert.deepEqual(ids((await listPage(a.post, {}, [], [], page(), postsUnder(2, 1))).data), []);
        assert.equal((await a.post.getOne({ id: 3 }, [], postsUnder(1, 2)))?.slug, 'be-nice');
        assert.equal(await a.post.getOne({ id: 3 }, [], postsUnder(2, 2)), null);
        const page1 = await listPage(a.post, { author_id: 2 }, [], ['author'], page(), postsUnder(1, 1));
        assert.deepEqual(
          page1.data.map((p) => [p.id, (p.author as { username: string }).username]),
          [[2, 'brian']],
        );
      });

      test('reverse direction: the thread of a post, the category of that thread', async () => {
        const threadOfPost = (postId: number) => [ref(Post, { id: postId }, link(['id'], ['thread_id'], false))];
        assert.deepEqual(ids((await listPage(a.thread, {}, [], [], page(), threadOfPost(3))).data), [2]);
        assert.equal((await a.thread.getOne({ id: 2 }, [], threadOfPost(3)))?.title, 'Rules');
        assert.equal(await a.thread.getOne({ id: 1 }, [], threadOfPost(3)), null);
        const categoryOfThreadOfPost = [
          ref(Thread, { id: 3 }, link(['id'], ['category_id'], false)),
          ...threadOfPost(4),
        ];
        assert.deepEqual(ids((await listPage(a.category, {}, [], [], page(), categoryOfThreadOfPost)).data), [2]);
        const wrongPost = [ref(Thread, { id: 3 }, link(['id'], ['category_id'], false)), ...threadOfPost(1)];
        assert.deepEqual(ids((await listPage(a.category, {}, [], [], page(), wrongPost)).data), []);
      });

      test('composite keys: the tags rows of one translation', async () => {
        const under = (postId: number, language: string) => [
          ref(
            PostTranslation,
            { post_id: postId, language },
            link(['post_id', 'language'], ['post_id', 'language'], true),
          ),
        ];
        const en = await listPage(a.postTranslationTag, {}, [], [], page(), under(1, 'en'));
        assert.deepEqual(
          en.data.map((r) => r.tag_id),
          [1, 2],
        );
        assert.equal(en.count, 2);
        assert.equal(
          await a.postTranslationTag.getOne({ post_id: 1, language: 'en', tag_id: 2 }, [], under(1, 'fr')),
          null,
        );
      });
    });

    describe('writes', () => {
      beforeEach(() => forum.reset());

      test('createOne returns the stored row with generated values; unknown keys never reach the database', async () => {
        const before = await count('category');
        forum.resetQueryCount();
        const created = await a.category.createOne({ name: 'News', bogus: 'x' });
        // Without RETURNING, the insert and its read-back in one transaction (BEGIN, INSERT, SELECT, COMMIT).
        assert.equal(forum.queryCount(), target.dialect === 'mysql' ? 4 : 1);
        assert.equal(typeof created.id, 'number');
        assert.equal(created.name, 'News');
        assert.ok(created.created_at instanceof Date);
        assert.equal(created.threads, null);
        assert.equal(await count('category'), before + 1);
        const [row] = await forum.sql('SELECT name FROM "category" WHERE id = ?', [created.id]);
        assert.equal(row?.name, 'News');
        const translation = await a.postTranslation.createOne({ post_id: 2, language: 'de', body: 'Hallo' });
        assert.deepEqual([translation.post_id, translation.language, translation.body], [2, 'de', 'Hallo']);
      });

      test('createOne under a parent chain takes the foreign key from the parents', async () => {
        const created = await a.post.createOne({ slug: 'fresh', thread_id: 3 }, postsUnder(1, 2));
        assert.equal(created.thread_id, 2);
        assert.equal(created.author_id, null);
        const [row] = await forum.sql('SELECT thread_id FROM "post" WHERE slug = ?', ['fresh']);
        assert.equal(Number(row?.thread_id), 2);
      });

      test('createOne under a missing or mismatched parent: ParentNotFoundError, nothing written', async () => {
        const before = await count('post');
        await assert.rejects(a.post.createOne({ slug: 'lost' }, postsUnder(1, 999)), ParentNotFoundError);
        await assert.rejects(a.post.createOne({ slug: 'lost' }, postsUnder(2, 1)), ParentNotFoundError);
        assert.equal(await count('post'), before);
      });

      test('updateOne returns the updated row; scoped; null when missing', async () => {
        const updated = await a.post.updateOne({ id: 2 }, { slug: 'renamed', nope: 1 }, postsUnder(1, 1));
        assert.deepEqual([updated?.id, updated?.slug, updated?.thread_id], [2, 'renamed', 1]);
        assert.equal(updated?.thread, null);
        forum.resetQueryCount();
        const same = await a.post.updateOne({ id: 2 }, { slug: 'renamed' });
        // Without RETURNING, the update and its read-back in one transaction (BEGIN, UPDATE, SELECT, COMMIT).
        assert.equal(forum.queryCount(), target.dialect === 'mysql' ? 4 : 1);
        assert.equal(same?.slug, 'renamed');
        assert.equal(await a.post.updateOne({ id: 3 }, { slug: 'outside' }, postsUnder(1, 1)), null);
        assert.equal(await a.post.updateOne({ id: 999 }, { slug: 'ghost' }), null);
        const [row] = await forum.sql('SELECT slug FROM "post" WHERE id = ?', [3]);
        assert.equal(row?.slug, 'be-nice');
        const translation = await a.postTranslation.updateOne({ post_id: 1, language: 'fr' }, { body: 'Salut' });
        assert.equal(translation?.body, 'Salut');
        const [en] = await forum.sql('SELECT body FROM "post_translation" WHERE post_id = ? AND language = ?', [
          1,
          'en',
        ]);
        assert.equal(en?.body, 'Hello');
      });

      test('deleteOne returns the deleted row; scoped; null when missing', async () => {
        const underPost = (id: number) => [ref(Post, { id }, link(['post_id'], ['id'], true))];
        assert.equal(await a.postTranslation.deleteOne({ post_id: 3, language: 'en' }, underPost(1)), null);
        const removed = await a.postTranslation.deleteOne({ post_id: 3, language: 'en' }, underPost(3));
        assert.deepEqual([removed?.post_id, removed?.language, removed?.body], [3, 'en', 'Be nice']);
        assert.equal(await a.postTranslation.deleteOne({ post_id: 3, language: 'en' }), null);
        assert.equal(await count('post_translation'), 2);
        const threadPosts = postsUnder(1, 1);
        assert.equal(await a.post.deleteOne({ id: 4 }, threadPosts), null);
        assert.equal((await a.post.deleteOne({ id: 4 }))?.slug, 'npm-error');
      });

      test('unique and foreign-key violations are 409, not-null is 422, never SQL', async () => {
        await rejectsWith(a.post.createOne({ thread_id: 1, slug: 'hello' }), 'conflict');
        await rejectsWith(a.post.createOne({ thread_id: 999, slug: 'orphan' }), 'conflict');
        await rejectsWith(a.post.updateOne({ id: 2 }, { slug: 'hello' }), 'conflict');
        await rejectsWith(a.category.deleteOne({ id: 1 }), 'conflict');
        await rejectsWith(a.user.createOne({ id: 1, username: 'again' }), 'conflict');
        await rejectsWith(a.post.createOne({ thread_id: 1 }), 'validation_failed');
        await rejectsWith(a.thread.updateOne({ id: 1 }, { title: null }), 'validation_failed');
        assert.equal(await count('post'), 4);
      });
    });
  });
}

test('a data source whose initialize() failed is a TypeError saying so when routers are built', async () => {
  // Its database is down at start: nothing listens on port 1.
  const down = new DataSource({
    type: 'postgres',
    url: 'postgres://postgres@127.0.0.1:1/none',
    entities: forumEntities,
  });
  await assert.rejects(down.initialize());
  const routers = (dataSource: DataSource) =>
    new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Category }) }).getRouter({
      prefix: '/categories',
    });
  assert.throws(
    () => routers(down),
    (error) => error instanceof TypeError && /not initialized; await dataSource\.initialize\(\)/.test(error.message),
  );
  // An adapter made before initialize() and used after it is served as ever.
  const driver = createRequire(import.meta.url)('libsql');
  const later = new DataSource({ type: 'better-sqlite3', database: ':memory:', driver, entities: forumEntities });
  const adapter = new TypeORMAdapter({ dataSource: later, model: Category });
  await later.initialize();
  try {
    assert.ok(new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/categories' }));
  } finally {
    await later.destroy();
  }
});
