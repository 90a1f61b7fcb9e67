/**
 * The errors of a request before any route runs, as every binding raises
 * them: a path no route serves (404), a malformed URL (400), a path
 * parameter past the length a router takes (414).
 *
 * @module
 */
import { HttpError } from '../errors.ts';

/** The longest path parameter taken, as Fastify's `maxParamLength`. */
export const MAX_PARAM_LENGTH = 100;

/**
 * The 404 of a path no route serves.
 *
 * @example
 * ```ts
 * notFoundError().status; // 404
 * ```
 */
export function notFoundError(): HttpError {
  return new HttpError('not_found', 'No route matches this method and path');
}

/**
 * The 400 of a URL whose path holds an invalid percent-encoding.
 *
 * @example
 * ```ts
 * malformedUrlError().status; // 400
 * ```
 */
export function malformedUrlError(): HttpError {
  return new HttpError('bad_request', 'The URL is malformed (an invalid percent-encoding)');
}

/**
 * The 414 of a path parameter past the router's limit.
 *
 * @example
 * ```ts
 * paramTooLongError().status; // 414
 * ```
 */
export function paramTooLongError(): HttpError {
  return new HttpError('uri_too_long', 'A path segment of the URL is too long');
}

/**
 * The path and query of a request target: an absolute-form one (`GET http://host/x`, which HTTP/1.1 servers
 * must accept) without its scheme and host, so nothing the client chose as a host reaches a `Location`.
 *
 * @example
 * ```ts
 * originForm('http://evil.example/tags?x=1'); // '/tags?x=1'
 * originForm('/tags'); // '/tags'
 * ```
 */
export function originForm(url: string): string {
  if (url.charCodeAt(0) === 47) return url;
  const scheme = url.indexOf('://');
  if (scheme === -1) return url;
  const at = url.slice(scheme + 3).search(/[/?]/);
  if (at === -1) return '/';
  const rest = url.slice(scheme + 3 + at);
  return rest.charCodeAt(0) === 47 ? rest : `/${rest}`;
}

/**
 * A 400 when the path of `url` holds an invalid percent-encoding, or `undefined`.
 *
 * @example
 * ```ts
 * malformedUrl('/tags/%E0%A4%A'); // HttpError 400
 * ```
 */
export function malformedUrl(url: string): HttpError | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('%')) return undefined;
  try {
    decodeURIComponent(path);
    return undefined;
  } catch {
    return malformedUrlError();
  }
}

/**
 * A 414 when a (decoded) path parameter is longer than {@link MAX_PARAM_LENGTH}, or `undefined`.
 *
 * @example
 * ```ts
 * paramTooLong({ id: '1'.repeat(200) }); // HttpError 414
 * ```
 */
export function paramTooLong(params: Readonly<Record<string, string | undefined>>): HttpError | undefined {
  for (const key in params) {
    if ((params[key]?.length ?? 0) > MAX_PARAM_LENGTH) return paramTooLongError();
  }
  return undefined;
}
