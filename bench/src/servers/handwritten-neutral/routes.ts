/**
 * The hand-written forum routes with no framework in them, for the Hono and
 * Express peers: the same prepared queries, JSON Schemas, Ajv settings,
 * fast-json-stringify serializers and problem bodies as the hand-written
 * Fastify server, so the three answer byte for byte alike and differ only in
 * the framework under them.
 */
import type { ValidateFunction } from 'ajv';
import fastJson from 'fast-json-stringify';
import * as s from '../handwritten/json-schemas.ts';
import { INTEGER_MESSAGE } from '../handwritten/problems.ts';
import type { ForumQueries, PostSort, Row } from '../handwritten/queries.ts';
import { ajv } from '../handwritten/validators.ts';

const strings = ajv('array');
const json = ajv(false);

/** A response: status and serialised body. */
export interface Answer {
  readonly status: number;
  readonly type: string;
  readonly body: string;
}

/** One route: where, and what it answers for the raw path params, query object and parsed body. */
export interface NeutralRoute {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  handle(params: Record<string, unknown>, query: Record<string, unknown>, body: unknown): Promise<Answer>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
const problem = (status: number, title: string, detail: string, extra = {}): Answer => ({
  status,
  type: PROBLEM_TYPE,
  body: JSON.stringify({ type: 'about:blank', title, status, detail, ...extra }),
});
const notFound = problem(404, 'Not Found', 'Not found', { code: 'not_found' });

/** Throws the 422 of failed validation, as the Fastify server's problem handler words it. */
class Invalid extends Error {
  constructor(readonly answer: Answer) {
    super('invalid');
  }
}
function check(validate: ValidateFunction, data: unknown, part: string): void {
  if (validate(data)) return;
  const errors = (validate.errors ?? []).map((v) => {
    const segments = v.instancePath.split('/').filter(Boolean);
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    if (missing) segments.push(missing);
    const integer = v.keyword === 'type' && (v.params as { type?: unknown }).type === 'integer';
    return { path: [part, ...segments].join('.'), message: integer ? INTEGER_MESSAGE : (v.message ?? 'invalid') };
  });
  const paths = [...new Set(errors.map((e) => e.path))].join(', ');
  throw new Invalid(problem(422, 'Unprocessable Content', `Invalid ${paths}`, { code: 'validation_failed', errors }));
}

interface Spec {
  params?: object;
  query?: object;
  body?: object;
  response: object;
  status?: number;
}

/** A route whose inputs are validated and whose result is serialised from its schemas; `undefined` is a 404. */
function route(
  method: NeutralRoute['method'],
  path: string,
  spec: Spec,
  run: (params: Row, query: Row, body: Row) => Promise<unknown>,
): NeutralRoute {
  const params = spec.params && strings.compile(spec.params);
  const query = spec.query && strings.compile(spec.query);
  const body = spec.body && json.compile(spec.body);
  const serialize = fastJson(spec.response as Parameters<typeof fastJson>[0]);
  const status = spec.status ?? 200;
  return {
    method,
    path,
    async handle(p, q, b) {
      try {
        if (params) check(params, p, 'path');
        if (body) check(body, b ?? null, 'body');
        if (query) check(query, q, 'query');
      } catch (error) {
        if (error instanceof Invalid) return error.answer;
        throw error;
      }
      const result = await run(p as Row, q as Row, (b ?? {}) as Row);
      return result === undefined ? notFound : { status, type: JSON_TYPE, body: serialize(result) };
    },
  };
}

const pageArgs = (q: Row) => ({
  limit: q.per_page as number,
  offset: ((q.page as number) - 1) * (q.per_page as number),
});

export function neutralRoutes(q: ForumQueries): NeutralRoute[] {
  return [
    route('GET', '/posts/:post_id', { params: s.params.post, response: s.postOut }, (p) =>
      q.postById(p.post_id as number),
    ),
    route(
      'GET',
      '/categories/:category_id/threads/:thread_id/posts/:post_id',
      { params: s.params.nestedPost, response: s.postOut },
      (p) => q.nestedPost(p.category_id as number, p.thread_id as number, p.post_id as number),
    ),
    route(
      'GET',
      '/threads',
      { query: { type: 'object', properties: s.pageQuery }, response: s.pageOf(s.threadOut) },
      async (_, query) => {
        const [data, count] = await Promise.all([q.threadPage(pageArgs(query)), q.threadCount()]);
        return { page: query.page, per_page: query.per_page, count, data };
      },
    ),
    route('GET', '/posts', { query: s.postListQuery, response: s.pageOf(s.postOut) }, async (_, query) => {
      const { thread_id, sort } = query as { thread_id?: number; sort?: string };
      const direction: PostSort = sort === undefined ? undefined : sort.endsWith(':desc') ? 'desc' : 'asc';
      const [data, count] = await Promise.all([
        q.postPage(thread_id, direction, pageArgs(query)),
        q.postCount(thread_id),
      ]);
      return { page: query.page, per_page: query.per_page, count, data };
    }),
    route('GET', '/categories', { query: s.categoryListQuery, response: s.pageOf(s.categoryOut) }, async (_, query) => {
      const [data, count] = await Promise.all([q.categoryPage(pageArgs(query)), q.categoryCount()]);
      if (query.include === 'threads' && data.length > 0) {
        const byCategory = new Map<unknown, Row[]>();
        for (const c of data) {
          const threads: Row[] = [];
          c.threads = threads;
          byCategory.set(c.id, threads);
        }
        for (const t of await q.threadsOfCategories(data.map((c) => c.id as number)))
          byCategory.get(t.category_id)?.push(t);
      }
      return { page: query.page, per_page: query.per_page, count, data };
    }),
    route('POST', '/posts', { body: s.postCreate, response: s.postOut, status: 201 }, (_, __, b) => {
      const { thread_id, author_id = null, slug } = b as { thread_id: number; author_id?: number | null; slug: string };
      return q.insertPost({ thread_id, author_id, slug });
    }),
    route(
      'PATCH',
      '/threads/:thread_id',
      { params: s.params.thread, body: s.threadUpdate, response: { type: 'null' } },
      async (p, _, b) => ((await q.updateThread(p.thread_id as number, b)) ? null : undefined),
    ),
    route('DELETE', '/posts/:post_id', { params: s.params.post, response: s.postOut }, (p) =>
      q.deletePost(p.post_id as number),
    ),
  ];
}
