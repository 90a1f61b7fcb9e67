/**
 * The forum API, built from one adapter per table, whatever the ORM: flat
 * collections for every table, the category → thread → post chain, post
 * translations by composite key, the reverse chain post → thread → category,
 * `/users/me` with its posts, and one extra route of each anchor.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { CRUDCollection, NestedConfig, type ORMAdapterBase, PagePaginator, PKFieldsDependency } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { currentUserId, requireUser } from './auth.ts';

/** One adapter per forum table. */
export interface ForumAdapters {
  readonly user: ORMAdapterBase;
  readonly category: ORMAdapterBase;
  readonly thread: ORMAdapterBase;
  readonly post: ORMAdapterBase;
  readonly tag: ORMAdapterBase;
  readonly postTranslation: ORMAdapterBase;
  readonly postTranslationTag: ORMAdapterBase;
}

/** `/users/me`: the user of the bearer token, and the posts they wrote. */
class UserMe extends CRUDCollection {
  static dependencyOverrides = new Map([
    [PKFieldsDependency, (req: Parameters<typeof currentUserId>[0]) => ({ id: currentUserId(req) })],
  ]);
  static disableGetMany = true;
  static disableCreate = true;
  static disableDelete = true;

  override getIdPath(): string {
    return '/me';
  }
}

/** Every collection of the forum, wired together; each router is ready for a binding. */
export function forumRouters(a: ForumAdapters) {
  const categories = new CRUDCollection({ ormAdapter: a.category });
  const threads = new CRUDCollection({ ormAdapter: a.thread });
  threads.addNestedCollection('/posts', new CRUDCollection({ ormAdapter: a.post }), tagged('posts'));
  categories.addNestedCollection('/threads', threads, tagged('threads'));
  categories.extra.collection.get(
    '/search',
    { schema: { query: z.object({ name: z.string() }) }, summary: 'Find categories by exact name' },
    async ({ query }) => {
      const { count, data } = await a.category.getMany({ name: query.name }, [], [], pageOf(100));
      return { count, data: data.map(({ id, name }) => ({ id, name })) };
    },
  );
  categories.extra.get('/stats', { summary: 'Thread count of a category' }, async ({ pk }) => {
    const page = await a.thread.getMany({ category_id: pk?.id }, [], [], pageOf(1));
    return { category_id: pk?.id, threads: page.count };
  });

  const posts = new CRUDCollection({ ormAdapter: a.post });
  posts.addNestedCollection(
    '/translations',
    new CRUDCollection({ ormAdapter: a.postTranslation }),
    tagged('translations'),
  );
  // Against the foreign key: a post's thread, and that thread's category (a create re-points the parent).
  const threadOfPost = new CRUDCollection({ ormAdapter: a.thread });
  threadOfPost.addNestedCollection('/categories', new CRUDCollection({ ormAdapter: a.category }), tagged('categories'));
  posts.addNestedCollection('/threads', threadOfPost, tagged('threads'));

  const me = new UserMe({ ormAdapter: a.user, dependencies: [requireUser] });
  me.addNestedCollection(
    '/posts',
    new CRUDCollection({ ormAdapter: a.post }),
    new NestedConfig({ relation: 'author', routerOptions: { tags: ['me'] } }),
  );

  return [
    categories.getRouter({ prefix: '/categories', tags: ['categories'] }),
    posts.getRouter({ prefix: '/posts', tags: ['posts'] }),
    me.getRouter({ prefix: '/users', tags: ['me'] }),
    new CRUDCollection({ ormAdapter: a.user }).getRouter({ prefix: '/users', tags: ['users'] }),
    new CRUDCollection({ ormAdapter: a.thread }).getRouter({ prefix: '/threads', tags: ['threads'] }),
    new CRUDCollection({ ormAdapter: a.tag }).getRouter({ prefix: '/tags', tags: ['tags'] }),
    new CRUDCollection({ ormAdapter: a.postTranslation }).getRouter({
      prefix: '/post-translations',
      tags: ['translations'],
    }),
  ];
}

function tagged(tag: string): NestedConfig {
  return new NestedConfig({ routerOptions: { tags: [tag] } });
}

function pageOf(perPage: number) {
  return new PagePaginator().setPerPage(perPage);
}

/**
 * A Fastify app serving the forum with OpenAPI docs at `/docs`.
 *
 * @example
 * ```ts
 * const app = await createForumApp(drizzleForumAdapters(db));
 * await app.listen({ port: 3000 });
 * ```
 */
export async function createForumApp(
  adapters: ForumAdapters,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ormcrud forum',
        version: '1.0.0',
        description: 'Demo auth: `Authorization: Bearer user-<id>`',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  for (const router of forumRouters(adapters)) await app.register(toFastify(router));
  return app;
}
