/**
 * The forum API, built from one adapter per table, whatever the ORM: flat
 * collections for every table, the category → thread → post chain, post
 * translations by composite key, the reverse chain post → thread → category,
 * `/users/me` with its posts and their translations, and one extra route of
 * each anchor.
 *
 * Who may write what, and how the library enforces it:
 * - Anyone may read, except under `/users/me` (a bearer user, from `auth.ts`).
 * - A user writes their own rows only, and only under `/users/me`: the user
 *   row itself (`PATCH /users/me`, never `/users/{user_id}`), their posts
 *   (`/users/me/posts`) and those posts' translations. The parent chain scopes
 *   every statement there to the user of the token, so another user's post is
 *   a 404, and the author comes from the URL, never from a body.
 * - Everything else (categories, threads, tags, and moderating any post or
 *   translation) takes an administrator, a user whose read-only `is_admin`
 *   flag is set in the database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  CRUDCollection,
  type CRUDCollectionOptions,
  type CrudRouter,
  createOpenApiDocument,
  NestedConfig,
  type OpenApiDocument,
  type ORMAdapterBase,
  PKFieldsDependency,
} from 'ormcrud';
import { clientErrorHandler, frameworkErrors, openApiDocs, toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { currentUserId, requireAdmin, requireUser } from './auth.ts';

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

/** `/users/me`: the user of the bearer token, who may read and change their own row only. */
class UserMe extends CRUDCollection {
  static dependencyOverrides = new Map([
    [PKFieldsDependency, (req: Parameters<typeof currentUserId>[0]) => ({ id: currentUserId(req) })],
  ]);
  static dependencies = [requireUser];
  // Renaming only: a token or password changes through a route that checks the old one, and a PATCH
  // that could set one would also tell, by its 409, whether another user holds it.
  static updateFields = ['username'];
  static disableGetMany = true;
  static disableCreate = true;
  static disableDelete = true;

  override getIdPath(): string {
    return '/me';
  }
}

/** Every collection of the forum, wired together; each router is ready for a binding. */
export function forumRouters(a: ForumAdapters) {
  const admin = requireAdmin(a.user);
  /** A collection anyone may read and only an administrator may write. */
  const moderated = (ormAdapter: ORMAdapterBase, options: CRUDCollectionOptions = {}) =>
    new CRUDCollection({
      ormAdapter,
      createDependencies: [admin],
      updateDependencies: [admin],
      deleteDependencies: [admin],
      ...options,
    });

  const categories = moderated(a.category);
  const threads = moderated(a.thread);
  threads.addNestedCollection('/posts', moderated(a.post), tagged('posts'));
  categories.addNestedCollection('/threads', threads, tagged('threads'));
  categories.extra.collection.get(
    '/search',
    {
      schema: { query: z.object({ name: z.string() }) },
      response: z.object({ count: z.int(), data: z.array(z.object({ id: z.int(), name: z.string() })) }),
      summary: 'Find categories by exact name',
      errors: ['service_unavailable'],
    },
    async ({ query }) => {
      const { count, rows } = await a.category.getMany({ name: query.name }, [], [], { limit: 100, offset: 0 });
      return { count, data: rows.map(({ id, name }) => ({ id, name })) };
    },
  );
  const stats = z.object({ category_id: z.int(), threads: z.int() });
  const statsOptions = {
    response: stats,
    summary: 'Thread count of a category',
    errors: ['service_unavailable'] as const,
  };
  categories.extra.get('/stats', statsOptions, async ({ pk }) => {
    const { count } = await a.thread.getMany({ category_id: pk?.id }, [], [], { limit: 1, offset: 0 });
    return { category_id: pk?.id, threads: count };
  });

  const posts = moderated(a.post);
  posts.addNestedCollection('/translations', moderated(a.postTranslation), tagged('translations'));
  // Against the foreign key: a post's thread, and that thread's category. A create there would re-point the
  // parent: a post keeps its thread (no POST), while a thread may move to a new category.
  const threadOfPost = moderated(a.thread);
  const relinked = new NestedConfig({ relinkParent: true, routerOptions: { tags: ['categories'] } });
  threadOfPost.addNestedCollection('/categories', moderated(a.category), relinked);
  posts.addNestedCollection('/threads', threadOfPost, tagged('threads'));

  const me = new UserMe({ ormAdapter: a.user });
  const myPosts = new CRUDCollection({ ormAdapter: a.post });
  myPosts.addNestedCollection('/translations', new CRUDCollection({ ormAdapter: a.postTranslation }), tagged('me'));
  me.addNestedCollection('/posts', myPosts, new NestedConfig({ relation: 'author', routerOptions: { tags: ['me'] } }));

  return [
    categories.getRouter({ prefix: '/categories', tags: ['categories'] }),
    posts.getRouter({ prefix: '/posts', tags: ['posts'] }),
    me.getRouter({ prefix: '/users', tags: ['me'] }),
    // Users are read here and written through `/users/me` only.
    new CRUDCollection({
      ormAdapter: a.user,
      disableCreate: true,
      disableUpdate: true,
      disableDelete: true,
    }).getRouter({ prefix: '/users', tags: ['users'] }),
    moderated(a.thread).getRouter({ prefix: '/threads', tags: ['threads'] }),
    moderated(a.tag).getRouter({ prefix: '/tags', tags: ['tags'] }),
    moderated(a.postTranslation).getRouter({ prefix: '/post-translations', tags: ['translations'] }),
  ];
}

function tagged(tag: string): NestedConfig {
  return new NestedConfig({ routerOptions: { tags: [tag] } });
}

/** The forum's OpenAPI document: one for all its routers. */
export function forumDocument(routers: readonly CrudRouter[]): OpenApiDocument {
  return createOpenApiDocument(routers, {
    info: {
      title: 'ormcrud forum',
      version: '1.0.0',
      description:
        'Demo auth: `Authorization: Bearer user-<id>` (user 1 administers). Anyone reads; a user writes ' +
        'their own rows under `/users/me`; an administrator writes the rest.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Demo tokens: `user-<id>`' } },
    tags: [
      { name: 'categories', description: 'Forum categories, with their threads and posts nested' },
      { name: 'threads', description: 'Threads: under a category, under a post, or on their own' },
      { name: 'posts', description: 'Posts, and the thread and category above each' },
      { name: 'translations', description: 'Translations of a post, keyed by language' },
      { name: 'me', description: 'The user of the bearer token, and their posts' },
      { name: 'users', description: 'Every user' },
      { name: 'tags', description: 'Tags of post translations' },
    ],
  });
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
  // Problem responses also for what Fastify and Node refuse before any route.
  const app = Fastify({ logger: options.logger ?? false, frameworkErrors, clientErrorHandler });
  const routers = forumRouters(adapters);
  await app.register(openApiDocs(forumDocument(routers)));
  for (const router of routers) await app.register(toFastify(router));
  return app;
}
