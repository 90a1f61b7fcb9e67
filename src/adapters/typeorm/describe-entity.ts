/**
 * TypeORM entity metadata → the core's neutral {@link ModelMeta}.
 *
 * @module
 */
import { cached, type ForeignKeyMeta, type ModelMeta, type RelationMeta } from 'ormcrud/adapter-kit';
import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { describeColumn } from './describe-column.ts';
import { ownColumns, wireName } from './entity-columns.ts';
import { relationJoins, wires } from './relations.ts';
import { tableEntity } from './table-entity.ts';

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

/**
 * The fields of a junction's columns on the model its table name finds: the app's own entity of the table
 * knows them by its properties (`itemId` for `item_id`), TypeORM's junction by their names.
 */
function junctionFields(junction: EntityMetadata, columns: readonly ColumnMetadata[]): string[] {
  const model = tableEntity(junction);
  return columns.map((column) => wireName(model.findColumnWithDatabaseName(column.databaseName) ?? column));
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
        sourceFields: junctionFields(join.through.junction, join.through.junctionSource),
        junctionTargetFields: junctionFields(join.through.junction, join.through.junctionTarget),
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
  return cached(described, metadata, () => ({
    name: modelName(metadata),
    model: entityKey(metadata),
    fields: ownColumns(metadata).map(describeColumn),
    primaryKey: metadata.primaryColumns.map(wireName),
    foreignKeys: describeForeignKeys(metadata),
    relations: describeRelations(metadata),
  }));
}
