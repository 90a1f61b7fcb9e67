/**
 * The checks of a request target that Fastify's router leaves to the routes.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { notFoundError, originForm, queryOf } from 'ormcrud/binding-kit';

/**
 * A route's `preValidation` hook. A `#` starts a fragment, which holds no query: Fastify's router takes what
 * follows it as the query string (`/tags#per_page=1`, `/tags?per_page=1#top`), Hono and Express leave it out.
 * An empty segment Fastify matches as a parameter (`/categories//threads`) names no row: a 404, as elsewhere.
 *
 * @example
 * ```ts
 * app.get('/tags/:id', { preValidation: checkTarget }, async (request) => request.query);
 * ```
 */
export function checkTarget(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  if (request.url.includes('#')) request.query = queryOf(originForm(request.url));
  const params = request.params as Record<string, string>;
  let empty = false;
  for (const name in params) if (params[name] === '') empty = true;
  done(empty ? notFoundError() : undefined);
}
