/**
 * `openApiDocs(document)` for Express: the core's OpenAPI document and
 * Swagger UI, offline (its files come from `swagger-ui-dist`, never a CDN).
 *
 * @module
 */
import { Router } from 'express';
import type { OpenApiDocument } from 'ormcrud';
import { type ErrorLog, JSON_TYPE } from '../../core/http/index.ts';
import { toYaml, YAML_TYPE } from '../../core/openapi/yaml.ts';
import { swaggerUiAsset, swaggerUiDir, swaggerUiPage } from '../node/swagger-ui.ts';
import { notFoundHandler, problemErrorHandler } from './router.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
  /** Where errors are logged (a Swagger UI file that cannot be read); default the console. */
  readonly log?: ErrorLog;
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
  const prefix = options.routePrefix ?? '/docs';
  swaggerUiDir(); // throws now, at mount, when swagger-ui-dist is not installed
  const json = JSON.stringify(document);
  const yaml = Buffer.from(toYaml(JSON.parse(json))); // a Buffer: Express adds no charset
  const pages = { [prefix]: swaggerUiPage(prefix), [`${prefix}/`]: swaggerUiPage(prefix, true) };
  const router = Router({ strict: true });
  for (const [path, page] of Object.entries(pages)) router.get(path, (_req, res) => void res.type('html').send(page));
  router.get(`${prefix}/json`, (_req, res) => void res.set('content-type', JSON_TYPE).send(json));
  router.get(`${prefix}/yaml`, (_req, res) => void res.set('content-type', YAML_TYPE).send(yaml));
  // Express would answer OPTIONS itself (200, text/plain); a 404 problem, as Fastify and Hono give.
  const files = [`${prefix}/json`, `${prefix}/yaml`, `${prefix}/:file`];
  router.options([...Object.keys(pages), ...files], notFoundHandler(options));
  router.get(`${prefix}/:file`, (req, res, next) => {
    const asset = swaggerUiAsset(req.params.file as string);
    if (!asset) return next();
    asset.then((file) => void res.set('content-type', file.type).send(Buffer.from(file.body)), next);
  });
  router.use(problemErrorHandler(options.log));
  return router;
}
