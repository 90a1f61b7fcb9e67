/**
 * A statement as a node-postgres query config, for adapters that run the
 * engine's statements on `pg` clients themselves (TypeORM, Sequelize).
 *
 * @module
 */
import type { SqlResult, Statement } from './executor.ts';

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

/** The part of a `pg` client (or pool) that runs a query config, in its callback form. */
export interface PgQueryable {
  query(
    config: PgQuery,
    values: unknown[],
    callback: (error: Error | null, result: { rows: unknown[]; rowCount: number | null }) => void,
  ): unknown;
}

/**
 * Runs `statement` on a `pg` client as a fresh {@link PgQuery}: its rows, and
 * the rows a write touched. The callback goes in with the query: `pg`'s
 * promise form sets it on the query afterwards, and then V8 keeps each
 * result's rows past the young generation (ten times the GC work on a
 * 400-row read).
 *
 * @example
 * ```ts
 * const client = new (await import('pg')).default.Client();
 * const { records } = await runPgQuery(client, statement, [1]);
 * ```
 */
export function runPgQuery(client: PgQueryable, statement: Statement, values: unknown[]): Promise<SqlResult> {
  return new Promise((resolve, reject) => {
    client.query(new PgQuery(statement), values, (error, result) => {
      if (error) reject(error);
      else resolve({ records: result.rows, affected: result.rowCount ?? undefined });
    });
  });
}
