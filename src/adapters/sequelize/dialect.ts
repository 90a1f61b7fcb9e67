/**
 * The engine dialect of a Sequelize instance, by its dialect name. Statements
 * bind `$1, $2, …` on every database, which Sequelize rewrites to the
 * driver's placeholders itself.
 *
 * @module
 */

import { type Dialect, mysqlDialect, placeholders, postgresDialect, sqliteDialect } from 'ormcrud/adapter-kit';
import type { Sequelize } from 'sequelize';

const bind = { placeholder: placeholders((index) => `$${index + 1}`) };

const DIALECTS: Record<string, () => Dialect> = {
  postgres: () => postgresDialect(bind),
  mysql: () => mysqlDialect(bind),
  mariadb: () => mysqlDialect(bind),
  sqlite: () => sqliteDialect(bind),
};

const dialects = new WeakMap<Sequelize, Dialect>();

/**
 * The dialect of a Sequelize instance, made once per instance.
 *
 * @example
 * ```ts
 * dialectOf(sequelize).placeholder(0); // '$1'
 * ```
 */
export function dialectOf(sequelize: Sequelize): Dialect {
  let dialect = dialects.get(sequelize);
  if (!dialect) {
    const name = sequelize.getDialect();
    const make = DIALECTS[name];
    if (!make) throw new TypeError(`SequelizeAdapter does not support the "${name}" dialect`);
    dialect = make();
    dialects.set(sequelize, dialect);
  }
  return dialect;
}
