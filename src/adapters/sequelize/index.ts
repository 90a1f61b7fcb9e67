/**
 * `crud-collection/sequelize`: the Sequelize adapter.
 *
 * @example
 * ```ts
 * import { CRUDCollection } from 'crud-collection';
 * import { SequelizeAdapter } from 'crud-collection/sequelize';
 *
 * const posts = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Post }) });
 * ```
 *
 * @module
 */
export { describeModel } from './describe-model.ts';
export { SequelizeAdapter, type SequelizeAdapterOptions } from './sequelize-adapter.ts';
