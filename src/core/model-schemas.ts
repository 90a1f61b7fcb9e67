/**
 * A model as the core reads it through its adapter: its description, read once
 * ({@link ModelMeta}), its field configuration, and every schema the routes
 * take, derived from the two so no adapter generates schemas of its own.
 *
 * @module
 */
import type { z } from 'zod';
import { DEFAULT_INCLUDE_LIMIT } from './include-limit.ts';
import { refuseNameClashes } from './model-checks.ts';
import type { ModelMeta, RelationMeta } from './model-meta.ts';
import { CRUDConfigDict, resolveFieldSet } from './schemas/crud-config.ts';
import {
  ownModelConfig,
  publicFieldSet,
  publicFieldsOf,
  registerModelConfig,
  shownFieldsOf,
} from './schemas/model-configs.ts';
import { filterObject, hiddenJoinKey, includeObject, scalarFields, sortObject } from './schemas/query-schemas.ts';
import {
  createObject,
  defaultCreateFields,
  defaultUpdateFields,
  objectOf,
  pkObject,
  publicObject,
  relationShape,
  updateObject,
} from './schemas/schema-factory.ts';

/**
 * The model side of an adapter: its model and `crudConfig` (given, else the
 * model's own), its description from {@link describe}, and the `generate…Schema`
 * methods over them. `ORMAdapterBase` adds the five data operations.
 */
export abstract class ModelSchemas<TModel = unknown> {
  readonly model: TModel;
  readonly crudConfig: CRUDConfigDict;
  /** The config was given to this adapter (not read from the model), so it is registered for the model. */
  readonly #given: boolean;
  #meta: ModelMeta | undefined;

  constructor(model: TModel, crudConfig?: CRUDConfigDict | ConstructorParameters<typeof CRUDConfigDict>[0]) {
    this.model = model;
    this.#given = crudConfig !== undefined;
    this.crudConfig = crudConfig ? CRUDConfigDict.from(crudConfig) : (ownModelConfig(model) ?? new CRUDConfigDict());
    if (this.#given) registerModelConfig(model, this.crudConfig);
  }

  /**
   * Describes a model of this ORM: this adapter's own model by default, another
   * model object, or a model by its {@link ModelMeta.name} (relation targets).
   */
  abstract describe(model?: unknown): ModelMeta;

  /** This adapter's model description, read once. */
  get meta(): ModelMeta {
    if (!this.#meta) {
      const meta = this.describe();
      refuseNameClashes(meta);
      this.#meta = meta;
      // The ORM's own key may differ from the model given (a TypeORM `EntitySchema`).
      this.registerConfigAs(this.#meta.model);
    }
    return this.#meta;
  }

  /**
   * Registers a given `crudConfig` under `key` too, the ORM's own key of the model where the adapter was
   * given another (a TypeORM `EntitySchema` or name): an include of the model finds the config by it.
   *
   * @example
   * ```ts
   * abstract class SchemaAdapter extends ORMAdapterBase {
   *   protected remember(entityClass: object) {
   *     this.registerConfigAs(entityClass); // includes of the entity look its config up by its class
   *   }
   * }
   * ```
   */
  protected registerConfigAs(key: unknown): void {
    if (this.#given) registerModelConfig(key, this.crudConfig);
  }

  /**
   * The fields of a model that may be shown wherever it is serialised (an
   * included relation): this adapter's model by default, another model object,
   * or a model by its {@link ModelMeta.name}. Every configuration registered
   * for the model applies, so a field hidden by any of them stays hidden.
   *
   * @example
   * ```ts
   * postAdapter.publicFieldsOf('user'); // Set { 'id', 'username', 'is_admin' }
   * ```
   */
  publicFieldsOf(model?: unknown): ReadonlySet<string> {
    return publicFieldsOf(model === undefined ? this.meta : this.describe(model));
  }

  /** The lower-case model name, or `''` when unknown. */
  getModelName(): string {
    return this.meta.name.toLowerCase();
  }

  /** Public (GET) schema: model fields plus relation keys. */
  generatePublicSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    // Only a relation a client may include shows its target: what the router shows of it is recorded.
    const relations = relationShape(
      this.meta,
      (name) => this.describe(name),
      (target, relation) => {
        const hidden = this.hiddenJoinKey(relation, fields, baseFields);
        return hidden === undefined ? shownFieldsOf(target) : publicFieldsOf(target);
      },
    );
    return publicObject(this.generateFlatPublicSchema(fields, baseFields), relations);
  }

  /** Public schema of model fields only, without relationships. */
  generateFlatPublicSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    return objectOf(this.meta, this.publicFieldSet(fields, baseFields));
  }

  /**
   * Create (POST) schema; `excludeRelated` drops foreign keys to those models (their
   * value comes from the URL). Read-only fields never belong to it; excluded ones do.
   */
  generateCreateSchema(
    fields?: Iterable<string>,
    baseFields?: Iterable<string>,
    excludeRelated: Iterable<string> = [],
  ): z.ZodObject {
    const { createFields, baseFields: configBase } = this.crudConfig;
    const set = resolveFieldSet(fields, baseFields, createFields, configBase, () =>
      defaultCreateFields(this.meta, new Set(excludeRelated)),
    );
    return createObject(this.meta, this.writable(set));
  }

  /** Update (PATCH) schema: every field optional, primary keys and read-only fields never. */
  generateUpdateSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    const { updateFields, baseFields: configBase } = this.crudConfig;
    const set = resolveFieldSet(fields, baseFields, updateFields, configBase, () => defaultUpdateFields(this.meta));
    return updateObject(this.meta, this.writable(set));
  }

  /** Primary-key fields only, by field name. */
  generatePkSchema(): z.ZodObject {
    return pkObject(this.meta);
  }

  /**
   * `include`, restricted to the relations a client may include with `fields` shown (see
   * {@link hiddenJoinKey}) and, when given, to those named in `relations`; documents the per-parent cap of
   * to-many ones.
   */
  generateIncludeSchema(
    includeLimit: number = DEFAULT_INCLUDE_LIMIT,
    fields?: Iterable<string>,
    baseFields?: Iterable<string>,
    relations?: Iterable<string>,
  ): z.ZodObject {
    const named = relations === undefined ? undefined : new Set(relations);
    return includeObject(
      () =>
        this.meta.relations
          .filter((r) => (named?.has(r.name) ?? true) && this.hiddenJoinKey(r, fields, baseFields) === undefined)
          .map((r) => r.name),
      includeLimit,
    );
  }

  /**
   * The key that keeps a client from including `relation` with `fields` shown (as for the public schema),
   * as `model.field`: one hidden on this side, or not public on the target's or its junction's. `undefined`
   * when it may be included.
   *
   * @example
   * ```ts
   * const author = postAdapter.meta.relations.find((r) => r.name === 'author');
   * if (author) postAdapter.hiddenJoinKey(author); // 'post.author_id' when it is excluded
   * ```
   */
  hiddenJoinKey(relation: RelationMeta, fields?: Iterable<string>, baseFields?: Iterable<string>): string | undefined {
    const publicOf = (model: string) => publicFieldsOf(this.describe(model));
    return hiddenJoinKey(this.meta, relation, this.publicFieldSet(fields, baseFields), publicOf);
  }

  /** One optional exact-match parameter per scalar public field. */
  generateFilterSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    return filterObject(scalarFields(this.meta, this.publicFieldSet(fields, baseFields)));
  }

  /** `sort` over the scalar public fields. */
  generateSortSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    return sortObject(scalarFields(this.meta, this.publicFieldSet(fields, baseFields)));
  }

  private publicFieldSet(fields?: Iterable<string>, baseFields?: Iterable<string>): ReadonlySet<string> {
    return publicFieldSet(this.meta, this.crudConfig, fields, baseFields);
  }

  /** `fields` without the config's read-only fields. */
  private writable(fields: ReadonlySet<string>): ReadonlySet<string> {
    const { readOnlyFields } = this.crudConfig;
    return readOnlyFields.size === 0 ? fields : new Set([...fields].filter((name) => !readOnlyFields.has(name)));
  }
}
