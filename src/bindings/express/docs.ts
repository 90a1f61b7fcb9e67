/**
 * `openApiDocs(document)` for Express: the core's OpenAPI document and
 * Swagger UI, offline (its files come from `swagger-ui-dist`, never a CDN).
 *
 * @module
 */
import { type Response, Router } from 'express';
import type { OpenApiDocument } from 'ormcrud';
import { type ErrorLog, HTML_TYPE, JSON_TYPE } from '../../core/http/index.ts';
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

const encoder = new TextEncoder();

/** A 200 as Fastify's and Hono's docs send it: its type and length, no charset or ETag added by `res.send`. */
function sized(res: Response, type: string, body: Uint8Array): void {
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
  const prefix = options.routePrefix ?? '/docs';
  swaggerUiDir(); // throws now, at mount, when swagger-ui-dist is not installed
  const json = JSON.stringify(document);
  const files: Record<string, [string, Uint8Array]> = {
    [prefix]: [HTML_TYPE, encoder.encode(swaggerUiPage(prefix))],
    [`${prefix}/`]: [HTML_TYPE, encoder.encode(swaggerUiPage(prefix, true))],
    [`${prefix}/json`]: [JSON_TYPE, encoder.encode(json)],
    [`${prefix}/yaml`]: [YAML_TYPE, encoder.encode(toYaml(JSON.parse(json)))],
  };
  const router = Router({ strict: true, caseSensitive: true });
  for (const [path, [type, body]] of Object.entries(files)) router.get(path, (_req, res) => sized(res, type, body));
  // Express would answer OPTIONS itself (200, text/plain); a 404 problem, as Fastify and Hono give.
  router.options([...Object.keys(files), `${prefix}/:file`], notFoundHandler(options));
  router.get(`${prefix}/:file`, (req, res, next) => {
    const asset = swaggerUiAsset(req.params.file as string);
    if (!asset) return next();
    asset.then((file) => sized(res, file.type, file.body), next);
  });
  router.use(problemErrorHandler(options.log));
  return router;
}
