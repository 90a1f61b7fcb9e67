/**
 * A TypeORM column → the core's {@link FieldMeta}: its kind, integer range,
 * decimal digits, text format, enum values, length, digits of a second, and who fills it when a create
 * omits it.
 *
 * @module
 */
import { type ColumnDeclaration, type FieldKind, type FieldMeta, kindFacets } from 'ormcrud/adapter-kit';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { fieldKind, TEXT_FORMATS } from './column-kind.ts';
import { dialectOf } from './dialect.ts';
import { wireName } from './entity-columns.ts';

/** A float's type with the digits it declares (MySQL's `float(10,2)`), which say whether it holds 4 bytes. */
function floatType(type: string, column: ColumnMetadata): string {
  const { precision, scale } = column;
  if (precision === undefined || precision === null) return type;
  return scale === undefined || scale === null ? `${type}(${precision})` : `${type}(${precision},${scale})`;
}

/** What a column declares, as the facets of its kind read it; a type given as a class (`Number`) names none. */
function declarationOf(column: ColumnMetadata, kind: FieldKind): ColumnDeclaration {
  const named = typeof column.type === 'string' ? column.type : undefined;
  const sqlType = named !== undefined && kind === 'number' ? floatType(named, column) : named;
  const format = sqlType === undefined ? undefined : TEXT_FORMATS[sqlType.toLowerCase()];
  return {
    sqlType,
    unsigned: column.unsigned,
    precision: column.precision,
    scale: column.scale,
    format,
    // A numeric TypeScript enum's values stay numbers, as TypeORM hydrates them.
    enumValues: column.enum,
    length: Number.parseInt(column.length, 10),
    // A date-time's or time's `precision` is the digits of a second TypeORM creates (a MySQL create date's: 6).
    ...((kind === 'datetime' || format === 'time') && { secondDigits: column.precision }),
  };
}

/** One column as a {@link FieldMeta}. */
export function describeColumn(column: ColumnMetadata): FieldMeta {
  const kind = fieldKind(column);
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
  return {
    name: wireName(column),
    kind,
    ...kindFacets(kind, declarationOf(column, kind), dialectOf(column.entityMetadata.connection)),
    nullable: column.isNullable,
    primaryKey: column.isPrimary,
    serverGenerated,
    hasClientDefault: column.default !== undefined && !sqlDefault,
    ...(!column.isInsert && { insertable: false }),
    ...(!column.isUpdate && { updatable: false }),
    ...(column.isSelect === false && !column.isPrimary && { hidden: true }),
    ...(column.comment && { description: column.comment }),
  };
}
