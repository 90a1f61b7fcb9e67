/**
 * The methods every path answers besides its own routes, made once for
 * every binding: HEAD wherever GET is served, OPTIONS (204 with `Allow`), and
 * 405 with `Allow` for each other method.
 *
 * @module
 */
import { HttpError } from '../errors.ts';
import { type CrudRoute, HTTP_METHODS, type HttpMethod } from './router.ts';

/** What answers an OPTIONS: no body. */
const NO_BODY = () => Promise.resolve(undefined);

/**
 * The routes that complete each path of `routes`: a HEAD twin of each GET
 * (the same route: bindings send its status and headers without the body),
 * an OPTIONS, and the 405 fillers. The fillers of one path share one `handle`
 * and `schemas`, so a binding may register them as one route of several methods.
 *
 * @example
 * ```ts
 * const routes = [...router.routes, ...pathMethodRoutes(router.routes)];
 * ```
 */
export function pathMethodRoutes(routes: readonly CrudRoute[]): CrudRoute[] {
  const byPath = new Map<string, CrudRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  const added: CrudRoute[] = [];
  for (const [path, served] of byPath) {
    const methods = new Set<HttpMethod>(served.map((route) => route.method));
    const get = served.find((route) => route.method === 'GET');
    if (get && !methods.has('HEAD')) {
      added.push({ ...get, method: 'HEAD' });
      methods.add('HEAD');
    }
    methods.add('OPTIONS');
    const allow = HTTP_METHODS.filter((method) => methods.has(method)).join(', ');
    const headers = { allow };
    const base = {
      path,
      operationId: '',
      schemas: { json: {} },
      tags: [],
      hidden: true,
      ...(served.some((route) => route.root) && { root: true }),
    } as const;
    if (!served.some((route) => route.method === 'OPTIONS')) {
      added.push({
        ...base,
        method: 'OPTIONS',
        name: 'options',
        status: 204,
        headers: { names: ['allow'], of: () => headers },
        handle: NO_BODY,
      });
    }
    const error = new HttpError('method_not_allowed', `Use one of: ${allow}`, { headers });
    const rejected = { ...base, name: 'methodNotAllowed', status: 405, handle: () => Promise.reject(error) };
    for (const method of HTTP_METHODS) if (!methods.has(method)) added.push({ ...rejected, method });
  }
  return added;
}
