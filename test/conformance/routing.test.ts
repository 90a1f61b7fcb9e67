import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { CRUDCollection, HttpError } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { forumRouters } from '../../examples/forum/app.ts';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';
import { documentOf, forumOpenApi } from '../support/openapi.ts';

describeForum('routing, dependencies and the OpenAPI document', (s) => {
  test('a disabled route answers 405 with Allow; other methods still work', async () => {
    class NoDelete extends CRUDCollection {
      static disableDelete = true;
    }
    const app = await routersApp(s.framework, [
      new NoDelete({ ormAdapter: s.harness.adapters.tag }).getRouter({ prefix: '/tags' }),
    ]);
    const res = await call(app, 'DELETE', '/tags/1');
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, PATCH, OPTIONS');
    assert.equal((await call(app, 'GET', '/tags/1')).status, 200);
    const router = new NoDelete({ ormAdapter: s.harness.adapters.tag, disableDelete: false, disableCreate: true });
    const reenabled = await routersApp(s.framework, [router.getRouter({ prefix: '/tags' })]);
    assert.equal((await call(reenabled, 'POST', '/tags', { name: 'x' })).status, 405);
    assert.equal((await call(reenabled, 'DELETE', '/tags/999')).status, 404);
  });

  test('every missing method of a path answers 405, on the root with and without its trailing slash', async () => {
    const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag, disableGetOne: true });
    const app = await routersApp(s.framework, [tags.getRouter({ prefix: '/tags' })]);
    for (const [method, url, allow] of [
      ['PUT', '/tags', 'GET, HEAD, POST, OPTIONS'],
      ['PATCH', '/tags/', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/tags', 'GET, HEAD, POST, OPTIONS'],
      ['GET', '/tags/1', 'PATCH, DELETE, OPTIONS'],
      ['HEAD', '/tags/1', 'PATCH, DELETE, OPTIONS'],
      ['POST', '/tags/1', 'PATCH, DELETE, OPTIONS'],
      ['PUT', '/tags/1', 'PATCH, DELETE, OPTIONS'],
    ] as const) {
      const res = await call(app, method, url);
      assert.equal(res.status, 405, `${method} ${url}`);
      assert.equal(res.headers.allow, allow, `${method} ${url}`);
    }
    assert.equal((await call(app, 'GET', '/tags/')).status, 200);
  });

  test('an empty path segment names no key: 404, and a row keyed by empty text stays out of reach', async () => {
    await s.harness.sql("INSERT INTO post_translation (post_id, language, body) VALUES (1, '', 'unreachable')");
    const app = await routersApp(s.framework, forumRouters(s.harness.adapters));
    for (const [method, url] of [
      ['GET', '/categories//threads'],
      ['GET', '/post-translations//en'],
      ['GET', '/post-translations/1/'],
      ['PATCH', '/post-translations/1/'],
      ['DELETE', '/post-translations/1/'],
      ['OPTIONS', '/post-translations/1/'],
    ] as const) {
      const res = await call(app, method, url, method === 'PATCH' ? { body: 'changed' } : undefined, {
        authorization: 'Bearer user-1',
      });
      assert.equal(res.status, 404, `${method} ${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'not_found', `${method} ${url}`);
    }
    const rows = await s.harness.sql(`SELECT body FROM post_translation WHERE post_id = 1 AND language = ''`);
    assert.deepEqual(
      rows.map((row) => row.body),
      ['unreachable'],
    );
  });

  test("an app with Fastify's ignoreTrailingSlash registers the collection and answers both forms", async (t) => {
    if (s.framework !== 'fastify') return t.skip('Fastify only');
    for (const options of [{ routerOptions: { ignoreTrailingSlash: true } }, { ignoreTrailingSlash: true }]) {
      const app = Fastify(options);
      const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag });
      await app.register(toFastify(tags.getRouter({ prefix: '/tags' })));
      const made = await call(app, 'POST', '/tags/', { name: 'slash' });
      assert.equal(made.status, 201, JSON.stringify(options));
      const id = (made.body as { id: number }).id;
      assert.equal((await call(app, 'GET', '/tags')).status, 200);
      assert.equal((await call(app, 'GET', `/tags/${id}/`)).status, 200);
      const wrong = await call(app, 'PUT', '/tags/');
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.allow, 'GET, HEAD, POST, OPTIONS');
      assert.equal((await call(app, 'DELETE', `/tags/${id}`)).status, 200);
    }
  });

  test('a dependency that throws 401 stops the request before any database work', async () => {
    const deny = () => {
      throw new HttpError(401, 'login required');
    };
    const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag, dependencies: [deny] });
    const app = await routersApp(s.framework, [tags.getRouter({ prefix: '/tags' })]);
    s.harness.resetQueryCount();
    for (const [method, url] of [
      ['GET', '/tags'],
      ['GET', '/tags/1'],
      ['POST', '/tags'],
      ['PATCH', '/tags/1'],
      ['DELETE', '/tags/1'],
    ] as const) {
      const res = await call(app, method, url, method === 'POST' || method === 'PATCH' ? { name: 'z' } : undefined);
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.equal(res.body.detail, 'login required');
    }
    assert.equal(s.harness.queryCount(), 0);
  });

  test('per-operation dependencies apply to their route only', async () => {
    const seen: string[] = [];
    const tags = new CRUDCollection({
      ormAdapter: s.harness.adapters.tag,
      getManyDependencies: [() => void seen.push('many')],
      getOneDependencies: [() => void seen.push('one')],
      createDependencies: [() => void seen.push('create')],
      updateDependencies: [() => void seen.push('update')],
      deleteDependencies: [
        () => {
          throw new HttpError(403, 'no deleting');
        },
      ],
    });
    const app = await routersApp(s.framework, [tags.getRouter({ prefix: '/tags' })]);
    await call(app, 'GET', '/tags');
    await call(app, 'GET', '/tags/1');
    assert.deepEqual(seen, ['many', 'one']);
    assert.equal((await call(app, 'DELETE', '/tags/1')).status, 403);
  });

  test('every operation is in the OpenAPI document with tags and unique operationIds', async () => {
    const doc = forumOpenApi(s.harness.adapters) as unknown as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, ...op })),
    );
    const idsOf = ops.map((o) => o.operationId);
    assert.equal(new Set(idsOf).size, idsOf.length, 'operationIds are unique');
    for (const op of ops) assert.ok(op.tags?.length, `${op.method} ${op.path} has tags`);
    const expected = [
      'get /categories',
      'post /categories',
      'get /categories/{category_id}',
      'patch /categories/{category_id}',
      'delete /categories/{category_id}',
      'get /categories/{category_id}/threads/{thread_id}/posts/{post_id}',
      'get /posts/{post_id}/translations/{post_translation_language}',
      'get /posts/{post_id}/threads/{thread_id}/categories',
      'get /users/me',
      'post /users/me/posts',
      'get /categories/search',
      'get /categories/{category_id}/stats',
      'get /post-translations/{post_id}/{post_translation_language}',
    ];
    const present = new Set(ops.map((o) => `${o.method} ${o.path}`));
    for (const op of expected) assert.ok(present.has(op), `${op} is documented`);
    assert.ok(
      ![...present].some((p) => p.includes('{user_id}/posts') || p.includes('/me/{')),
      'no {user_id} under /me',
    );
  });

  test('the document shows repeatable sort and include as query arrays', () => {
    const router = new CRUDCollection({ ormAdapter: s.harness.adapters.post }).getRouter({ prefix: '/posts' });
    const doc = documentOf(router) as unknown as {
      paths: Record<string, { get: { parameters: { name: string; schema: { type: string } }[] } }>;
    };
    const params = doc.paths['/posts']?.get.parameters ?? [];
    const byName = Object.fromEntries(params.map((p) => [p.name, p.schema.type]));
    assert.equal(byName.sort, 'array');
    assert.equal(byName.include, 'array');
    assert.equal(byName.thread_id, 'integer');
    assert.equal(byName.page, 'integer');
  });
});
