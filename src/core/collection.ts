/**
 * `CRUDCollection`: one ORM model turned into a route table.
 *
 * @module
 */
import { z } from 'zod';
import type {
  FilterData,
  IncludeData,
  ORMAdapterBase,
  PkOf,
  PkValues,
  ReadOptions,
  Row,
  SortData,
  WriteData,
} from './adapter.ts';
import { type CRUDCollectionOptions, readOption } from './collection-options.ts';
import { type BoundHandler, overrideDependencies as bindHandler, type MarkedHandler } from './dependencies/bind.ts';
import type { DependencyOverrides, ResolvedOverrides } from './dependencies/markers.ts';
import type { Dependency } from './dependencies/request.ts';
import { NotFoundError } from './errors.ts';
import { checkIncludeLimit } from './include-limit.ts';
import type { Page, PaginatorBase } from './paginator.ts';
import { PaginatorPage } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import { ExtraRoutes } from './routing/extra-routes.ts';
import { Mount, type Strategy } from './routing/mount.ts';
import { NestedConfig } from './routing/nesting.ts';
import { operationIdOf } from './routing/operation-id.ts';
import { pkParamName } from './routing/path-params.ts';
import type { RouteTable } from './routing/route-table.ts';
import type { CrudRoute, CrudRouter } from './routing/router.ts';
import { buildRouter } from './routing/router-builder.ts';

/** Options of {@link CRUDCollection.getRouter}: where the routes go and how they are documented. */
export interface GetRouterOptions {
  readonly prefix?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  /** `false` leaves every route out of the OpenAPI document. */
  readonly includeInSchema?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
  /**
   * Replaced by the collection's own `dependencies` when the router is built.
   * @deprecated Has no effect: give collection-wide dependencies in the collection's `dependencies` option.
   */
  readonly dependencies?: readonly Dependency[];
  readonly strategy?: Strategy;
}

/** A collection mounted under another's single-object path. */
export interface NestedCollection {
  readonly path: string;
  readonly child: CRUDCollection;
  readonly config: NestedConfig;
}

/**
 * A collection: the CRUD routes of one model. Configure it with constructor
 * options or `static` properties on a subclass (the constructor wins).
 * `TRow` and `TPk`, inferred from the `ormAdapter` option, type the handlers,
 * `getOneNotFound` and the `extra` routes' `pk`; a subclass names them:
 * `class Threads extends CRUDCollection<typeof thread.$inferSelect>`.
 *
 * @example
 * ```ts
 * const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });
 * categories.addNestedCollection('/threads', new CRUDCollection({ ormAdapter: threadAdapter }));
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * ```
 */
export class CRUDCollection<TRow extends Row = Row, TPk extends PkValues = PkOf<TRow>> {
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
  readonly #nested: NestedCollection[] = [];
  /** What every read of this collection passes its adapter, made once. */
  readonly #readOptions: ReadOptions;

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
    this.#readOptions = { includeLimit: this.includeLimit };
    this.includeSchema = read('includeSchema') ?? adapter.generateIncludeSchema(this.includeLimit, shown, base);
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
    this.dependencyOverrides = read('dependencyOverrides') ?? new Map();
  }

  /** Throws unless an ORM adapter is configured. */
  verifyOrmAdapter(): void {
    if (!this.ormAdapter) throw new TypeError(`${this.constructor.name}: the ormAdapter option is required`);
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

  /** The single-object path segment, without parameters an ancestor already bound. */
  getIdPath(exclude: ReadonlySet<string> = new Set()): string {
    const model = this.getModelName();
    const params = Object.keys(this.pkFields.shape).map((field) => pkParamName(model, field));
    return params
      .filter((name) => !exclude.has(name))
      .map((name) => `/{${name}}`)
      .join('');
  }

  /** Mounts `child` under this collection's single-object path at `path` (`/threads`). */
  addNestedCollection(path: string, child: CRUDCollection, config: NestedConfig = new NestedConfig()): this {
    this.#nested.push({ path, child, config });
    return this;
  }

  /**
   * Builds the route table: every enabled route of this collection and its nested collections.
   *
   * @example
   * ```ts
   * const router = categories.getRouter({ prefix: '/categories', tags: ['categories'] });
   * ```
   */
  getRouter(options: GetRouterOptions = {}): CrudRouter {
    return buildRouter(this, options);
  }

  /** The collections nested under this one, in the order they were added. */
  get nestedCollections(): readonly NestedCollection[] {
    return this.#nested;
  }

  addGetManyRoute(table: RouteTable, strategy?: Strategy): void {
    table.addOperation('getMany', strategy);
  }
  addGetOneRoute(table: RouteTable, strategy?: Strategy): void {
    table.addOperation('getOne', strategy);
  }
  addCreateOneRoute(table: RouteTable, strategy?: Strategy): void {
    table.addOperation('createOne', strategy);
  }
  addUpdateOneRoute(table: RouteTable, strategy?: Strategy): void {
    table.addOperation('updateOne', strategy);
  }
  addDeleteOneRoute(table: RouteTable, strategy?: Strategy): void {
    table.addOperation('deleteOne', strategy);
  }

  /** Adds `extra` routes; they come first, so they win over generated routes. */
  addExtraRoutes(table: RouteTable, strategy?: Strategy): void {
    table.addExtraRoutes(strategy);
  }

  /**
   * The markers' resolvers at the top level: defaults, then `dependencyOverrides`, then the strategy's.
   *
   * @example
   * ```ts
   * const pk = collection.getResolvedOverrides().get(PKFieldsDependency);
   * ```
   */
  getResolvedOverrides(strategy?: Strategy): ResolvedOverrides {
    const place = { prefix: '', path: '', parents: [], dependencies: [], docs: { tags: [] }, strategy };
    return new Mount(this, place).resolvers;
  }

  /**
   * Binds a marked handler to this collection's top-level resolvers
   * ({@link getResolvedOverrides}), with `overrides` over them.
   *
   * @example
   * ```ts
   * const bound = collection.overrideDependencies({ markers: [PKFieldsDependency], fn: (pk: PkValues) => pk });
   * const pk = await bound.run(req);
   * ```
   */
  overrideDependencies<R>(original: MarkedHandler<R>, overrides?: DependencyOverrides): BoundHandler<R> {
    const resolved = this.getResolvedOverrides();
    return bindHandler(original, overrides ? new Map([...resolved, ...overrides]) : resolved);
  }

  /** Called by GET `/{pk}` when the record is missing: 404 unless an override returns a value, answered with 200. */
  async getOneNotFound(_pkValues: TPk, _includeData: IncludeData): Promise<unknown> {
    throw new NotFoundError();
  }

  async getOneHandler(pkValues: TPk, includeData: IncludeData, parentRefs: readonly ParentRef[]): Promise<unknown> {
    const row = await this.ormAdapter.getOne(pkValues, includeData, parentRefs, this.#readOptions);
    return row ?? this.getOneNotFound(pkValues, includeData);
  }

  async getManyHandler(
    paginator: PaginatorBase,
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    parentRefs: readonly ParentRef[],
  ): Promise<Page<TRow>> {
    const result = await this.ormAdapter.getMany(
      filterData,
      sortData,
      includeData,
      paginator.calcOffsetLimit(),
      parentRefs,
      this.#readOptions,
    );
    return paginator.toPage(result);
  }

  async createOneHandler(createData: WriteData<TRow>, parentRefs: readonly ParentRef[]): Promise<unknown> {
    return this.ormAdapter.createOne(createData, parentRefs);
  }

  async updateOneHandler(
    pkValues: TPk,
    updateData: WriteData<TRow>,
    parentRefs: readonly ParentRef[],
  ): Promise<unknown> {
    const wanted = Boolean(this.updateOutSchema);
    const row = await this.ormAdapter.updateOne(pkValues, updateData, parentRefs, wanted ? 'row' : 'key');
    if (row === null) throw new NotFoundError();
    return wanted ? row : null;
  }

  async deleteOneHandler(pkValues: TPk, parentRefs: readonly ParentRef[]): Promise<unknown> {
    const row = await this.ormAdapter.deleteOne(pkValues, parentRefs);
    if (row === null) throw new NotFoundError();
    return row;
  }

  /**
   * The OpenAPI operation id of a route, from its name, full path and method:
   * `listCategoryThreads`, `getCategoryThread`, `createCategoryThread`, ...
   * The document makes ids unique (a second `getX` becomes `getX2`).
   *
   * @example
   * ```ts
   * class Prefixed extends CRUDCollection {
   *   override generateUniqueId(route: Pick<CrudRoute, 'name' | 'path' | 'method'>) {
   *     return `forum_${super.generateUniqueId(route)}`;
   *   }
   * }
   * ```
   */
  generateUniqueId(route: Pick<CrudRoute, 'name' | 'path' | 'method'>): string {
    return operationIdOf(route);
  }
}
