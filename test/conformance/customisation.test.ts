import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CRUDCollection,
  type CRUDCollectionOptions,
  CreateSchemaDependency,
  type CrudRequest,
  type CrudRouter,
  type DependencyOverride,
  FilterSchemaDependency,
  HttpError,
  type IncludeData,
  IncludeSchemaDependency,
  type Marker,
  NestedConfig,
  overrideDependencies,
  PagePaginator,
  PaginatorDependency,
  type ParentRef,
  PKFieldsDependency,
  type PkValues,
  PublicSchemaDependency,
  ReplaceSignatureDependency,
  type Row,
  UpdateSchemaDependency,
} from 'ormcrud';
import { z } from 'zod';
import { call, describeForum, type ForumSuite } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';
import { documentOf } from '../support/openapi.ts';

const serve = (s: ForumSuite, ...routers: CrudRouter[]) => routersApp(s.framework, routers);

describeForum(
  'replaceable handlers, schemas, dependencies and extra routes',
  (s) => {
    const categories = (options: CRUDCollectionOptions = {}) =>
      new CRUDCollection({ ormAdapter: s.harness.adapters.category, ...options });

    test('a handler override calling super with changed input; the document does not change', async () => {
      class Upper extends CRUDCollection {
        override createOneHandler(data: Row, parents: readonly ParentRef[]) {
          return super.createOneHandler({ ...data, name: String(data.name).toUpperCase() }, parents);
        }
      }
      const plain = categories().getRouter({ prefix: '/c' });
      const upper = new Upper({ ormAdapter: s.harness.adapters.category }).getRouter({ prefix: '/c' });
      const app = await serve(s, upper);
      const res = await call(app, 'POST', '/c', { name: 'loud' });
      assert.deepEqual([res.status, res.body.name], [201, 'LOUD']);
      assert.deepEqual(documentOf(upper), documentOf(plain));
    });

    test("an extra route's response schema keeps an adapter row's hidden fields on the server", async () => {
      const users = new CRUDCollection({ ormAdapter: s.harness.adapters.user });
      const options = { response: users.publicSchema };
      users.extra.get('/raw', options, async ({ pk }) => s.harness.adapters.user.getOne(pk, []));
      const res = await call(await serve(s, users.getRouter({ prefix: '/users' })), 'GET', '/users/1/raw');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.username, 'ada');
      assert.doesNotMatch(JSON.stringify(res.body), /SECRET|password_hash|api_token/);
    });

    test('getOneNotFound may return a value, giving 200', async () => {
      class Fallback extends CRUDCollection {
        override async getOneNotFound(pk: PkValues, _include: IncludeData) {
          return {
            id: pk.id,
            name: 'placeholder',
            created_at: '2000-01-01T00:00:00Z',
            updated_at: '2000-01-01T00:00:00Z',
          };
        }
      }
      const app = await serve(s, new Fallback({ ormAdapter: s.harness.adapters.category }).getRouter({ prefix: '/c' }));
      const res = await call(app, 'GET', '/c/42');
      assert.deepEqual([res.status, res.body.id, res.body.name], [200, 42, 'placeholder']);
    });

    test('static options inherit along the class chain; the constructor wins', async () => {
      const seen: string[] = [];
      class Audited extends CRUDCollection {
        static dependencies = [() => void seen.push('audit')];
        static disableDelete = true;
      }
      class Categories extends Audited {
        static publicFields = ['id', 'name'];
      }
      const app = await serve(
        s,
        new Categories({ ormAdapter: s.harness.adapters.category, disableDelete: null }).getRouter({ prefix: '/c' }),
      );
      const res = await call(app, 'GET', '/c/1');
      assert.deepEqual(Object.keys(res.body).sort(), ['id', 'name', 'threads']);
      assert.deepEqual(seen, ['audit']);
      assert.equal((await call(app, 'DELETE', '/c/1')).status, 405);
    });

    test('createOutSchema and updateOutSchema shape POST and PATCH responses', async () => {
      const out = z.object({ id: z.int(), name: z.string() });
      const app = await serve(
        s,
        categories({ createOutSchema: out, updateOutSchema: out }).getRouter({ prefix: '/c' }),
      );
      const created = await call(app, 'POST', '/c', { name: 'Out' });
      assert.deepEqual(Object.keys(created.body).sort(), ['id', 'name']);
      const updated = await call(app, 'PATCH', `/c/${created.body.id}`, { name: 'Out2' });
      assert.deepEqual([updated.status, updated.body.name], [200, 'Out2']);
    });

    test('a given schema replaces generation; the create schema is final only at its mount point', async () => {
      const collection = categories({ createSchema: z.object({ name: z.string().min(3) }) });
      const app = await serve(s, collection.getRouter({ prefix: '/c' }));
      assert.equal((await call(app, 'POST', '/c', { name: 'ab' })).status, 422);
      const threads = new CRUDCollection({ ormAdapter: s.harness.adapters.thread });
      assert.equal(threads.createSchema, undefined);
      const router = categories().addNestedCollection('/threads', threads).getRouter({ prefix: '/c' });
      const body = (method: string, path: string) =>
        router.routes.find((r) => r.method === method && r.path === path)?.schemas.body as z.ZodObject | undefined;
      assert.deepEqual(Object.keys(body('POST', '/{category_id}/threads')?.shape ?? {}), ['title']);
      assert.equal(threads.createSchema, undefined, 'building a router changes no collection');
      const flat = threads.getRouter({ prefix: '/t' });
      const flatBody = flat.routes.find((r) => r.method === 'POST')?.schemas.body as z.ZodObject | undefined;
      assert.deepEqual(Object.keys(flatBody?.shape ?? {}).sort(), ['category_id', 'title']);
    });

    test("dependencies given as router options are replaced by the collection's own (C2)", async () => {
      const deny = () => {
        throw new HttpError(401);
      };
      const app = await serve(s, categories().getRouter({ prefix: '/c', dependencies: [deny] }));
      assert.equal((await call(app, 'GET', '/c')).status, 200);
    });

    test('dependencyOverrides replace a marker, plain resolvers wrapped automatically', async () => {
      const onlyHelp = (_req: CrudRequest) => ({ name: 'Help' });
      const app = await serve(
        s,
        categories({ dependencyOverrides: new Map([[FilterSchemaDependency, onlyHelp]]) }).getRouter({ prefix: '/c' }),
      );
      const page = (await call(app, 'GET', '/c')).body;
      assert.deepEqual(
        page.data.map((c: { id: number }) => c.id),
        [2],
      );
      const declared = new ReplaceSignatureDependency((req) => ({ name: req.query.q }), {
        query: z.object({ q: z.string() }),
      });
      const strict = await serve(
        s,
        categories({ dependencyOverrides: new Map([[FilterSchemaDependency, declared]]) }).getRouter({ prefix: '/c' }),
      );
      assert.equal((await call(strict, 'GET', '/c')).status, 422);
      assert.equal((await call(strict, 'GET', '/c?q=General')).body.count, 1);
    });

    test("a router's strategy replaces its own collection's markers, not its nested collections'", async () => {
      const fromHeader = (req: CrudRequest) => ({ id: Number(req.headers['x-key']) });
      const router = categories()
        .addNestedCollection('/threads', new CRUDCollection({ ormAdapter: s.harness.adapters.thread }))
        .getRouter({ prefix: '/c', strategy: { dependencyOverrides: [[PKFieldsDependency, fromHeader]] } });
      const app = await serve(s, router);
      const key = { 'x-key': '1' };
      const [own, thread] = [
        await call(app, 'GET', '/c/3', undefined, key),
        await call(app, 'GET', '/c/1/threads/2', undefined, key),
      ];
      assert.deepEqual([own.status, own.body.name], [200, 'General']);
      assert.deepEqual([thread.status, thread.body.title], [200, 'Rules']);
      assert.equal((await call(app, 'DELETE', '/c/1/threads/999', undefined, key)).status, 404);
      assert.equal((await s.rows('thread', { id: 1 })).length, 1);
      await app.close();
    });

    test('a replaced body keeps to the path: the parent key from the URL, the primary key never updated', async () => {
      const adapter = s.harness.adapters.thread;
      const asSent = (req: CrudRequest) => req.body;
      const variants: [string, DependencyOverride, DependencyOverride][] = [
        ['plain functions', asSent, asSent],
        [
          'declared schemas',
          new ReplaceSignatureDependency(asSent, { body: adapter.generateCreateSchema() }),
          new ReplaceSignatureDependency(asSent, { body: adapter.generateUpdateSchema() }),
        ],
      ];
      for (const [name, create, update] of variants) {
        const threads = () =>
          new CRUDCollection({
            ormAdapter: adapter,
            dependencyOverrides: [
              [CreateSchemaDependency, create],
              [UpdateSchemaDependency, update],
            ],
          });
        const nested = categories().addNestedCollection('/threads', threads()).getRouter({ prefix: '/c' });
        const app = await serve(s, nested, threads().getRouter({ prefix: '/t' }));
        const created = await call(app, 'POST', '/c/1/threads', { title: name, category_id: 2, no_such: 1 });
        assert.deepEqual([created.status, created.body.category_id], [201, 1], name);
        const id = created.body.id as number;
        const moved = { category_id: 2, id: id + 1000, title: `${name}!`, no_such: 1 };
        assert.equal((await call(app, 'PATCH', `/c/1/threads/${id}`, moved)).status, 200, name);
        assert.equal((await call(app, 'PATCH', `/t/${id}`, { id: id + 2000 })).status, 200, name);
        const [row] = await s.rows('thread', { id });
        assert.deepEqual([row?.category_id, row?.title], [1, `${name}!`], name);
        assert.equal((await s.rows('thread', { category_id: 2 })).length, 1, name);
        await app.close();
      }
    });

    test('a replaced body of values no column takes is a 422 on every database, and writes nothing', async () => {
      const asSent = (req: CrudRequest) => req.body;
      const threads = () =>
        new CRUDCollection({
          ormAdapter: s.harness.adapters.thread,
          dependencyOverrides: [
            [CreateSchemaDependency, asSent],
            [UpdateSchemaDependency, asSent],
          ],
        });
      const nested = categories().addNestedCollection('/threads', threads()).getRouter({ prefix: '/c' });
      const app = await serve(s, nested, threads().getRouter({ prefix: '/t' }));
      const before = await s.rows('thread');
      // An object or an array for a text or integer column names its field; a key the database cannot store need not.
      const refused: [method: 'POST' | 'PATCH', url: string, body: Row, field?: string][] = [
        ['POST', '/t', { title: { x: 1 }, category_id: 1 }, 'title'],
        ['POST', '/t', { title: 'listed', category_id: [1] }, 'category_id'],
        ['POST', '/c/1/threads', { title: ['a', 'b'] }, 'title'],
        ['POST', '/t', { id: 'zz', title: 'text key', category_id: 1 }],
        ['POST', '/c/1/threads', { id: 'zz', title: 'text key' }],
        ['PATCH', '/t/1', { title: { x: 1 } }, 'title'],
        ['PATCH', '/t/1', { title: 'kept?', category_id: { id: 2 } }, 'category_id'],
        ['PATCH', '/c/1/threads/2', { title: [1, 2] }, 'title'],
      ];
      for (const [method, url, body, field] of refused) {
        const res = await call(app, method, url, body);
        const what = `${method} ${url} ${JSON.stringify(body)}`;
        assert.deepEqual([res.status, res.body?.code], [422, 'validation_failed'], what);
        if (field)
          assert.deepEqual(
            res.body.errors?.map((e: { path: string }) => e.path),
            [`body.${field}`],
            what,
          );
        assert.doesNotMatch(JSON.stringify(res.body), /SQLITE|mismatch|bind|INSERT|UPDATE|object Object/i, what);
      }
      assert.deepEqual(await s.rows('thread'), before);
      await app.close();
    });

    test('a custom paginator replaces the default through PaginatorDependency', async () => {
      class Big extends PagePaginator {
        static override maxPerPage = 1000;
        static override maxPage = 50;
      }
      const router = categories({ dependencyOverrides: new Map([[PaginatorDependency, Big.dependency()]]) }).getRouter({
        prefix: '/c',
      });
      const app = await serve(s, router);
      assert.equal((await call(app, 'GET', '/c?per_page=1000')).body.per_page, 1000);
      assert.equal((await call(app, 'GET', '/c?per_page=1001')).status, 422);
      assert.equal((await call(app, 'GET', '/c?page=50')).status, 200);
      assert.equal((await call(app, 'GET', '/c?page=51')).status, 422);
      const doc = documentOf(router) as unknown as {
        paths: Record<string, { get: { parameters: { name: string; schema: { maximum?: number } }[] } }>;
      };
      assert.equal(doc.paths['/c']?.get.parameters.find((p) => p.name === 'per_page')?.schema.maximum, 1000);
    });

    test('overrideDependencies binds a marked handler to resolvers', async () => {
      const bound = overrideDependencies(
        {
          markers: [PKFieldsDependency, IncludeSchemaDependency],
          fn: (pk: PkValues, include: IncludeData) => ({ pk, include }),
        },
        new Map<Marker, DependencyOverride>([
          [PKFieldsDependency, () => ({ id: 1 })],
          [
            IncludeSchemaDependency,
            new ReplaceSignatureDependency(() => ['threads'], { query: z.object({ x: z.string() }) }),
          ],
        ]),
      );
      assert.deepEqual(Object.keys(bound.inputs.query?.shape ?? {}), ['x']);
      assert.deepEqual(await bound.run({} as CrudRequest), { pk: { id: 1 }, include: ['threads'] });
      const resolved = categories().getResolvedOverrides();
      assert.equal(resolved.size, 10);
      assert.ok(resolved.get(PublicSchemaDependency)?.schema);
    });

    test("a collection's overrideDependencies binds its own resolvers, with yours over them", async () => {
      const fn = (pk: PkValues, include: IncludeData) => ({ pk, include });
      const markers = [PKFieldsDependency, IncludeSchemaDependency];
      const req = {
        params: { category_id: 3 },
        query: { include: ['threads'] },
        state: new Map(),
      } as unknown as CrudRequest;
      assert.deepEqual(await categories().overrideDependencies({ markers, fn }).run(req), {
        pk: { id: 3 },
        include: ['threads'],
      });
      const mine = new Map<Marker, DependencyOverride>([[IncludeSchemaDependency, () => []]]);
      assert.deepEqual(await categories().overrideDependencies({ markers, fn }, mine).run(req), {
        pk: { id: 3 },
        include: [],
      });
    });

    test("an extra route's own path parameters reach its handler and its document, as strings by default", async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.get('/sub/{n}', ({ pk, params }) => ({ pk, params }));
      const router = tags.getRouter({ prefix: '/tags' });
      const app = await serve(s, router);
      const res = await call(app, 'GET', '/tags/1/sub/007');
      await app.close();
      assert.deepEqual([res.status, res.body], [200, { pk: { id: 1 }, params: { tag_id: 1, n: '007' } }]);
      const doc = documentOf(router) as unknown as {
        paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
      };
      const params = doc.paths['/tags/{tag_id}/sub/{n}']?.get.parameters.filter((p) => p.in === 'path');
      assert.deepEqual(params?.map((p) => p.name).sort(), ['n', 'tag_id']);
    });

    test("an extra route at the root's trailing slash is one at the root, with and without the slash", async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.get('/', () => ({ mine: true }));
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const answers = [await call(app, 'GET', '/tags/'), await call(app, 'GET', '/tags')];
      const created = await call(app, 'POST', '/tags/', { name: 'slash-root' });
      const options = await call(app, 'OPTIONS', '/tags/');
      await app.close();
      for (const answer of answers) assert.deepEqual([answer.status, answer.body], [200, { mine: true }]);
      assert.equal(created.status, 201);
      assert.equal(options.headers.allow, 'GET, HEAD, POST, OPTIONS');
    });

    test('with a root extra, a static extra path still comes before the key: its other methods are 405s', async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.get('/', () => ({ root: true }));
      tags.extra.collection.post('/merge', () => ({ merged: true }));
      tags.extra.collection.route(['HEAD'], '/ping', { status: 204 }, () => undefined);
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const merge = await call(app, 'GET', '/tags/merge');
      const ping = await call(app, 'HEAD', '/tags/ping');
      await app.close();
      assert.deepEqual([merge.status, merge.headers.allow], [405, 'POST, OPTIONS']);
      assert.equal(ping.status, 204);

      const heads = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      heads.extra.collection.route(['HEAD'], '/', { status: 204 }, () => undefined);
      heads.extra.collection.route(['HEAD'], '/only', { status: 204 }, () => undefined);
      const headApp = await serve(s, heads.getRouter({ prefix: '/tags' }));
      const [only, get] = [await call(headApp, 'HEAD', '/tags/only'), await call(headApp, 'GET', '/tags/only')];
      await headApp.close();
      assert.deepEqual([only.status, get.status], [204, 405]);
    });

    test('route and its alias apiRoute serve one handler at several methods', async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.route(['PUT', 'PATCH'], '/both', ({ req }) => ({ via: req.method }));
      tags.extra.apiRoute(['POST'], '/aliased/{n}', ({ pk, params }) => ({ tag: pk.id, n: params.n }));
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const [put, patch] = [await call(app, 'PUT', '/tags/both', {}), await call(app, 'PATCH', '/tags/both', {})];
      const aliased = await call(app, 'POST', '/tags/1/aliased/7', {});
      await app.close();
      assert.deepEqual([put.body, patch.body], [{ via: 'PUT' }, { via: 'PATCH' }]);
      assert.deepEqual([aliased.status, aliased.body], [200, { tag: 1, n: '7' }]);
    });

    test('an extra route of HEAD alone answers HEAD, and GET is a 405', async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.route(['HEAD'], '/ping', { status: 204 }, () => undefined);
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const [head, get] = [await call(app, 'HEAD', '/tags/ping'), await call(app, 'GET', '/tags/ping')];
      await app.close();
      assert.equal(head.status, 204);
      assert.deepEqual([get.status, get.headers.allow], [405, 'HEAD, OPTIONS']);
    });

    test('an extra route answers its own status, in the 4xx range too, with its body', async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.get('/teapot', { status: 418 }, () => ({ short: 'and stout' }));
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const res = await call(app, 'GET', '/tags/teapot');
      await app.close();
      assert.deepEqual([res.status, res.body], [418, { short: 'and stout' }]);
    });

    test('an extra route of status 204 sends no body, whatever its handler returns', async () => {
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      tags.extra.collection.post('/touch', { status: 204 }, () => ({ touched: true }));
      const app = await serve(s, tags.getRouter({ prefix: '/tags' }));
      const res = await app.inject({ method: 'POST', url: '/tags/touch' });
      await app.close();
      assert.equal(res.statusCode, 204);
      assert.equal(res.body, '');
      assert.equal(res.headers['content-type'], undefined);
      assert.ok([undefined, '0'].includes(res.headers['content-length'] as string | undefined));
    });

    test('extras win over generated routes, pass options through, and receive every ancestor key', async () => {
      const posts = new CRUDCollection({ ormAdapter: s.harness.adapters.post });
      posts.extra.get('/summary', { status: 202, tags: ['x'], summary: 'Keys' }, ({ pk, parents }) => ({
        pk,
        parents,
      }));
      posts.extra.patch('', { response: z.object({ replaced: z.boolean() }) }, () => ({ replaced: true, hidden: 1 }));
      posts.extra.collection.post(
        '/bulk',
        {
          dependencies: [
            () => {
              throw new HttpError(403, 'bulk is closed');
            },
          ],
        },
        () => 'unreachable',
      );
      const threads = new CRUDCollection({ ormAdapter: s.harness.adapters.thread });
      threads.addNestedCollection('/posts', posts, new NestedConfig());
      const router = categories().addNestedCollection('/threads', threads).getRouter({ prefix: '/c' });
      const app = await serve(s, router);
      const res = await call(app, 'GET', '/c/1/threads/2/posts/3/summary');
      assert.equal(res.status, 202);
      assert.deepEqual(res.body, { pk: { id: 3 }, parents: [{ id: 2 }, { id: 1 }] });
      assert.deepEqual((await call(app, 'PATCH', '/c/1/threads/2/posts/3', { slug: 'x' })).body, { replaced: true });
      assert.equal((await call(app, 'POST', '/c/1/threads/2/posts/bulk')).status, 403);
      const doc = documentOf(router) as unknown as {
        paths: Record<string, Record<string, { tags: string[]; summary: string; responses: Record<string, unknown> }>>;
      };
      const summary = doc.paths['/c/{category_id}/threads/{thread_id}/posts/{post_id}/summary']?.get;
      assert.deepEqual([summary?.tags, summary?.summary], [['x'], 'Keys']);
      assert.ok(summary?.responses['202'], 'the extra documents its own status');
    });

    test('an item extra under parents runs only for a row inside them, else a 404', async () => {
      const ran: unknown[] = [];
      const posts = new CRUDCollection({ ormAdapter: s.harness.adapters.post });
      posts.extra.post('/touch', ({ pk }) => ran.push(pk));
      posts.extra.put('/upsert', { requireRow: false }, ({ pk }) => pk);
      const threads = new CRUDCollection({ ormAdapter: s.harness.adapters.thread });
      threads.addNestedCollection('/posts', posts, new NestedConfig());
      const router = threads.getRouter({ prefix: '/t' });
      const app = await serve(s, router);
      const inside = (await call(app, 'GET', '/t/2/posts?per_page=100')).body.data as { id: number }[];
      const outside = (await call(app, 'GET', '/t/1/posts?per_page=100')).body.data as { id: number }[];
      const [mine, other] = [inside[0]?.id, outside.find((p) => !inside.some((q) => q.id === p.id))?.id];
      assert.ok(mine !== undefined && other !== undefined, 'threads 1 and 2 have posts of their own');
      assert.equal((await call(app, 'POST', `/t/2/posts/${mine}/touch`)).status, 200);
      for (const url of [`/t/2/posts/${other}/touch`, '/t/2/posts/4294967296/touch', '/t/99999/posts/1/touch']) {
        const res = await call(app, 'POST', url);
        assert.deepEqual([res.status, res.body.code], [404, 'not_found'], url);
      }
      assert.deepEqual(ran, [{ id: mine }]);
      // An upsert takes any key: the handler keeps to the parents itself.
      assert.deepEqual((await call(app, 'PUT', `/t/2/posts/${other}/upsert`)).body, { id: other });
      const doc = documentOf(router) as unknown as { paths: Record<string, Record<string, { responses: object }>> };
      assert.ok('404' in (doc.paths['/t/{thread_id}/posts/{post_id}/touch']?.post?.responses ?? {}));
    });

    test('an item extra at the top runs for any key its column can hold, else a 404, unread', async () => {
      const ran: unknown[] = [];
      const posts = new CRUDCollection({ ormAdapter: s.harness.adapters.post });
      posts.extra.post('/touch', ({ pk }) => ran.push(pk));
      posts.extra.put('/upsert', { requireRow: false }, ({ pk }) => pk);
      const router = posts.getRouter({ prefix: '/p' });
      const app = await serve(s, router);
      // A key that fits runs the handler, row or not: at the top there is nothing to keep to.
      assert.equal((await call(app, 'POST', '/p/99999/touch')).status, 200);
      assert.deepEqual(ran, [{ id: 99999 }]);
      // Post ids are 4-byte integers but on SQLite, whose integers hold any key the schema takes.
      if (s.target.dialect !== 'sqlite') {
        const res = await call(app, 'POST', '/p/4294967296/touch');
        assert.deepEqual([res.status, res.body.code, ran.length], [404, 'not_found', 1]);
        assert.deepEqual((await call(app, 'PUT', '/p/4294967296/upsert')).body, { id: 4294967296 });
      }
      const doc = documentOf(router) as unknown as { paths: Record<string, Record<string, { responses: object }>> };
      assert.ok('404' in (doc.paths['/p/{post_id}/touch']?.post?.responses ?? {}));
    });

    test('a collection extra under parents runs only where its nearest parent is inside them', async () => {
      const posts = new CRUDCollection({ ormAdapter: s.harness.adapters.post });
      posts.extra.collection.get('/count', ({ parents }) => ({ parents }));
      posts.extra.collection.get('/any', { requireRow: false }, ({ parents }) => ({ parents }));
      const threads = new CRUDCollection({ ormAdapter: s.harness.adapters.thread });
      threads.addNestedCollection('/posts', posts);
      const router = categories().addNestedCollection('/threads', threads).getRouter({ prefix: '/c' });
      const app = await serve(s, router);
      // Threads 1 and 2 are in category 1, thread 3 in category 2.
      assert.deepEqual((await call(app, 'GET', '/c/1/threads/2/posts/count')).body, {
        parents: [{ id: 2 }, { id: 1 }],
      });
      for (const url of [
        '/c/1/threads/3/posts/count',
        '/c/1/threads/99/posts/count',
        '/c/1/threads/4294967296/posts/count',
      ]) {
        const res = await call(app, 'GET', url);
        assert.deepEqual([res.status, res.body.code], [404, 'parent_not_found'], url);
      }
      assert.equal((await call(app, 'GET', '/c/1/threads/3/posts/any')).status, 200);
      const doc = documentOf(router) as unknown as { paths: Record<string, Record<string, { responses: object }>> };
      assert.ok('404' in (doc.paths['/c/{category_id}/threads/{thread_id}/posts/count']?.get?.responses ?? {}));
    });

    test('NestedConfig router options: tags, dependencies, hidden from the schema', async () => {
      const seen: string[] = [];
      const threads = new CRUDCollection({ ormAdapter: s.harness.adapters.thread });
      const config = new NestedConfig({
        routerOptions: { tags: ['threads'], dependencies: [() => void seen.push('nested')], includeInSchema: false },
      });
      const router = categories()
        .addNestedCollection('/threads', threads, config)
        .getRouter({ prefix: '/c', tags: ['c'] });
      const app = await serve(s, router);
      assert.equal((await call(app, 'GET', '/c/1/threads')).status, 200);
      assert.deepEqual(seen, ['nested']);
      const paths = Object.keys(documentOf(router).paths);
      assert.ok(paths.includes('/c/{category_id}'), paths.join(', '));
      assert.ok(!paths.some((p) => p.includes('threads')), paths.join(', '));
    });
  },
  { reset: 'each' },
);
