/**
 * A TypeORM entity compiled once into the shared {@link SqlModel}: its
 * columns keyed by wire name, with the conversions between database and wire
 * values going through TypeORM's own driver, so transformers and date
 * handling match TypeORM.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { type SqlColumnSpec, SqlModel } from '../sql/sql-model.ts';
import { describeEntity, fieldKind } from './describe-entity.ts';
import { dialectOf } from './dialect.ts';
import { ownColumns, wireName } from './entity-columns.ts';

/** One TypeORM column as the SQL builders use it. */
function columnSpec(column: ColumnMetadata, dataSource: DataSource): SqlColumnSpec {
  const driver = dataSource.driver;
  // TypeORM fills a uuid-generated column itself where the database has no uuid default.
  const clientUuid = column.generationStrategy === 'uuid' && !driver.isUUIDGenerationSupported();
  return {
    wire: wireName(column),
    name: column.databaseName,
    primary: column.isPrimary,
    nullable: column.isNullable,
    generated: column.isGenerated,
    selected: column.isSelect,
    text: fieldKind(column) === 'string',
    bigint: fieldKind(column) === 'bigint',
    fromDb: (raw) => driver.prepareHydratedValue(raw, column),
    toDb: (value) => driver.preparePersistentValue(value, column),
    // TypeORM's own persistence starts a version column at 1.
    insertDefault: clientUuid ? randomUUID : column.isVersion ? () => 1 : undefined,
    onUpdate: column.isUpdateDate ? 'now' : column.isVersion ? 'increment' : undefined,
  };
}

const models = new WeakMap<EntityMetadata, SqlModel>();

/**
 * The compiled model of an entity's metadata, built once and shared by every adapter.
 *
 * @example
 * ```ts
 * const post = entityModel(dataSource.getMetadata(Post), dataSource);
 * await manager.query(`SELECT ${post.selectList(post.table)} FROM ${post.table}`);
 * ```
 */
export function entityModel(metadata: EntityMetadata, dataSource: DataSource): SqlModel {
  let model = models.get(metadata);
  if (!model) {
    model = new SqlModel({
      name: metadata.tableName.toLowerCase(),
      table: metadata.tablePath.split('.'),
      columns: ownColumns(metadata).map((column) => columnSpec(column, dataSource)),
      relations: describeEntity(metadata).relations,
      dialect: dialectOf(dataSource),
    });
    models.set(metadata, model);
  }
  return model;
}
