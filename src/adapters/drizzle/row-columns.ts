/**
 * What a row of a table is read with, by `select` and `returning`: its
 * columns, except that on SQLite a text value holding U+0000 is read as bytes
 * and decoded (SQLite keeps such text whole, but libsql reads text only up to
 * the U+0000, and a value read back must be the value written), and a 64-bit
 * integer is read as decimal text, which no driver rounds to a JavaScript
 * number (nor makes a `BigInt`, which JSON cannot carry).
 *
 * @module
 */
import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { columnKind } from './column-kind.ts';
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

/** A 64-bit integer as its decimal text. */
function decimalText(column: Column, mysql: boolean): SQL {
  return sql`CAST(${column} AS ${sql.raw(mysql ? 'CHAR' : 'TEXT')})`.mapWith(String);
}

/** The selection of one column. */
function selected(column: Column, dialect: string): Column | SQL {
  if (columnKind(column) === 'bigint') return decimalText(column, dialect === 'mysql');
  return dialect === 'sqlite' && column.columnType === 'SQLiteText' ? byteSafeText(column) : column;
}

/**
 * The selection of a whole row of `table`, made once per table: its columns
 * by field name, a SQLite text column as {@link byteSafeText}, a 64-bit
 * integer as {@link decimalText}.
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
    const dialect = tableDialect(table);
    selection = Object.fromEntries(
      Object.entries(columns).map(([field, column]) => [field, selected(column, dialect)]),
    );
    selections.set(table, selection);
  }
  return selection;
}

/**
 * The selection of a row's primary key only, read as {@link rowColumns} reads it.
 *
 * @example
 * ```ts
 * await db.update(post).set(values).where(eq(post.id, 1)).returning(rowKeyColumns(post, ['id']));
 * ```
 */
export function rowKeyColumns(table: Table, primaryKey: readonly string[]): RowSelection {
  const row = rowColumns(table);
  return Object.fromEntries(primaryKey.map((field) => [field, row[field] as Column | SQL]));
}
