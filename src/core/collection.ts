/**
 * `CRUDCollection`: one ORM model turned into a route table.
 *
 * @module
 */
import { z } from 'zod';
import type { FilterData, IncludeData, ORMAdapterBase, PkValues, Row, SortData } from './adapter.ts';
import { type CRUDCollectionOptions, readOption } from './collection-options.ts';
import { pkParamName } from './default-overrides.ts';
import type { DependencyOverrides, ResolvedOverrides } from './dependencies.ts';
import { NotFoundError } from './errors.ts';
import { extraRoutes } from './extra-route-builder.ts';
import { ExtraRoutes } from './extra-routes.ts';
import { finalCreateSchema, itemPath, nestedContext, resolveOverrides } from './mount-point.ts';
import { NestedConfig } from './nesting.ts';
import { OPERATIONS, type Operation, operationRoute } from './operations.ts';
import type { Page, PaginatorBase } from './paginator.ts';
import { PaginatorPage } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import type { Dependency } from './request.ts';
import { type MountContext, RouteTable, type Strategy } from './route-table.ts';
import { type CrudRoute, type CrudRouter, methodNotAllowedRoutes } from './router.ts';

/** Options of {@link CRUDCollection.getRouter}: the router kwargs of the spec. */
export interface GetRouterOptions {
  readonly prefix?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  /** `false` leaves every route out of the OpenAPI document. */
  readonly includeInSchema?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
  /** Ignored: the collection's own `dependencies` win (rule C2). */
  readonly dependencies?: readonly Dependency[];
  readonly strategy?: Strategy;
}

interface Nested {
  readonly path: string;
  readonly child: CRUDCollection;
  readonly config: NestedConfig;
}

/**
 * A collection: the CRUD routes of one model. Configure it with constructor
 * options or `static` properties on a subclass (the constructor wins).
 *
 * @example
 * ```ts
 * const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });
 * categories.addNestedCollection('/threads', new CRUDCollection({ ormAdapter: threadAdapter }));
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * ```
 */
export class CRUDCollection {
  readonly ormAdapter: ORMAdapterBase;
  readonly pkFields: z.ZodObject;
  readonly publicSchema: z.ZodObject;
  readonly publicListSchema: z.ZodType;
  /** `undefined` until a router is built, unless given (rule C1). */
  createSchema: z.ZodObject | undefined;
  readonly updateSchema: z.ZodObject;
  readonly createOutSchema: z.ZodType | undefined;
  readonly updateOutSchema: z.ZodType | undefined;
  readonly filterSchema: z.ZodObject;
  readonly sortSchema: z.ZodObject;
  readonly includeSchema: z.ZodObject;
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
  readonly extra = new ExtraRoutes();
  readonly #options: CRUDCollectionOptions;
  readonly #nested: Nested[] = [];

  constructor(options: CRUDCollectionOptions = {}) {
    this.#options = options;
    const read = <K extends keyof CRUDCollectionOptions>(key: K) => readOption(this.constructor, options, key);
    const set = (key: 'baseFields' | 'publicFields' | 'createFields' | 'updateFields') => {
      const value = read(key);
      return value === undefined ? undefined : new Set(value);
    };
    this.ormAdapter = read('ormAdapter') as ORMAdapterBase;
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
    this.filterSchema = read('filterSchema') ?? adapter.generateFilterSchema(this.publicFields, this.baseFields);
    this.sortSchema = read('sortSchema') ?? adapter.generateSortSchema(this.publicFields, this.baseFields);
    this.includeSchema = read('includeSchema') ?? adapter.generateIncludeSchema();
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
    const { prefix = '', tags = [], strategy, includeInSchema = true, deprecated, responses } = options;
    const context: MountContext = {
      prefix,
      path: '',
      parents: [],
      dependencies: [],
      tags,
      hidden: !includeInSchema,
      ...(deprecated !== undefined && { deprecated }),
      ...(responses && { responses }),
      ...(strategy && { strategy }),
    };
    const table = new RouteTable(context);
    this.mount(table);
    return { prefix, tags, routes: [...table.routes, ...methodNotAllowedRoutes(table.routes)] };
  }

  /** Adds this collection's routes, then its nested collections', to `table`. @internal */
  mount(table: RouteTable): void {
    const { context } = table;
    const strategy = context.strategy;
    this.createSchema = this.#options.createSchema ?? finalCreateSchema(this, context);
    this.addExtraRoutes(table, strategy);
    if (!this.disableGetMany) this.addGetManyRoute(table, strategy);
    if (!this.disableCreate) this.addCreateOneRoute(table, strategy);
    if (!this.disableGetOne) this.addGetOneRoute(table, strategy);
    if (!this.disableUpdate) this.addUpdateOneRoute(table, strategy);
    if (!this.disableDelete) this.addDeleteOneRoute(table, strategy);
    for (const nested of this.#nested) nested.child.mount(table.nest(nestedContext(this, context, nested)));
  }

  addGetManyRoute(table: RouteTable, strategy?: Strategy): void {
    this.addOperation(table, OPERATIONS.getMany, strategy);
  }
  addGetOneRoute(table: RouteTable, strategy?: Strategy): void {
    this.addOperation(table, OPERATIONS.getOne, strategy);
  }
  addCreateOneRoute(table: RouteTable, strategy?: Strategy): void {
    this.addOperation(table, OPERATIONS.createOne, strategy);
  }
  addUpdateOneRoute(table: RouteTable, strategy?: Strategy): void {
    this.addOperation(table, OPERATIONS.updateOne, strategy);
  }
  addDeleteOneRoute(table: RouteTable, strategy?: Strategy): void {
    this.addOperation(table, OPERATIONS.deleteOne, strategy);
  }

  /** Adds `extra` routes; they come first, so they win over generated routes. */
  addExtraRoutes(table: RouteTable, strategy?: Strategy): void {
    const overrides = resolveOverrides(this, table.context, strategy);
    for (const route of extraRoutes(this, table.context, overrides, itemPath(this, table.context))) {
      table.add(this.withOperationId(table.context, route));
    }
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
    return resolveOverrides(this, { prefix: '', path: '', parents: [], dependencies: [], tags: [] }, strategy);
  }

  /** Called by GET `/{pk}` when the record is missing: 404 unless an override returns a value (rule E4). */
  async getOneNotFound(_pkValues: PkValues, _includeData: IncludeData): Promise<unknown> {
    throw new NotFoundError();
  }

  async getOneHandler(
    pkValues: PkValues,
    includeData: IncludeData,
    parentRefs: readonly ParentRef[],
  ): Promise<unknown> {
    const row = await this.ormAdapter.getOne(pkValues, includeData, parentRefs);
    return row ?? this.getOneNotFound(pkValues, includeData);
  }

  async getManyHandler(
    paginator: PaginatorBase,
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    parentRefs: readonly ParentRef[],
  ): Promise<Page<Row>> {
    return this.ormAdapter.getMany(filterData, sortData, includeData, paginator, parentRefs);
  }

  async createOneHandler(createData: Row, parentRefs: readonly ParentRef[]): Promise<unknown> {
    return this.ormAdapter.createOne(createData, parentRefs);
  }

  async updateOneHandler(pkValues: PkValues, updateData: Row, parentRefs: readonly ParentRef[]): Promise<unknown> {
    const wanted = Boolean(this.updateOutSchema);
    const row = await this.ormAdapter.updateOne(pkValues, updateData, parentRefs, wanted ? 'row' : 'key');
    if (row === null) throw new NotFoundError();
    return wanted ? row : null;
  }

  async deleteOneHandler(pkValues: PkValues, parentRefs: readonly ParentRef[]): Promise<unknown> {
    const row = await this.ormAdapter.deleteOne(pkValues, parentRefs);
    if (row === null) throw new NotFoundError();
    return row;
  }

  /** The OpenAPI operation id of a route, from its name, full path and method (rule E8). */
  generateUniqueId(route: Pick<CrudRoute, 'name' | 'path' | 'method'>): string {
    const path = route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
    return `${route.name}_${path}_${route.method.toLowerCase()}`;
  }

  private addOperation(table: RouteTable, operation: Operation, strategy?: Strategy): void {
    const overrides = resolveOverrides(this, table.context, strategy);
    const route = operationRoute(this, operation, table.context, overrides, itemPath(this, table.context));
    table.add(this.withOperationId(table.context, route));
  }

  private withOperationId(context: MountContext, route: CrudRoute): CrudRoute {
    if (route.operationId) return route;
    return { ...route, operationId: this.generateUniqueId({ ...route, path: context.prefix + route.path }) };
  }
}
