/**
 * `ormcrud/sequelize`: the Sequelize adapter.
 *
 * @example
 * ```ts
 * import { CRUDCollection } from 'ormcrud';
 * import { SequelizeAdapter } from 'ormcrud/sequelize';
 *
 * const postCollection = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: models.post }) });
 * ```
 *
 * @module
 */
export { describeModel } from './describe-model.ts';
export type { ModelRow } from './row-types.ts';
export { SequelizeAdapter, type SequelizeAdapterOptions } from './sequelize-adapter.ts';
