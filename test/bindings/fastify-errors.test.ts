import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { createGunzip, gzipSync } from 'node:zlib';
import Fastify, { type preParsingHookHandler } from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { clientErrorHandler, frameworkErrors, toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { APP_STATUS_ERRORS } from '../support/app-errors.ts';
import { type BindingForum, openBindingForum } from '../support/binding-forum.ts';
import { call } from '../support/forum-suite.ts';
import {
  assertFragmentHoldsNoQuery,
  assertLocationLeavesFragmentOut,
  assertRawProblem,
  rawRequest,
  TARGET_CASES,
} from '../support/raw-http.ts';

describe('the Fastify binding: validation messages', () => {
  let forum: BindingForum;
  before(async () => {
    forum = await openBindingForum();
  });
  after(() => forum.harness.close());

  test('formats and long patterns read as words, short patterns as themselves', async () => {
    const tags = new CRUDCollection({ ormAdapter: forum.harness.adapters.tag });
    const query = z.object({
      day: z.iso.date().optional(),
      at: z.iso.datetime({ offset: true }).optional(),
      id: z.uuid().optional(),
      code: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
      long: z
        .string()
        .regex(new RegExp(`^(?:${'a|'.repeat(60)}b)$`))
        .optional(),
    });
    tags.extra.collection.get('/check', { schema: { query } }, () => ({ ok: true }));
    const app = Fastify();
    await app.register(toFastify(tags.getRouter({ prefix: '/tags' })));
    const res = await call(app, 'GET', '/tags/check?day=31-01-2024&at=noon&id=42&code=abc&long=c');
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors, [
      { path: 'query.day', message: 'must be a date such as 2024-01-31' },
      { path: 'query.at', message: 'must be a date-time such as 2024-01-31T09:30:00Z' },
      { path: 'query.id', message: 'must be a UUID such as 0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d' },
      { path: 'query.code', message: 'must match the pattern ^[A-Z]{3}$' },
      { path: 'query.long', message: 'is not in the expected format' },
    ]);
    const ok = await call(app, 'GET', `/tags/check?day=2024-01-31&id=${crypto.randomUUID()}&code=ABC&long=b`);
    assert.equal(ok.status, 200);
    await app.close();
  });
});

describe('the Fastify binding: errors outside the routes are problems', () => {
  let forum: BindingForum;
  before(async () => {
    forum = await openBindingForum();
  });
  after(() => forum.harness.close());

  const isProblem = (res: { status: number; headers: Record<string, unknown>; body: unknown }, status: number) => {
    assert.equal(res.status, status);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal((res.body as { status: number }).status, status);
  };

  test('an unknown path is a 404 problem, with any number of routers, bodies and methods', async () => {
    const app = Fastify({ frameworkErrors, clientErrorHandler });
    for (const router of forum.routers()) await app.register(toFastify(router));
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/'],
      ['DELETE', '/tags/1/nope'],
      ['POST', '/nope?x=1'],
    ] as const) {
      const res = await call(app, method, url, method === 'POST' ? { a: 1 } : undefined);
      isProblem(res, 404);
      assert.equal(res.body.code, 'not_found');
    }
    const big = await call(app, 'POST', '/nope', { a: 'x'.repeat(2_000_000) });
    isProblem(big, 413);
    await app.close();
  });

  test('under a prefix the handler serves that prefix; an app keeps its own handler', async () => {
    const prefixed = Fastify();
    await prefixed.register(
      async (api) => {
        for (const router of forum.routers()) await api.register(toFastify(router));
      },
      { prefix: '/api' },
    );
    isProblem(await call(prefixed, 'GET', '/api/nope'), 404);
    assert.equal((await call(prefixed, 'GET', '/api/tags/1')).status, 200);
    await prefixed.close();

    const before = Fastify();
    before.setNotFoundHandler((_req, reply) => reply.code(404).send('mine'));
    for (const router of forum.routers()) await before.register(toFastify(router));
    assert.deepEqual([(await call(before, 'GET', '/nope')).body], ['mine']);
    await before.close();

    const opted = Fastify();
    for (const router of forum.routers()) await opted.register(toFastify(router, { notFound: false }));
    opted.setNotFoundHandler((_req, reply) => reply.code(404).send('mine too'));
    assert.deepEqual([(await call(opted, 'GET', '/nope')).body], ['mine too']);
    isProblem(await call(opted, 'GET', '/tags/999'), 404);
    await opted.close();
  });

  test("an app's hook error with a status is its problem, its message only when it is exposed", async () => {
    const logged: unknown[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
    app.addHook('onRequest', async (request) => {
      const found = APP_STATUS_ERRORS.find(({ name }) => name === request.headers['x-fail']);
      if (found) throw found.error();
    });
    for (const router of forum.routers()) await app.register(toFastify(router));
    for (const { name, problem } of APP_STATUS_ERRORS) {
      const res = await call(app, 'GET', '/tags', undefined, { 'x-fail': name });
      assert.deepEqual([res.status, res.body], [problem.status, { type: 'about:blank', ...problem }], name);
    }
    assert.equal(logged.length, 1);
    assert.match(String(logged[0]), /upstream SECRET/);
    await app.close();
  });

  test('a malformed URL is 400, an overlong path segment 414, an oversize body 413', async () => {
    const app = Fastify({ frameworkErrors, clientErrorHandler });
    for (const router of forum.routers()) await app.register(toFastify(router));
    for (const url of ['/tags/%E0%A4%A', '/ta%gs', '/tags/1%']) isProblem(await call(app, 'GET', url), 400);
    const long = await call(app, 'GET', `/tags/${'1'.repeat(200)}`);
    isProblem(long, 414);
    assert.equal(long.body.code, 'uri_too_long');
    isProblem(await call(app, 'POST', '/tags', { name: 'x'.repeat(2_000_000) }), 413);
    await app.close();
  });

  test('a body in a content coding is 415, unless a hook decoded it first (as @fastify/compress does)', async () => {
    // As @fastify/compress's decoder: a gunzip stream counting the coded bytes in `receivedEncodedLength`.
    const gunzip: preParsingHookHandler = (request, _reply, payload, done) => {
      if (request.headers['content-encoding'] !== 'gzip') return done(null, payload);
      const decoder = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
      payload.on('data', (chunk: Buffer) => {
        decoder.receivedEncodedLength += chunk.length;
      });
      done(null, payload.pipe(decoder));
    };
    const zipped = gzipSync('{"name":"unzipped"}');
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const plain = Fastify();
    for (const router of forum.routers()) await plain.register(toFastify(router));
    isProblem(await call(plain, 'POST', '/tags', zipped, headers), 415);
    const kept = await call(plain, 'POST', '/tags', { name: 'kept' });
    isProblem(await call(plain, 'DELETE', `/tags/${kept.body.id}`, zipped, headers), 415);
    assert.equal((await call(plain, 'GET', `/tags/${kept.body.id}`)).status, 200);
    await plain.close();
    // A hook that only wraps the body decodes nothing: the coding is still refused, though the counter sets
    // `receivedEncodedLength` as Fastify asks of any stream a preParsing hook returns.
    const counting = Fastify();
    counting.addHook('preParsing', (_request, _reply, payload, done) => {
      const counter = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
      payload.on('data', (chunk: Buffer) => {
        counter.receivedEncodedLength += chunk.length;
      });
      done(null, payload.pipe(counter));
    });
    for (const router of forum.routers()) await counting.register(toFastify(router));
    isProblem(await call(counting, 'POST', '/tags', zipped, headers), 415);
    isProblem(await call(counting, 'POST', '/tags', '{"name":"labelled"}', headers), 415);
    const counted = await call(counting, 'POST', '/tags', { name: 'counted' });
    assert.deepEqual([counted.status, counted.body.name], [201, 'counted']);
    assert.equal((await call(counting, 'GET', '/tags?name=labelled')).body.data.length, 0);
    await counting.close();
    // @fastify/compress puts its decoder first among each route's own preParsing hooks.
    const decoding = Fastify();
    decoding.addHook('onRoute', (route) => {
      route.preParsing = [gunzip, ...[route.preParsing ?? []].flat()];
    });
    for (const router of forum.routers()) await decoding.register(toFastify(router));
    const created = await call(decoding, 'POST', '/tags', zipped, headers);
    assert.deepEqual([created.status, created.body.name], [201, 'unzipped']);
    // A DELETE's body is read too, though its route takes none: decoded, as `express.json()` inflates it.
    const deleted = await call(decoding, 'DELETE', `/tags/${created.body.id}`, zipped, headers);
    assert.deepEqual([deleted.status, deleted.body.name], [200, 'unzipped']);
    await decoding.close();
  });

  test('through a listening server: 414 and 431 from the HTTP parser, 400 for bytes that are not HTTP', async () => {
    const app = Fastify({ frameworkErrors, clientErrorHandler });
    // The app's own hooks past onRequest see the query without the fragment's part, as the routes do.
    const seen: Record<string, unknown> = {};
    app.addHook('preValidation', async (request) => {
      seen[request.url] = { ...(request.query as object) };
    });
    for (const router of forum.routers()) await app.register(toFastify(router));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      const cases: [string, number, string][] = [
        [`GET /tags?name=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long'],
        [`GET /tags HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, 431, 'header_fields_too_large'],
        ['NOT HTTP AT ALL\r\n\r\n', 400, 'bad_request'],
        ['GET /ta%gs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'bad_request'],
        [`GET /tags/${'1'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414, 'uri_too_long'],
        ['GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404, 'not_found'],
      ];
      for (const [request, status, code, detail] of [...cases, ...TARGET_CASES]) {
        await assertRawProblem(port, request, status, code, detail);
      }
      await assertLocationLeavesFragmentOut(port, 'fragment');
      await assertFragmentHoldsNoQuery(port);
      // What find-my-way takes for no URL, each with its own detail.
      for (const [target, detail] of [
        ['http:///tags', 'The request target is no valid URL'],
        ['http://h/ta%gs#x', 'The URL is malformed (an invalid percent-encoding)'],
        ['http://h/tags?per_page=1#x', 'The request target is no valid URL'],
      ]) {
        const refused = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        assert.deepEqual([refused.status, (refused.body as { detail: string }).detail], [400, detail], target);
      }
      assert.deepEqual([seen['/tags#per_page=1'], seen['/tags?per_page=1#&per_page=2']], [{}, { per_page: '1' }]);
      // An absolute-form target: the Location names the path only, never the host the client wrote.
      const body = '{"name":"absolute"}';
      const absolute = await rawRequest(
        port,
        `POST https://evil.example:8443/tags?x=1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      assert.deepEqual(
        [absolute.status, absolute.headers.location],
        [201, `/tags/${(absolute.body as { id: number }).id}`],
      );
    } finally {
      await app.close();
    }
  });
});
