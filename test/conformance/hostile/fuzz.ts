/**
 * Property-based fuzzing of the whole forum, driven by its own OpenAPI
 * document: random valid and hostile requests on every operation, on every
 * ORM × database. Invariants: no 5xx; every 4xx is problem+json; a failed
 * write changes no row; a create or patch reads back exactly through get;
 * every response has a documented status and matches its documented schema.
 *
 * `FUZZ_RUNS` sets the requests per target (default 100), `FUZZ_SEED` the
 * seed (default: fixed per target, so a run is reproducible).
 */
import assert from 'node:assert/strict';
import { before, type TestContext, test } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { ForumSuite, Reply } from '../../support/forum-suite.ts';
import { fillPath, forumOpenApi, type Operation, operationsOf, type Schema } from '../../support/openapi.ts';
import { type FuzzRequest, hasNulByte, requestFor, urlOf } from '../../support/request-arbitraries.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const NUL_RUNS = Math.max(10, Math.round(RUNS / 6));

/** The tables of the forum with their key columns, for a snapshot of every row. */
const TABLES: Record<string, string[]> = {
  user: ['id'],
  category: ['id'],
  thread: ['id'],
  post: ['id'],
  tag: ['id'],
  post_translation: ['post_id', 'language'],
  post_translation_tag: ['post_id', 'language', 'tag_id'],
};

const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new Map<Schema, ValidateFunction>();
const validatorOf = (schema: Schema) => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
};

const seedOf = (name: string) =>
  process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** The figures a run reports. */
interface Figures {
  inputs: number;
  requests: number;
  readonly statuses: Map<number, number>;
}

/** The request and its reply, short enough for an assertion message. */
const show = (request: FuzzRequest, res: Reply) => {
  const body = request.body && ('json' in request.body ? JSON.stringify(request.body.json) : request.body.raw);
  const reply = JSON.stringify(res.body) ?? '';
  return `${request.op.method} ${urlOf(request).slice(0, 200)} as ${request.authorization} body ${body?.slice(0, 200)} -> ${res.status} ${reply.slice(0, 300)}`;
};

function fuzzer(s: ForumSuite) {
  let ops: Operation[] = [];
  const load = async () => {
    ops = operationsOf(forumOpenApi(s.harness.adapters));
  };

  const snapshot = async () => {
    const tables: unknown[] = [];
    for (const [table, keys] of Object.entries(TABLES)) {
      const order = keys.map((k) => `"${k}"`).join(', ');
      tables.push(await s.harness.sql(`SELECT * FROM "${table}" ORDER BY ${order}`));
    }
    return JSON.stringify(tables);
  };

  const send = async (figures: Figures, method: string, url: string, body?: FuzzRequest['body'], auth?: string) => {
    const headers: Record<string, string> = {};
    if (auth) headers.authorization = auth;
    let payload: string | undefined;
    if (body) {
      payload = 'json' in body ? JSON.stringify(body.json) : body.raw;
      headers['content-type'] = 'application/json';
    }
    figures.requests += 1;
    const res = await s.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined && { payload }),
    });
    figures.statuses.set(res.statusCode, (figures.statuses.get(res.statusCode) ?? 0) + 1);
    const type = String(res.headers['content-type'] ?? '');
    const parsed = res.body && type.includes('json') ? JSON.parse(res.body) : res.body;
    return { status: res.statusCode, headers: res.headers, body: parsed } as Reply;
  };

  /** The GET operation of the single object a collection operation creates into. */
  const itemOf = (op: Operation) =>
    ops.find(
      (o) => o.method === 'GET' && o.path.startsWith(op.path) && /^(\/\{[^}]+\})+$/.test(o.path.slice(op.path.length)),
    );

  /** A path parameter's value from a row: `post_translation_language` is the row's `language`. */
  const fromRow = (row: Record<string, unknown>, param: string) => {
    const parts = param.split('_');
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('_');
      if (key in row) return String(row[key]);
    }
    return undefined;
  };

  async function check(request: FuzzRequest, figures: Figures): Promise<void> {
    figures.inputs += 1;
    const { op } = request;
    const url = urlOf(request);
    const writes = op.method !== 'GET';
    const before = writes ? await snapshot() : '';
    const res = await send(figures, op.method, url, request.body, request.authorization);
    const what = show(request, res);
    assert.ok(res.status < 500, `5xx: ${what}`);
    if (res.status >= 400) {
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/, `not a problem: ${what}`);
      // `4XX` documents the refusals of no one operation (a malformed URL or query).
      assert.ok(String(res.status) in op.responses || '4XX' in op.responses, `undocumented status: ${what}`);
      const problem = op.responses[String(res.status)] ?? op.responses['4XX'];
      if (problem) assert.ok(validatorOf(problem)(res.body), `problem off its schema: ${what}`);
      assert.equal(res.body.status, res.status, what);
      if (writes) assert.equal(await snapshot(), before, `a failed write changed rows: ${what}`);
      return;
    }
    assert.ok(String(res.status) in op.responses, `undocumented status: ${what}`);
    const schema = op.responses[String(res.status)];
    if (schema) {
      const validate = validatorOf(schema);
      assert.ok(validate(res.body), `response off its schema (${ajv.errorsText(validate.errors)}): ${what}`);
    }
    const sent = request.body && 'json' in request.body ? (request.body.json as Record<string, unknown>) : undefined;
    const documented = (key: string) => Boolean(op.body?.properties?.[key]);
    if (op.method === 'POST' && res.status === 201) {
      const item = itemOf(op);
      if (!item) return;
      const values: Record<string, string> = { ...request.pathValues };
      for (const param of item.pathParams) values[param.name] ??= fromRow(res.body, param.name) ?? '';
      const url = fillPath(item.path, values);
      const got = await send(figures, 'GET', url, undefined, request.authorization);
      assert.deepEqual([got.status, got.body], [200, res.body], `create does not read back: ${what}`);
      for (const [key, value] of Object.entries(sent ?? {}))
        if (documented(key) && key in res.body) assert.deepEqual(res.body[key], value, `${key} changed: ${what}`);
    }
    if (op.method === 'PATCH' && res.status === 200) {
      const got = await send(figures, 'GET', url.split('?')[0] as string, undefined, request.authorization);
      assert.equal(got.status, 200, `patched row gone: ${what}`);
      for (const [key, value] of Object.entries(sent ?? {}))
        if (documented(key) && key in got.body) assert.deepEqual(got.body[key], value, `${key} not stored: ${what}`);
    }
    if (op.method === 'DELETE' && res.status === 200) {
      const got = await send(figures, 'GET', url.split('?')[0] as string, undefined, request.authorization);
      assert.equal(got.status, 404, `deleted row still there: ${what}`);
    }
  }

  /** Runs the property over the requests `keep` accepts. */
  async function run(t: TestContext, runs: number, keep: (request: FuzzRequest) => boolean, seed: number) {
    const figures: Figures = { inputs: 0, requests: 0, statuses: new Map() };
    const requests = fc
      .constantFrom(...ops)
      .chain(requestFor)
      .filter(keep);
    try {
      await fc.assert(
        fc.asyncProperty(requests, (request) => check(request, figures)),
        { numRuns: runs, seed, endOnFailure: true, includeErrorInReport: true },
      );
    } finally {
      const statuses = [...figures.statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`);
      t.diagnostic(
        `${s.target.name}: ${figures.inputs} inputs tried, ${figures.requests} requests sent over ${ops.length} operations (seed ${seed}); statuses ${statuses.join(' ')}`,
      );
    }
  }

  return { load, run };
}

/** The forum under fuzzing, driven by its OpenAPI document. */
export function fuzzing(s: ForumSuite): void {
  const fuzz = fuzzer(s);
  before(() => fuzz.load());

  // Fastify runs the full count; Hono and Express, whose answers the transcript test diffs against it, a quarter.
  const runs = s.framework === 'fastify' ? RUNS : Math.max(10, Math.round(RUNS / 4));
  test('no 5xx; 4xx are problems; failed writes change nothing; writes read back; responses as documented', (t) =>
    fuzz.run(t, runs, () => true, seedOf(s.target.name)));

  // U+0000 is rare among random inputs: requests carrying one get runs of their own.
  test('the same invariants for inputs with a NUL byte', (t) =>
    fuzz.run(
      t,
      s.framework === 'fastify' ? NUL_RUNS : Math.max(5, Math.round(NUL_RUNS / 4)),
      hasNulByte,
      seedOf(`${s.target.name} NUL`),
    ));
}
