/**
 * Where the docs are served: one `routePrefix` read alike by every
 * framework's `openApiDocs`, so `/docs/` and `docs` are `/docs` everywhere.
 * Runtime-neutral (no Node module), for Hono too.
 *
 * @module
 */

/** A literal path segment every framework routes as written: unreserved URL characters, no dot segment. */
const SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._~-]+$/;

/**
 * `routePrefix` as a path: a leading slash added, a trailing one dropped.
 * Throws, when the docs are set up, for one that names no path below the
 * root: empty, `/`, a query, a fragment, spaces, route syntax (`:id`, `*`)
 * or an empty or dot segment.
 *
 * @example
 * ```ts
 * docsPrefix('docs/'); // '/docs'
 * docsPrefix(); // '/docs'
 * ```
 */
export function docsPrefix(routePrefix = '/docs'): string {
  const path = typeof routePrefix === 'string' ? routePrefix.replace(/^\/?/, '/').replace(/(.)\/$/, '$1') : '';
  const segments = path.slice(1).split('/');
  if (segments.every((segment) => SEGMENT.test(segment))) return path;
  const allowed = "letters, digits and '-', '.', '_', '~'";
  const given = JSON.stringify(routePrefix);
  throw new TypeError(
    `openApiDocs: routePrefix ${given} is not a plain path: give segments of ${allowed} (like '/docs')`,
  );
}
