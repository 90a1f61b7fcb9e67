/**
 * `ormcrud/fastify`: the Fastify 5 binding.
 *
 * @example
 * ```ts
 * import { createOpenApiDocument } from 'ormcrud';
 * import { openApiDocs, toFastify } from 'ormcrud/fastify';
 * const routers = [categories.getRouter({ prefix: '/categories' })];
 * await app.register(openApiDocs(createOpenApiDocument(routers, { info: { title: 'Forum', version: '1.0.0' } })));
 * for (const router of routers) await app.register(toFastify(router));
 * ```
 *
 * @module
 */
export { clientErrorHandler } from 'ormcrud/node';
export { type OpenApiDocsOptions, openApiDocs } from './docs.ts';
export { frameworkErrors } from './outside-routes.ts';
export { type ToFastifyOptions, toFastify } from './plugin.ts';
