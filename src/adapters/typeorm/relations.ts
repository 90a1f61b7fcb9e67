/**
 * TypeORM relations reduced to the columns that join them, in both directions
 * and through a junction, computed once per entity.
 *
 * @module
 */
import { cached } from 'ormcrud/adapter-kit';
import type { EntityMetadata, RelationMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { wireName } from './entity-columns.ts';

/** How one relation joins its source entity to its target. */
export interface RelationJoin {
  readonly name: string;
  readonly many: boolean;
  /** The source's columns are the foreign key (an owning to-one side). */
  readonly owning: boolean;
  readonly target: EntityMetadata;
  /** Columns of the source entity. */
  readonly sourceColumns: readonly ColumnMetadata[];
  /** Direct join: target columns matching `sourceColumns`. */
  readonly targetColumns: readonly ColumnMetadata[];
  readonly through?: {
    readonly junction: EntityMetadata;
    /** Junction columns matching `sourceColumns`. */
    readonly junctionSource: readonly ColumnMetadata[];
    /** Junction columns matching `targetColumns`. */
    readonly junctionTarget: readonly ColumnMetadata[];
  };
}

const referenced = (columns: readonly ColumnMetadata[]) => columns.map((c) => c.referencedColumn as ColumnMetadata);

/** The join of one TypeORM relation, whichever side declares the foreign key. */
export function relationJoin(relation: RelationMetadata): RelationJoin {
  const base = { name: relation.propertyName, target: relation.inverseEntityMetadata };
  if (relation.isManyToMany) {
    const owner = relation.isOwning ? relation : (relation.inverseRelation as RelationMetadata);
    const [fromSource, fromTarget] = relation.isOwning
      ? [owner.joinColumns, owner.inverseJoinColumns]
      : [owner.inverseJoinColumns, owner.joinColumns];
    return {
      ...base,
      many: true,
      owning: false,
      sourceColumns: referenced(fromSource),
      targetColumns: referenced(fromTarget),
      through: {
        junction: owner.junctionEntityMetadata as EntityMetadata,
        junctionSource: fromSource,
        junctionTarget: fromTarget,
      },
    };
  }
  if (relation.isOwning) {
    return {
      ...base,
      many: false,
      owning: true,
      sourceColumns: relation.joinColumns,
      targetColumns: referenced(relation.joinColumns),
    };
  }
  const inverse = relation.inverseRelation as RelationMetadata;
  return {
    ...base,
    many: relation.isOneToMany,
    owning: false,
    sourceColumns: referenced(inverse.joinColumns),
    targetColumns: inverse.joinColumns,
  };
}

const joins = new WeakMap<EntityMetadata, ReadonlyMap<string, RelationJoin>>();

/**
 * The relation joins of an entity by relation name, computed once.
 *
 * @example
 * ```ts
 * const translations = relationJoins(dataSource.getMetadata(Post)).get('translations');
 * ```
 */
export function relationJoins(metadata: EntityMetadata): ReadonlyMap<string, RelationJoin> {
  return cached(joins, metadata, () => new Map(metadata.relations.map((r) => [r.propertyName, relationJoin(r)])));
}

/** Wire names of columns. */
export const wires = (columns: readonly ColumnMetadata[]): string[] => columns.map(wireName);
