/**
 * Named prepared statements on PostgreSQL, through TypeORM's own query runner.
 *
 * TypeORM hands the query it is given to `pg`'s `client.query` unchanged; a
 * string runs as an unnamed statement, which PostgreSQL parses and plans on
 * every run. `pg` also accepts a `{ name, text }` config, and then parses the
 * statement once per connection and only binds and executes it afterwards. A
 * {@link NamedStatement} is that config, and converts to its SQL text, which
 * is what TypeORM's loggers and `QueryFailedError` take of it (`String(query)`).
 * (Not a `String` subclass: `pg` copies a config's own properties, and a
 * `String` object has one per character.)
 *
 * @module
 */

/**
 * SQL text that `pg` runs as the prepared statement `name`; `String()` of it
 * is the text.
 */
export class NamedStatement {
  constructor(
    readonly text: string,
    readonly name: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

/**
 * A namer of statements for one data source: each distinct SQL text gets a
 * name of its own, so a name never stands for two texts on a connection. Past
 * `limit` distinct texts (shapes of filters, sorts and bodies), new texts run
 * unnamed, so neither side's statement cache grows without bound.
 *
 * Returns a fresh {@link NamedStatement} per call: `pg` before 8.23 writes
 * the call's values onto the config it is given.
 *
 * @example
 * ```ts
 * const named = statementNamer();
 * await queryRunner.query(named('SELECT 1 AS "one"') as string, [], true);
 * ```
 */
export function statementNamer(limit = 1000): (sql: string) => string | NamedStatement {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined) {
      if (names.size >= limit) return sql;
      name = `ormcrud_${names.size}`;
      names.set(sql, name);
    }
    return new NamedStatement(sql, name);
  };
}
