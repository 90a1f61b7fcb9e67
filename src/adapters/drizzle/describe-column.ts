/**
 * From a Drizzle column to the core's {@link FieldMeta}: its kind, length,
 * integer range, decimal digits, text format, enum values, and who fills it when a create omits it.
 *
 * @module
 */
import type { Column } from 'drizzle-orm';
import {
  type DecimalDigits,
  decimalDigits,
  type FieldMeta,
  type IntegerRange,
  integerRange,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import { hasClientDefault, isServerGenerated } from './column-fill.ts';
import { columnKind } from './column-kind.ts';

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

/** The text columns whose database checks their text, by column type; a `time` with a zone takes an offset too. */
const TEXT_FORMATS: Readonly<Record<string, TextFormat>> = {
  PgTime: 'time',
  MySqlTime: 'time',
  PgInet: 'inet',
  PgCidr: 'cidr',
};

/** The text a column takes, where its database checks it: a `time` column's is its database's. */
function formatOf(column: Column, timeFormat: TextFormat): TextFormat | undefined {
  if ((column as Column & { withTimezone?: boolean }).withTimezone) return undefined;
  const format = TEXT_FORMATS[column.columnType];
  return format === 'time' ? timeFormat : format;
}

/** Where a column stands in its table, as its description needs it. */
export interface ColumnPlace {
  readonly primaryKey: boolean;
  /** It is the table's only key column (an integer one is then filled by the database). */
  readonly soleIntegerPk: boolean;
  /** The text a `time` column holds on the table's database (see `Dialect.timeFormat`; default `'time'`). */
  readonly timeFormat?: TextFormat;
}

/** The digits a decimal column declares (`numeric(12, 2)`; none: any). */
function digitsOf(column: Column): DecimalDigits | undefined {
  const { precision, scale } = column as Column & { precision?: number; scale?: number };
  return decimalDigits(precision, scale);
}

/**
 * The neutral description of one column, under its field (property) name.
 *
 * @example
 * ```ts
 * describeColumn('slug', post.slug, { primaryKey: false, soleIntegerPk: false }); // { name: 'slug', kind: 'string', maxLength: 100, ... }
 * ```
 */
export function describeColumn(name: string, column: Column, place: ColumnPlace): FieldMeta {
  const { primaryKey, soleIntegerPk } = place;
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
  const digits = kind === 'decimal' ? digitsOf(column) : undefined;
  const format = kind === 'string' ? formatOf(column, place.timeFormat ?? 'time') : undefined;
  return {
    ...field,
    ...(range && { range }),
    ...(digits && { digits }),
    ...(format && { format }),
    ...(kind === 'enum' ? { enumValues: [...(column.enumValues ?? [])] } : {}),
    ...(kind === 'string' && typeof length === 'number' && length > 0 ? { maxLength: length } : {}),
  };
}
