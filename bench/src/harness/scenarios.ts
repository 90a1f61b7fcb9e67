/**
 * The eight operations, as the request each server's wire format needs for
 * the i-th call. Ids come from a fixed pseudo-random sequence, so every server
 * gets the same requests in the same order.
 */
import { chainOfPost, SIZES } from '../db/forum-sql.ts';

export const SCENARIOS = [
  'get-one',
  'list',
  'list-filtered',
  'list-include',
  'nested-get',
  'create',
  'patch',
  'delete',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_LABELS: Record<Scenario, string> = {
  'get-one': 'get one post by id',
  list: 'list threads, page of 20',
  'list-filtered': 'list posts of a thread, sorted by created_at desc',
  'list-include': 'list categories, page of 20, include threads (400 rows)',
  'nested-get': 'get post 3 levels deep',
  create: 'create post',
  patch: 'patch thread title',
  delete: 'delete post (rows made by the bench)',
};

/** The wire formats: ormcrud's (hand-written servers copy it), Platformatic DB's, @dataui/crud's. */
export type Dialect = 'crud' | 'platformatic' | 'nest';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** What a scenario needs beyond the sequence number. */
export interface ScenarioContext {
  /** Unique per server and run, for the slugs of created rows. */
  tag: string;
  /** Ids of rows inserted for the delete scenario, consumed in order. */
  deleteIds?: { first: number; last: number };
}

/** A fixed permutation-like walk over 1..n. */
export const pick = (i: number, n: number, salt = 0): number => ((i * 7919 + salt * 104_729) % n) + 1;

/** Builds request `i` of a scenario. */
export type Builder = (i: number, ctx: ScenarioContext) => BenchRequest;

/** Past the prepared rows the id no longer exists: the 404s then show up as non-2xx responses. */
const deleteId = (i: number, ctx: ScenarioContext): number => (ctx.deleteIds?.first ?? 1) + i;

const crud: Record<Scenario, Builder> = {
  'get-one': (i) => ({ method: 'GET', path: `/posts/${pick(i, SIZES.post)}` }),
  list: (i) => ({ method: 'GET', path: `/threads?page=${pick(i, 50)}&per_page=20` }),
  'list-filtered': (i) => ({
    method: 'GET',
    path: `/posts?page=1&per_page=20&thread_id=${pick(i, SIZES.thread)}&sort=created_at:desc`,
  }),
  'list-include': (i) => ({ method: 'GET', path: `/categories?page=${pick(i, 50)}&per_page=20&include=threads` }),
  'nested-get': (i) => {
    const c = chainOfPost(pick(i, SIZES.post));
    return { method: 'GET', path: `/categories/${c.categoryId}/threads/${c.threadId}/posts/${c.postId}` };
  },
  create: (i, ctx) => ({
    method: 'POST',
    path: '/posts',
    body: { thread_id: pick(i, SIZES.thread), author_id: pick(i, SIZES.user, 1), slug: `${ctx.tag}-${i}` },
  }),
  patch: (i) => {
    const id = pick(i, SIZES.thread);
    return { method: 'PATCH', path: `/threads/${id}`, body: { title: `Thread ${id}` } };
  },
  delete: (i, ctx) => ({ method: 'DELETE', path: `/posts/${deleteId(i, ctx)}` }),
};

/** Platformatic DB names routes after the (singular) tables and camelCases columns; includes go through GraphQL. */
const categoriesWithThreads = (offset: number) =>
  `{ category(limit: 20, offset: ${offset}, orderBy: [{ field: id, direction: ASC }]) ` +
  '{ id name createdAt updatedAt thread { id title } } countCategory { total } }';

const platformatic: Partial<Record<Scenario, Builder>> = {
  'get-one': (i) => ({ method: 'GET', path: `/post/${pick(i, SIZES.post)}` }),
  list: (i) => ({ method: 'GET', path: `/thread/?limit=20&offset=${(pick(i, 50) - 1) * 20}&totalCount=true` }),
  'list-filtered': (i) => ({
    method: 'GET',
    path: `/post/?limit=20&offset=0&totalCount=true&where.threadId.eq=${pick(i, SIZES.thread)}&orderby.createdAt=desc`,
  }),
  'list-include': (i) => ({
    method: 'POST',
    path: '/graphql',
    body: { query: categoriesWithThreads((pick(i, 50) - 1) * 20) },
  }),
  create: (i, ctx) => ({
    method: 'POST',
    path: '/post/',
    body: { threadId: pick(i, SIZES.thread), authorId: pick(i, SIZES.user, 1), slug: `${ctx.tag}-${i}` },
  }),
  patch: (i) => {
    const id = pick(i, SIZES.thread);
    const categoryId = ((id - 1) % SIZES.category) + 1;
    return { method: 'PUT', path: `/thread/${id}`, body: { categoryId, title: `Thread ${id}` } };
  },
  delete: (i, ctx) => ({ method: 'DELETE', path: `/post/${deleteId(i, ctx)}` }),
};

/** @dataui/crud has its own list and create formats; single-row routes are ormcrud's. */
const nest: Partial<Record<Scenario, Builder>> = {
  'get-one': crud['get-one'],
  list: (i) => ({ method: 'GET', path: `/threads?limit=20&page=${pick(i, 50)}` }),
  'list-filtered': (i) => ({
    method: 'GET',
    path: `/posts?limit=20&page=1&filter=threadId||$eq||${pick(i, SIZES.thread)}&sort=createdAt,DESC`,
  }),
  'list-include': (i) => ({ method: 'GET', path: `/categories?limit=20&page=${pick(i, 50)}&join=threads` }),
  'nested-get': crud['nested-get'],
  create: (i, ctx) => ({
    method: 'POST',
    path: '/posts',
    body: { threadId: pick(i, SIZES.thread), authorId: pick(i, SIZES.user, 1), slug: `${ctx.tag}-${i}` },
  }),
  patch: crud.patch,
  delete: crud.delete,
};

const builders: Record<Dialect, Partial<Record<Scenario, Builder>>> = { crud, platformatic, nest };

/** The request builder of a scenario in a dialect, or undefined when that server has no equivalent. */
export function builderFor(dialect: Dialect, scenario: Scenario): Builder | undefined {
  return builders[dialect][scenario];
}
