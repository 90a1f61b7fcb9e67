/**
 * `openApiDocs(document)` for Hono: the core's OpenAPI document and Swagger
 * UI, offline (its files come from `swagger-ui-dist`, read from disk, never
 * a CDN).
 *
 * @module
 */
import { Hono } from 'hono';
import type { OpenApiDocument } from 'ormcrud';
import { type ErrorLog, HTML_TYPE, JSON_TYPE, problemReply } from '../../core/http/index.ts';
import { toYaml, YAML_TYPE } from '../../core/openapi/yaml.ts';
import { responseOf } from './app.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
  /** Where errors are logged (a Swagger UI file that cannot be read); default the console. */
  readonly log?: ErrorLog;
}

const encoder = new TextEncoder();

/** A 200 with its length, which a HEAD (answered by Hono from the GET) keeps, as on Fastify and Express. */
function sized(body: Uint8Array, type: string): Response {
  const headers = { 'content-type': type, 'content-length': String(body.byteLength) };
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}

/**
 * A Hono app serving `document` (from `createOpenApiDocument`) at
 * `/docs/json` and `/docs/yaml`, and Swagger UI at `/docs`. It needs `swagger-ui-dist`
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
  const text = JSON.stringify(document);
  const json = encoder.encode(text);
  const yaml = encoder.encode(toYaml(JSON.parse(text)));
  const ui = import('../node/swagger-ui.ts');
  // The page at `/docs` and at `/docs/` (its links relative to each), made once.
  const pages = ui.then(({ swaggerUiPage }) => ({
    plain: encoder.encode(swaggerUiPage(prefix)),
    slash: encoder.encode(swaggerUiPage(prefix, true)),
  }));
  const app = new Hono();
  // Swagger UI's files fail to load when swagger-ui-dist is not installed: a logged 500 problem.
  app.onError((error) => responseOf(problemReply(error, options.log)));
  // `/docs/` too, told apart by the URL: `c.req.path` drops the slash in an app with `strict: false`.
  app.on('GET', [prefix, `${prefix}/`], async (c) => {
    const slash = new URL(c.req.url).pathname.endsWith('/');
    return sized((await pages)[slash ? 'slash' : 'plain'], HTML_TYPE);
  });
  app.get(`${prefix}/json`, () => sized(json, JSON_TYPE));
  app.get(`${prefix}/yaml`, () => sized(yaml, YAML_TYPE));
  app.get(`${prefix}/:file`, async (c) => {
    const asset = await (await ui).swaggerUiAsset(c.req.param('file'));
    return asset ? sized(asset.body, asset.type) : c.notFound();
  });
  return app;
}
