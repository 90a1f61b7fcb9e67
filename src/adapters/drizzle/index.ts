/**
 * `ormcrud/drizzle`: the Drizzle ORM adapter.
 *
 * @example
 * ```ts
 * import { DrizzleAdapter } from 'ormcrud/drizzle';
 * const adapter = new DrizzleAdapter({ db, model: schema.post });
 * ```
 *
 * @module
 */

export type { GetSession } from 'ormcrud/adapter-kit';
export type { DrizzleAdapterOptions, DrizzleDatabase } from './adapter-options.ts';
export { DrizzleAdapter } from './drizzle-adapter.ts';
export type { DrizzlePk, DrizzleRow } from './row-types.ts';
