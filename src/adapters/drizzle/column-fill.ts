/**
 * Who fills a Drizzle column when a create omits it: the database, or Drizzle
 * itself (a client-side default), and which keys are the server's to choose.
 *
 * @module
 */
import { type Column, is, SQL } from 'drizzle-orm';

/**
 * True when the database fills the column: auto-increment/serial/identity, SQL defaults, generated columns.
 *
 * @example
 * ```ts
 * isServerGenerated(post.created_at, false); // true: `DEFAULT now()`
 * ```
 */
export function isServerGenerated(column: Column, soleIntegerPk: boolean): boolean {
  const c = column as Column & { autoIncrement?: boolean };
  if (c.autoIncrement) return true;
  if (column.columnType === 'PgSerial' || column.columnType === 'PgSmallSerial') return true;
  if (column.columnType.startsWith('PgBigSerial') || column.columnType === 'MySqlSerial') return true;
  if (column.generatedIdentity || column.generated) return true;
  // A SQLite `INTEGER PRIMARY KEY` is the rowid: the database assigns it.
  if (soleIntegerPk && column.columnType === 'SQLiteInteger') return true;
  return column.hasDefault && is(column.default, SQL);
}

/**
 * True for a primary key Drizzle generates (`$defaultFn(() => randomUUID())`): the server's to choose, as a
 * key the database generates (`defaultRandom()`) is, so no default create schema takes it.
 *
 * @example
 * ```ts
 * import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
 * const tag = sqliteTable('tag', { id: text('id').primaryKey().$defaultFn(() => crypto.randomUUID()) });
 * isGeneratedKey(tag.id, true); // true
 * ```
 */
export const isGeneratedKey = (column: Column, primaryKey: boolean): boolean =>
  primaryKey && column.defaultFn !== undefined;

/**
 * True when Drizzle itself fills the column (`$defaultFn`, `$onUpdateFn`) or a literal default applies.
 *
 * @example
 * ```ts
 * hasClientDefault(post.updated_at); // true: `$onUpdate(...)`
 * ```
 */
export function hasClientDefault(column: Column): boolean {
  if (column.defaultFn || column.onUpdateFn) return true;
  return column.hasDefault && column.default !== undefined && !is(column.default, SQL);
}
