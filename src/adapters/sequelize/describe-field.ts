/**
 * A Sequelize attribute → the core's {@link FieldMeta}: its kind, integer
 * range, decimal digits, text format, enum values, length, and who fills it when a create omits it.
 *
 * @module
 */
import {
  type DecimalDigits,
  type Dialect,
  decimalDigits,
  type FieldKind,
  type FieldMeta,
  type IntegerRange,
  integerRange,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import type { ModelAttributeColumnOptions } from 'sequelize';
import { isSqlDefault, kindKey } from './model-class.ts';

/** The core's kind of each Sequelize data type, by its key. */
const KINDS: Record<string, FieldKind> = {
  STRING: 'string',
  CHAR: 'string',
  TEXT: 'string',
  CITEXT: 'string',
  INTEGER: 'integer',
  SMALLINT: 'integer',
  MEDIUMINT: 'integer',
  TINYINT: 'integer',
  BIGINT: 'bigint',
  FLOAT: 'number',
  REAL: 'number',
  DOUBLE: 'number',
  'DOUBLE PRECISION': 'number',
  DECIMAL: 'decimal',
  BOOLEAN: 'boolean',
  DATE: 'datetime',
  DATEONLY: 'date',
  UUID: 'uuid',
  ENUM: 'enum',
  JSON: 'json',
  JSONB: 'json',
  BLOB: 'binary',
  TIME: 'string',
  INET: 'string',
  CIDR: 'string',
};

/** The text types whose database checks their text, by their key. */
const TEXT_FORMATS: Record<string, TextFormat> = { TIME: 'time', INET: 'inet', CIDR: 'cidr' };

/** Bytes of the integer types narrower than a safe integer, outside SQLite (whose are all 8 bytes). */
const INTEGER_BYTES: Record<string, 1 | 2 | 3 | 4> = { INTEGER: 4, SMALLINT: 2, MEDIUMINT: 3, TINYINT: 1 };

/** The values an integer attribute's column holds, when narrower than a safe integer (never on wide integers). */
function rangeOf(attribute: ModelAttributeColumnOptions, wideIntegers: boolean): IntegerRange | undefined {
  const bytes = INTEGER_BYTES[kindKey(attribute)];
  if (!bytes || wideIntegers) return undefined;
  const type = attribute.type as { _unsigned?: boolean; options?: { unsigned?: boolean } };
  return integerRange(bytes, type._unsigned === true || type.options?.unsigned === true);
}

/** The digits a `DECIMAL(p, s)` attribute declares (a bare `DECIMAL`: any). */
function digitsOf(attribute: ModelAttributeColumnOptions): DecimalDigits | undefined {
  const { precision, scale } = (attribute.type as { options?: { precision?: number; scale?: number } }).options ?? {};
  return decimalDigits(precision, scale);
}

/** What the database's columns hold beyond what an attribute declares. */
export type ColumnsOf = Pick<Dialect, 'wideIntegers' | 'timeFormat'>;

/**
 * The neutral description of one attribute, under its name: `stamped` names
 * the attributes Sequelize fills itself; `wideIntegers` databases give no range;
 * a `hidden` one (left out by the model's default scope) is not public by default.
 */
export function describeField(
  name: string,
  attribute: ModelAttributeColumnOptions,
  stamped: ReadonlySet<string>,
  database: ColumnsOf,
  hidden = false,
): FieldMeta {
  const key = kindKey(attribute);
  const kind = KINDS[key] ?? 'unknown';
  // A `TIME` holds what its database's does (see `Dialect.timeFormat`).
  const format = TEXT_FORMATS[key] === 'time' ? database.timeFormat : TEXT_FORMATS[key];
  const range = kind === 'integer' ? rangeOf(attribute, database.wideIntegers) : undefined;
  const digits = kind === 'decimal' ? digitsOf(attribute) : undefined;
  const type = attribute.type as { options?: { length?: number }; values?: readonly string[] };
  const length = Number(type.options?.length);
  const defaultValue = attribute.defaultValue;
  return {
    name,
    kind,
    ...(range && { range }),
    ...(digits && { digits }),
    ...(format && { format }),
    ...(kind === 'enum' ? { enumValues: [...(attribute.values ?? type.values ?? [])] } : {}),
    ...(kind === 'string' && length > 0 ? { maxLength: length } : {}),
    nullable: attribute.allowNull !== false && !attribute.primaryKey,
    primaryKey: attribute.primaryKey === true,
    serverGenerated: attribute.autoIncrement === true || stamped.has(name) || isSqlDefault(defaultValue),
    hasClientDefault: defaultValue !== undefined && !isSqlDefault(defaultValue),
    ...(hidden && { hidden }),
    ...(attribute.comment && { description: attribute.comment }),
  };
}
