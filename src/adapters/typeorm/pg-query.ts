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
 * `String` object has one per character.) A fresh one per run: `pg` before
 * 8.23 writes the run's values onto the config it is given.
 *
 * @module
 */

/**
 * SQL text that `pg` runs as the prepared statement `name`; `String()` of it
 * is the text.
 *
 * @example
 * ```ts
 * await dataSource.createQueryRunner().query(new NamedStatement('SELECT 1', 'one') as unknown as string, [], true);
 * ```
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
