/**
 * Insert, update and delete returning the affected row. SQLite and PostgreSQL
 * use `RETURNING`; MySQL/MariaDB (no `RETURNING` in Drizzle) read the row back
 * by primary key, inside a transaction where a read and a write must agree.
 *
 * @module
 */
import { and, type Column, is, SQL, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { Row, UpdateReturning } from '../../core/adapter.ts';
import type { ParentLinkWrite } from '../../core/parent-scope.ts';
import { type TableInfo, tableInfo } from './describe-table.ts';
import type { LooseDb } from './dialect.ts';
import { rowColumns, rowKeyColumns } from './row-columns.ts';
import { pkEquals } from './scope.ts';

/** The parent-scope conditions, built on the given database or transaction. */
export type ScopeBuilder = (db: LooseDb) => SQL[];

const isAutoIncrement = (column: Column) =>
  (column as Column & { autoIncrement?: boolean }).autoIncrement === true || column.columnType === 'MySqlSerial';

function byPk(db: LooseDb, info: TableInfo, pk: Readonly<Record<string, unknown>>): Promise<Row[]> {
  return db
    .select(rowColumns(info.table))
    .from(info.table)
    .where(and(...pkEquals(info.table, info.table, pk, (v) => v)))
    .limit(1);
}

/**
 * Inserts one row and returns it as stored (server defaults included).
 *
 * @example
 * ```ts
 * const row = await insertRow(db, tableInfo(post), { thread_id: 1, slug: 'x' });
 * ```
 */
export async function insertRow(db: LooseDb, info: TableInfo, values: Record<string, unknown>): Promise<Row> {
  if (info.dialect !== 'mysql') {
    const [row] = await db.insert(info.table).values(values).returning(rowColumns(info.table));
    return row;
  }
  for (const field of info.primaryKey) {
    const column = info.columns[field] as Column;
    if (values[field] === undefined && column.defaultFn) values[field] = column.defaultFn();
  }
  const [header] = await db.insert(info.table).values(values);
  const pk: Record<string, unknown> = {};
  for (const field of info.primaryKey) {
    const column = info.columns[field] as Column;
    pk[field] = values[field] ?? (isAutoIncrement(column) ? header?.insertId : undefined);
  }
  const [row] = await byPk(db, info, pk);
  if (!row) throw new Error(`DrizzleAdapter: the row inserted into "${info.name}" could not be read back`);
  return row;
}

/** What Drizzle's SQLite insert writes for an omitted column: its SQL default, `$defaultFn`, or `null`. */
function omittedValue(column: Column): SQLWrapper {
  if (column.default !== null && column.default !== undefined) {
    return is(column.default, SQL) ? column.default : sql.param(column.default, column);
  }
  const fn = column.defaultFn ?? column.onUpdateFn;
  if (fn) {
    const value = fn();
    return is(value, SQL) ? value : sql.param(value, column);
  }
  return sql`null`;
}

/**
 * SQLite: inserts one row only when `condition` holds, in one statement
 * (`INSERT ... SELECT ... WHERE EXISTS (...) RETURNING`), so a create under a
 * parent needs no transaction (which would hold a single-connection client).
 * `undefined` when the condition failed and nothing was written.
 *
 * @example
 * ```ts
 * const row = await insertRowIf(db, info, values, exists(parentQuery));
 * if (!row) throw new ParentNotFoundError();
 * ```
 */
export async function insertRowIf(
  db: LooseDb,
  info: TableInfo,
  values: Record<string, unknown>,
  condition: SQL,
): Promise<Row | undefined> {
  const list: SQLWrapper[] = [];
  for (const [field, column] of Object.entries(info.columns)) {
    if (column.generated && column.generated.type !== 'byDefault') continue;
    const value = values[field];
    list.push(value === undefined ? omittedValue(column) : sql.param(value, column));
  }
  const select = sql`select ${sql.join(list as SQL[], sql`, `)} where ${condition}`;
  const [row] = await db.insert(info.table).select(select).returning(rowColumns(info.table));
  return row;
}

/**
 * Updates one row by primary key within the scope; the updated row (only its
 * key with `returning: 'key'`), or `null` when no row matches.
 *
 * @example
 * ```ts
 * const row = await updateRow(db, info, { id: 1 }, { title: 'New' }, () => []);
 * ```
 */
export async function updateRow(
  db: LooseDb,
  info: TableInfo,
  pk: Readonly<Record<string, unknown>>,
  values: Record<string, unknown>,
  scope: ScopeBuilder,
  returning: UpdateReturning = 'row',
): Promise<Row | null> {
  const table = info.table;
  const where = (d: LooseDb) => and(...pkEquals(table, table, pk, (v) => v), ...scope(d));
  if (info.dialect !== 'mysql') {
    const selection = returning === 'key' ? rowKeyColumns(table, info.primaryKey) : rowColumns(table);
    const [row] = await db.update(table).set(values).where(where(db)).returning(selection);
    return row ?? null;
  }
  return db.transaction(async (tx: LooseDb) => {
    const [found] = await tx.select(info.keyColumns).from(table).where(where(tx)).limit(1);
    if (!found) return null;
    await tx
      .update(table)
      .set(values)
      .where(and(...pkEquals(table, table, pk, (v) => v)));
    const next = { ...pk };
    for (const field of info.primaryKey) if (values[field] !== undefined) next[field] = values[field];
    if (returning === 'key') return next;
    const [row] = await byPk(tx, info, next);
    return row ?? null;
  });
}

/**
 * Deletes one row by primary key within the scope; the deleted row, or `null`.
 *
 * @example
 * ```ts
 * const row = await removeRow(db, info, { id: 1 }, () => []);
 * ```
 */
export async function removeRow(
  db: LooseDb,
  info: TableInfo,
  pk: Readonly<Record<string, unknown>>,
  scope: ScopeBuilder,
): Promise<Row | null> {
  const table = info.table;
  const where = (d: LooseDb) => and(...pkEquals(table, table, pk, (v) => v), ...scope(d));
  if (info.dialect !== 'mysql') {
    const [row] = await db.delete(table).where(where(db)).returning(rowColumns(table));
    return row ?? null;
  }
  return db.transaction(async (tx: LooseDb) => {
    const [row] = await tx.select(rowColumns(table)).from(table).where(where(tx)).limit(1);
    if (!row) return null;
    const [header] = await tx.delete(table).where(and(...pkEquals(table, table, pk, (v) => v)));
    // The read does not lock: a concurrent delete may have taken the row since, and it is this one's 404.
    return header?.affectedRows ? row : null;
  });
}

/**
 * Points a parent that holds the key at a new row (a create under a reverse
 * nest, see `planParentLink`); `false` when the parent is not there.
 *
 * @example
 * ```ts
 * if (!(await linkParent(tx, planParentLink(parents), thread))) throw new ParentNotFoundError();
 * ```
 */
export async function linkParent(db: LooseDb, link: ParentLinkWrite, row: Row): Promise<boolean> {
  const values: Record<string, unknown> = {};
  link.fields.forEach((field, i) => {
    values[field] = row[link.from[i] as string];
  });
  return (await updateRow(db, tableInfo(link.model as Table), link.pkValues, values, () => [], 'key')) !== null;
}
