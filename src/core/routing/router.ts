/**
 * The route table a collection builds: plain data that any framework binding
 * registers natively. Nothing here runs per request but `handle` and `headers`.
 *
 * @module
 */
import type { z } from 'zod';
import type { DependencyParameter, SecurityRequirement } from '../dependencies/dependency-docs.ts';
import type { CrudRequest } from '../dependencies/request.ts';
import type { ErrorCode } from '../errors.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Every method, in the order an `Allow` header lists them. */
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

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
  /** The model of a generated route (`category`): names its schemas in the OpenAPI document. */
  readonly model?: string;
  /** The errors the route can answer with besides a 405, for its documentation. */
  readonly errors?: readonly ErrorCode[];
  /** What its dependencies require (OpenAPI security requirements: any one of them). */
  readonly security?: readonly SecurityRequirement[];
  /** The headers and cookies its dependencies read, as they document them. */
  readonly parameters?: readonly DependencyParameter[];
  /** The schemes named by each of its dependencies whose 401s carry the default `Bearer` challenge. */
  readonly bearerChallenged?: readonly (readonly string[])[];
  /** Headers of a success, from the request and the handler's result (a 201's `Location`). */
  readonly headers?: ResponseHeaders;
  readonly handle: (req: CrudRequest) => Promise<unknown>;
}

/** The headers a route adds to its successes. */
export interface ResponseHeaders {
  /** The names it may set, lower-case (`['location']`), for the document. */
  readonly names: readonly string[];
  /** The headers of one success, from the request and the handler's result; `undefined` for none. */
  readonly of: (req: CrudRequest, result: unknown) => Readonly<Record<string, string>> | undefined;
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
