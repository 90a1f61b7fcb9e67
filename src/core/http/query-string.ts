/**
 * The query of a request target as every binding reads it.
 *
 * @module
 */
import querystring from 'fast-querystring';

/**
 * The query string of `url` (a target without its fragment) as an object:
 * repeated keys as arrays, as Fastify parses it.
 *
 * @example
 * ```ts
 * queryOf('/tags?sort=name&id=1&id=2'); // { sort: 'name', id: ['1', '2'] }
 * ```
 */
export function queryOf(url: string): Record<string, unknown> {
  const at = url.indexOf('?');
  return at === -1 ? {} : querystring.parse(url.slice(at + 1));
}
