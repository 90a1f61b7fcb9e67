/**
 * The checks of a request target that Fastify's router leaves to the routes.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { notFoundError, originForm, queryOf } from 'ormcrud/binding-kit';

/**
 * A route's `onRequest` hook: a `#` starts a fragment, which holds no query. Fastify's router
 * takes what follows it as the query string (`/tags#per_page=1`, `/tags?per_page=1#top`), Hono and Express
 * leave it out; the query is read again before any later hook of the app's sees it.
 *
 * @example
 * ```ts
 * app.get('/tags', { onRequest: dropFragment }, async (request) => request.query);
 * ```
 */
export function dropFragment(request: FastifyRequest, _reply: unknown, done: () => void): void {
  if (request.url.includes('#')) request.query = queryOf(originForm(request.url));
  done();
}

/**
 * A route's `preValidation` hook: an empty segment Fastify matches as a parameter (`/categories//threads`)
 * names no row, a 404 as elsewhere (after the body is read, as for a path no route serves).
 *
 * @example
 * ```ts
 * app.get('/tags/:id', { preValidation: checkTarget }, async (request) => request.params);
 * ```
 */
export function checkTarget(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  const params = request.params as Record<string, string>;
  let empty = false;
  for (const name in params) if (params[name] === '') empty = true;
  done(empty ? notFoundError() : undefined);
}
