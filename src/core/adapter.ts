/**
 * `ORMAdapterBase`: the one interface every ORM adapter implements, in the way
 * Kysely's dialects do. An adapter describes its model once ({@link ModelMeta})
 * and runs five data operations; the base class derives every schema from the
 * description so no adapter generates schemas of its own.
 *
 * @module
 */
import type { z } from 'zod';
import { CRUDConfigDict, resolveFieldSet } from './crud-config.ts';
import type { ModelMeta } from './model-meta.ts';
import type { Page, PaginatorBase } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import {
  createObject,
  defaultCreateFields,
  defaultPublicFields,
  defaultUpdateFields,
  filterObject,
  includeObject,
  objectOf,
  pkObject,
  relationShape,
  scalarFields,
  sortObject,
  updateObject,
} from './schema-factory.ts';

/** A row as adapters return it: field names to values, plus relation keys. */
export type Row = Record<string, unknown>;
/** Primary-key values by field name. */
export type PkValues = Readonly<Record<string, unknown>>;
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
 * The contract between the core and an ORM. Subclasses implement
 * {@link describe} and the five data methods; `parentRefs` come nearest first.
 *
 * @example
 * ```ts
 * class MyAdapter extends ORMAdapterBase<MyModel> {
 *   describe(model = this.model) { ... }
 *   async getOne(pk, include, parents) { ... }
 *   // getMany, createOne, updateOne, deleteOne
 * }
 * ```
 */
export abstract class ORMAdapterBase<TModel = unknown> {
  readonly model: TModel;
  readonly crudConfig: CRUDConfigDict;
  #meta: ModelMeta | undefined;

  constructor(model: TModel, crudConfig?: CRUDConfigDict | ConstructorParameters<typeof CRUDConfigDict>[0]) {
    this.model = model;
    const onModel = (model as { crudConfig?: CRUDConfigDict } | undefined)?.crudConfig;
    this.crudConfig = CRUDConfigDict.from(crudConfig ?? onModel);
  }

  /**
   * Describes a model of this ORM: this adapter's own model by default, another
   * model object, or a model by its {@link ModelMeta.name} (relation targets).
   */
  abstract describe(model?: unknown): ModelMeta;

  /** One object, or `null` when missing (or outside the parent chain). */
  abstract getOne(pkValues: PkValues, includeData: IncludeData, parentRefs?: readonly ParentRef[]): Promise<Row | null>;

  /** A filtered, sorted page. */
  abstract getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    paginator: PaginatorBase,
    parentRefs?: readonly ParentRef[],
  ): Promise<Page<Row>>;

  /** Persists and returns the object; throws `ParentNotFoundError` when the parent chain does not exist. */
  abstract createOne(data: Row, parentRefs?: readonly ParentRef[]): Promise<Row>;

  /**
   * Updates by primary key within the parent chain; the updated object, or `null`
   * when missing. With `returning: 'key'` the object may hold only the primary key.
   */
  abstract updateOne(
    pkValues: PkValues,
    data: Row,
    parentRefs?: readonly ParentRef[],
    returning?: UpdateReturning,
  ): Promise<Row | null>;

  /** Deletes by primary key within the parent chain; the deleted object, or `null` when missing. */
  abstract deleteOne(pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | null>;

  /** This adapter's model description, read once. */
  get meta(): ModelMeta {
    this.#meta ??= this.describe();
    return this.#meta;
  }

  /** The lower-case model name, or `''` when unknown. */
  getModelName(): string {
    return this.meta.name.toLowerCase();
  }

  /** Public (GET) schema: model fields plus relation keys. */
  generatePublicSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    return this.generateFlatPublicSchema(fields, baseFields).extend(
      relationShape(this.meta, (name) => this.describe(name)),
    );
  }

  /** Public schema of model fields only, without relationships. */
  generateFlatPublicSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    return objectOf(this.meta, this.publicFieldSet(fields, baseFields));
  }

  /** Create (POST) schema; `excludeRelated` drops foreign keys to those models (their value comes from the URL). */
  generateCreateSchema(
    fields?: Iterable<string>,
    baseFields?: Iterable<string>,
    excludeRelated: Iterable<string> = [],
  ): z.ZodObject {
    const { createFields, baseFields: configBase } = this.crudConfig;
    const set = resolveFieldSet(fields, baseFields, createFields, configBase, () =>
      defaultCreateFields(this.meta, new Set(excludeRelated)),
    );
    return createObject(this.meta, set);
  }

  /** Update (PATCH) schema: every field optional, primary keys never. */
  generateUpdateSchema(fields?: Iterable<string>, baseFields?: Iterable<string>): z.ZodObject {
    const { updateFields, baseFields: configBase } = this.crudConfig;
    const set = resolveFieldSet(fields, baseFields, updateFields, configBase, () => defaultUpdateFields(this.meta));
    return updateObject(this.meta, set);
  }

  /** Primary-key fields only, by field name. */
  generatePkSchema(): z.ZodObject {
    return pkObject(this.meta);
  }

  /** `include`, restricted to this model's relation names. */
  generateIncludeSchema(): z.ZodObject {
    return includeObject(this.meta.relations.map((r) => r.name));
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
    const { publicFields, baseFields: configBase, excludeFields } = this.crudConfig;
    return resolveFieldSet(fields, baseFields, publicFields, configBase, () =>
      defaultPublicFields(this.meta, excludeFields),
    );
  }
}
