/**
 * Which TypeORM metadata the model of a table is read from: the app's own
 * entity of the table before the junction TypeORM makes of a many-to-many's.
 *
 * @module
 */
import type { EntityMetadata } from 'typeorm';

/** `metadatas` with TypeORM's junctions last, so a table's name finds the app's own entity of it first. */
export const entitiesFirst = (metadatas: readonly EntityMetadata[]): EntityMetadata[] =>
  [...metadatas].sort((a, b) => Number(a.tableType === 'junction') - Number(b.tableType === 'junction'));

/**
 * The metadata the model named by `metadata`'s table is read from: the app's own entity of a junction's
 * table where it declares one, else `metadata` itself.
 *
 * @example
 * ```ts
 * const junction = dataSource.getMetadata(Post).manyToManyRelations[0]!.junctionEntityMetadata!;
 * tableEntity(junction); // the `PostTag` entity, where the app declares one for the table
 * ```
 */
export function tableEntity(metadata: EntityMetadata): EntityMetadata {
  const table = metadata.tableName.toLowerCase();
  const found = entitiesFirst(metadata.connection.entityMetadatas).find((m) => m.tableName.toLowerCase() === table);
  return found ?? metadata;
}
