/**
 * What a row of a table is read with, by `select` and `returning`: its
 * columns, except that on SQLite a text value holding U+0000 is read as bytes
 * and decoded. SQLite keeps such text whole, but libsql reads text only up to
 * the U+0000, and a value read back must be the value written.
 *
 * @module
 */
import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { tableDialect } from './dialect.ts';

/** A row's selection: columns, and SQLite text columns as byte-safe expressions. */
export type RowSelection = Readonly<Record<string, Column | SQL>>;

const utf8 = new TextDecoder();
const selections = new WeakMap<Table, RowSelection>();

/** A text value as SQLite holds it: the text, or its bytes when it holds U+0000. */
function byteSafeText(column: Column): SQL {
  const bytes = sql`CAST(${column} AS BLOB)`;
  return sql`CASE WHEN instr(${bytes}, X'00') > 0 THEN ${bytes} ELSE ${column} END`.mapWith({
    mapFromDriverValue: (value: unknown) =>
      column.mapFromDriverValue(
        value instanceof ArrayBuffer || ArrayBuffer.isView(value)
          ? utf8.decode(value as ArrayBuffer | Uint8Array)
          : value,
      ),
  });
}

/**
 * The selection of a whole row of `table`, made once per table: its columns
 * by field name, a SQLite text column as {@link byteSafeText}.
 *
 * @example
 * ```ts
 * await db.select(rowColumns(post)).from(post).where(eq(post.id, 1));
 * await db.insert(post).values(values).returning(rowColumns(post));
 * ```
 */
export function rowColumns(table: Table): RowSelection {
  let selection = selections.get(table);
  if (!selection) {
    const columns = getTableColumns(table) as Record<string, Column>;
    const sqlite = tableDialect(table) === 'sqlite';
    selection = Object.fromEntries(
      Object.entries(columns).map(([field, column]) => [
        field,
        sqlite && column.columnType === 'SQLiteText' ? byteSafeText(column) : column,
      ]),
    );
    selections.set(table, selection);
  }
  return selection;
}
