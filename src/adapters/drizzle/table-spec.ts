/**
 * A Drizzle table as the engine's {@link ModelSpec}: each column with
 * Drizzle's own codecs (`mapToDriverValue`, `mapFromDriverValue`, applied to
 * non-null values as Drizzle does) and the values or SQL Drizzle fills itself
 * (`$defaultFn`, `$onUpdateFn`).
 *
 * @module
 */
import { type Column, is, SQL } from 'drizzle-orm';
import type { ColumnSpec, Dialect, Fill, ModelMeta, ModelSpec } from 'ormcrud/adapter-kit';
import type { ColumnCasing } from './column-casing.ts';
import { columnEncoder, overrides, stringModeDecoder } from './column-encoder.ts';
import { columnKind, isCustom } from './column-kind.ts';
import type { TableInfo } from './describe-table.ts';
import { sqlFill } from './sql-fill.ts';

/** Drizzle numbers the column itself on insert: auto-increment, serial, identity, SQLite's rowid key. */
function autoIncrement(column: Column, info: TableInfo): boolean {
  const c = column as Column & { autoIncrement?: boolean };
  if (c.autoIncrement || column.generatedIdentity) return true;
  if (/Serial/.test(column.columnType)) return true;
  return info.primaryKey.length === 1 && column.primary && column.columnType === 'SQLiteInteger';
}

/**
 * A client-side fill (`$defaultFn`, `$onUpdateFn`): a value made per write, or SQL made per write, which the
 * statement holds as Drizzle's would.
 */
function fillOf(fn: () => unknown, column: Column, casing: ColumnCasing, dialect: Dialect): Fill {
  const value = () => {
    const made = fn();
    return is(made, SQL) ? sqlFill(made, column, casing, dialect) : made;
  };
  return { kind: 'value', value };
}

/**
 * Whether the engine's read of the column's kind replaces Drizzle's decoder (see `Dialect.read`): a 64-bit
 * integer is read as its decimal text and kept as it is (no `BigInt`); JSON is parsed once, and Drizzle's
 * JSON columns would parse a JSON string again. A custom JSON type's decoder gets what the driver reads.
 */
function engineReads(column: Column): boolean {
  const kind = columnKind(column);
  return kind === 'bigint' || (kind === 'json' && !isCustom(column));
}

/** Drizzle's columns of their database's enum type (`pgEnum`, `mysqlEnum`), not text declared with values. */
const ENUM_TYPES = new Set(['PgEnumColumn', 'PgEnumObjectColumn', 'MySqlEnumColumn', 'MySqlEnumObjectColumn']);

function columnSpec(
  field: string,
  column: Column,
  info: TableInfo,
  casing: ColumnCasing,
  dialect: Dialect,
): ColumnSpec {
  const decode =
    stringModeDecoder(column) ??
    (!engineReads(column) && overrides(column, 'mapFromDriverValue')
      ? (value: unknown) => (value === null ? null : column.mapFromDriverValue(value))
      : undefined);
  // Drizzle's insert fills an omitted column with `$defaultFn`, else (without a default) with `$onUpdateFn`.
  const insertFn = column.defaultFn ?? (column.default === undefined ? column.onUpdateFn : undefined);
  return {
    field,
    column: casing.getColumnCasing(column),
    primaryKey: info.primaryKey.includes(field),
    nullable: !column.notNull,
    autoIncrement: autoIncrement(column, info),
    selected: true,
    decode,
    // A custom type's decoder is the app's, written for what Drizzle hands it: the driver's value.
    driverJson: isCustom(column),
    encode: columnEncoder(column),
    enumType: ENUM_TYPES.has(column.columnType),
    onInsert: insertFn && fillOf(insertFn, column, casing, dialect),
    onUpdate: column.onUpdateFn && fillOf(column.onUpdateFn, column, casing, dialect),
  };
}

/**
 * The description of a table for the engine.
 *
 * @example
 * ```ts
 * // What DrizzleAdapter's modelSpec returns, through tableSpec:
 * const spec = new DrizzleAdapter({ db, model: schema.post }).modelSpec(schema.post);
 * spec.columns.map((c) => c.field); // ['id', 'thread_id', 'author_id', 'slug', 'created_at', 'updated_at']
 * ```
 */
export function tableSpec(info: TableInfo, meta: ModelMeta, casing: ColumnCasing, dialect: Dialect): ModelSpec {
  return {
    meta,
    table: info.path,
    columns: Object.entries(info.columns).map(([field, column]) => columnSpec(field, column, info, casing, dialect)),
  };
}
