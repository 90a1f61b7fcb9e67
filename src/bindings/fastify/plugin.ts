/**
 * `toFastify(router)`: registers each route of a `CrudRouter` natively, with
 * its JSON Schemas for validation and serialisation.
 *
 * @module
 */

import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { type CrudRoute, type CrudRouter, problemSchema as problem, toJsonSchema } from 'ormcrud';
import { readsBodyOf, routeEntries } from 'ormcrud/binding-kit';
import { serializerCompiler, validatorCompiler } from './compilers.ts';
import { problemHandler } from './errors.ts';
import { jsonBodyParser, noteDecodedBody } from './json-body.ts';
import { notFoundHandler } from './outside-routes.ts';
import { FastifyCrudRequest } from './request.ts';
import { checkTarget, readQuery } from './request-target.ts';

const problemSchema = toJsonSchema(problem, 'output');

function routeOptions(route: CrudRoute, url: string, methods: readonly string[]): RouteOptions {
  const { json } = route.schemas;
  const response: Record<string, unknown> = { '4xx': problemSchema, '5xx': problemSchema };
  // A success status in the 4xx or 5xx range must not be serialised as a problem: any JSON, unless schemed.
  if (json.response || route.status >= 400) response[route.status] = json.response ?? {};
  for (const [status, doc] of Object.entries(route.responses ?? {})) {
    response[status] ??= { ...problemSchema, description: doc.description };
  }
  const { status, handle, headers } = route;
  return {
    method: route.method,
    url,
    onRequest: readQuery,
    ...(url.includes(':') && { preValidation: checkTarget }),
    // After the app's hooks and those its plugins put first (@fastify/compress's decoder): notes a decoded body,
    // on every route whose body is read (a DELETE's too: its JSON is parsed, though no schema takes it).
    ...(methods.some(readsBodyOf) && { preParsing: [noteDecodedBody] }),
    schema: {
      ...(json.params && { params: json.params }),
      ...(json.query && { querystring: json.query }),
      ...(json.body && { body: json.body }),
      response,
    },
    // Returns the result's promise; Fastify sends what it resolves to. (Returning
    // `reply` after `reply.send` would make Fastify await the reply itself, which
    // settles only once the response stream has finished: more work per request.)
    handler: headers
      ? async (request, reply) => {
          reply.code(status);
          const req = new FastifyCrudRequest(request);
          const result = await handle(req);
          const values = headers.of(req, result);
          if (values) reply.headers(values);
          return result;
        }
      : (request, reply) => {
          reply.code(status);
          return handle(new FastifyCrudRequest(request));
        },
  };
}

/**
 * Whether the app's router already matches `/x/` as `/x` (Fastify's
 * `routerOptions.ignoreTrailingSlash`, or the older top-level option): then a
 * twin route is not needed, and Fastify would refuse it as a duplicate.
 */
function ignoresTrailingSlash(app: FastifyInstance): boolean {
  const config = app.initialConfig;
  return config.routerOptions?.ignoreTrailingSlash === true || config.ignoreTrailingSlash === true;
}

/** Options of {@link toFastify}. */
export interface ToFastifyOptions {
  /**
   * Answer requests no route matches with a 404 problem (default `true`): the
   * first router registered in an encapsulation context installs the handler
   * there, the others find it in place. `false` leaves unknown paths to the
   * app's own not-found handler.
   */
  readonly notFound?: boolean;
}

/** The contexts (by server and route prefix) whose not-found handler the binding installed. */
const notFoundInstalled = new WeakMap<object, Set<string>>();

/** Installs the problem not-found handler for `app`'s prefix, unless it or the app's own is there. */
function installNotFound(app: FastifyInstance): void {
  const prefixes = notFoundInstalled.get(app.server) ?? new Set<string>();
  notFoundInstalled.set(app.server, prefixes);
  if (prefixes.has(app.prefix)) return;
  prefixes.add(app.prefix);
  try {
    app.setNotFoundHandler(notFoundHandler);
  } catch (error) {
    // The app set its own before registering the routers: it stays.
    if (!/not found handler already set/i.test((error as Error).message)) throw error;
  }
}

/**
 * A Fastify plugin serving a collection's router. Every error of its routes
 * comes out as `application/problem+json`, and so does a request for a path
 * no route matches (a 404; see {@link ToFastifyOptions.notFound}); a
 * collection root answers with and without a trailing slash (through a twin
 * route, or through the app's own `routerOptions: { ignoreTrailingSlash: true }`,
 * which needs none). The OpenAPI document comes from the core: see `openApiDocs`.
 *
 * What Fastify and Node refuse before any route (a malformed URL, a path
 * segment past `maxParamLength`, a URL or headers past `maxHeaderSize`) is
 * reachable only through server options: pass the binding's
 * `frameworkErrors` and `clientErrorHandler` to `Fastify()` for problem
 * responses there too. An app that keeps its own not-found handler sets it
 * before registering the routers, or passes `{ notFound: false }`.
 *
 * @example
 * ```ts
 * import { clientErrorHandler, frameworkErrors, toFastify } from 'ormcrud/fastify';
 * const app = Fastify({ frameworkErrors, clientErrorHandler });
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * await app.register(toFastify(posts.getRouter({ prefix: '/posts' }))); // finds the 404 handler in place
 * ```
 */
export function toFastify(router: CrudRouter, options: ToFastifyOptions = {}): FastifyPluginAsync {
  const notFound = options.notFound ?? true;
  return async function crudCollection(app) {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(problemHandler);
    if (notFound) installNotFound(app);
    app.removeContentTypeParser(['text/plain', 'application/json']);
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser);
    for (const { route, methods, paths } of routeEntries(router, { twins: !ignoresTrailingSlash(app) })) {
      // The table's HEAD twin of a GET becomes Fastify's own HEAD route: the GET's handler, the body left out.
      const head = methods.includes('GET') && methods.includes('HEAD');
      const own = head ? methods.filter((method) => method !== 'HEAD') : methods;
      const method = own.length === 1 ? (own[0] as CrudRoute['method']) : own;
      for (const url of paths) app.route({ ...routeOptions(route, url, own), method, exposeHeadRoute: head });
    }
  };
}
