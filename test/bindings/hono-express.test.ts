/**
 * Hono and Express behind a listening Node server: what never reaches a route
 * (Node's parser refusals through `ormcrud/node`, unknown paths, malformed
 * URLs, overlong segments, oversize bodies) is a problem, as on Fastify; their
 * docs work under a path; and Hono's app answers through the web-standard
 * `fetch` alone, without Node's HTTP server.
 */
import assert from 'node:assert/strict';
import { createServer, type RequestListener } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { inject } from 'light-my-request';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import {
  openApiDocs as expressDocs,
  notFoundHandler as expressNotFound,
  problemErrorHandler,
  type ToExpressOptions,
  toExpress,
} from 'ormcrud/express';
import {
  openApiDocs as honoDocs,
  notFoundHandler as honoNotFound,
  requestErrorHandler,
  type ToHonoOptions,
  toHono,
} from 'ormcrud/hono';
import { clientErrorHandler } from 'ormcrud/node';
import { parse } from 'yaml';
import { APP_STATUS_ERRORS } from '../support/app-errors.ts';
import { type BindingForum, openBindingForum } from '../support/binding-forum.ts';
import {
  assertFragmentHoldsNoQuery,
  assertLocationLeavesFragmentOut,
  assertRawProblem,
  rawRequest,
  TARGET_CASES,
} from '../support/raw-http.ts';

/** Headers and body of a JSON request sent in chunks of 1000 characters, without a `Content-Length`. */
function chunkedJson(body: string): string {
  const chunks = body.match(/[\s\S]{1,1000}/g) ?? [];
  const framed = chunks.map((chunk) => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
  return `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${framed}0\r\n\r\n`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

describe('Hono and Express: errors outside the routes are problems', () => {
  let forum: BindingForum;
  before(async () => {
    forum = await openBindingForum();
  });
  after(() => forum.harness.close());

  const hono = (options: ToHonoOptions = {}) => {
    const app = new Hono();
    for (const router of forum.routers()) app.route('/', toHono(router, options));
    app.notFound(honoNotFound());
    return app;
  };
  const listeners: Record<string, (options?: ToExpressOptions) => RequestListener> = {
    hono: (options) => getRequestListener(hono(options).fetch, { errorHandler: requestErrorHandler() }),
    express: (options) => {
      const app = express();
      for (const router of forum.routers()) app.use(toExpress(router, options));
      app.use(expressNotFound());
      return app;
    },
  };

  for (const [framework, listener] of Object.entries(listeners)) {
    test(`${framework}: 414, 431, 400, 404 and 413 through a listening server`, async () => {
      const server = createServer(listener()).on('clientError', clientErrorHandler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const big = JSON.stringify({ name: 'x'.repeat(2_000_000) });
      try {
        const cases: [string, number, string][] = [
          [`GET /tags?name=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long'],
          [`GET /tags HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, 431, 'header_fields_too_large'],
          ['NOT HTTP AT ALL\r\n\r\n', 400, 'bad_request'],
          ['GET /ta%gs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'bad_request'],
          ['GET /tags/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'bad_request'],
          [`GET /tags/${'1'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414, 'uri_too_long'],
          ['GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404, 'not_found'],
          [
            `POST /tags HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
            413,
            'payload_too_large',
          ],
          // No declared length: the body is read chunk by chunk and refused once past the limit.
          [`POST /tags HTTP/1.1\r\nHost: x\r\n${chunkedJson(big)}`, 413, 'payload_too_large'],
          [`POST /tags HTTP/1.1\r\nHost: x\r\n${chunkedJson('{"name":')}`, 422, 'validation_failed'],
        ];
        const created = await rawRequest(
          port,
          `POST /tags HTTP/1.1\r\nHost: x\r\n${chunkedJson(`{"name":"${framework}"}`)}`,
        );
        assert.deepEqual([created.status, (created.body as { name: string }).name], [201, framework]);
        // An absolute-form target: the Location names the path only, never the host the client wrote.
        const absolute = await rawRequest(
          port,
          `POST http://evil.example/tags HTTP/1.1\r\nHost: x\r\n${chunkedJson(`{"name":"${framework}-abs"}`)}`,
        );
        assert.deepEqual(
          [absolute.status, absolute.headers.location],
          [201, `/tags/${(absolute.body as { id: number }).id}`],
        );
        for (const [request, status, code, detail] of [...cases, ...TARGET_CASES]) {
          await assertRawProblem(port, request, status, code, detail);
        }
        await assertLocationLeavesFragmentOut(port, `${framework}-fragment`);
        await assertFragmentHoldsNoQuery(port);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }

  test('express: an error after the response started is logged through the log given and cuts the response', async () => {
    const errors: { message?: string }[] = [];
    const app = express().get('/started', (_req, res, next) => {
      res.write('partial');
      next(new Error('after the headers'));
    });
    // Express's own final handler would print the stack to stderr, past the app's log.
    app.use(problemErrorHandler({ log: (error) => errors.push(error) }));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = await rawRequest(port, 'GET /started HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => server.close(resolve));
    // Cut off: the chunked body never gets its last, empty chunk.
    assert.deepEqual([started.status, started.body], [200, '7\r\npartial\r\n']);
    assert.deepEqual(
      errors.map((error) => error.message),
      ['after the headers'],
    );
  });

  // Before any `inject` into an Express app: light-my-request gives Express's shared prototypes its own.
  const webRequest = (options?: ToExpressOptions) => {
    const app = hono(options); // reached with the web `Request` alone, as on a runtime other than Node
    return getRequestListener((request) => app.fetch(request), { errorHandler: requestErrorHandler() });
  };
  for (const [framework, listener] of Object.entries({ ...listeners, 'hono (web Request)': webRequest })) {
    test(`${framework}: a body the client breaks off is its fault, never logged as a server error`, async () => {
      const errors: unknown[] = [];
      const server = createServer(listener({ log: (error) => errors.push(error) }));
      const closed = new Promise((resolve) => server.on('request', (_req, res) => res.on('close', resolve)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1').on('error', () => {});
      // Ten bytes of the fifty announced, then the socket closes.
      socket.write(
        'POST /tags HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"name":"x',
      );
      setTimeout(() => socket.destroy(), 50);
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => server.close(resolve));
      assert.deepEqual(errors, []);
    });
  }

  test('a body read first by the app (express.json(), c.req.json()) is taken as read, never a hang', async () => {
    const honoApp = new Hono();
    honoApp.use(async (c, next) => {
      await c.req.json().catch(() => undefined);
      await next();
    });
    for (const router of forum.routers()) honoApp.route('/', toHono(router));
    honoApp.notFound(honoNotFound());
    const expressApp = express().use(express.json());
    for (const router of forum.routers()) expressApp.use(toExpress(router));
    expressApp.use(expressNotFound());
    for (const [name, listener] of [
      ['hono', getRequestListener(honoApp.fetch)],
      ['express', expressApp],
    ] as const) {
      const post = (url: string, body: string) =>
        inject(listener, { method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
      const created = await post('/tags', JSON.stringify({ name: `read-first-${name}` }));
      assert.deepEqual([created.statusCode, created.json().name], [201, `read-first-${name}`]);
      assert.equal((await post('/nope', '{}')).statusCode, 404);
      const refused = await post('/tags', '{"__proto__":{"x":1},"name":"p"}');
      assert.equal(refused.statusCode, 422);
    }
    // `express.json()` inflates a gzip body: the JSON it parsed is taken; Hono's `c.req.json()` does not.
    const zipped = gzipSync(JSON.stringify({ name: 'inflated' }));
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const inflated = await inject(expressApp, { method: 'POST', url: '/tags', payload: zipped, headers });
    assert.deepEqual([inflated.statusCode, inflated.json().name], [201, 'inflated']);
    // A DELETE's body is read and inflated too, though its route takes none: the row is looked for.
    const deleted = await inject(expressApp, { method: 'DELETE', url: '/tags/999', payload: zipped, headers });
    assert.deepEqual([deleted.statusCode, deleted.json().code], [404, 'not_found']);
    const honoZipped = await inject(getRequestListener(honoApp.fetch), {
      method: 'POST',
      url: '/tags',
      payload: zipped,
      headers,
    });
    assert.deepEqual([honoZipped.statusCode, honoZipped.json().code], [415, 'unsupported_media_type']);
  });

  test('a number express.json() read as Infinity is refused as sent, never as the null JSON.stringify makes', async () => {
    const posts = () => new CRUDCollection({ ormAdapter: forum.harness.adapters.post }).getRouter({ prefix: '/posts' });
    const [parsing, own] = [express().use(express.json()).use(toExpress(posts())), express().use(toExpress(posts()))];
    for (const thread of ['1e400', '-1e400', '[1e400]']) {
      const payload = `{"thread_id":${thread},"slug":"infinite"}`;
      const post = (app: express.Express) =>
        inject(app, { method: 'POST', url: '/posts', payload, headers: JSON_HEADERS });
      const [parsed, read] = [await post(parsing), await post(own)];
      assert.deepEqual([parsed.statusCode, parsed.json().code], [422, 'validation_failed'], payload);
      assert.equal(parsed.body, read.body, payload);
    }
  });

  test("express.json()'s errors are the problems the router gives for the same body, with problemErrorHandler", async () => {
    const errors: unknown[] = [];
    const log = (error: unknown) => errors.push(error);
    const parsing = express().use(express.json());
    parsing.use('/refused', (_req, _res, next) =>
      next(Object.assign(new Error('Not yours'), { status: 403, expose: true })),
    );
    parsing.use('/broken', () => {
      throw new Error('SELECT secret FROM users');
    });
    const own = express();
    for (const app of [parsing, own]) {
      for (const router of forum.routers()) app.use(toExpress(router, { log }));
      app.use(expressNotFound(), problemErrorHandler({ log }));
    }
    const post = (app: express.Express, payload: string | Buffer, headers: Record<string, string> = {}) =>
      inject(app, {
        method: 'POST',
        url: '/tags',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    for (const [payload, headers, status, code] of [
      ['{"name":', {}, 422, 'validation_failed'],
      ['{"name": x}', {}, 422, 'validation_failed'],
      ['{"name":"latin"}', { 'content-type': 'application/json; charset=latin1' }, 415, 'unsupported_media_type'],
      ['{"name":"packed"}', { 'content-encoding': 'compress' }, 415, 'unsupported_media_type'],
    ] as const) {
      const [parsed, read] = [await post(parsing, payload, headers), await post(own, payload, headers)];
      assert.deepEqual([parsed.statusCode, parsed.json().code], [status, code], payload);
      assert.equal(parsed.headers['content-type'], PROBLEM_TYPE);
      assert.equal(parsed.body, read.body, payload);
    }
    // What express.json() alone refuses: a body past its 100 KB limit, a top-level string, plain text labelled gzip.
    for (const [payload, headers, status, code] of [
      [JSON.stringify({ name: 'x'.repeat(200_000) }), {}, 413, 'payload_too_large'],
      ['"just text"', {}, 422, 'validation_failed'],
      ['{"name":"labelled"}', { 'content-encoding': 'gzip' }, 400, 'bad_request'],
    ] as const) {
      const res = await post(parsing, payload, headers);
      assert.deepEqual([res.statusCode, res.json().code], [status, code], payload);
      assert.equal(res.headers['content-type'], PROBLEM_TYPE);
    }
    assert.equal((await inject(parsing, { method: 'GET', url: '/tags?name=labelled' })).json().data.length, 0);
    // An app's own error: its 4xx as a problem, anything else an opaque, logged 500.
    const refused = await inject(parsing, { method: 'GET', url: '/refused' });
    assert.deepEqual([refused.statusCode, refused.json().detail], [403, 'Not yours']);
    assert.equal(errors.length, 0);
    const broken = await inject(parsing, { method: 'GET', url: '/broken' });
    assert.deepEqual([broken.statusCode, broken.json().code], [500, 'internal']);
    assert.doesNotMatch(broken.body, /secret/);
    assert.equal(errors.length, 1);
  });

  test("express: an app's error with a status is its problem, its message only when it is exposed", async () => {
    const errors: { message?: string }[] = [];
    const log = (error: { message?: string }) => errors.push(error);
    const app = express();
    app.use((req, _res, next) => next(APP_STATUS_ERRORS.find(({ name }) => name === req.headers['x-fail'])?.error()));
    app.get('/bare', (_req, _res, next) => next({ status: 403 }));
    for (const router of forum.routers()) app.use(toExpress(router, { log }));
    app.use(expressNotFound(), problemErrorHandler({ log }));
    for (const { name, problem } of APP_STATUS_ERRORS) {
      const res = await inject(app, { method: 'GET', url: '/tags', headers: { 'x-fail': name } });
      assert.deepEqual([res.statusCode, res.json()], [problem.status, { type: 'about:blank', ...problem }], name);
      assert.doesNotMatch(res.body, /SECRET/, name);
    }
    assert.deepEqual(
      errors.map((error) => error.message),
      ['upstream SECRET'],
    );
    const bare = await inject(app, { method: 'GET', url: '/bare' });
    assert.deepEqual([bare.statusCode, bare.json().detail], [403, 'Forbidden']);
  });

  test('a body something else read to its end is a logged 500, not a request left hanging', async () => {
    const errors: unknown[] = [];
    const app = express().use((req, _res, next) => {
      req.resume();
      req.once('end', () => next());
    });
    for (const router of forum.routers()) app.use(toExpress(router, { log: (error) => errors.push(error) }));
    const res = await inject(app, {
      method: 'POST',
      url: '/tags',
      payload: '{"name":"gone"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 500);
    assert.match(String((errors[0] as { message?: string })?.message), /read before ormcrud/);
  });

  test('docs mounted under a path link their Swagger UI files and document relative to the page, and serve YAML', async () => {
    const document = createOpenApiDocument(forum.routers(), { info: { title: 'Forum', version: '1' } });
    const honoApp = new Hono().route('/api', honoDocs(document));
    honoApp.notFound(honoNotFound());
    const expressApp = express().use('/api', expressDocs(document)).use(expressNotFound());
    for (const listener of [getRequestListener(honoApp.fetch), expressApp]) {
      const get = (url: string) => inject(listener, { method: 'GET', url });
      for (const pageUrl of ['/api/docs', '/api/docs/']) {
        const page = await get(pageUrl);
        assert.equal(page.statusCode, 200, pageUrl);
        const links = [...page.body.matchAll(/(?:href|src)="([^"]+)"|url: "([^"]+)"/g)].map((m) => m[1] ?? m[2]);
        assert.equal(links.length, 6);
        for (const url of [pageUrl, ...links.map((link) => new URL(String(link), `http://x${pageUrl}`).pathname)]) {
          const [full, head] = [await get(url), await inject(listener, { method: 'HEAD', url })];
          assert.equal(full.statusCode, 200, url);
          assert.deepEqual([head.statusCode, head.headers['content-length']], [200, String(full.rawPayload.length)]);
        }
        const options = await inject(listener, { method: 'OPTIONS', url: pageUrl });
        assert.deepEqual([options.statusCode, options.json().code], [404, 'not_found']);
      }
      // The document as YAML too, as Fastify's docs serve it, with its length on a HEAD.
      const [yaml, head] = [
        await get('/api/docs/yaml'),
        await inject(listener, { method: 'HEAD', url: '/api/docs/yaml' }),
      ];
      assert.deepEqual([yaml.statusCode, yaml.headers['content-type']], [200, 'application/yaml']);
      assert.deepEqual(parse(yaml.body), JSON.parse(JSON.stringify(document)));
      assert.deepEqual([head.statusCode, head.headers['content-length']], [200, String(yaml.rawPayload.length)]);
      // A file name Express cannot decode is a problem, not its HTML page with a stack trace.
      const malformed = await get('/api/docs/%E0');
      assert.equal(malformed.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.doesNotMatch(malformed.body, /URIError|at /);
    }
  });

  test('hono: the app answers web-standard Requests through fetch, with no Node server', async () => {
    const app = hono();
    const list = await app.fetch(new Request('http://x/tags?sort=id'));
    assert.equal(list.status, 200);
    const { count } = (await list.json()) as { count: number };
    const created = await app.fetch(
      new Request('http://x/tags/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"web"}',
      }),
    );
    assert.deepEqual([created.status, created.headers.get('location')], [201, `/tags/${count + 1}`]);
    const bad = await app.fetch(
      new Request('http://x/tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{}}',
      }),
    );
    assert.equal(bad.status, 422);
    assert.match(((await bad.json()) as { errors: { message: string }[] }).errors[0]?.message ?? '', /__proto__/);
    const head = await app.fetch(new Request('http://x/tags/1', { method: 'HEAD' }));
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const options = await app.fetch(new Request('http://x/tags/1', { method: 'OPTIONS' }));
    assert.deepEqual([options.status, options.headers.get('allow')], [204, 'GET, HEAD, PATCH, DELETE, OPTIONS']);
    assert.equal((await app.fetch(new Request('http://x/nope'))).status, 404);
  });
});
