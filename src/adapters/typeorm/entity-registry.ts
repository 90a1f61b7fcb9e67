/**
 * One adapter's models: entity targets (class, schema, name) or table names
 * resolved to TypeORM metadata, and described once for the engine.
 *
 * @module
 */

import { cached, type ModelSpec, refuseSharedName } from 'ormcrud/adapter-kit';
import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { entitySpec } from './entity-model.ts';
import { entitiesFirst } from './table-entity.ts';

/**
 * Resolves and describes models of a data source, read lazily (an adapter may
 * learn its data source only in `init()`); the name index is built on first use.
 *
 * @example
 * ```ts
 * const registry = new EntityRegistry(() => dataSource);
 * const post = registry.specOf(Post);
 * const thread = registry.metadataOf('thread');
 * ```
 */
export class EntityRegistry {
  readonly #dataSource: () => DataSource;
  readonly #specs = new Map<unknown, ModelSpec>();
  #byName: Map<string, EntityMetadata> | undefined;
  /** Table names two entities share, in different schemas, with their paths. */
  readonly #ambiguous = new Map<string, readonly string[]>();

  constructor(dataSource: () => DataSource) {
    this.#dataSource = dataSource;
  }

  /** The description of an entity target or name, made once. */
  specOf(model: unknown): ModelSpec {
    return cached(this.#specs, model, () => entitySpec(this.metadataOf(model), this.#dataSource()));
  }

  /** Metadata of an entity target, or of a model by table name (preferring an entity over a junction) or entity name. */
  metadataOf(model: unknown): EntityMetadata {
    const dataSource = this.#dataSource();
    // `initialize()` builds the metadata: one that failed (a database down at start) leaves none.
    if (!dataSource.isInitialized && dataSource.entityMetadatas.length === 0) {
      throw new TypeError(
        'TypeORMAdapter: the data source is not initialized; await dataSource.initialize() ' +
          'before making collections or routers of its entities',
      );
    }
    if (typeof model !== 'string') return dataSource.getMetadata(model as EntityTarget<ObjectLiteral>);
    // Made once the data source has its metadata: an index made before would stay empty.
    if (!this.#byName && dataSource.isInitialized) {
      this.#byName = new Map();
      for (const metadata of entitiesFirst(dataSource.entityMetadatas)) {
        const table = metadata.tableName.toLowerCase();
        const other = this.#byName.get(table);
        // Two tables of one name in two schemas: a relation to either names the same model.
        if (other && other.tablePath !== metadata.tablePath)
          this.#ambiguous.set(table, [other.tablePath, metadata.tablePath]);
        for (const name of [table, metadata.name, metadata.targetName]) {
          if (!this.#byName.has(name)) this.#byName.set(name, metadata);
        }
      }
    }
    refuseSharedName('TypeORMAdapter', model, this.#ambiguous.get(model.toLowerCase()) ?? []);
    const metadata = this.#byName?.get(model) ?? this.#byName?.get(model.toLowerCase());
    if (!metadata) throw new TypeError(`TypeORMAdapter: no entity named "${model}"`);
    return metadata;
  }
}
