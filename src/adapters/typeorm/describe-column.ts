/**
 * A TypeORM column → the core's {@link FieldMeta}: its kind, integer range,
 * decimal digits, text format, enum values, length, and who fills it when a create omits it.
 *
 * @module
 */
import {
  type DecimalDigits,
  decimalDigits,
  type FieldMeta,
  type IntegerRange,
  integerRange,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { fieldKind, TEXT_FORMATS } from './column-kind.ts';
import { dialectOf } from './dialect.ts';
import { wireName } from './entity-columns.ts';

/** Bytes of the integer types narrower than a safe integer, outside SQLite (whose are all 8 bytes). */
const INTEGER_BYTES: Record<string, 1 | 2 | 3 | 4> = {
  int: 4,
  integer: 4,
  int4: 4,
  serial: 4,
  smallint: 2,
  int2: 2,
  smallserial: 2,
  mediumint: 3,
  tinyint: 1,
};

/** The values an integer column holds, when narrower than a safe integer. */
function rangeOf(column: ColumnMetadata): IntegerRange | undefined {
  if (dialectOf(column.entityMetadata.connection).wideIntegers || typeof column.type !== 'string') return undefined;
  const bytes = INTEGER_BYTES[column.type.toLowerCase()];
  return bytes && integerRange(bytes, column.unsigned === true);
}

/** The digits a decimal column declares (none: any). */
const digitsOf = (column: ColumnMetadata): DecimalDigits | undefined => decimalDigits(column.precision, column.scale);

/** The text a column's database checks: a `time` column's is its database's (see `Dialect.timeFormat`). */
function formatOf(column: ColumnMetadata): TextFormat | undefined {
  const format = typeof column.type === 'string' ? TEXT_FORMATS[column.type.toLowerCase()] : undefined;
  return format === 'time' ? dialectOf(column.entityMetadata.connection).timeFormat : format;
}

/** One column as a {@link FieldMeta}. */
export function describeColumn(column: ColumnMetadata): FieldMeta {
  const kind = fieldKind(column);
  const length = Number.parseInt(column.length, 10);
  // A function default is SQL (`() => 'now()'`); a literal one only fills a value the client may give.
  const sqlDefault = typeof column.default === 'function';
  // A single-table parent's discriminator: TypeORM writes the entity's own value, never the client's.
  const serverGenerated =
    column.isDiscriminator ||
    column.isGenerated ||
    sqlDefault ||
    column.isCreateDate ||
    column.isUpdateDate ||
    column.isVersion ||
    column.asExpression !== undefined;
  const range = kind === 'integer' ? rangeOf(column) : undefined;
  const digits = kind === 'decimal' ? digitsOf(column) : undefined;
  const format = kind === 'string' ? formatOf(column) : undefined;
  return {
    name: wireName(column),
    kind,
    ...(range && { range }),
    ...(digits && { digits }),
    ...(format && { format }),
    // A numeric TypeScript enum's values stay numbers, as TypeORM hydrates them.
    ...(kind === 'enum' ? { enumValues: [...(column.enum ?? [])] } : {}),
    ...(kind === 'string' && length > 0 ? { maxLength: length } : {}),
    nullable: column.isNullable,
    primaryKey: column.isPrimary,
    serverGenerated,
    hasClientDefault: column.default !== undefined && !sqlDefault,
    ...(!column.isInsert && { insertable: false }),
    ...(!column.isUpdate && { updatable: false }),
    ...(column.isSelect === false && { hidden: true }),
    ...(column.comment && { description: column.comment }),
  };
}
