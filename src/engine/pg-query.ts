/**
 * A statement as a node-postgres query config, for adapters that run the
 * engine's statements on `pg` clients themselves (TypeORM, Sequelize).
 *
 * @module
 */
import type { Statement } from './executor.ts';

/**
 * A statement as a `pg` query config: `pg` prepares a named one once per
 * connection (a bare string is parsed and planned on every run) and answers a
 * selecting one with rows as arrays in select order. `String()` of it is the
 * text, so an ORM that logs its query logs the SQL. Make a fresh one per run:
 * `pg` before 8.23 writes the run's values onto its config.
 *
 * @example
 * ```ts
 * const config = new PgQuery(statement); // { text, name, rowMode }: `client.query(config, values)`
 * ```
 */
export class PgQuery {
  readonly text: string;
  readonly name: string | undefined;
  readonly rowMode: 'array' | undefined;

  constructor({ sql, name, selection }: Statement) {
    this.text = sql;
    this.name = name;
    this.rowMode = selection && 'array';
  }

  toString(): string {
    return this.text;
  }
}
