/**
 * The core's {@link FieldKind} of a Drizzle column: by its column type, else
 * by its data type; a custom column's by the SQL type it declares.
 *
 * @module
 */
import type { Column } from 'drizzle-orm';
import type { FieldKind } from 'ormcrud/adapter-kit';

const BY_COLUMN_TYPE: Readonly<Record<string, FieldKind>> = {
  // SQLite
  SQLiteInteger: 'integer',
  SQLiteReal: 'number',
  SQLiteNumericNumber: 'number',
  SQLiteNumeric: 'decimal',
  SQLiteNumericBigInt: 'bigint',
  SQLiteBigInt: 'bigint',
  SQLiteBoolean: 'boolean',
  SQLiteTimestamp: 'datetime',
  SQLiteText: 'string',
  SQLiteTextJson: 'json',
  SQLiteBlobJson: 'json',
  SQLiteBlobBuffer: 'binary',
  // PostgreSQL
  PgInteger: 'integer',
  PgSmallInt: 'integer',
  PgSerial: 'integer',
  PgSmallSerial: 'integer',
  PgBigInt53: 'integer',
  PgBigSerial53: 'integer',
  PgBigInt64: 'bigint',
  PgBigSerial64: 'bigint',
  PgReal: 'number',
  PgDoublePrecision: 'number',
  PgNumericNumber: 'number',
  PgNumeric: 'decimal',
  PgNumericBigInt: 'bigint',
  PgBoolean: 'boolean',
  PgTimestamp: 'datetime',
  PgTimestampString: 'datetime',
  PgDate: 'date',
  PgDateString: 'date',
  PgUUID: 'uuid',
  PgEnumColumn: 'enum',
  PgEnumObjectColumn: 'enum',
  PgJson: 'json',
  PgJsonb: 'json',
  PgText: 'string',
  PgVarchar: 'string',
  PgChar: 'string',
  // MySQL / MariaDB
  MySqlInt: 'integer',
  MySqlTinyInt: 'integer',
  MySqlSmallInt: 'integer',
  MySqlMediumInt: 'integer',
  MySqlYear: 'integer',
  MySqlBigInt53: 'integer',
  MySqlSerial: 'integer',
  MySqlBigInt64: 'bigint',
  MySqlFloat: 'number',
  MySqlDouble: 'number',
  MySqlReal: 'number',
  MySqlDecimalNumber: 'number',
  MySqlDecimal: 'decimal',
  MySqlDecimalBigInt: 'bigint',
  MySqlBoolean: 'boolean',
  MySqlDateTime: 'datetime',
  MySqlDateTimeString: 'datetime',
  MySqlTimestamp: 'datetime',
  MySqlTimestampString: 'datetime',
  MySqlDate: 'date',
  MySqlDateString: 'date',
  MySqlEnumColumn: 'enum',
  MySqlEnumObjectColumn: 'enum',
  MySqlJson: 'json',
  MySqlText: 'string',
  MySqlVarChar: 'string',
  MySqlChar: 'string',
};

const BY_DATA_TYPE: Readonly<Record<string, FieldKind>> = {
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  date: 'datetime',
  bigint: 'bigint',
};

/** The custom columns whose `bit(n)` the driver reads as bytes (mysql2); PostgreSQL's is text of 0s and 1s. */
const BITS_AS_BYTES = new Set(['MySqlCustomColumn']);

/** A custom column's kind, read from the SQL type it declares (`datetime`, `varchar(20)`, ...). */
function kindOfSqlType(sqlType: string, bitsAsBytes: boolean): FieldKind {
  const t = sqlType.toLowerCase();
  if (bitsAsBytes && /^bit\b/.test(t)) return 'binary';
  if (/timestamp|datetime/.test(t)) return 'datetime';
  if (/^date\b/.test(t)) return 'date';
  if (/uuid/.test(t)) return 'uuid';
  if (/bool/.test(t)) return 'boolean';
  if (/bigint/.test(t)) return 'bigint';
  if (/int/.test(t)) return 'integer';
  if (/real|double|float|numeric|decimal/.test(t)) return 'number';
  if (/char|text|clob/.test(t)) return 'string';
  if (/json/.test(t)) return 'json';
  if (/bytea|blob|binary/.test(t)) return 'binary';
  return 'unknown';
}

/** Whether the column is a custom type (`customType`), whose codecs are the app's own. */
export const isCustom = (column: Column): boolean => column.columnType.endsWith('CustomColumn');

/**
 * The core kind of a column; text columns declared with `{ enum: [...] }` are enums. Only JSON columns are
 * `json` (read as JSON text): a point or geometry, which Drizzle types as JSON too, is free-form.
 *
 * @example
 * ```ts
 * import { pgTable, serial } from 'drizzle-orm/pg-core';
 * columnKind(pgTable('t', { id: serial('id') }).id); // 'integer'
 * ```
 */
export function columnKind(column: Column): FieldKind {
  if (column.enumValues && column.enumValues.length > 0) return 'enum';
  if (isCustom(column)) {
    return kindOfSqlType(column.getSQLType(), BITS_AS_BYTES.has(column.columnType));
  }
  return BY_COLUMN_TYPE[column.columnType] ?? BY_DATA_TYPE[column.dataType] ?? 'unknown';
}
