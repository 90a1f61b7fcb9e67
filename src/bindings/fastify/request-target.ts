/**
 * The checks of a request target that Fastify's router and query parser leave to the routes.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { malformedQuery, notFoundError, originForm, queryOf } from 'ormcrud/binding-kit';

/**
 * A route's `onRequest` hook, before any later hook of the app's reads `request.query`: an invalid
 * percent-escape in the query (`?name=%FF`) is a 400, which Fastify's parser would take as text; a `#`
 * starts a fragment, which holds no query, though Fastify's router reads one from it (`/tags#per_page=1`).
 *
 * @example
 * ```ts
 * app.get('/tags', { onRequest: readQuery }, async (request) => request.query);
 * ```
 */
export function readQuery(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  const target = originForm(request.url);
  const refused = malformedQuery(target);
  if (!refused && request.url.includes('#')) request.query = queryOf(target);
  done(refused);
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
