/**
 * A Drizzle table's own metadata (fields, primary key, foreign keys), read once
 * per table and cached. Relations come from the schema: see `relations.ts`.
 *
 * @module
 */
import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import { cached, type FieldMeta, type ForeignKeyMeta } from 'ormcrud/adapter-kit';
import { describeColumn } from './describe-column.ts';
import { DIALECTS } from './engine-dialect.ts';
import { type DrizzleDialect, neutralTableConfig, tableDialect } from './table-config.ts';

/** Everything the adapter knows about one table, keyed by field (property) name. */
export interface TableInfo {
  readonly table: Table;
  readonly dialect: DrizzleDialect;
  /** Lower-case SQL table name: the model name. */
  readonly name: string;
  /** The table's path, unquoted: its schema (if any) and its SQL name. */
  readonly path: readonly string[];
  readonly columns: Readonly<Record<string, Column>>;
  /** Field name of each column, by the column's SQL name. */
  readonly fieldByColumn: ReadonlyMap<string, string>;
  readonly fields: readonly FieldMeta[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly ForeignKeyMeta[];
  /** Target table object of each foreign key, in `foreignKeys` order. */
  readonly foreignTables: readonly Table[];
}

const cache = new WeakMap<Table, TableInfo>();

/**
 * The lower-case SQL name of a table.
 *
 * @example
 * ```ts
 * tableName(schema.post_translation); // 'post_translation'
 * ```
 */
export function tableName(table: Table): string {
  return neutralTableConfig(table).name.toLowerCase();
}

/**
 * Field names of config columns. Key and foreign-key builders of the extra config
 * may hold their own column objects (PostgreSQL), so the SQL name decides.
 */
function fieldNames(byName: ReadonlyMap<string, string>, columns: readonly Column[], table: string): string[] {
  return columns.map((column) => {
    const name = byName.get(column.name);
    if (name === undefined) throw new TypeError(`DrizzleAdapter: column "${column.name}" is not on table "${table}"`);
    return name;
  });
}

/** The property name of a column on its table (no recursion into `tableInfo`, so cycles are fine). */
function fieldOfColumn(table: Table, column: Column): string {
  for (const [field, c] of Object.entries(getTableColumns(table))) if (c.name === column.name) return field;
  return column.name;
}

/**
 * Reads a table's fields, primary key and foreign keys (cached per table).
 *
 * @example
 * ```ts
 * const info = tableInfo(post);
 * info.primaryKey; // ['id']
 * ```
 */
export function tableInfo(table: Table): TableInfo {
  return cached(cache, table, () => readTableInfo(table));
}

/** A table's fields, primary key and foreign keys, read from its config. */
function readTableInfo(table: Table): TableInfo {
  const dialect = tableDialect(table);
  const config = neutralTableConfig(table);
  const name = config.name.toLowerCase();
  const columns = getTableColumns(table) as Record<string, Column>;
  const byName = new Map<string, string>();
  for (const [field, column] of Object.entries(columns)) byName.set(column.name, field);

  const composite = config.primaryKeys[0];
  const pkColumns = composite ?? Object.values(columns).filter((c) => c.primary);
  const primaryKey = fieldNames(byName, pkColumns, name);
  const soleIntegerPk = pkColumns.length === 1;
  const database = DIALECTS[dialect]();

  const fields = Object.entries(columns).map(([field, column]) =>
    describeColumn(field, column, {
      primaryKey: primaryKey.includes(field),
      soleIntegerPk: soleIntegerPk && primaryKey[0] === field,
      database,
    }),
  );
  const foreignKeys = config.foreignKeys.map((fk) => ({
    fields: fieldNames(byName, fk.columns, name),
    target: tableName(fk.foreignTable),
    references: fk.foreignColumns.map((c) => fieldOfColumn(fk.foreignTable, c)),
  }));
  return {
    table,
    dialect,
    name,
    path: config.schema ? [config.schema, config.name] : [config.name],
    columns,
    fieldByColumn: byName,
    fields,
    primaryKey,
    foreignKeys,
    foreignTables: config.foreignKeys.map((fk) => fk.foreignTable),
  };
}
