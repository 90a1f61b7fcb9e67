/**
 * Statements as node-postgres query configs, through TypeORM's own query
 * runner. TypeORM hands the query it is given to `pg`'s `client.query`
 * unchanged; a string runs as an unnamed statement, which PostgreSQL parses
 * and plans on every run, and returns rows as objects. A {@link PgQuery} is
 * a `{ text, name, rowMode }` config: `pg` prepares it once per connection
 * and returns rows as arrays. It converts to its SQL text, which is what
 * TypeORM's loggers and `QueryFailedError` take of it (`String(query)`).
 *
 * @module
 */
import type { Statement } from 'ormcrud/adapter-kit';
import type { DataSource } from 'typeorm';

/**
 * A statement as a `pg` query config; `String()` of it is the text. A fresh
 * one per run: `pg` before 8.23 writes the run's values onto its config.
 *
 * @example
 * ```ts
 * await dataSource.createQueryRunner().query(new PgQuery(statement) as unknown as string, [], true);
 * ```
 */
export class PgQuery {
  readonly text: string;
  readonly name: string | undefined;
  /** Rows of a statement that selects them come as arrays in select order. */
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

/**
 * Whether a data source's driver runs on node-postgres (PostgreSQL,
 * CockroachDB), which takes {@link PgQuery} configs.
 *
 * @example
 * ```ts
 * takesPgQueries(dataSource); // true on PostgreSQL
 * ```
 */
export function takesPgQueries(dataSource: DataSource): boolean {
  return (dataSource.driver as { postgres?: unknown }).postgres !== undefined;
}
