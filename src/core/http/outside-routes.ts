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
 * The 400 of a URL whose path holds a backslash, which no URL has: Express would route `/a\b` as `/a/b`.
 *
 * @example
 * ```ts
 * backslashError().detail; // 'The URL path holds a backslash'
 * ```
 */
export function backslashError(): HttpError {
  return new HttpError('bad_request', 'The URL path holds a backslash');
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
 * The path and query of a request target, without a fragment: an absolute-form one
 * (`GET http://host/x`, which HTTP/1.1 servers must accept) without its scheme and host, so
 * nothing the client chose as a host reaches a `Location`. Any other target (`*`, another
 * scheme) is left as it is, for {@link malformedUrl} to refuse.
 *
 * @example
 * ```ts
 * originForm('http://evil.example/tags?x=1'); // '/tags?x=1'
 * originForm('/tags#top'); // '/tags'
 * ```
 */
export function originForm(url: string): string {
  let from = 0;
  if (url.charCodeAt(0) !== 47) {
    const scheme = httpSchemeLength(url);
    if (scheme === 0) return url;
    from = authorityEnd(url, scheme);
  }
  const hash = url.indexOf('#', from);
  if (from === 0) return hash === -1 ? url : url.slice(0, hash);
  const target = url.slice(from, hash === -1 ? url.length : hash);
  return target.charCodeAt(0) === 47 ? target : `/${target}`;
}

/** The length of a leading `http://` or `https://` (any case), else 0. */
function httpSchemeLength(url: string): number {
  const lower = (i: number) => url.charCodeAt(i) | 32;
  if (lower(0) !== 104 || lower(1) !== 116 || lower(2) !== 116 || lower(3) !== 112) return 0;
  const colon = lower(4) === 115 ? 5 : 4;
  return url.charCodeAt(colon) === 58 && url.charCodeAt(colon + 1) === 47 && url.charCodeAt(colon + 2) === 47
    ? colon + 3
    : 0;
}

/** Where the host of an absolute URL ends: its first `/`, `?` or `#` from `start`. */
function authorityEnd(url: string, start: number): number {
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) return i;
  }
  return url.length;
}

/**
 * A 400 when `url` is no path (`*`, an absolute URL of another scheme than HTTP), its path
 * holds a backslash, or its path or query an invalid percent-encoding; else `undefined`.
 *
 * @example
 * ```ts
 * malformedUrl('/tags/%E0%A4%A'); // HttpError 400
 * malformedUrl('/tags?name=%FF'); // HttpError 400
 * ```
 */
export function malformedUrl(url: string): HttpError | undefined {
  if (url.charCodeAt(0) !== 47) return new HttpError('bad_request', 'The request target is not a path');
  const query = url.indexOf('?');
  const end = query === -1 ? url.length : query;
  // Express routes `/a\b` as `/a/b`; no URL has a backslash, so none is routed as another path.
  const backslash = url.indexOf('\\');
  if (backslash !== -1 && backslash < end) return backslashError();
  if (!decodes(url, 0, end)) return malformedUrlError();
  return malformedQuery(url);
}

/**
 * A 400 when the query of `url` (a target without its fragment) holds an invalid
 * percent-encoding, in a name or a value (`%FF`, `%zz`, an encoded surrogate), else `undefined`:
 * a query parser would take such an escape as literal text.
 *
 * @example
 * ```ts
 * malformedQuery('/tags?name=%zz'); // HttpError 400
 * malformedQuery('/tags?name=%25zz'); // undefined
 * ```
 */
export function malformedQuery(url: string): HttpError | undefined {
  const query = url.indexOf('?');
  if (query === -1 || decodes(url, query + 1, url.length)) return undefined;
  return new HttpError('bad_request', 'The URL query is malformed (an invalid percent-encoding)');
}

/** Whether `url` from `start` to `end` is valid percent-encoded UTF-8 (escapes never span a `&` or `=`). */
function decodes(url: string, start: number, end: number): boolean {
  const percent = url.indexOf('%', start);
  if (percent === -1 || percent >= end) return true;
  try {
    decodeURIComponent(url.slice(percent, end));
    return true;
  } catch {
    return false;
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
