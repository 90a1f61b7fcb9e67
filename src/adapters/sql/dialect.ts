/**
 * The few SQL differences between the databases the raw-SQL adapters speak
 * to, and the parameters of a statement as it is built. Each adapter reads
 * its {@link Dialect} once from its ORM's connection.
 *
 * @module
 */

/** The database families the adapters write SQL for. */
export type Family = 'postgres' | 'mysql' | 'sqlite';

/** SQL spelling of one database, as one ORM connection speaks it. */
export interface Dialect {
  readonly family: Family;
  /** `INSERT/UPDATE/DELETE … RETURNING` is available and returns rows through this connection. */
  readonly returning: boolean;
  /** An array binds as one SQL array parameter (`col = ANY($1)`): the `pg` driver (PostgreSQL, CockroachDB). */
  readonly arrayParams: boolean;
  /** Quotes an identifier. */
  escape(name: string): string;
  /** The placeholder of the `index`-th (0-based) parameter. */
  param(index: number): string;
  /**
   * A statement as the connection should get it: on TypeORM's PostgreSQL a
   * named prepared statement, parsed once per connection; elsewhere the text.
   */
  statement(sql: string): string | object;
}

/** The SQL of the current time, as an update stamps a column with it. */
export const nowSql = (dialect: Dialect): string =>
  dialect.family === 'mysql' ? 'CURRENT_TIMESTAMP(6)' : 'CURRENT_TIMESTAMP';

/**
 * `param` for a dialect: placeholders made by `make` once per index and kept.
 *
 * @example
 * ```ts
 * const param = placeholders((i) => `$${i + 1}`);
 * param(0); // '$1'
 * ```
 */
export function placeholders(make: (index: number) => string): (index: number) => string {
  const made: string[] = [];
  return (index) => {
    made[index] ??= make(index);
    return made[index];
  };
}

/** How one raw value becomes the value the driver binds (`undefined`: as it is). */
export type Convert = ((value: unknown) => unknown) | undefined;

/**
 * The parameters of a statement as it is built: each `add` hands out the next
 * placeholder and records how its value converts. The statement's text then
 * serves every run; `bind` turns one run's raw values, in placeholder order,
 * into the driver's.
 *
 * @example
 * ```ts
 * const params = new SqlParams(dialect);
 * const sql = `SELECT … WHERE ${column} = ${params.add((v) => post.persist(info, v))}`;
 * await exec(sql, params.bind([42]));
 * ```
 */
export class SqlParams {
  readonly #converts: Convert[] = [];
  constructor(private readonly dialect: Dialect) {}

  /** The placeholder of the next parameter, whose value `convert` converts. */
  add(convert?: Convert): string {
    this.#converts.push(convert);
    return this.dialect.param(this.#converts.length - 1);
  }

  /** Converts one run's raw values in place (one per placeholder, in order) and returns them. */
  bind(raw: unknown[]): unknown[] {
    const converts = this.#converts;
    for (let i = 0; i < converts.length; i++) {
      const convert = converts[i];
      if (convert) raw[i] = convert(raw[i]);
    }
    return raw;
  }
}
