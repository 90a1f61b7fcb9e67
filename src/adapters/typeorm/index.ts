/**
 * `ormcrud/typeorm`: the TypeORM adapter.
 *
 * @example
 * ```ts
 * import { CRUDCollection } from 'ormcrud';
 * import { TypeORMAdapter } from 'ormcrud/typeorm';
 *
 * const posts = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Post }) });
 * ```
 *
 * @module
 */

export type { GetSession, TypeORMAdapterOptions } from './adapter-options.ts';
export { describeEntity } from './describe-entity.ts';
export { translateDbError } from './errors.ts';
export type { EntityRow } from './row-types.ts';
export { TypeORMAdapter } from './typeorm-adapter.ts';
