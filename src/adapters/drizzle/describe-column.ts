/**
 * From a Drizzle column to the core's {@link FieldMeta}: its kind, length,
 * integer range, decimal digits, text format, enum values, digits of a second, and who fills it when a
 * create omits it.
 *
 * @module
 */
import type { Column } from 'drizzle-orm';
import {
  type ColumnDefaults,
  type FieldMeta,
  kindFacets,
  secondDigitsOfSqlType,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import { hasClientDefault, isGeneratedKey, isServerGenerated } from './column-fill.ts';
import { columnKind, isCustom } from './column-kind.ts';

/**
 * The SQL type that names an integer column's bytes: Drizzle's own (a custom type's is the app's text), but
 * for MySQL's `serial`, a `bigint unsigned`.
 */
const integerType = (column: Column): string | undefined =>
  isCustom(column) || column.columnType === 'MySqlSerial' ? undefined : column.getSQLType();

/** The text columns whose database checks their text, by column type; a `time` with a zone takes an offset too. */
const TEXT_FORMATS: Readonly<Record<string, TextFormat>> = {
  PgTime: 'time',
  MySqlTime: 'time',
  PgInet: 'inet',
  PgCidr: 'cidr',
};

/** The text a column takes, where its database checks it. */
function formatOf(column: Column): TextFormat | undefined {
  return (column as Column & { withTimezone?: boolean }).withTimezone ? undefined : TEXT_FORMATS[column.columnType];
}

/** Drizzle's SQLite `timestamp` mode writes whole seconds (`timestamp_ms` milliseconds). */
const writtenSecondDigits = (column: Column): number | undefined =>
  column.columnType === 'SQLiteTimestamp' && (column as Column & { mode?: string }).mode === 'timestamp'
    ? 0
    : undefined;

/** Where a column stands in its table, as its description needs it. */
export interface ColumnPlace {
  readonly primaryKey: boolean;
  /** It is the table's only key column (an integer one is then filled by the database). */
  readonly soleIntegerPk: boolean;
  /** What the table's database holds beyond what a column declares (its `Dialect`). */
  readonly database: ColumnDefaults;
}

/**
 * The neutral description of one column, under its field (property) name.
 *
 * @example
 * ```ts
 * const place = { primaryKey: false, soleIntegerPk: false, database: sqliteDialect() };
 * describeColumn('slug', post.slug, place); // { name: 'slug', kind: 'string', maxLength: 100, ... }
 * ```
 */
export function describeColumn(name: string, column: Column, place: ColumnPlace): FieldMeta {
  const { primaryKey, soleIntegerPk } = place;
  const kind = columnKind(column);
  const { length, precision, scale } = column as Column & { length?: unknown; precision?: number; scale?: number };
  const sqlType = integerType(column);
  const declaredFormat = formatOf(column);
  const field: FieldMeta = {
    name,
    kind,
    nullable: !column.notNull,
    primaryKey,
    serverGenerated: isServerGenerated(column, soleIntegerPk) || isGeneratedKey(column, primaryKey),
    hasClientDefault: hasClientDefault(column),
  };
  const declared = {
    sqlType,
    unsigned: sqlType !== undefined && / unsigned/i.test(sqlType),
    precision,
    scale,
    format: declaredFormat,
    enumValues: column.enumValues,
    length: typeof length === 'number' ? length : undefined,
    ...((kind === 'datetime' || declaredFormat === 'time') && {
      secondDigits: secondDigitsOfSqlType(column.getSQLType()),
      writtenSecondDigits: writtenSecondDigits(column),
    }),
  };
  return { ...field, ...kindFacets(kind, declared, place.database) };
}
