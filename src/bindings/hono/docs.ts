/**
 * `openApiDocs(document)` for Hono: the core's OpenAPI document and Swagger
 * UI, offline (its files come from `swagger-ui-dist`, read from disk, never
 * a CDN).
 *
 * @module
 */
import { Hono } from 'hono';
import type { OpenApiDocument } from 'ormcrud';
import { type ErrorLog, JSON_TYPE, problemReply } from '../../core/http/index.ts';
import { responseOf } from './app.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json`. Default `/docs`. */
  readonly routePrefix?: string;
  /** Where errors are logged (a Swagger UI file that cannot be read); default the console. */
  readonly log?: ErrorLog;
}

/**
 * A Hono app serving `document` (from `createOpenApiDocument`) at
 * `/docs/json` and Swagger UI at `/docs`. It needs `swagger-ui-dist`
 * installed and a runtime with `node:fs` (Node, Bun, Deno).
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { createOpenApiDocument } from 'ormcrud';
 * import { openApiDocs, toHono } from 'ormcrud/hono';
 * const routers = [categories.getRouter({ prefix: '/categories' })];
 * const app = new Hono();
 * app.route('/', openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) app.route('/', toHono(router));
 * ```
 */
export function openApiDocs(document: OpenApiDocument, options: OpenApiDocsOptions = {}): Hono {
  const prefix = options.routePrefix ?? '/docs';
  const json = JSON.stringify(document);
  const ui = import('../node/swagger-ui.ts');
  const app = new Hono();
  // Swagger UI's files fail to load when swagger-ui-dist is not installed: a logged 500 problem.
  app.onError((error) => responseOf(problemReply(error, options.log)));
  // `/docs/` too, told apart by the URL: `c.req.path` drops the slash in an app with `strict: false`.
  app.on('GET', [prefix, `${prefix}/`], async (c) => {
    const slash = new URL(c.req.url).pathname.endsWith('/');
    return c.html((await ui).swaggerUiPage(prefix, slash));
  });
  app.get(`${prefix}/json`, (c) => c.body(json, 200, { 'content-type': JSON_TYPE }));
  app.get(`${prefix}/:file`, async (c) => {
    const asset = await (await ui).swaggerUiAsset(c.req.param('file'));
    return asset ? c.body(asset.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': asset.type }) : c.notFound();
  });
  return app;
}
