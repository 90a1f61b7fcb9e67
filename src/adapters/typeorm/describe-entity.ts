/**
 * TypeORM entity metadata → the core's neutral {@link ModelMeta}.
 *
 * @module
 */
import {
  type DecimalDigits,
  decimalDigits,
  type FieldKind,
  type FieldMeta,
  type ForeignKeyMeta,
  type IntegerRange,
  integerRange,
  type ModelMeta,
  type RelationMeta,
  type TextFormat,
} from 'ormcrud/adapter-kit';
import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { dialectOf } from './dialect.ts';
import { ownColumns, wireName } from './entity-columns.ts';
import { relationJoins, wires } from './relations.ts';

const KINDS: Record<string, FieldKind> = {};
const kinds: [FieldKind, string[]][] = [
  ['integer', ['int', 'integer', 'int2', 'int4', 'smallint', 'tinyint', 'mediumint', 'serial', 'smallserial']],
  ['bigint', ['bigint', 'int8', 'bigserial', 'long']],
  ['number', ['float', 'float4', 'float8', 'double', 'double precision', 'real']],
  ['decimal', ['decimal', 'numeric', 'dec']],
  [
    'string',
    ['varchar', 'character varying', 'char', 'character', 'nchar', 'nvarchar', 'text', 'tinytext', 'mediumtext'],
  ],
  ['string', ['longtext', 'citext', 'string', 'clob', 'varchar2', 'nvarchar2', 'national varchar', 'ntext']],
  ['boolean', ['boolean', 'bool']],
  ['datetime', ['datetime', 'datetime2', 'timestamp', 'timestamptz', 'timestamp with time zone', 'datetimeoffset']],
  ['datetime', ['timestamp without time zone', 'smalldatetime']],
  ['date', ['date']],
  ['uuid', ['uuid', 'uniqueidentifier']],
  ['enum', ['enum', 'simple-enum']],
  ['json', ['json', 'jsonb', 'simple-json']],
  ['binary', ['bytea', 'blob', 'tinyblob', 'mediumblob', 'longblob', 'binary', 'varbinary']],
];
for (const [kind, names] of kinds) for (const name of names) KINDS[name] = kind;

/** The text types whose database checks their text: strings of a format (a `time` with a zone is not one). */
const TEXT_FORMATS: Record<string, TextFormat> = {
  time: 'time',
  'time without time zone': 'time',
  inet: 'inet',
  cidr: 'cidr',
};
for (const name in TEXT_FORMATS) KINDS[name] = 'string';
// Not listed, so free-form: PostgreSQL's `money` (text such as `$12.50`) and `bit` (a bit string, `'1'`),
// which are neither numbers nor booleans. MySQL's `bit` is bytes (see `fieldKind`).

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

/** The digits of a decimal column, or those its database gives one declared without (MySQL's `DECIMAL(10, 0)`). */
function digitsOf(column: ColumnMetadata): DecimalDigits | undefined {
  const { defaultDecimal } = dialectOf(column.entityMetadata.connection);
  return decimalDigits(column.precision, column.scale, defaultDecimal);
}

/** The core's kind of a TypeORM column type. */
export function fieldKind(column: ColumnMetadata): FieldKind {
  // An array column (PostgreSQL `text[]`) holds a list, free-form as Drizzle's and Sequelize's arrays.
  if (column.isArray) return 'unknown';
  if (column.enum && column.enum.length > 0) return 'enum';
  if (column.generationStrategy === 'uuid') return 'uuid';
  const type = column.type;
  if (type === Number) return 'number';
  if (type === String) return 'string';
  if (type === Boolean) return 'boolean';
  if (type === Date) return 'datetime';
  if (typeof type !== 'string') return 'unknown';
  const name = type.toLowerCase();
  if (name === 'bit') return dialectOf(column.entityMetadata.connection).bitsAsBytes ? 'binary' : 'unknown';
  return KINDS[name] ?? 'unknown';
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
  const format =
    kind === 'string' && typeof column.type === 'string' ? TEXT_FORMATS[column.type.toLowerCase()] : undefined;
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

/** The model name of an entity: its table name, lower-case. */
export const modelName = (metadata: EntityMetadata): string => metadata.tableName.toLowerCase();

/**
 * Why TypeORM hides some of the entity's rows from its own finds (a delete-date column; a child of
 * single-table inheritance, whose table holds its siblings' rows too), which the engine's statements would
 * not: such an entity cannot be served.
 *
 * @example
 * ```ts
 * hiddenRows(dataSource.getMetadata(Post)); // undefined: TypeORM's finds see every post
 * ```
 */
export function hiddenRows(metadata: EntityMetadata): string | undefined {
  if (metadata.deleteDateColumn) return 'soft-deletes (a delete-date column)';
  if (metadata.tableType === 'entity-child') return 'shares its table with other entities (single-table inheritance)';
  return undefined;
}

function describeRelations(metadata: EntityMetadata): RelationMeta[] {
  // An entity whose rows TypeORM hides cannot be served, so it is no relation either.
  const joins = [...relationJoins(metadata).values()].filter(
    (join) => !hiddenRows(join.target) && !(join.through && hiddenRows(join.through.junction)),
  );
  return joins.map((join) => {
    const relation: RelationMeta = {
      name: join.name,
      target: modelName(join.target),
      many: join.many,
      fields: wires(join.sourceColumns),
      references: wires(join.targetColumns),
    };
    if (!join.through) return { ...relation, holdsKey: join.owning };
    return {
      ...relation,
      through: {
        model: modelName(join.through.junction),
        sourceFields: wires(join.through.junctionSource),
        junctionTargetFields: wires(join.through.junctionTarget),
        targetFields: wires(join.targetColumns),
      },
    };
  });
}

function describeForeignKeys(metadata: EntityMetadata): ForeignKeyMeta[] {
  return metadata.foreignKeys.map((fk) => ({
    fields: wires(fk.columns),
    target: modelName(fk.referencedEntityMetadata),
    references: wires(fk.referencedColumns),
  }));
}

const described = new WeakMap<EntityMetadata, ModelMeta>();

/** The entity's own key: its class, or for an `EntitySchema` without one (its target a name) its metadata. */
export const entityKey = (metadata: EntityMetadata): object =>
  typeof metadata.target === 'function' ? metadata.target : metadata;

/**
 * Describes a TypeORM entity for the core, once per entity metadata: property
 * names are the wire names; generated, SQL-defaulted, create/update-date and
 * version columns are server-generated, literal defaults optional on create;
 * relations come in both directions, many-to-many with its junction as `through`. For a many-to-many, `references` are the
 * related model's key columns (as `through.targetFields`).
 *
 * @example
 * ```ts
 * const meta = describeEntity(dataSource.getMetadata(Post));
 * meta.primaryKey; // ['id']
 * ```
 */
export function describeEntity(metadata: EntityMetadata): ModelMeta {
  let meta = described.get(metadata);
  if (!meta) {
    meta = {
      name: modelName(metadata),
      model: entityKey(metadata),
      fields: ownColumns(metadata).map(describeColumn),
      primaryKey: metadata.primaryColumns.map(wireName),
      foreignKeys: describeForeignKeys(metadata),
      relations: describeRelations(metadata),
    };
    described.set(metadata, meta);
  }
  return meta;
}
