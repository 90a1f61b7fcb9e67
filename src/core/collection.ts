/**
 * `CRUDCollection`: one ORM model turned into a route table, from its
 * configuration (`collection-config.ts`): the router, its overridable route
 * hooks and the default handlers.
 *
 * @module
 */
import type { FilterData, IncludeData, PkOf, PkValues, ReadOptions, Row, SortData, WriteData } from './adapter-data.ts';
import { CollectionConfig } from './collection-config.ts';
import { type BoundHandler, overrideDependencies as bindHandler, type MarkedHandler } from './dependencies/bind.ts';
import type { DependencyOverridesInit, ResolvedOverrides } from './dependencies/markers.ts';
import { NotFoundError } from './errors.ts';
import type { Page, PaginatorBase } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import { Mount } from './routing/mount.ts';
import type { Strategy } from './routing/mount-place.ts';
import { NestedConfig } from './routing/nesting.ts';
import { operationIdOf } from './routing/operation-id.ts';
import type { RouteTable } from './routing/route-table.ts';
import type { CrudRoute, CrudRouter } from './routing/router.ts';
import { buildRouter, type GetRouterOptions } from './routing/router-builder.ts';

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
export class CRUDCollection<TRow extends Row = Row, TPk extends PkValues = PkOf<TRow>> extends CollectionConfig<
  TRow,
  TPk
> {
  readonly #nested: NestedCollection[] = [];
  /** What every read of this collection passes its adapter, made once. */
  readonly #readOptions: ReadOptions = { includeLimit: this.includeLimit };

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
  overrideDependencies<R>(original: MarkedHandler<R>, overrides?: DependencyOverridesInit): BoundHandler<R> {
    const resolved = this.getResolvedOverrides();
    return bindHandler(original, overrides ? new Map([...resolved, ...overrides]) : resolved);
  }

  /**
   * Called by GET `/{pk}` when the record is missing: 404 unless an override returns a value, answered with
   * 200 and serialised by the public schema (a value without its required fields is a 500).
   */
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
