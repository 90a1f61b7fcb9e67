/**
 * `ormcrud/express`: the Express 5 binding.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createOpenApiDocument } from 'ormcrud';
 * import { notFoundHandler, openApiDocs, toExpress } from 'ormcrud/express';
 * const routers = [categories.getRouter({ prefix: '/categories' })];
 * const app = express();
 * app.use(openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) app.use(toExpress(router));
 * app.use(notFoundHandler());
 * ```
 *
 * @module
 */
export { type OpenApiDocsOptions, openApiDocs } from './docs.ts';
export { problemErrorHandler } from './errors.ts';
export { notFoundHandler, type ToExpressOptions, toExpress } from './router.ts';
