/**
 * `crud-collection/fastify`: the Fastify 5 binding.
 *
 * @example
 * ```ts
 * import { toFastify } from 'crud-collection/fastify';
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories' })));
 * ```
 *
 * @module
 */
export { toFastify } from './plugin.ts';
