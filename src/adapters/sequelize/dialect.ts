/**
 * The {@link Dialect} of a Sequelize instance, read once. Statements bind
 * `$1, $2, …`, which Sequelize rewrites to the driver's placeholders itself;
 * identifiers are quoted by Sequelize's own query generator. Only PostgreSQL
 * hands `RETURNING` rows back through `sequelize.query` (on SQLite Sequelize
 * runs writes with `Statement#run`, which returns none).
 *
 * @module
 */
import type { Sequelize } from 'sequelize';
import { type Dialect, type Family, placeholders } from '../sql/dialect.ts';

const FAMILIES: Record<string, Family> = { postgres: 'postgres', mysql: 'mysql', mariadb: 'mysql', sqlite: 'sqlite' };

const dialects = new WeakMap<Sequelize, Dialect>();

/**
 * The dialect of a Sequelize instance, computed once per instance.
 *
 * @example
 * ```ts
 * const { escape, param } = dialectOf(sequelize);
 * const sql = `SELECT * FROM ${escape('user')} WHERE id = ${param(0)}`; // … WHERE id = $1
 * ```
 */
export function dialectOf(sequelize: Sequelize): Dialect {
  let dialect = dialects.get(sequelize);
  if (dialect) return dialect;
  const name = sequelize.getDialect();
  const family = FAMILIES[name];
  if (!family) throw new TypeError(`SequelizeAdapter does not support the "${name}" dialect`);
  const generator = (
    sequelize.getQueryInterface() as unknown as { queryGenerator: { quoteIdentifier(n: string): string } }
  ).queryGenerator;
  dialect = {
    family,
    returning: family === 'postgres',
    arrayParams: family === 'postgres',
    escape: (identifier) => generator.quoteIdentifier(identifier),
    param: placeholders((index) => `$${index + 1}`),
    statement: (sql) => sql,
  };
  dialects.set(sequelize, dialect);
  return dialect;
}
