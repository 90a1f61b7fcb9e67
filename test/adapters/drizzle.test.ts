/**
 * DrizzleAdapter through its public methods, on every database target
 * (SQLite always; PostgreSQL and MariaDB when their URLs are set).
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Table } from 'drizzle-orm';
import { HttpError, PagePaginator, ParentNotFoundError, type ParentRef, type Row } from 'ormcrud';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import { forumSchema } from '../../examples/forum/models/drizzle.ts';
import { type DrizzleForumHarness, drizzleTargets } from '../fixtures/drizzle/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { listPage } from '../support/list-page.ts';

const page = (n = 1, perPage = 20) => new PagePaginator().setPage(n).setPerPage(perPage);
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
const many = (row: Row | null, key: string) => (row?.[key] ?? []) as Row[];
const one = (row: Row | null, key: string) => (row?.[key] ?? {}) as Row;
const fk = (childFields: string[], parentFields: string[] = ['id'], childHoldsKey = true) => ({
  childFields,
  parentFields,
  childHoldsKey,
});

for (const target of drizzleTargets()) {
  describe(target.name, () => {
    let h: DrizzleForumHarness;
    let a: ForumHarness['adapters'];
    /** Parent refs, nearest first. */
    const under = (...chain: [keyof ForumHarness['adapters'], Record<string, unknown>, ParentRef['link']][]) =>
      chain.map(([name, pkValues, link]) => ({ model: a[name].model, pkValues, link }));
    const threadsOf = (categoryId: number) => under(['category', { id: categoryId }, fk(['category_id'])]);
    const postsOf = (threadId: number, categoryId: number) =>
      under(['thread', { id: threadId }, fk(['thread_id'])], ['category', { id: categoryId }, fk(['category_id'])]);
    const count = async (table: string) => Number((await h.sql(`SELECT count(*) AS n FROM "${table}"`))[0]?.n);

    before(async () => {
      h = await target.open();
      a = h.adapters;
      await h.reset();
    });
    after(() => h.close());

    describe('describe()', () => {
      test('fields, kinds, primary key and server-generated columns', () => {
        const post = a.post.describe();
        assert.equal(post.name, 'post');
        assert.deepEqual(post.primaryKey, ['id']);
        const byName = Object.fromEntries(post.fields.map((f) => [f.name, f]));
        assert.deepEqual(Object.keys(byName), ['id', 'thread_id', 'author_id', 'slug', 'created_at', 'updated_at']);
        assert.equal(byName.id?.kind, 'integer');
        assert.equal(byName.id?.serverGenerated, true);
        assert.equal(byName.slug?.kind, 'string');
        assert.equal(byName.slug?.maxLength, 100);
        assert.equal(byName.slug?.nullable, false);
        assert.equal(byName.author_id?.nullable, true);
        assert.equal(byName.created_at?.kind, 'datetime');
        assert.equal(byName.created_at?.serverGenerated, true);
        assert.equal(byName.updated_at?.hasClientDefault, true);
        assert.equal(byName.thread_id?.serverGenerated, false);
      });

      test('composite and natural primary keys', () => {
        const tr = a.postTranslation.describe();
        assert.deepEqual(tr.primaryKey, ['post_id', 'language']);
        const language = tr.fields.find((f) => f.name === 'language');
        assert.equal(language?.serverGenerated, false);
        assert.deepEqual(a.postTranslationTag.describe().primaryKey, ['post_id', 'language', 'tag_id']);
      });

      test('foreign keys, single and composite', () => {
        assert.deepEqual(
          a.post
            .describe()
            .foreignKeys.map((f) => [f.fields, f.target, f.references])
            .sort(),
          [
            [['author_id'], 'user', ['id']],
            [['thread_id'], 'thread', ['id']],
          ],
        );
        const link = a.postTranslationTag.describe().foreignKeys;
        assert.deepEqual(
          link.find((f) => f.target === 'post_translation'),
          { fields: ['post_id', 'language'], target: 'post_translation', references: ['post_id', 'language'] },
        );
      });

      test('relations in both directions, and many-to-many through a link table', () => {
        const rel = (name: keyof ForumHarness['adapters']) =>
          Object.fromEntries(a[name].describe().relations.map((r) => [r.name, r]));
        const post = rel('post');
        assert.deepEqual(post.thread, {
          name: 'thread',
          target: 'thread',
          many: false,
          fields: ['thread_id'],
          references: ['id'],
          holdsKey: true,
        });
        assert.deepEqual(post.author, {
          name: 'author',
          target: 'user',
          many: false,
          fields: ['author_id'],
          references: ['id'],
          holdsKey: true,
        });
        assert.equal(post.translations?.many, true);
        assert.deepEqual(post.translations?.references, ['post_id']);
        assert.deepEqual(rel('category').threads, {
          name: 'threads',
          target: 'thread',
          many: true,
          fields: ['id'],
          references: ['category_id'],
          holdsKey: false,
        });
        const tags = rel('postTranslation').tags;
        assert.equal(tags?.target, 'tag');
        assert.equal(tags?.many, true);
        assert.deepEqual(tags?.through, {
          model: 'post_translation_tag',
          sourceFields: ['post_id', 'language'],
          junctionTargetFields: ['tag_id'],
          targetFields: ['id'],
        });
        assert.deepEqual(rel('tag'), {}, 'no tag translations: the forum is the same on every ORM');
        assert.equal(rel('postTranslationTag').tag?.through, undefined);
      });

      test('describe by table object or by name; unknown names fail', () => {
        assert.equal(a.post.describe('thread'), a.thread.describe());
        assert.equal(a.post.describe(a.thread.model), a.thread.describe());
        assert.throws(() => a.post.describe('nope'), TypeError);
        assert.equal(a.postTranslation.getModelName(), 'post_translation');
      });
    });

    describe('generated schemas', () => {
      test('create drops server-generated fields and keeps a natural key', () => {
        assert.deepEqual(Object.keys(a.category.generateCreateSchema().shape), ['name']);
        assert.deepEqual(Object.keys(a.postTranslation.generateCreateSchema().shape), ['post_id', 'language', 'body']);
        assert.deepEqual(Object.keys(a.postTranslation.generateCreateSchema(undefined, undefined, ['post']).shape), [
          'language',
          'body',
        ]);
        assert.ok(a.post.generateCreateSchema().safeParse({ thread_id: 1, slug: 'x' }).success);
        assert.ok(!a.post.generateCreateSchema().safeParse({ thread_id: 1 }).success);
      });

      test('update has no primary keys and every field optional', () => {
        const update = a.postTranslation.generateUpdateSchema();
        assert.deepEqual(Object.keys(update.shape), ['body']);
        assert.ok(update.safeParse({}).success);
        const plain = new DrizzleAdapter({ db: h.db, model: h.schema.post });
        assert.deepEqual(Object.keys(plain.generateUpdateSchema().shape), ['thread_id', 'author_id', 'slug']);
        assert.deepEqual(Object.keys(a.post.generateUpdateSchema().shape), ['slug'], "the forum's field sets");
      });

      test('excluded fields leave the public schema but stay accepted on create', () => {
        // A table of its own: a model's config applies wherever the model is shown, in later tests too.
        const adapter = new DrizzleAdapter({
          db: h.db,
          model: forumSchema(target.dialect).user,
          crudConfig: { excludeFields: ['username', 'password_hash', 'api_token'] },
        });
        assert.deepEqual(Object.keys(adapter.generateFlatPublicSchema().shape), ['id', 'is_admin']);
        assert.deepEqual(Object.keys(adapter.generateCreateSchema().shape), [
          'username',
          'password_hash',
          'api_token',
          'is_admin',
        ]);
        assert.deepEqual(Object.keys(a.post.generatePkSchema().shape), ['id']);
        assert.deepEqual(Object.keys(a.post.generatePublicSchema().shape).slice(-3), [
          'thread',
          'author',
          'translations',
        ]);
      });
    });

    describe('reads', () => {
      test('getMany: exact filters are AND-combined', async () => {
        assert.deepEqual(ids((await listPage(a.post, { thread_id: 1 }, [], [], page())).data), [1, 2]);
        assert.deepEqual(ids((await listPage(a.post, { thread_id: 1, author_id: 2 }, [], [], page())).data), [2]);
        assert.deepEqual(ids((await listPage(a.post, { slug: 'npm-error' }, [], [], page())).data), [4]);
        assert.deepEqual(ids((await listPage(a.post, { nope: 1 }, [], [], page())).data), [1, 2, 3, 4]);
      });

      test('getMany: multi-term sort, primary key when none', async () => {
        const sorted = await listPage(
          a.post,
          {},
          [
            { field: 'thread_id', direction: 'desc' },
            { field: 'id', direction: 'desc' },
          ],
          [],
          page(),
        );
        assert.deepEqual(ids(sorted.data), [4, 3, 2, 1]);
        const bySlug = await listPage(a.post, {}, [{ field: 'slug', direction: 'asc' }], [], page());
        assert.deepEqual(ids(bySlug.data), [3, 1, 2, 4]);
        const tr = await listPage(a.postTranslation, {}, [], [], page());
        assert.deepEqual(
          tr.data.map((r) => [r.post_id, r.language]),
          [
            [1, 'en'],
            [1, 'fr'],
            [3, 'en'],
          ],
        );
      });

      test('getMany: pagination with count', async () => {
        const second = await listPage(a.post, {}, [], [], page(2, 3));
        assert.deepEqual({ ...second, data: ids(second.data) }, { page: 2, per_page: 3, count: 4, data: [4] });
        const first = await listPage(a.post, {}, [], [], page(1, 2));
        assert.equal(first.count, 4);
        assert.deepEqual(ids(first.data), [1, 2]);
        const beyond = await listPage(a.post, {}, [], [], page(9, 2));
        assert.deepEqual(beyond.data, []);
        assert.equal(beyond.count, 4);
      });

      test('relation keys are null unless included', async () => {
        const [first] = (await listPage(a.post, {}, [], [], page())).data;
        assert.equal(first?.thread, null);
        assert.equal(first?.author, null);
        assert.equal(first?.translations, null);
        const one = await a.post.getOne({ id: 1 }, []);
        assert.equal(one?.thread, null);
        assert.ok(one?.created_at instanceof Date);
      });

      test('includes: to-one, to-many, many-to-many, empty and null', async () => {
        const post = await a.post.getOne({ id: 1 }, ['thread', 'author', 'translations']);
        assert.deepEqual(post?.thread, { id: 1, category_id: 1, title: 'Welcome' });
        const author = post?.author as Record<string, unknown> | undefined;
        assert.deepEqual([author?.id, author?.username], [1, 'ada']);
        assert.deepEqual(
          many(post, 'translations').map((t) => t.language),
          ['en', 'fr'],
        );
        assert.equal((await a.post.getOne({ id: 4 }, ['author']))?.author, null);
        assert.deepEqual((await a.category.getOne({ id: 3 }, ['threads']))?.threads, []);
        assert.deepEqual(ids((await a.category.getOne({ id: 1 }, ['threads']))?.threads as Row[]), [1, 2]);
        const tr = await a.postTranslation.getOne({ post_id: 1, language: 'en' }, ['tags', 'post']);
        assert.deepEqual(tr?.tags, [
          { id: 1, name: 'intro' },
          { id: 2, name: 'meta' },
        ]);
        assert.equal(one(tr, 'post').slug, 'hello');
        assert.equal(await a.post.getOne({ id: 99 }, ['thread']), null);
      });

      test('includes cost one statement per relation whatever the page size', async () => {
        const cost = async (perPage: number, include: string[], adapter = a.post) => {
          h.resetQueryCount();
          await listPage(adapter, {}, [], include, page(1, perPage));
          return h.queryCount();
        };
        // a full page also counts; a short page does not
        assert.equal(await cost(1, ['thread', 'author', 'translations']), 1 + 1 + 3);
        assert.equal(await cost(100, ['thread', 'author', 'translations']), 1 + 3);
        assert.equal(await cost(100, []), 1);
        assert.equal(await cost(100, ['tags', 'post'], a.postTranslation), 1 + 2);
        assert.equal(await cost(1, ['tags'], a.postTranslation), 1 + 1 + 1);
        const grouped = await listPage(a.postTranslation, {}, [], ['tags'], page());
        assert.deepEqual(
          grouped.data.map((r) => (r.tags as Row[]).map((t) => t.name)),
          [['intro', 'meta'], ['intro'], []],
        );
      });

      test('get-one statements are reused across values and parent shapes', async () => {
        for (const id of [1, 2, 3, 1]) assert.equal((await a.post.getOne({ id }, []))?.id, id);
        assert.equal((await a.post.getOne({ id: 3 }, [], postsOf(2, 1)))?.slug, 'be-nice');
        assert.equal(await a.post.getOne({ id: 3 }, [], postsOf(1, 1)), null);
        assert.equal(await a.post.getOne({ id: 3 }, [], postsOf(2, 2)), null);
        assert.equal((await a.post.getOne({ id: 1 }, [], postsOf(1, 1)))?.slug, 'hello');
      });
    });

    describe('parent scoping', () => {
      test('direct foreign key: list, get, update and delete stay inside the parent', async () => {
        assert.deepEqual(ids((await listPage(a.thread, {}, [], [], page(), threadsOf(1))).data), [1, 2]);
        assert.equal((await listPage(a.thread, {}, [], [], page(), threadsOf(3))).count, 0);
        assert.equal(await a.thread.getOne({ id: 3 }, [], threadsOf(1)), null);
        assert.equal(await a.thread.updateOne({ id: 3 }, { title: 'x' }, threadsOf(1)), null);
        assert.equal(await a.thread.deleteOne({ id: 3 }, threadsOf(1)), null);
        assert.equal((await a.thread.getOne({ id: 3 }, []))?.title, 'Install fails');
      });

      test('reverse direction: the parent holds the key', async () => {
        // GET /posts/3/thread: thread scoped by post 3's thread_id
        const ofPost = (id: number) => under(['post', { id }, fk(['id'], ['thread_id'], false)]);
        assert.deepEqual(ids((await listPage(a.thread, {}, [], [], page(), ofPost(3))).data), [2]);
        assert.equal((await a.thread.getOne({ id: 2 }, [], ofPost(3)))?.title, 'Rules');
        assert.equal(await a.thread.getOne({ id: 1 }, [], ofPost(3)), null);
        assert.equal((await listPage(a.thread, {}, [], [], page(), ofPost(99))).count, 0);
      });

      test('three levels deep', async () => {
        assert.deepEqual(ids((await listPage(a.post, {}, [], [], page(), postsOf(1, 1))).data), [1, 2]);
        assert.equal((await listPage(a.post, {}, [], [], page(), postsOf(3, 1))).count, 0);
        assert.deepEqual(ids((await listPage(a.post, {}, [], [], page(), postsOf(3, 2))).data), [4]);
      });

      test('composite keys', async () => {
        const ofTranslation = (post_id: number, language: string) =>
          under(['postTranslation', { post_id, language }, fk(['post_id', 'language'], ['post_id', 'language'])]);
        const links = await listPage(a.postTranslationTag, {}, [], ['tag'], page(), ofTranslation(1, 'en'));
        assert.deepEqual(
          links.data.map((r) => (r.tag as Row).name),
          ['intro', 'meta'],
        );
        assert.equal((await listPage(a.postTranslationTag, {}, [], [], page(), ofTranslation(1, 'fr'))).count, 1);
        assert.equal(
          await a.postTranslationTag.getOne({ post_id: 1, language: 'en', tag_id: 2 }, [], ofTranslation(1, 'fr')),
          null,
        );
      });
    });

    describe('writes', () => {
      beforeEach(() => h.reset());

      test('createOne returns the stored row with server defaults; unknown keys are ignored', async () => {
        const row = await a.category.createOne({ name: 'News', nope: 1, id: undefined });
        assert.equal(row.id, 4);
        assert.equal(row.name, 'News');
        assert.ok(row.created_at instanceof Date);
        assert.equal(row.threads, null);
        const tr = await a.postTranslation.createOne({ post_id: 2, language: 'de', body: 'Hallo' });
        assert.deepEqual([tr.post_id, tr.language, tr.body], [2, 'de', 'Hallo']);
      });

      test('createOne under a parent takes the key from the URL, in one transaction', async () => {
        const thread = await a.thread.createOne({ title: 'New', category_id: 1 }, threadsOf(2));
        assert.equal(thread.category_id, 2);
        const post = await a.post.createOne({ slug: 'deep', author_id: null }, postsOf(3, 2));
        assert.deepEqual([post.thread_id, post.author_id, post.slug], [3, null, 'deep']);
        assert.ok(post.created_at instanceof Date);
        assert.equal(post.translations, null);
        assert.equal((await a.post.getOne({ id: post.id as number }, []))?.slug, 'deep');
      });

      test('concurrent nested creates and reads do not trip over each other', async () => {
        const writes = Array.from({ length: 8 }, (_, i) => a.post.createOne({ slug: `c${i}` }, postsOf(1, 1)));
        const reads = Array.from({ length: 4 }, () => listPage(a.post, {}, [], ['thread'], page(), postsOf(1, 1)));
        const done = await Promise.all([...writes, ...reads]);
        assert.equal(done.length, 12);
        assert.equal((await listPage(a.post, {}, [], [], page(), postsOf(1, 1))).count, 10);
      });

      test('createOne under a missing parent throws ParentNotFoundError and writes nothing', async () => {
        const before = await count('post');
        await assert.rejects(a.post.createOne({ slug: 'orphan' }, postsOf(3, 1)), ParentNotFoundError);
        await assert.rejects(a.post.createOne({ slug: 'orphan' }, postsOf(99, 1)), ParentNotFoundError);
        await assert.rejects(a.thread.createOne({ title: 'x' }, threadsOf(42)), ParentNotFoundError);
        assert.equal(await count('post'), before);
        assert.equal(await count('thread'), 3);
      });

      test('updateOne returns the updated row; datetime strings become dates', async () => {
        const row = await a.category.updateOne({ id: 2 }, { name: 'Support', created_at: '2020-01-02T03:04:05.000Z' });
        assert.equal(row?.name, 'Support');
        assert.equal(new Date(row?.created_at as Date).toISOString(), '2020-01-02T03:04:05.000Z');
        assert.equal(row?.threads, null);
        const [stored] = await h.sql('SELECT name FROM category WHERE id = ?', [2]);
        assert.equal(stored?.name, 'Support');
        assert.equal(await a.category.updateOne({ id: 99 }, { name: 'x' }), null);
        assert.equal((await a.category.updateOne({ id: 1 }, { nope: 1 }))?.name, 'General');
        const tr = await a.postTranslation.updateOne({ post_id: 1, language: 'fr' }, { body: 'Salut' });
        assert.equal(tr?.body, 'Salut');
        const scoped = await a.post.updateOne({ id: 3 }, { slug: 'kind' }, postsOf(2, 1));
        assert.equal(scoped?.slug, 'kind');
      });

      test('deleteOne returns the deleted row', async () => {
        await h.sql('DELETE FROM post_translation_tag WHERE tag_id = ?', [2]);
        const row = await a.tag.deleteOne({ id: 2 });
        assert.deepEqual(row, { id: 2, name: 'meta' });
        assert.equal(await a.tag.getOne({ id: 2 }, []), null);
        assert.equal(await a.tag.deleteOne({ id: 2 }), null);
        const post = await a.post.deleteOne({ id: 4 }, postsOf(3, 2));
        assert.equal(post?.slug, 'npm-error');
        assert.equal(await count('post'), 3);
      });
    });

    describe('database errors', () => {
      beforeEach(() => h.reset());

      const isHttp = (code: string, status: number) => (error: unknown) => {
        assert.ok(error instanceof HttpError, String(error));
        assert.equal(error.code, code);
        assert.equal(error.status, status);
        assert.doesNotMatch(error.message, /insert|update|delete|select|"|`/i);
        return true;
      };

      test('unique violation is a 409 conflict', async () => {
        await assert.rejects(a.post.createOne({ thread_id: 1, slug: 'hello' }), isHttp('conflict', 409));
        await assert.rejects(a.post.updateOne({ id: 2 }, { slug: 'hello' }), isHttp('conflict', 409));
        await assert.rejects(
          a.postTranslation.createOne({ post_id: 1, language: 'en', body: 'x' }),
          isHttp('conflict', 409),
        );
      });

      test('foreign-key violations are 409 conflicts', async () => {
        await assert.rejects(a.thread.createOne({ category_id: 99, title: 'x' }), isHttp('conflict', 409));
        await assert.rejects(a.category.deleteOne({ id: 1 }), isHttp('conflict', 409));
        assert.equal(await count('category'), 3);
      });

      test('not-null violation is a 422 naming the field', async () => {
        await assert.rejects(a.category.createOne({ name: null }), (error: unknown) => {
          isHttp('validation_failed', 422)(error);
          assert.deepEqual(
            (error as HttpError).errors?.map((e) => e.path),
            ['body.name'],
          );
          return true;
        });
      });
    });

    describe('getSession', () => {
      test('an async generator per call, resumed after success and thrown into on failure', async () => {
        const steps: string[] = [];
        const adapter = new DrizzleAdapter({
          model: h.schema.post,
          schema: h.schema,
          async *getSession() {
            steps.push('open');
            try {
              yield h.db;
              steps.push('commit');
            } catch (error) {
              steps.push('rollback');
              throw error;
            }
          },
        });
        assert.equal((await adapter.getOne({ id: 1 }, ['thread']))?.thread && 'ok', 'ok');
        await assert.rejects(adapter.createOne({ thread_id: 1, slug: 'hello' }), HttpError);
        assert.deepEqual(steps, ['open', 'commit', 'open', 'rollback']);
      });

      test("a write refused inside the app's transaction leaves it usable; the app commits the rest", async () => {
        await h.reset();
        const store = new AsyncLocalStorage<DrizzleDatabase>();
        const on = (model: Table) =>
          new DrizzleAdapter({ model, schema: h.schema, getSession: () => store.getStore() ?? h.db });
        const [categories, tags] = [on(h.schema.category), on(h.schema.tag)];
        const transaction = h.db.transaction as (work: (tx: DrizzleDatabase) => Promise<void>) => Promise<void>;
        await transaction.call(h.db, (tx) =>
          store.run(tx, async () => {
            await categories.createOne({ name: 'before the refusal' });
            await assert.rejects(tags.createOne({ name: 'intro' }), (error) => (error as HttpError).status === 409);
            // A value its column cannot take: refused before binding, or by the database (a text rowid on SQLite).
            const typed = [{ name: { x: 1 } }, { id: 'zz', name: 'typed' }] as never[];
            for (const data of typed)
              await assert.rejects(tags.createOne(data), (error) => (error as HttpError).status === 422);
            await categories.createOne({ name: 'after the refusal' });
          }),
        );
        const rows = await h.sql('SELECT "name" FROM "category" WHERE "name" LIKE ? ORDER BY "id"', ['% the refusal']);
        assert.deepEqual(
          rows.map((row) => row.name),
          ['before the refusal', 'after the refusal'],
        );
      });
    });
  });
}
