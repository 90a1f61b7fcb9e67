/**
 * `openApiDocs(document)` for Express: the core's OpenAPI document and
 * Swagger UI, offline (its files come from `swagger-ui-dist`, never a CDN).
 *
 * @module
 */
import { type Response, Router } from 'express';
import type { OpenApiDocument } from 'ormcrud';
import { type DocsFile, docsSite, type ErrorLog } from 'ormcrud/binding-kit';
import { swaggerUiDir } from 'ormcrud/node';
import { problemErrorHandler } from './errors.ts';
import { notFoundHandler } from './router.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
  /** Where errors are logged (a Swagger UI file that cannot be read); default the console. */
  readonly log?: ErrorLog;
}

/** A 200 as Fastify's and Hono's docs send it: its type and length, no charset or ETag added by `res.send`. */
function sized(res: Response, { body, type }: DocsFile): void {
  res.set({ 'content-type': type, 'content-length': String(body.byteLength) }).end(body);
}

/**
 * An Express router serving `document` (from `createOpenApiDocument`) at
 * `/docs/json` and `/docs/yaml`, and Swagger UI at `/docs`. It needs `swagger-ui-dist` installed.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createOpenApiDocument } from 'ormcrud';
 * import { openApiDocs, toExpress } from 'ormcrud/express';
 * const routers = [categories.getRouter({ prefix: '/categories' })];
 * const app = express();
 * app.use(openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) app.use(toExpress(router));
 * ```
 */
export function openApiDocs(document: OpenApiDocument, options: OpenApiDocsOptions = {}): Router {
  const { prefix, files, asset } = docsSite(document, options.routePrefix);
  swaggerUiDir(); // throws now, at mount, when swagger-ui-dist is not installed
  const router = Router({ strict: true, caseSensitive: true });
  for (const [path, file] of files) router.get(path, (_req, res) => sized(res, file));
  // Express would answer OPTIONS itself (200, text/plain); a 404 problem, as Fastify and Hono give.
  router.options([...files.keys(), `${prefix}/:file`], notFoundHandler(options));
  router.get(`${prefix}/:file`, (req, res, next) => {
    asset(req.params.file as string).then((file) => (file ? sized(res, file) : next()), next);
  });
  router.use(problemErrorHandler(options));
  return router;
}
