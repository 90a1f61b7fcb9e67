/**
 * `ORMAdapterBase`: the one interface every ORM adapter implements, in the way
 * Kysely's dialects do. An adapter describes its model once ({@link ModelMeta})
 * and runs five data operations; the base class derives every schema from the
 * description so no adapter generates schemas of its own.
 *
 * @module
 */
import type { z } from 'zod';
import { DEFAULT_INCLUDE_LIMIT } from './include-limit.ts';
import { type ModelMeta, refuseNameClashes } from './model-meta.ts';
import type { ListResult, PageWindow } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import { CRUDConfigDict, resolveFieldSet } from './schemas/crud-config.ts';
import {
  ownModelConfig,
  publicFieldSet,
  publicFieldsOf,
  registerModelConfig,
  shownFieldsOf,
} from './schemas/model-configs.ts';
import {
  createObject,
  defaultCreateFields,
  defaultUpdateFields,
  filterObject,
  includableRelations,
  includeObject,
  isIncludable,
  objectOf,
  pkObject,
  publicObject,
  relationShape,
  scalarFields,
  sortObject,
  updateObject,
} from './schemas/schema-factory.ts';

/** A row as adapters return it: field names to values, plus relation keys. */
export type Row = Record<string, unknown>;
/** Primary-key values by field name. */
export type PkValues = Readonly<Record<string, unknown>>;
/**
 * The primary-key values of a `TRow` whose key fields the ORM's types do not
 * name: any of its fields, each with its type.
 */
export type PkOf<TRow> = Readonly<Partial<TRow>>;
/** A field's value in a write: a date also as the ISO string a JSON body carries. */
export type WriteValue<T> = T extends Date ? T | string : T;
/** A create or update body of a `TRow`: any of its fields, each with its type. */
export type WriteData<TRow> = { [K in keyof TRow]?: WriteValue<TRow[K]> };
/** Validated exact-match filters by field name; absent fields are not filtered. */
export type FilterData = Readonly<Record<string, unknown>>;
/** One ordering term. */
export interface SortTerm {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}
/** Ordering terms, applied in order. */
export type SortData = readonly SortTerm[];
/**
 * What {@link ORMAdapterBase.updateOne} hands back for a row it updated: the
 * whole row (`'row'`, the default), or only its primary key (`'key'`, for a
 * caller that needs to know no more than whether the row was there, as PATCH
 * without an `updateOutSchema`; the adapter then reads nothing else back).
 */
export type UpdateReturning = 'row' | 'key';
/** Relation names to load. */
export type IncludeData = readonly string[];

/**
 * How a read loads its includes. `includeLimit`: the most rows of each
 * to-many include a parent row gets, the lowest primary keys first (default
 * {@link DEFAULT_INCLUDE_LIMIT}); the cap costs no extra statement.
 */
export interface ReadOptions {
  readonly includeLimit?: number;
}

/**
 * The contract between the core and an ORM. Subclasses implement
 * {@link describe} and the five data methods; `parentRefs` come nearest first.
 * `TRow` is the row type the adapter reads (an ORM adapter infers it from its
 * model), `TPk` its primary-key values; both default to untyped records.
 *
 * @example
 * ```ts
 * const adapter: ORMAdapterBase = new DrizzleAdapter({ db, model: schema.category });
 * const category = await adapter.getOne({ id: 1 }, ['threads']); // null when missing
 * ```
 */
export abstract class ORMAdapterBase<TModel = unknown, TRow extends Row = Row, TPk extends PkValues = PkOf<TRow>> {
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

  /** One object, or `null` when missing (or outside the parent chain). */
  abstract getOne(
    pkValues: TPk,
    includeData: IncludeData,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<TRow | null>;

  /** The rows of a window of the filtered, sorted matches, and the count of all matches. */
  abstract getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    window: PageWindow,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<ListResult<TRow>>;

  /** Persists and returns the object; throws `ParentNotFoundError` when the parent chain does not exist. */
  abstract createOne(data: WriteData<TRow>, parentRefs?: readonly ParentRef[]): Promise<TRow>;

  /**
   * Updates by primary key within the parent chain; the updated object, or `null`
   * when missing. With `returning: 'key'` the object may hold only the primary key.
   */
  abstract updateOne(
    pkValues: TPk,
    data: WriteData<TRow>,
    parentRefs?: readonly ParentRef[],
    returning?: UpdateReturning,
  ): Promise<TRow | null>;

  /** Deletes by primary key within the parent chain; the deleted object, or `null` when missing. */
  abstract deleteOne(pkValues: TPk, parentRefs?: readonly ParentRef[]): Promise<TRow | null>;

  /**
   * Whether the database's text columns take U+0000. `true` here (SQLite,
   * MySQL/MariaDB); an adapter on a database that refuses it (PostgreSQL)
   * says `false`, and the core then answers such a body or filter value with
   * a 422 before any statement runs.
   */
  get textAcceptsNul(): boolean {
    return true;
  }

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
    const shown = this.publicFieldSet(fields, baseFields);
    // Only a relation a client may include shows its target: what the router shows of it is recorded.
    const relations = relationShape(
      this.meta,
      (name) => this.describe(name),
      (target, relation) => {
        const targetShown = publicFieldsOf(target);
        return isIncludable(relation, shown, targetShown) ? shownFieldsOf(target) : targetShown;
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
   * `include`, restricted to the relations joined over public fields on both
   * sides (see `fields`, as for the public schema); documents the per-parent cap of to-many ones.
   */
  generateIncludeSchema(
    includeLimit: number = DEFAULT_INCLUDE_LIMIT,
    fields?: Iterable<string>,
    baseFields?: Iterable<string>,
  ): z.ZodObject {
    const publicOf = (target: string) => publicFieldsOf(this.describe(target));
    return includeObject(
      () => includableRelations(this.meta, this.publicFieldSet(fields, baseFields), publicOf),
      includeLimit,
    );
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
