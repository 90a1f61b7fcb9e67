/**
 * The `sql` a client-side fill returns (`$onUpdate(() => sql`revision + 1`)`,
 * `$defaultFn(() => sql`now()`)`) as the engine's `SqlExpression`: written as
 * Drizzle writes it into its own statements, names quoted, its values bound.
 *
 * @module
 */
import { type Column, is, Placeholder, type SQL } from 'drizzle-orm';
import type { CasingCache } from 'drizzle-orm/casing';
import { type Dialect, SqlExpression } from 'ormcrud/adapter-kit';
import type { ColumnCasing } from './column-casing.ts';

/** Where a parameter goes in the rendered text: a character no statement's text holds. */
const MARK = '\u0000';

/** A value the SQL inlines itself (`.inlineParams()`), quoted as Drizzle's dialects all quote it. */
const quoteString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `made`, the SQL a fill of `column` returned, in parts around its parameters' driver values.
 *
 * @example
 * ```ts
 * import { sql } from 'drizzle-orm';
 * import { sqliteDialect } from 'ormcrud/adapter-kit';
 * sqlFill(sql`lower(${'Ada'})`, post.slug, columnCasing(db), sqliteDialect());
 * // SqlExpression { parts: ['lower(', ')'], params: ['Ada'] }
 * ```
 */
export function sqlFill(made: SQL, column: Column, casing: ColumnCasing, dialect: Dialect): SqlExpression {
  const query = made.toQuery({
    casing: casing as CasingCache,
    escapeName: dialect.quote,
    escapeParam: () => MARK,
    escapeString: quoteString,
  });
  const parts = query.sql.split(MARK);
  if (parts.length !== query.params.length + 1 || query.params.some((p) => is(p, Placeholder))) {
    throw new TypeError(`DrizzleAdapter: the SQL that fills "${column.name}" holds a placeholder or a NUL character`);
  }
  return new SqlExpression(parts, query.params);
}
