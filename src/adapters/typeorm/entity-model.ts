/**
 * A TypeORM entity as the engine's {@link ModelSpec}: its table and columns,
 * with the conversions between database and wire values going through
 * TypeORM's own driver, so transformers and date handling match TypeORM.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { type Codec, type ColumnSpec, cached, type Fill, type ModelSpec, parseDateTime } from 'ormcrud/adapter-kit';
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { ApplyValueTransformers } from 'typeorm/util/ApplyValueTransformers.js';
import { fieldKind } from './column-kind.ts';
import { describeEntity } from './describe-entity.ts';
import { ownColumns, wireName } from './entity-columns.ts';

const uuid: Fill = { kind: 'value', value: randomUUID };
/** TypeORM's own persistence starts a version column at 1. */
const firstVersion: Fill = { kind: 'value', value: () => 1 };

/** What TypeORM writes on insert where the client gives nothing: a uuid, a first version, the entity's discriminator. */
function insertFill(column: ColumnMetadata, clientUuid: boolean): Fill | undefined {
  if (clientUuid) return uuid;
  if (column.isVersion) return firstVersion;
  const discriminator = column.entityMetadata.discriminatorValue;
  return column.isDiscriminator && discriminator !== undefined
    ? { kind: 'value', value: () => discriminator }
    : undefined;
}

/**
 * A JSON column's decoder: its transformers only, given the value the engine parsed once (see
 * `Dialect.read`), as TypeORM gives them the parsed value; its own hydration would parse a JSON string
 * again (`json` on MySQL, `simple-json`).
 */
function jsonDecoder(column: ColumnMetadata): Codec | undefined {
  const transformer = column.transformer;
  return transformer && ((value) => ApplyValueTransformers.transformFrom(transformer, value));
}

/** One TypeORM column as the engine reads and writes it. */
function columnSpec(column: ColumnMetadata, dataSource: DataSource): ColumnSpec {
  const driver = dataSource.driver;
  // TypeORM fills a uuid-generated column itself where the database has no uuid default.
  const clientUuid = column.generationStrategy === 'uuid' && !driver.isUUIDGenerationSupported();
  // TypeORM reads a date-time string without an offset in the process's zone; the wire's is UTC.
  const dateTime = fieldKind(column) === 'datetime';
  // `pg` writes a `Date` in the process's zone to the minute, which loses the seconds of an old zone's offset.
  const zoned = dateTime && ZONED_TYPES.has(String(column.type));
  return {
    field: wireName(column),
    column: column.databaseName,
    primaryKey: column.isPrimary,
    nullable: column.isNullable,
    autoIncrement: column.isGenerated && column.generationStrategy !== 'uuid',
    // A key is never secret from its own URL, and every response carries it.
    selected: column.isSelect || column.isPrimary,
    decode: fieldKind(column) === 'json' ? jsonDecoder(column) : (raw) => driver.prepareHydratedValue(raw, column),
    encode: (value) => {
      const stored = driver.preparePersistentValue(
        dateTime && typeof value === 'string' ? parseDateTime(value) : value,
        column,
      );
      return zoned && stored instanceof Date ? stored.toISOString() : stored;
    },
    // TypeORM makes both its database's enum type where the database has one.
    enumType: column.type === 'enum' || column.type === 'simple-enum',
    onInsert: insertFill(column, clientUuid),
    onUpdate: column.isUpdateDate ? { kind: 'now' } : column.isVersion ? { kind: 'increment' } : undefined,
  };
}

/** PostgreSQL's column types of an instant, which an ISO string in UTC fills exactly. */
const ZONED_TYPES = new Set(['timestamptz', 'timestamp with time zone']);

const specs = new WeakMap<EntityMetadata, ModelSpec>();

/**
 * The description of an entity's metadata, made once.
 *
 * @example
 * ```ts
 * const post = entitySpec(dataSource.getMetadata(Post), dataSource);
 * post.table; // ['post']
 * ```
 */
export function entitySpec(metadata: EntityMetadata, dataSource: DataSource): ModelSpec {
  return cached(specs, metadata, () => ({
    meta: describeEntity(metadata),
    table: metadata.tablePath.split('.'),
    columns: ownColumns(metadata).map((column) => columnSpec(column, dataSource)),
  }));
}
