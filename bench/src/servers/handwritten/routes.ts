/** The forum routes the scenarios call, written by hand over a {@link ForumQueries}. */
import type { FastifyInstance } from 'fastify';
import * as s from './json-schemas.ts';
import { notFound } from './problems.ts';
import type { ForumQueries, PostSort, Row } from './queries.ts';

interface PageQuery {
  page: number;
  per_page: number;
}
const pageArgs = (q: PageQuery) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });

export function forumRoutes(app: FastifyInstance, q: ForumQueries): void {
  app.get<{ Params: { post_id: number } }>(
    '/posts/:post_id',
    { schema: { params: s.params.post, response: { 200: s.postOut } } },
    async (req, reply) => (await q.postById(req.params.post_id)) ?? notFound(reply),
  );

  app.get<{ Params: { category_id: number; thread_id: number; post_id: number } }>(
    '/categories/:category_id/threads/:thread_id/posts/:post_id',
    { schema: { params: s.params.nestedPost, response: { 200: s.postOut } } },
    async (req, reply) => {
      const { category_id, thread_id, post_id } = req.params;
      return (await q.nestedPost(category_id, thread_id, post_id)) ?? notFound(reply);
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/threads',
    { schema: { querystring: { type: 'object', properties: s.pageQuery }, response: { 200: s.pageOf(s.threadOut) } } },
    async (req) => {
      const [data, count] = await Promise.all([q.threadPage(pageArgs(req.query)), q.threadCount()]);
      return { page: req.query.page, per_page: req.query.per_page, count, data };
    },
  );

  app.get<{ Querystring: PageQuery & { thread_id?: number; sort?: string } }>(
    '/posts',
    { schema: { querystring: s.postListQuery, response: { 200: s.pageOf(s.postOut) } } },
    async (req) => {
      const { thread_id, sort } = req.query;
      const direction: PostSort = sort === undefined ? undefined : sort.endsWith(':desc') ? 'desc' : 'asc';
      const [data, count] = await Promise.all([
        q.postPage(thread_id, direction, pageArgs(req.query)),
        q.postCount(thread_id),
      ]);
      return { page: req.query.page, per_page: req.query.per_page, count, data };
    },
  );

  app.get<{ Querystring: PageQuery & { include?: 'threads' } }>(
    '/categories',
    { schema: { querystring: s.categoryListQuery, response: { 200: s.pageOf(s.categoryOut) } } },
    async (req) => {
      const [data, count] = await Promise.all([q.categoryPage(pageArgs(req.query)), q.categoryCount()]);
      if (req.query.include === 'threads' && data.length > 0) {
        const byCategory = new Map<unknown, Row[]>();
        for (const c of data) {
          const threads: Row[] = [];
          c.threads = threads;
          byCategory.set(c.id, threads);
        }
        for (const t of await q.threadsOfCategories(data.map((c) => c.id as number))) {
          byCategory.get(t.category_id)!.push(t);
        }
      }
      return { page: req.query.page, per_page: req.query.per_page, count, data };
    },
  );

  app.post<{ Body: { thread_id: number; author_id?: number | null; slug: string } }>(
    '/posts',
    { schema: { body: s.postCreate, response: { 201: s.postOut } } },
    async (req, reply) => {
      const { thread_id, author_id = null, slug } = req.body;
      return reply.code(201).send(await q.insertPost({ thread_id, author_id, slug }));
    },
  );

  app.patch<{ Params: { thread_id: number }; Body: { category_id?: number; title?: string } }>(
    '/threads/:thread_id',
    { schema: { params: s.params.thread, body: s.threadUpdate, response: { 200: { type: 'null' } } } },
    async (req, reply) => ((await q.updateThread(req.params.thread_id, req.body ?? {})) ? null : notFound(reply)),
  );

  app.delete<{ Params: { post_id: number } }>(
    '/posts/:post_id',
    { schema: { params: s.params.post, response: { 200: s.postOut } } },
    async (req, reply) => (await q.deletePost(req.params.post_id)) ?? notFound(reply),
  );
}
