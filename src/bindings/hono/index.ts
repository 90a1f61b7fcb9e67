/**
 * `ormcrud/hono`: the Hono 4 binding.
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { createOpenApiDocument } from 'ormcrud';
 * import { notFoundHandler, openApiDocs, toHono } from 'ormcrud/hono';
 * const routers = [categories.getRouter({ prefix: '/categories' })];
 * const app = new Hono();
 * app.route('/', openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) app.route('/', toHono(router));
 * app.notFound(notFoundHandler());
 * ```
 *
 * @module
 */

export { notFoundHandler, requestErrorHandler, type ToHonoOptions, toHono } from './app.ts';
export { type OpenApiDocsOptions, openApiDocs } from './docs.ts';
