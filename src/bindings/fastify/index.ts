/**
 * `ormcrud/fastify`: the Fastify 5 binding.
 *
 * @example
 * ```ts
 * import { toFastify } from 'ormcrud/fastify';
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories' })));
 * ```
 *
 * @module
 */
export { clientErrorHandler, frameworkErrors } from './outside-routes.ts';
export { type ToFastifyOptions, toFastify } from './plugin.ts';
