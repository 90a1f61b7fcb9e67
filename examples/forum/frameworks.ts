/**
 * The same forum on Hono and on Express, from the same routers and the same
 * OpenAPI document as the Fastify app of `app.ts`: docs at `/docs`, 404
 * problems for every other path.
 */
import express, { type Express } from 'express';
import { Hono } from 'hono';
import { openApiDocs as expressDocs, notFoundHandler as expressNotFound, toExpress } from 'ormcrud/express';
import { openApiDocs as honoDocs, notFoundHandler as honoNotFound, toHono } from 'ormcrud/hono';
import { type ForumAdapters, forumDocument, forumRouters } from './app.ts';

/** The frameworks the forum runs on. */
export type ForumFramework = 'fastify' | 'hono' | 'express';

/** Every framework, Fastify first. */
export const FORUM_FRAMEWORKS: readonly ForumFramework[] = ['fastify', 'hono', 'express'];

/**
 * The forum as a Hono app; serve it with `@hono/node-server` on Node.
 *
 * @example
 * ```ts
 * serve({ fetch: createForumHono(adapters).fetch, port: 3000 });
 * ```
 */
export function createForumHono(adapters: ForumAdapters): Hono {
  const routers = forumRouters(adapters);
  const app = new Hono();
  app.route('/', honoDocs(forumDocument(routers)));
  for (const router of routers) app.route('/', toHono(router));
  app.notFound(honoNotFound());
  return app;
}

/**
 * The forum as an Express app.
 *
 * @example
 * ```ts
 * createForumExpress(adapters).listen(3000);
 * ```
 */
export function createForumExpress(adapters: ForumAdapters): Express {
  const routers = forumRouters(adapters);
  const app = express();
  app.disable('x-powered-by');
  app.use(expressDocs(forumDocument(routers)));
  for (const router of routers) app.use(toExpress(router));
  app.use(expressNotFound());
  return app;
}
