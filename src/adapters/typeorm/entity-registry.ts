/**
 * One adapter's models: entity targets (class, schema, name) or table names
 * resolved to TypeORM metadata, and compiled once into {@link SqlModel}s.
 *
 * @module
 */
import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { SqlModel } from '../sql/sql-model.ts';
import { entityModel } from './entity-model.ts';

/**
 * Resolves and compiles models of a data source, read lazily (an adapter may
 * learn its data source only in `init()`); the name index is built on first use.
 *
 * @example
 * ```ts
 * const registry = new EntityRegistry(() => dataSource);
 * const post = registry.modelOf(Post);
 * const thread = registry.metadataOf('thread');
 * ```
 */
export class EntityRegistry {
  readonly #dataSource: () => DataSource;
  readonly #models = new Map<unknown, SqlModel>();
  #byName: Map<string, EntityMetadata> | undefined;

  constructor(dataSource: () => DataSource) {
    this.#dataSource = dataSource;
  }

  /** The compiled model of an entity target or name, compiled once. */
  modelOf(model: unknown): SqlModel {
    let compiled = this.#models.get(model);
    if (!compiled) {
      compiled = entityModel(this.metadataOf(model), this.#dataSource());
      this.#models.set(model, compiled);
    }
    return compiled;
  }

  /** Metadata of an entity target, or of a model by table name (preferring an entity over a junction) or entity name. */
  metadataOf(model: unknown): EntityMetadata {
    const dataSource = this.#dataSource();
    if (typeof model !== 'string') return dataSource.getMetadata(model as EntityTarget<ObjectLiteral>);
    if (!this.#byName) {
      this.#byName = new Map();
      const ordered = [...dataSource.entityMetadatas].sort(
        (a, b) => Number(a.tableType === 'junction') - Number(b.tableType === 'junction'),
      );
      for (const metadata of ordered) {
        for (const name of [metadata.tableName.toLowerCase(), metadata.name, metadata.targetName]) {
          if (!this.#byName.has(name)) this.#byName.set(name, metadata);
        }
      }
    }
    const metadata = this.#byName.get(model) ?? this.#byName.get(model.toLowerCase());
    if (!metadata) throw new TypeError(`TypeORMAdapter: no entity named "${model}"`);
    return metadata;
  }
}
