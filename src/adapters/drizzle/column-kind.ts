/**
 * From a Drizzle column to the core's {@link FieldMeta}: its kind, length,
 * enum values, and who fills it when a create omits it.
 *
 * @module
 */
import { type Column, is, SQL } from 'drizzle-orm';
import { type FieldKind, type FieldMeta, type IntegerRange, integerRange } from 'ormcrud/adapter-kit';

const BY_COLUMN_TYPE: Readonly<Record<string, FieldKind>> = {
  // SQLite
  SQLiteInteger: 'integer',
  SQLiteReal: 'number',
  SQLiteNumericNumber: 'number',
  SQLiteNumeric: 'string',
  SQLiteNumericBigInt: 'bigint',
  SQLiteBigInt: 'bigint',
  SQLiteBoolean: 'boolean',
  SQLiteTimestamp: 'datetime',
  SQLiteText: 'string',
  SQLiteTextJson: 'json',
  SQLiteBlobJson: 'json',
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
  PgNumeric: 'string',
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
  MySqlDecimal: 'string',
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

/** Bytes of the integer columns narrower than a safe integer (SQLite's are all 8 bytes). */
const INTEGER_BYTES: Readonly<Record<string, 1 | 2 | 3 | 4>> = {
  PgInteger: 4,
  PgSerial: 4,
  PgSmallInt: 2,
  PgSmallSerial: 2,
  MySqlInt: 4,
  MySqlSmallInt: 2,
  MySqlMediumInt: 3,
  MySqlTinyInt: 1,
};

/** The values an integer column holds, when narrower than a safe integer. */
function rangeOf(column: Column): IntegerRange | undefined {
  const bytes = INTEGER_BYTES[column.columnType];
  return bytes && integerRange(bytes, / unsigned/i.test(column.getSQLType()));
}

const BY_DATA_TYPE: Readonly<Record<string, FieldKind>> = {
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  date: 'datetime',
  bigint: 'bigint',
  json: 'json',
};

/** A custom column's kind, read from the SQL type it declares (`datetime`, `varchar(20)`, ...). */
function kindOfSqlType(sqlType: string): FieldKind {
  const t = sqlType.toLowerCase();
  if (/timestamp|datetime/.test(t)) return 'datetime';
  if (/^date\b/.test(t)) return 'date';
  if (/uuid/.test(t)) return 'uuid';
  if (/bool/.test(t)) return 'boolean';
  if (/bigint/.test(t)) return 'bigint';
  if (/int/.test(t)) return 'integer';
  if (/real|double|float|numeric|decimal/.test(t)) return 'number';
  if (/char|text|clob/.test(t)) return 'string';
  if (/json/.test(t)) return 'json';
  return 'unknown';
}

/**
 * The core kind of a column; text columns declared with `{ enum: [...] }` are enums.
 *
 * @example
 * ```ts
 * import { pgTable, serial } from 'drizzle-orm/pg-core';
 * columnKind(pgTable('t', { id: serial('id') }).id); // 'integer'
 * ```
 */
export function columnKind(column: Column): FieldKind {
  if (column.enumValues && column.enumValues.length > 0) return 'enum';
  if (column.columnType.endsWith('CustomColumn')) return kindOfSqlType(column.getSQLType());
  return BY_COLUMN_TYPE[column.columnType] ?? BY_DATA_TYPE[column.dataType] ?? 'unknown';
}

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

/**
 * The neutral description of one column, under its field (property) name.
 *
 * @example
 * ```ts
 * describeColumn('slug', post.slug, false, false); // { name: 'slug', kind: 'string', maxLength: 100, ... }
 * ```
 */
export function describeColumn(name: string, column: Column, primaryKey: boolean, soleIntegerPk: boolean): FieldMeta {
  const kind = columnKind(column);
  const length = (column as Column & { length?: unknown }).length;
  const field: FieldMeta = {
    name,
    kind,
    nullable: !column.notNull,
    primaryKey,
    serverGenerated: isServerGenerated(column, soleIntegerPk),
    hasClientDefault: hasClientDefault(column),
  };
  const range = kind === 'integer' ? rangeOf(column) : undefined;
  return {
    ...field,
    ...(range && { range }),
    ...(kind === 'enum' ? { enumValues: [...(column.enumValues ?? [])] } : {}),
    ...(kind === 'string' && typeof length === 'number' && length > 0 ? { maxLength: length } : {}),
  };
}

/**
 * How an incoming value is turned into what the column's Drizzle mapper expects:
 * date-mode columns take a `Date`, so ISO strings are converted.
 *
 * @example
 * ```ts
 * inputConverter(post.created_at)?.('2024-01-01T00:00:00Z'); // a Date
 * ```
 */
export function inputConverter(column: Column): ((value: unknown) => unknown) | undefined {
  if (column.dataType !== 'date') return undefined;
  return (value) => (typeof value === 'string' ? new Date(value) : value);
}
