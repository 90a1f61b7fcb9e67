/**
 * `openApiDocs(document)`: serves the core's OpenAPI document and Swagger UI,
 * offline (the UI's files come from `@fastify/swagger-ui`, not a CDN).
 *
 * @module
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiDocument } from 'ormcrud';
import { notFoundError, problemReply } from '../../core/http/index.ts';
import { problemHandler, send } from './errors.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
}

/** A file the docs refuse (a dot segment, a NUL) is no file of theirs: a 404, as on Hono and Express. */
function docsErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return send(reply, problemReply(notFoundError()));
  return problemHandler(error, request, reply);
}

/**
 * A Fastify plugin serving `document` (from `createOpenApiDocument`) and
 * Swagger UI at `/docs`, and decorates the app with `swagger()` returning the
 * document. It needs `@fastify/swagger` and `@fastify/swagger-ui` installed;
 * it loads them only when registered.
 *
 * @example
 * ```ts
 * const routers = [categories.getRouter({ prefix: '/categories' }), users.getRouter({ prefix: '/users' })];
 * await app.register(openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) await app.register(toFastify(router));
 * ```
 */
export function openApiDocs(document: OpenApiDocument, options: OpenApiDocsOptions = {}): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    const specification = { document: structuredClone(document) as never };
    await app.register(swagger, { mode: 'static', specification });
    // In a context of its own, so what its static files refuse (`/docs/static/..`) is a 404 problem.
    await app.register(async (docs) => {
      docs.setErrorHandler(docsErrorHandler);
      await docs.register(swaggerUi, { routePrefix: options.routePrefix ?? '/docs' });
    });
  };
  // Not encapsulated (as fastify-plugin does it): `app.swagger()` returns the document, as before.
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
