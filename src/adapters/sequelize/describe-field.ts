/**
 * A Sequelize attribute → the core's {@link FieldMeta}: its kind, integer
 * range, decimal digits, text format, enum values, length, digits of a second, the checks of its
 * validators, and who fills it when a create omits it.
 *
 * @module
 */
import {
  type ColumnDefaults,
  type FieldKind,
  type FieldMeta,
  kindFacets,
  secondDigitsOfSqlType,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import type { ModelAttributeColumnOptions } from 'sequelize';
import { isMadeDefault, isSqlDefault, kindKey } from './model-class.ts';
import { validatorChecks } from './validator-checks.ts';

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

/** An attribute's data type, as far as its description reads it. */
interface DataType {
  readonly _unsigned?: boolean;
  readonly options?: { length?: number; unsigned?: boolean; precision?: number; scale?: number };
  readonly values?: readonly string[];
  /** The SQL type Sequelize creates on its dialect (`DATETIME(3)`; PostgreSQL's `DATE` has no digits). */
  toSql?(): string;
}

/** The core's kind of an attribute's values. */
export const kindOf = (attribute: ModelAttributeColumnOptions): FieldKind => KINDS[kindKey(attribute)] ?? 'unknown';

/**
 * The neutral description of one attribute, under its name: `stamped` names
 * the attributes Sequelize fills itself; `wideIntegers` databases give no range.
 */
export function describeField(
  name: string,
  attribute: ModelAttributeColumnOptions,
  stamped: ReadonlySet<string>,
  database: ColumnDefaults,
): FieldMeta {
  const key = kindKey(attribute);
  const kind = kindOf(attribute);
  const { checks } = validatorChecks(attribute.validate, kind);
  const type = attribute.type as DataType;
  const declared = {
    // A float's whole type (`FLOAT(10,2)`) says whether it holds 4 bytes.
    sqlType: kind === 'number' ? (type.toSql?.() ?? key) : key,
    unsigned: type._unsigned === true || type.options?.unsigned === true,
    precision: type.options?.precision,
    scale: type.options?.scale,
    format: TEXT_FORMATS[key],
    enumValues: attribute.values ?? type.values,
    length: Number(type.options?.length),
    // The digits of a second Sequelize creates, not those a `DATE(n)` asks for: PostgreSQL's are its default.
    ...((kind === 'datetime' || key === 'TIME') && { secondDigits: secondDigitsOfSqlType(type.toSql?.() ?? '') }),
  };
  const defaultValue = attribute.defaultValue;
  const primaryKey = attribute.primaryKey === true;
  // A key Sequelize makes (`UUIDV4`) is the server's to choose, as one the database makes is.
  const generated =
    attribute.autoIncrement === true || isSqlDefault(defaultValue) || (primaryKey && isMadeDefault(defaultValue));
  return {
    name,
    kind,
    ...kindFacets(kind, declared, database),
    nullable: attribute.allowNull !== false && !attribute.primaryKey,
    primaryKey,
    serverGenerated: generated || stamped.has(name),
    hasClientDefault: defaultValue !== undefined && !isSqlDefault(defaultValue),
    ...(checks && { checks }),
    ...(attribute.comment && { description: attribute.comment }),
  };
}
