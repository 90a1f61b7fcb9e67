/**
 * The docs routes on every framework (the demo's `openApiDocs`): the same
 * document as JSON and YAML, sent alike (no ETag on one framework only), and
 * a 404 problem for any file name that is not one of Swagger UI's, object
 * property names and dot segments included.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { inject } from 'light-my-request';
import { createOpenApiDocument, HttpError, type OpenApiDocument } from 'ormcrud';
import { openApiDocs as expressDocs } from 'ormcrud/express';
import { openApiDocs } from 'ormcrud/fastify';
import { openApiDocs as honoDocs } from 'ormcrud/hono';
import { parse } from 'yaml';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';
import { type Framework, forumTestApp, type TestApp, testFrameworks } from '../support/framework-apps.ts';

/** An app serving only the docs of `document` on `framework`, at `routePrefix`. */
async function docsApp(framework: Framework, document: OpenApiDocument, routePrefix?: string): Promise<TestApp> {
  const options = routePrefix === undefined ? {} : { routePrefix };
  if (framework === 'hono') {
    const listener = getRequestListener(new Hono().route('/', honoDocs(document, options)).fetch);
    return { framework, inject: (request) => inject(listener, request), close: async () => {} };
  }
  if (framework === 'express') {
    const app = express().use(expressDocs(document, options));
    return { framework, inject: (request) => inject(app, request), close: async () => {} };
  }
  const app = Fastify();
  await app.register(openApiDocs(document, options));
  return { framework, inject: (request) => app.inject(request), close: () => app.close() };
}

const docsOf = { fastify: openApiDocs, hono: honoDocs, express: expressDocs } as const;

describe('docs routes, on every framework', () => {
  let harness: DrizzleForumHarness;
  const apps = new Map<Framework, TestApp>();
  before(async () => {
    harness = await openSqliteForum();
    for (const framework of testFrameworks()) apps.set(framework, await forumTestApp(framework, harness.adapters));
  });
  after(async () => {
    for (const app of apps.values()) await app.close();
    await harness.close();
  });

  test('the document as JSON and as YAML, the same bytes on each, with no validator a framework adds alone', async () => {
    const documents: unknown[] = [];
    const texts: string[] = [];
    for (const [framework, app] of apps) {
      const json = await app.inject({ method: 'GET', url: '/docs/json' });
      const yaml = await app.inject({ method: 'GET', url: '/docs/yaml' });
      const head = await app.inject({ method: 'HEAD', url: '/docs/yaml' });
      assert.deepEqual(
        [json.statusCode, yaml.statusCode, yaml.headers['content-type']],
        [200, 200, 'application/yaml'],
      );
      assert.deepEqual(parse(yaml.body), json.json(), framework);
      assert.equal(head.headers['content-length'], String(yaml.rawPayload.length), framework);
      documents.push(json.json());
      texts.push(`${json.body}\n${yaml.body}`);
      for (const url of ['/docs', '/docs/json', '/docs/yaml']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '*' } });
        assert.deepEqual([res.statusCode, res.headers.etag], [200, undefined], `${framework} ${url}`);
      }
    }
    for (const document of documents) assert.deepEqual(document, documents[0]);
    for (const text of texts) assert.equal(text, texts[0]);
  });

  test('a file name that is no Swagger UI file is a 404 problem, never a 500 or a file outside', async () => {
    const names = [
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
      'JSON',
      'Yaml',
    ];
    const tricks = [
      'static/..',
      'static/%2e%2e',
      'static/%2e%2e/package.json',
      'static/%00',
      'static/index.css%00',
      'static/%5c..%5cpackage.json',
      '..%2fpackage.json',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      'package.json',
    ];
    for (const [framework, app] of apps) {
      for (const file of [...names, ...tricks]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url: `/docs/${file}` });
          const where = `${framework} ${method} /docs/${file}`;
          // Dot segments read away (by Hono, as a WHATWG URL does, or by inject) lead to the page itself.
          if (res.statusCode === 200 && /\.\.|%2e%2e/.test(file)) {
            assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', where);
            continue;
          }
          assert.equal(res.statusCode, 404, where);
          assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8', where);
          if (method === 'GET') assert.equal(res.json().code, 'not_found', where);
        }
      }
    }
  });

  test('a routePrefix is a path however written: the same bytes at it on each framework', async () => {
    const document = createOpenApiDocument([], { info: { title: 't: "quoted"', version: '1' } });
    const served = new Map<string, string>();
    for (const framework of testFrameworks()) {
      for (const routePrefix of ['/docs', '/docs/', 'docs', 'docs/']) {
        const app = await docsApp(framework, document, routePrefix);
        for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs//yaml']) {
          const res = await app.inject({ method: 'GET', url });
          const where = `${framework} ${JSON.stringify(routePrefix)} ${url}`;
          assert.equal(res.statusCode, url.includes('//') ? 404 : 200, where);
          // Fastify's page is @fastify/swagger-ui's own; the document is the same bytes everywhere.
          const key = url.endsWith('json') || url.endsWith('yaml') ? url : `${framework} ${url}`;
          if (res.statusCode === 200)
            assert.equal(res.body, served.get(key) ?? served.set(key, res.body).get(key), where);
        }
        await app.close();
      }
    }
  });

  test('a routePrefix that is no plain path is refused when the docs are set up, on each framework', () => {
    const document = createOpenApiDocument([], { info: { title: 't', version: '1' } });
    for (const framework of testFrameworks()) {
      for (const routePrefix of [
        '',
        '/',
        '/docs?x=1',
        '/docs#top',
        '/my docs',
        '/docs\n',
        '/a//b',
        '/../docs',
        '/:id',
      ]) {
        assert.throws(
          () => docsOf[framework](document, { routePrefix }),
          {
            name: 'TypeError',
            message: `openApiDocs: routePrefix ${JSON.stringify(routePrefix)} is not a plain path: give segments of letters, digits and '-', '.', '_', '~' (like '/docs')`,
          },
          `${framework} ${JSON.stringify(routePrefix)}`,
        );
      }
    }
  });

  test('fastify: two documents at one root, each at its own routePrefix; one routePrefix twice is refused', async () => {
    const forum = createOpenApiDocument([], { info: { title: 'Forum', version: '1' } });
    const admin = createOpenApiDocument([], { info: { title: 'Admin', version: '1' } });
    const app = Fastify();
    await app.register(openApiDocs(forum));
    await app.register(openApiDocs(admin, { routePrefix: '/admin/docs' }));
    for (const [url, title] of Object.entries({ '/docs': 'Forum', '/admin/docs': 'Admin' })) {
      const [json, yaml, page, css] = await Promise.all(
        ['/json', '/yaml', '', '/static/index.css'].map((path) => app.inject({ method: 'GET', url: `${url}${path}` })),
      );
      const titles = [json?.json().info.title, parse(yaml?.body ?? '').info.title];
      assert.deepEqual([...titles, page?.statusCode, css?.statusCode], [title, title, 200, 200], url);
    }
    // `app.swagger()` is the first document's.
    assert.equal(app.swagger().info?.title, 'Forum');
    await app.close();
    const twice = Fastify();
    await twice.register(openApiDocs(forum, { routePrefix: '/admin/docs' }));
    await assert.rejects(async () => twice.register(openApiDocs(admin, { routePrefix: 'admin/docs/' })), {
      message: 'openApiDocs: docs are served at /admin/docs already; give this one another routePrefix',
    });
    await twice.close();
  });

  test("fastify: the app's own hooks and error handler still answer for the docs", async () => {
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/docs')) throw new HttpError(401, 'sign in');
    });
    await app.register(openApiDocs(createOpenApiDocument([], { info: { title: 't', version: '1' } })));
    for (const url of ['/docs', '/docs/json', '/docs/static/index.css', '/docs/static/%00']) {
      const res = await app.inject({ method: 'GET', url });
      // Fastify's own error reply: the app set no error handler.
      assert.deepEqual([res.statusCode, res.json().message], [401, 'sign in'], url);
    }
    await app.close();
  });

  test('fastify: docs under a prefix serve the same YAML bytes as at the root, and their page finds its files', async () => {
    const document = createOpenApiDocument([], { info: { title: 't: "quoted"', version: '1' } });
    const root = Fastify();
    await root.register(openApiDocs(document));
    const prefixed = Fastify();
    await prefixed.register(async (api) => api.register(openApiDocs(document, { routePrefix: '/ref' })), {
      prefix: '/api',
    });
    const [plain, under] = [
      await root.inject({ method: 'GET', url: '/docs/yaml' }),
      await prefixed.inject({ method: 'GET', url: '/api/ref/yaml' }),
    ];
    assert.deepEqual([under.statusCode, under.body], [200, plain.body]);
    assert.match(plain.body, /^openapi: "3\.1\.0"$/m);
    // The page's files are under the register prefix too, linked from either page.
    for (const pageUrl of ['/api/ref', '/api/ref/']) {
      const page = await prefixed.inject({ method: 'GET', url: pageUrl });
      const links = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => String(m[1]));
      assert.ok(links.length > 5, pageUrl);
      for (const link of links) {
        const url = new URL(link, `http://x${pageUrl}`).pathname;
        assert.equal((await prefixed.inject({ method: 'GET', url })).statusCode, 200, `${pageUrl} ${url}`);
      }
    }
    await Promise.all([root.close(), prefixed.close()]);
  });
});
