/**
 * What a collection is configured with: its options, resolved once when it is
 * made into the adapter, schemas, field sets, dependencies and switches its
 * routes and handlers read.
 *
 * @module
 */
import { z } from 'zod';
import type { ORMAdapterBase } from './adapter.ts';
import type { PkOf, PkValues, Row } from './adapter-data.ts';
import { type CRUDCollectionOptions, readOption } from './collection-options.ts';
import type { DependencyOverrides } from './dependencies/markers.ts';
import type { Dependency } from './dependencies/request.ts';
import { checkIncludeLimit } from './include-limit.ts';
import { PaginatorPage } from './paginator.ts';
import { ExtraRoutes } from './routing/extra-routes.ts';
import { pkParamName } from './routing/path-params.ts';
import { registerServedFields } from './schemas/model-configs.ts';

/**
 * A collection's configuration: each option from the constructor, else from a
 * `static` property along the class chain, else generated from the adapter.
 * `CRUDCollection` builds its routes and handlers on it.
 *
 * @example
 * ```ts
 * class NoDelete extends CRUDCollection { static disableDelete = true; }
 * new NoDelete({ ormAdapter }).disableDelete; // true
 * ```
 */
export class CollectionConfig<TRow extends Row = Row, TPk extends PkValues = PkOf<TRow>> {
  readonly ormAdapter: ORMAdapterBase<unknown, TRow, TPk>;
  readonly pkFields: z.ZodObject;
  readonly publicSchema: z.ZodObject;
  readonly publicListSchema: z.ZodType;
  /** The given create schema; otherwise each mount point generates its own (a nested one drops the parent's key). */
  readonly createSchema: z.ZodObject | undefined;
  readonly updateSchema: z.ZodObject;
  readonly createOutSchema: z.ZodType | undefined;
  readonly updateOutSchema: z.ZodType | undefined;
  readonly filterSchema: z.ZodObject;
  readonly sortSchema: z.ZodObject;
  readonly includeSchema: z.ZodObject;
  /** The most rows of each to-many include a parent row gets, the lowest primary keys first. */
  readonly includeLimit: number;
  readonly baseFields: ReadonlySet<string> | undefined;
  readonly publicFields: ReadonlySet<string> | undefined;
  readonly createFields: ReadonlySet<string> | undefined;
  readonly updateFields: ReadonlySet<string> | undefined;
  readonly dependencies: readonly Dependency[];
  readonly getOneDependencies: readonly Dependency[];
  readonly getManyDependencies: readonly Dependency[];
  readonly createDependencies: readonly Dependency[];
  readonly updateDependencies: readonly Dependency[];
  readonly deleteDependencies: readonly Dependency[];
  readonly disableGetOne: boolean;
  readonly disableGetMany: boolean;
  readonly disableCreate: boolean;
  readonly disableUpdate: boolean;
  readonly disableDelete: boolean;
  readonly dependencyOverrides: DependencyOverrides;
  /** Extra routes: `extra.get(path, handler)`, `extra.item`, `extra.collection`. */
  readonly extra: ExtraRoutes<TPk> = new ExtraRoutes<TPk>();
  /** The fields and base fields shown, which decide the relations a client may include. */
  readonly #shown: [Iterable<string> | undefined, Iterable<string> | undefined];

  constructor(options: CRUDCollectionOptions<TRow, TPk> = {}) {
    const read = <K extends keyof CRUDCollectionOptions<TRow, TPk>>(key: K) =>
      readOption(this.constructor, options, key);
    const set = (key: 'baseFields' | 'publicFields' | 'createFields' | 'updateFields') => {
      const value = read(key);
      return value === undefined ? undefined : new Set(value);
    };
    this.ormAdapter = read('ormAdapter') as ORMAdapterBase<unknown, TRow, TPk>;
    this.verifyOrmAdapter();
    const adapter = this.ormAdapter;
    this.baseFields = set('baseFields');
    this.publicFields = set('publicFields');
    this.createFields = set('createFields');
    this.updateFields = set('updateFields');
    this.pkFields = read('pkFields') ?? adapter.generatePkSchema();
    this.publicSchema = read('publicSchema') ?? adapter.generatePublicSchema(this.publicFields, this.baseFields);
    this.publicListSchema = read('publicListSchema') ?? PaginatorPage(this.publicSchema);
    this.createSchema = read('createSchema');
    this.updateSchema = read('updateSchema') ?? adapter.generateUpdateSchema(this.updateFields, this.baseFields);
    this.createOutSchema = read('createOutSchema');
    this.updateOutSchema = read('updateOutSchema');
    for (const key of ['publicSchema', 'publicListSchema', 'createOutSchema', 'updateOutSchema'] as const) {
      if (read(key)) this.#refuseHidden(key, this[key]);
    }
    // Its responses' fields keep their stored values checked, even one every configuration of the model hides;
    // read at the first query, as reading a `shape` now would settle an include's fields before every adapter is made.
    const answers = [this.publicSchema, this.createOutSchema, this.updateOutSchema];
    registerServedFields(adapter.meta.model, () =>
      answers.flatMap((schema) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : [])),
    );
    // A given public schema decides which keys are shown, and so which may be filtered, sorted and included:
    // they, with the key, are the whole set (no field set of the model's config adds to them).
    const given = read('publicSchema') && [
      ...Object.keys(this.publicSchema.shape),
      ...Object.keys(this.pkFields.shape),
    ];
    const [shown, base] = given ? [given, given] : [this.publicFields, this.baseFields];
    this.filterSchema = read('filterSchema') ?? adapter.generateFilterSchema(shown, base);
    this.sortSchema = read('sortSchema') ?? adapter.generateSortSchema(shown, base);
    this.includeLimit = checkIncludeLimit(read('includeLimit'), this.constructor.name);
    this.#shown = [shown, base];
    // A given public schema shows only the relations it has: no other is offered for include.
    this.includeSchema = read('includeSchema') ?? adapter.generateIncludeSchema(this.includeLimit, shown, base, given);
    this.dependencies = read('dependencies') ?? [];
    this.getOneDependencies = read('getOneDependencies') ?? [];
    this.getManyDependencies = read('getManyDependencies') ?? [];
    this.createDependencies = read('createDependencies') ?? [];
    this.updateDependencies = read('updateDependencies') ?? [];
    this.deleteDependencies = read('deleteDependencies') ?? [];
    this.disableGetOne = read('disableGetOne') ?? false;
    this.disableGetMany = read('disableGetMany') ?? false;
    this.disableCreate = read('disableCreate') ?? false;
    this.disableUpdate = read('disableUpdate') ?? false;
    this.disableDelete = read('disableDelete') ?? false;
    this.dependencyOverrides = new Map(read('dependencyOverrides'));
  }

  /** Throws if a given response schema (a page's by its items) names a field the adapter's config or its ORM hides. */
  #refuseHidden(option: string, schema: unknown): void {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    const items = (shape?.data as { element?: { shape?: object } } | undefined)?.element?.shape;
    const names = new Set(Object.keys(option === 'publicListSchema' ? (items ?? {}) : (shape ?? {})));
    const { meta, crudConfig } = this.ormAdapter;
    const keys = new Set(meta.primaryKey);
    const hidden = meta.fields
      .filter((f) => names.has(f.name) && !keys.has(f.name) && (f.hidden || crudConfig.excludeFields.has(f.name)))
      .map((f) => f.name);
    if (hidden.length === 0) return;
    throw new TypeError(
      `${this.constructor.name}: the ${option} names ${hidden.join(', ')}, which "${meta.name}" hides ` +
        '(excludeFields, or its ORM): leave them out, or serve them through an adapter that shows them',
    );
  }

  /** Throws unless an ORM adapter is configured. */
  verifyOrmAdapter(): void {
    if (!this.ormAdapter) throw new TypeError(`${this.constructor.name}: the ormAdapter option is required`);
  }

  /**
   * Throws unless the include schema offers only relations a client may include: a given one is not
   * generated so. Routers call it when built, once the related models' configurations are known.
   *
   * @example
   * ```ts
   * const includeSchema = z.object({ include: z.array(z.enum(['author'])).optional() });
   * new CRUDCollection({ ormAdapter, includeSchema }).verifyIncludeSchema(); // throws if author_id is hidden
   * ```
   */
  verifyIncludeSchema(): void {
    const adapter = this.ormAdapter;
    for (const relation of adapter.meta.relations) {
      if (!this.includeSchema.shape.include?.safeParse([relation.name]).success) continue;
      const hidden = adapter.hiddenJoinKey(relation, ...this.#shown);
      if (hidden === undefined) continue;
      throw new TypeError(
        `${this.constructor.name}: the includeSchema offers "${relation.name}", which is joined over the hidden key "${hidden}"`,
      );
    }
  }

  /** The lower-case model name, or `''`. */
  getModelName(): string {
    return this.ormAdapter.getModelName();
  }

  /** The PK schema keyed by path parameter: `id` on `article` becomes `article_id`. */
  applyPkAliases(pkSchema: z.ZodObject = this.pkFields): z.ZodObject {
    const model = this.getModelName();
    const shape: Record<string, z.ZodType> = {};
    for (const [field, schema] of Object.entries(pkSchema.shape))
      shape[pkParamName(model, field)] = schema as z.ZodType;
    return z.object(shape);
  }

  /** The single-object path segment, without parameters an ancestor already bound; throws if two keys share one. */
  getIdPath(exclude: ReadonlySet<string> = new Set()): string {
    const model = this.getModelName();
    const params = Object.keys(this.pkFields.shape).map((field) => pkParamName(model, field));
    const twice = params.filter((name, i) => params.indexOf(name) !== i);
    if (twice.length > 0) {
      throw new TypeError(`${this.constructor.name}: two key fields share the path parameter ${twice.join(', ')}`);
    }
    return params
      .filter((name) => !exclude.has(name))
      .map((name) => `/{${name}}`)
      .join('');
  }
}
