/**
 * The engine dialect of a Sequelize instance, by its dialect name. Statements
 * bind `$1, $2, …`, which Sequelize rewrites to the driver's placeholders
 * itself; on `mysql`, run on `mysql2` directly, they bind `?`.
 *
 * @module
 */

import {
  type Dialect,
  dialectsByName,
  mysqlDialect,
  placeholders,
  postgresDialect,
  sqliteDialect,
} from 'ormcrud/adapter-kit';
import type { Sequelize } from 'sequelize';

const bind = { placeholder: placeholders((index) => `$${index + 1}`) };

const DIALECTS: Record<string, () => Dialect> = {
  postgres: () => postgresDialect(bind),
  mysql: () => mysqlDialect(),
  mariadb: () => mysqlDialect(bind),
  sqlite: () => sqliteDialect(bind),
};

/**
 * The dialect of a Sequelize instance, made once per instance.
 *
 * @example
 * ```ts
 * dialectOf(sequelize).placeholder(0); // '$1'
 * ```
 */
export const dialectOf: (sequelize: Sequelize) => Dialect = dialectsByName({
  adapter: 'SequelizeAdapter',
  called: 'dialect',
  nameOf: (sequelize: Sequelize) => sequelize.getDialect(),
  dialects: DIALECTS,
});
