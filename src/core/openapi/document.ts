/**
 * `createOpenApiDocument`: the OpenAPI 3.1 document of a list of routers,
 * built from the route tables alone, so every binding serves the same one.
 *
 * @module
 */

import { operationIdOf, pascalCase, pathNouns } from '../routing/operation-id.ts';
import type { CrudRoute, CrudRouter } from '../routing/router.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';
import { problemSchema } from '../schemas/problem-schema.ts';
import { refuseFalseChallenges } from './challenges.ts';
import { ComponentSchemas, type SchemaRole } from './components.ts';
import { type DocumentedRoute, operationOf } from './operation.ts';
import { SharedResponses } from './responses.ts';

/** The document's `info`: `title` and `version`, and any other Info Object field. */
export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly summary?: string;
  readonly description?: string;
  readonly [field: string]: unknown;
}

/** What {@link createOpenApiDocument} takes besides the routers. */
export interface OpenApiOptions {
  readonly info: OpenApiInfo;
  /** Where the API is served; `[{ url: '/' }]` (the OpenAPI default, written out) unless given. */
  readonly servers?: readonly {
    readonly url: string;
    readonly description?: string;
    readonly [field: string]: unknown;
  }[];
  /** Security Scheme Objects by the names dependencies' requirements use (`{ bearer: { type: 'http', scheme: 'bearer' } }`). */
  readonly securitySchemes?: Readonly<Record<string, JsonSchema>>;
  /** Descriptions of the routers' tags (`[{ name: 'categories', description: '...' }]`). */
  readonly tags?: readonly { readonly name: string; readonly description?: string }[];
}

/** An OpenAPI 3.1 document, as plain JSON. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenApiInfo;
  readonly servers: readonly JsonSchema[];
  /** `[]`: nothing by default; an operation whose dependencies declare security says so itself. */
  readonly security: readonly JsonSchema[];
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly paths: Record<string, Record<string, JsonSchema>>;
  readonly components: {
    readonly schemas: Record<string, JsonSchema>;
    readonly responses: Record<string, JsonSchema>;
    readonly headers: Record<string, JsonSchema>;
    readonly securitySchemes?: Record<string, JsonSchema>;
  };
}

/** The schemas a generated route offers for names: which part, and as what. */
const ROLES_BY_ROUTE: Readonly<Record<string, readonly ['body' | 'response', SchemaRole][]>> = {
  getMany: [['response', 'page']],
  getOne: [['response', 'public']],
  deleteOne: [['response', 'public']],
  createOne: [
    ['body', 'create'],
    ['response', 'created'],
  ],
  updateOne: [
    ['body', 'update'],
    ['response', 'updated'],
  ],
};

/**
 * The OpenAPI 3.1 document of `routers`: one named schema per model and role
 * (`Category`, `CategoryCreate`, `CategoryUpdate`, `CategoryPage`) and
 * `Problem`; each operation with its success status, body and headers, and
 * every error it can answer with as `application/problem+json`. Throws for a
 * path two routers serve, and for a dependency whose 401s would claim a
 * `Bearer` challenge that none of its documented schemes takes.
 *
 * @example
 * ```ts
 * const routers = [categories.getRouter({ prefix: '/categories', tags: ['categories'] })];
 * const document = createOpenApiDocument(routers, {
 *   info: { title: 'Forum', version: '1.0.0' },
 *   securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
 * });
 * ```
 */
export function createOpenApiDocument(routers: readonly CrudRouter[], options: OpenApiOptions): OpenApiDocument {
  const placed = placeRoutes(routers);
  refuseFalseChallenges(placed, options.securitySchemes);
  const schemas = new ComponentSchemas(['Problem']);
  for (const { route, path } of placed) offerSchemas(schemas, route, path);
  schemas.name();
  const shared = new SharedResponses();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const entry of placed) {
    const item = paths[entry.path] ?? {};
    paths[entry.path] = item;
    item[entry.route.method.toLowerCase()] = operationOf(entry, schemas, shared);
    for (const tag of entry.route.tags) tags.add(tag);
  }
  return {
    openapi: '3.1.0',
    info: { ...options.info },
    servers: (options.servers ?? [{ url: '/' }]).map((server) => ({ ...server })),
    security: [],
    tags: [...tags].map((name) => ({ name, ...options.tags?.find((tag) => tag.name === name) })),
    paths,
    components: {
      schemas: { Problem: schemas.convert(problemSchema, 'output'), ...schemas.components() },
      responses: shared.responses(),
      headers: shared.headerComponents(),
      ...(options.securitySchemes && { securitySchemes: { ...options.securitySchemes } }),
    },
  };
}

/**
 * The documented routes in order, with full paths and unique operation ids; the first of a method and path wins.
 * Throws for a path two routers serve: each answers 405 for the other's methods.
 */
function placeRoutes(routers: readonly CrudRouter[]): DocumentedRoute[] {
  const rejecting = new Set<string>();
  const owners = new Map<string, CrudRouter>();
  for (const router of routers) {
    for (const route of router.routes) {
      const path = fullPath(router, route);
      if (route.name === 'methodNotAllowed') rejecting.add(path);
      const matched = matchedPath(path);
      const owner = owners.get(matched) ?? router;
      if (owner !== router) throw new TypeError(`Two routers serve ${path}: serve a path from one collection`);
      owners.set(matched, router);
    }
  }
  const seen = new Set<string>();
  const ids = new Set<string>();
  const placed: DocumentedRoute[] = [];
  for (const router of routers) {
    for (const route of router.routes) {
      const path = fullPath(router, route);
      const key = `${route.method} ${path}`;
      if (!documented(route) || seen.has(key)) continue;
      seen.add(key);
      const wanted = route.operationId || operationIdOf({ ...route, path });
      let operationId = wanted;
      for (let n = 2; ids.has(operationId); n++) operationId = `${wanted}${n}`;
      ids.add(operationId);
      placed.push({ route, path, operationId, methodNotAllowed: rejecting.has(path) });
    }
  }
  return placed;
}

const fullPath = (router: CrudRouter, route: CrudRoute): string => router.prefix + route.path || '/';

/** The requests a path matches, whatever its parameters are named and its slashes doubled or trailing. */
const matchedPath = (path: string): string =>
  path
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1');

/** Routes the document shows: not hidden, not a HEAD, OPTIONS or 405 filler. */
const documented = (route: CrudRoute): boolean =>
  !route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.name !== 'methodNotAllowed';

/** Offers a generated route's body and response for names after its model. */
function offerSchemas(schemas: ComponentSchemas, route: CrudRoute, path: string): void {
  const roles = ROLES_BY_ROUTE[route.name];
  if (!roles) return;
  const nouns = pathNouns(path, true);
  const model = route.model ? pascalCase(route.model) : nouns;
  const contexts = [nouns, parentNouns(path) + model];
  // Shallowest first: fewest parameters, then fewest segments (`/books` before `/authors/me/books`).
  const depth = (path.split('{').length - 1) * 100 + path.split('/').filter(Boolean).length;
  for (const [part, role] of roles) {
    const schema = route.schemas[part];
    if (schema) schemas.offer(schema, part === 'body' ? 'input' : 'output', { role, model, contexts, depth });
  }
}

/** The nouns of the path above the collection (`/posts/{post_id}/translations/{language}` → `Post`). */
function parentNouns(path: string): string {
  const segments = path.split('/');
  while (segments.at(-1)?.startsWith('{')) segments.pop();
  segments.pop();
  return pathNouns(segments.join('/'));
}
