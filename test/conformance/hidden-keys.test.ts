/**
 * A hidden foreign key stays hidden through includes, on every ORM × database:
 * a relation joined over a field that is not public, on either side, cannot
 * be included (a hidden `author_id` would show as `author.id`, or as the posts
 * listed under their author), and the OpenAPI document does not offer it.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection, CRUDConfigDict, createOpenApiDocument } from 'ormcrud';
import { registerModelConfig } from 'ormcrud/adapter-kit';
import { z } from 'zod';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

describeForum(
  'hidden keys',
  (s) => {
    let app: TestApp;
    let routers: ReturnType<CRUDCollection['getRouter']>[];
    const get = (url: string) => call(app, 'GET', url);

    before(async () => {
      const { post, user } = s.harness.adapters;
      // Wherever a post is serialised, its author is a secret.
      registerModelConfig(post.meta.model, new CRUDConfigDict({ excludeFields: ['author_id'] }));
      routers = [
        new CRUDCollection({ ormAdapter: user }).getRouter({ prefix: '/users' }),
        new CRUDCollection({ ormAdapter: post, publicFields: ['id', 'thread_id', 'slug'] }).getRouter({
          prefix: '/posts',
        }),
        // A public schema of its own hides what it leaves out just as well.
        new CRUDCollection({ ormAdapter: post, publicSchema: z.object({ id: z.int(), slug: z.string() }) }).getRouter({
          prefix: '/slugs',
        }),
      ];
      app = await routersApp(s.framework, routers);
      return () => app.close();
    });

    test('a relation over a key the collection hides is a 422, one over a shown key works', async () => {
      const post = await get('/posts/1');
      assert.equal(post.status, 200);
      assert.equal('author_id' in post.body, false);
      const author = await get('/posts/1?include=author');
      assert.equal(author.status, 422, JSON.stringify(author.body));
      assert.deepEqual(
        author.body.errors.map((e: { path: string }) => e.path),
        ['query.include.0'],
      );
      const thread = await get('/posts/1?include=thread');
      assert.equal(thread.status, 200);
      assert.equal(thread.body.thread.id, post.body.thread_id);
      assert.equal((await get('/posts?include=author')).status, 422);
      assert.equal((await get('/slugs/1?include=author')).status, 422);
      assert.deepEqual((await get('/slugs/1')).body, { id: 1, slug: post.body.slug });
    });

    test('a public schema of its own decides what a list filters and sorts by', async () => {
      const all = await get('/slugs?per_page=100');
      const threadId = (await get('/posts/1')).body.thread_id;
      // `thread_id` is left out of the schema: no filter by it (an oracle on its value), no sort by it.
      const filtered = await get(`/slugs?per_page=100&thread_id=${threadId}`);
      assert.deepEqual([filtered.status, filtered.body.count], [200, all.body.count]);
      assert.equal((await get('/slugs?sort=thread_id')).status, 422);
      assert.equal((await get('/slugs?sort=slug')).status, 200);
      const doc = createOpenApiDocument(routers, { info: { title: 't', version: '1' } });
      // biome-ignore lint/suspicious/noExplicitAny: a walk through the document
      const params = ((doc.paths['/slugs'] as any).get.parameters as { name: string }[]).map((p) => p.name);
      assert.equal(params.includes('thread_id'), false);
      assert.equal(params.includes('slug'), true);
    });

    test('a public schema of its own offers for include only the relations it has', async () => {
      const { post } = s.harness.adapters;
      const fields = { id: z.int(), thread_id: z.int(), slug: z.string() };
      const thread = z.object({ id: z.int(), title: z.string() }).nullable().default(null);
      const own = await routersApp(s.framework, [
        new CRUDCollection({ ormAdapter: post, publicSchema: z.object(fields) }).getRouter({ prefix: '/bare' }),
        new CRUDCollection({ ormAdapter: post, publicSchema: z.object({ ...fields, thread }) }).getRouter({
          prefix: '/with-thread',
        }),
      ]);
      const [bare, translations, shown] = [
        await call(own, 'GET', '/bare/1?include=thread'),
        await call(own, 'GET', '/bare?include=translations'),
        await call(own, 'GET', '/with-thread/1?include=thread'),
      ];
      await own.close();
      assert.deepEqual([bare.status, bare.body.code], [422, 'validation_failed'], JSON.stringify(bare.body));
      assert.equal(translations.status, 422, JSON.stringify(translations.body));
      assert.deepEqual([shown.status, shown.body.thread?.id], [200, shown.body.thread_id]);
    });

    test("a relation over a key the related model hides is a 422: a user's posts would show their author", async () => {
      const posts = await get('/users/1?include=posts');
      assert.equal(posts.status, 422, JSON.stringify(posts.body));
      assert.equal((await get('/users?include=posts')).status, 422);
      assert.equal((await get('/users/1')).status, 200);
    });

    test('an includeSchema of its own that offers a relation over a hidden key is refused when built', async () => {
      const { post, user } = s.harness.adapters;
      const include = (names: z.ZodType) => z.object({ include: z.array(names).optional() });
      const posts = (names: z.ZodType) =>
        new CRUDCollection({
          ormAdapter: post,
          publicFields: ['id', 'thread_id', 'slug'],
          includeSchema: include(names),
        });
      for (const names of [z.enum(['author', 'thread']), z.string()]) {
        assert.throws(() => posts(names).getRouter({ prefix: '/p' }), /"author".*hidden key "post\.author_id"/);
      }
      const users = new CRUDCollection({ ormAdapter: user, includeSchema: include(z.enum(['posts'])) });
      assert.throws(() => users.getRouter({ prefix: '/u' }), /"posts".*hidden key "post\.author_id"/);
      const own = await routersApp(s.framework, [posts(z.enum(['thread'])).getRouter({ prefix: '/p' })]);
      const thread = await call(own, 'GET', '/p/1?include=thread');
      await own.close();
      assert.deepEqual([thread.status, thread.body.thread?.id], [200, thread.body.thread_id]);
    });

    test('the OpenAPI document offers only the relations a client may include', () => {
      const doc = createOpenApiDocument(routers, { info: { title: 't', version: '1' } });
      const includeOf = (path: string) => {
        // biome-ignore lint/suspicious/noExplicitAny: a walk through the document
        const params = (doc.paths[path] as any).get.parameters as { name: string; schema: any }[];
        return params.find((p) => p.name === 'include')?.schema.items.enum as string[] | undefined;
      };
      assert.equal(includeOf('/posts')?.includes('author'), false);
      assert.equal(includeOf('/posts')?.includes('thread'), true);
      assert.equal(includeOf('/users/{user_id}')?.includes('posts') ?? false, false);
    });
  },
  // No forum app: its routers would show a post's author_id, which the config registered here then hides.
  { reset: 'once', app: (_harness, framework) => routersApp(framework, []) },
);
