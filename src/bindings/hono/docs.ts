/**
 * `openApiDocs(document)` for Hono: the core's OpenAPI document and Swagger
 * UI, offline (its files come from `swagger-ui-dist`, read from disk, never
 * a CDN).
 *
 * @module
 */
import { type Context, Hono } from 'hono';
import type { OpenApiDocument } from 'ormcrud';
import { type DocsFile, docsSite, type ErrorLog, problemReply } from 'ormcrud/binding-kit';
import { responseOf } from './app.ts';

/** Options of {@link openApiDocs}. */
export interface OpenApiDocsOptions {
  /** Where Swagger UI is served; the document is at `<routePrefix>/json` and `/yaml`. Default `/docs`. */
  readonly routePrefix?: string;
  /** Where errors are logged (a Swagger UI file that cannot be read); default the console. */
  readonly log?: ErrorLog;
}

/** A 200 with its length, which a HEAD (answered by Hono from the GET) keeps, as on Fastify and Express. */
function sized({ body, type }: DocsFile): Response {
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
  const { prefix, files, asset } = docsSite(document, options.routePrefix);
  // `c.req.path` drops a trailing slash in an app with `strict: false`: the URL tells `/docs/` from `/docs`.
  const slashed = (c: Context, path: string) => new URL(c.req.url).pathname.endsWith('/') && files.get(`${path}/`);
  const app = new Hono();
  // Swagger UI's files fail to load when swagger-ui-dist is not installed: a logged 500 problem.
  app.onError((error) => responseOf(problemReply(error, options.log)));
  for (const [path, file] of files) app.get(path, (c) => sized(slashed(c, path) || file));
  app.get(`${prefix}/:file`, async (c) => {
    const file = await asset(c.req.param('file'));
    return file ? sized(file) : c.notFound();
  });
  return app;
}
