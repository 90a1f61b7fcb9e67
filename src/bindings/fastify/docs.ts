/**
 * `openApiDocs(document)`: serves the core's OpenAPI document and Swagger UI,
 * offline (the UI's files come from `@fastify/swagger-ui`, not a CDN).
 *
 * @module
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { OpenApiDocument } from 'ormcrud';
import { type DocsFile, docsPrefix, documentFiles, notFoundError, problemReply } from 'ormcrud/binding-kit';
import { send } from './errors.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
}

/** A name of Swagger UI's files: segments of word characters, dots and dashes, none a dot segment. */
const FILE_NAME = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

/**
 * Answers a static file name that names no file (`..`, `%00`) with a 404 problem, as on Hono and Express,
 * before `@fastify/static` refuses it with Fastify's own error; the app's hooks and error handler stay.
 */
function refuseOtherFiles(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const file = (request.params as Record<string, string | undefined>)['*'];
  if (file !== undefined && !FILE_NAME.test(file)) send(reply, problemReply(notFoundError()));
  else done();
}

/** The docs' paths of each server: a second set at one path is refused with a clear error. */
const served = new WeakMap<object, Set<string>>();

/** Claims `path` for docs on the server of `app`; throws when docs are there already. */
function claim(app: FastifyInstance, path: string): void {
  const paths = served.get(app.server) ?? new Set();
  if (paths.has(path))
    throw new Error(`openApiDocs: docs are served at ${path} already; give this one another routePrefix`);
  served.set(app.server, paths.add(path));
}

/** Makes the JSON and YAML routes (GET and HEAD) at `path` send the library's bytes, as on Hono and Express. */
function ownDocument(path: string, files: Record<'json' | 'yaml', DocsFile>): (route: RouteOptions) => void {
  return (route) => {
    const file = route.url === `${path}/json` ? files.json : route.url === `${path}/yaml` ? files.yaml : undefined;
    if (file) route.handler = (_request, reply) => reply.type(file.type).send(file.body);
  };
}

/** `@fastify/swagger` and `@fastify/swagger-ui`, or a clear error naming them. */
function loadPlugins() {
  return Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]).catch((cause: unknown) => {
    const install = 'npm install @fastify/swagger @fastify/swagger-ui';
    throw new Error(`openApiDocs serves Swagger UI through @fastify/swagger and @fastify/swagger-ui: ${install}`, {
      cause,
    });
  });
}

/**
 * A Fastify plugin serving `document` (from `createOpenApiDocument`) and
 * Swagger UI at `/docs`, and decorates the app with `swagger()` returning the
 * document. It needs `@fastify/swagger` and `@fastify/swagger-ui` installed;
 * it loads them only when registered. Docs of other documents may be
 * registered beside it at another `routePrefix`; `app.swagger()` stays the first's.
 *
 * @example
 * ```ts
 * const routers = [categories.getRouter({ prefix: '/categories' }), users.getRouter({ prefix: '/users' })];
 * await app.register(openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) await app.register(toFastify(router));
 * ```
 */
export function openApiDocs(document: OpenApiDocument, options: OpenApiDocsOptions = {}): FastifyPluginAsync {
  const routePrefix = docsPrefix(options.routePrefix);
  const files = documentFiles(document);
  const plugin: FastifyPluginAsync = async (app) => {
    const path = `${app.prefix}${routePrefix}`;
    claim(app, path);
    const [{ default: swagger }, { default: swaggerUi }] = await loadPlugins();
    // `app.swagger()` is the first document's: @fastify/swagger decorates a context once.
    if (!app.hasPlugin('@fastify/swagger')) {
      await app.register(swagger, { mode: 'static', specification: { document: structuredClone(document) as never } });
    }
    // In a context of its own, so its hooks see only the docs' routes.
    await app.register(async (docs) => {
      docs.addHook('onRequest', refuseOtherFiles);
      docs.addHook('onRoute', ownDocument(path, files));
      // The page links its files by absolute paths: they start with the prefix the docs are registered under.
      await docs.register(swaggerUi, { routePrefix, indexPrefix: app.prefix });
    });
  };
  // Not encapsulated (as fastify-plugin does it): `app.swagger()` returns the document, as before.
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
