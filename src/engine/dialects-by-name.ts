/**
 * The dialect of an ORM's connection (a TypeORM data source, a Sequelize
 * instance), by the name of the database it says it speaks, made once per
 * connection.
 *
 * @module
 */
import { cached } from '../core/cache.ts';
import type { Dialect } from './dialect.ts';

/** How an adapter finds its connections' dialects. */
export interface DialectNames<H extends object> {
  /** The adapter's name, for its error. */
  readonly adapter: string;
  /** What the ORM calls the name (`driver`, `dialect`), for the error. */
  readonly called: string;
  /** The name a connection gives (`postgres`, `mariadb`, `better-sqlite3`). */
  readonly nameOf: (handle: H) => string;
  /** The dialect of each name the adapter supports, made anew on each call. */
  readonly dialects: Readonly<Record<string, () => Dialect>>;
}

/**
 * The dialect of a connection, made once per connection; a name `dialects` lacks throws
 * `<adapter> does not support the "<name>" <called>`.
 *
 * @example
 * ```ts
 * const dialectOf = dialectsByName({
 *   adapter: 'SequelizeAdapter',
 *   called: 'dialect',
 *   nameOf: (orm: { getDialect(): string }) => orm.getDialect(),
 *   dialects: { postgres: () => postgresDialect() },
 * });
 * dialectOf(sequelize).name; // 'postgres', or a TypeError on another database
 * ```
 */
export function dialectsByName<H extends object>(names: DialectNames<H>): (handle: H) => Dialect {
  const made = new WeakMap<H, Dialect>();
  return (handle) =>
    cached(made, handle, () => {
      const name = names.nameOf(handle);
      const make = Object.hasOwn(names.dialects, name) ? names.dialects[name] : undefined;
      if (!make) throw new TypeError(`${names.adapter} does not support the "${name}" ${names.called}`);
      return make();
    });
}
