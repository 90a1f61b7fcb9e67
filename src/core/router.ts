/**
 * The route table a collection builds: plain data that any framework binding
 * registers natively. Nothing here runs per request except `handle`.
 *
 * @module
 */
import type { z } from 'zod';
import { HttpError } from './errors.ts';
import type { JsonSchema } from './json-schema.ts';
import type { CrudRequest } from './request.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods a path answers 405 for when it serves others. */
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The Zod schemas of one route, and their JSON Schemas, computed once. */
export interface RouteSchemas {
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The body of the success response; absent for a free-form one. */
  readonly response?: z.ZodType;
  /** Shared by every route with the same Zod schema ({@link toJsonSchema}): read-only. */
  readonly json: {
    readonly params?: JsonSchema;
    readonly query?: JsonSchema;
    readonly body?: JsonSchema;
    readonly response?: JsonSchema;
  };
}

/**
 * One route: method, path (relative to the router's prefix, `{param}` style,
 * `''` for the collection root), schemas, documentation and the handler.
 */
export interface CrudRoute {
  readonly method: HttpMethod;
  readonly path: string;
  /** `getMany`, `getOne`, `createOne`, `updateOne`, `deleteOne`, `extra` or `methodNotAllowed`. */
  readonly name: string;
  readonly operationId: string;
  readonly status: number;
  readonly schemas: RouteSchemas;
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  /** Left out of the OpenAPI document. */
  readonly hidden?: boolean;
  /** A collection root: bindings serve it with and without a trailing slash. */
  readonly root?: boolean;
  /** Extra documented responses, by status. */
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
  readonly handle: (req: CrudRequest) => Promise<unknown>;
}

/**
 * A built router: plain data. Bindings register `routes` in order under `prefix`.
 *
 * @example
 * ```ts
 * const router = categories.getRouter({ prefix: '/categories', tags: ['categories'] });
 * for (const route of router.routes) console.log(route.method, router.prefix + route.path);
 * ```
 */
export interface CrudRouter {
  readonly prefix: string;
  readonly tags: readonly string[];
  readonly routes: readonly CrudRoute[];
}

/**
 * For every path that serves some methods, a hidden route per missing method
 * answering 405 with an `Allow` header (not 404). The fillers of one path
 * share one `handle` and one `schemas`, so a binding may register them as one
 * route with several methods.
 */
export function methodNotAllowedRoutes(routes: readonly CrudRoute[]): CrudRoute[] {
  const byPath = new Map<string, Set<HttpMethod>>();
  const roots = new Set<string>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Set();
    methods.add(route.method);
    byPath.set(route.path, methods);
    if (route.root) roots.add(route.path);
  }
  const fillers: CrudRoute[] = [];
  for (const [path, methods] of byPath) {
    const allow = [...methods].join(', ');
    const error = new HttpError('method_not_allowed', `Use one of: ${allow}`, { headers: { allow } });
    const shared = {
      path,
      name: 'methodNotAllowed',
      operationId: '',
      status: 405,
      schemas: { json: {} },
      tags: [],
      hidden: true,
      ...(roots.has(path) && { root: true }),
      handle: () => Promise.reject(error),
    } as const;
    for (const method of HTTP_METHODS) if (!methods.has(method)) fillers.push({ ...shared, method });
  }
  return fillers;
}
