/**
 * `TypeORMAdapter`: the core's adapter interface over a TypeORM `DataSource`
 * or per-request `EntityManager`s. Metadata is read and compiled once; each
 * request runs a fixed number of parameterised statements. The adapter
 * orchestrates sessions, transactions and relation loading; the SQL lives in
 * `read-queries.ts` and `write-queries.ts`.
 *
 * @module
 */
import {
  type CRUDConfigDict,
  type CRUDConfigInit,
  type FilterData,
  type IncludeData,
  type ModelMeta,
  ORMAdapterBase,
  type Page,
  type PaginatorBase,
  type ParentRef,
  type PkValues,
  type Row,
  type SortData,
  type UpdateReturning,
} from 'crud-collection';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { type GetSession as Sessions, withSession } from '../session.ts';
import { describeEntity } from './describe-entity.ts';
import { type EntityModel, entityModel } from './entity-model.ts';
import { EntityRegistry } from './entity-registry.ts';
import { type Executor, executorOf } from './executor.ts';
import { type IncludeContext, loadIncludes, nullRelations } from './includes.ts';
import { prepareSelectOne, prepareSelectPage } from './read-queries.ts';
import type { ResolveModel } from './scope.ts';
import { EntityStatements } from './statements.ts';
import { prepareDelete, prepareInsert, prepareUpdate, type WriteOne } from './write-queries.ts';

/**
 * An async function or async generator yielding the `EntityManager` of one request.
 *
 * @example
 * ```ts
 * const getSession: GetSession = async function* () { yield dataSource.manager; };
 * ```
 */
export type GetSession = Sessions<EntityManager>;

/** Options of {@link TypeORMAdapter}: a `dataSource`, a `getSession`, or both. */
export interface TypeORMAdapterOptions<T extends ObjectLiteral = ObjectLiteral> {
  /** The data source; its metadata describes the model, its manager runs queries unless `getSession` is given. */
  dataSource?: DataSource;
  /** Yields the `EntityManager` of one request (async function or async generator). */
  getSession?: GetSession;
  /** An entity class, `EntitySchema` or entity name. */
  model: EntityTarget<T>;
  /** Field sets; else the entity's `static crudConfig`. */
  crudConfig?: CRUDConfigDict | CRUDConfigInit;
}

/**
 * The TypeORM adapter. Rows are plain objects keyed by property names, with
 * every relation key present (`null` unless included). Database constraint
 * errors become `HttpError`s (409 `conflict`, 422 `validation_failed`).
 *
 * @example
 * ```ts
 * const dataSource = await new DataSource({ type: 'postgres', url, entities: [Post, Thread] }).initialize();
 * const posts = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Post }) });
 * // or per request, e.g. inside a transaction the app opened:
 * new TypeORMAdapter({ dataSource, model: Post, getSession: async () => requestContext.get('manager') });
 * ```
 */
export class TypeORMAdapter<T extends ObjectLiteral = ObjectLiteral> extends ORMAdapterBase<EntityTarget<T>> {
  #dataSource: DataSource | undefined;
  readonly #getSession: GetSession | undefined;
  readonly #registry = new EntityRegistry(() => this.dataSource);
  readonly #resolve: ResolveModel = (model) => this.#registry.modelOf(model);
  #entity: EntityModel | undefined;
  #statements: EntityStatements | undefined;

  constructor(options: TypeORMAdapterOptions<T>) {
    super(options.model, options.crudConfig);
    if (!options.dataSource && !options.getSession) {
      throw new TypeError('TypeORMAdapter needs a dataSource or a getSession');
    }
    this.#dataSource = options.dataSource;
    this.#getSession = options.getSession;
  }

  /** The data source the metadata comes from. */
  get dataSource(): DataSource {
    if (!this.#dataSource) {
      throw new TypeError(
        'TypeORMAdapter: pass `dataSource`, or `await adapter.init()` when only `getSession` is given',
      );
    }
    return this.#dataSource;
  }

  /**
   * Opens one session to learn the data source when only `getSession` was given.
   *
   * @example
   * ```ts
   * const adapter = await new TypeORMAdapter({ getSession, model: Post }).init();
   * ```
   */
  async init(): Promise<this> {
    const getSession = this.#getSession;
    if (!this.#dataSource && getSession) {
      this.#dataSource = await withSession(getSession, async (manager) => manager.dataSource);
    }
    return this;
  }

  /** This adapter's model compiled for SQL. */
  get entity(): EntityModel {
    this.#entity ??= this.#registry.modelOf(this.model);
    return this.#entity;
  }

  /** This entity's statements, built once per shape. */
  get #queries(): EntityStatements {
    this.#statements ??= new EntityStatements(this.entity, this.#resolve);
    return this.#statements;
  }

  /** Describes this entity, another entity (class, schema, name) or a model by table name. */
  describe(model?: unknown): ModelMeta {
    return describeEntity(this.#registry.metadataOf(model ?? this.model));
  }

  async getOne(pkValues: PkValues, includeData: IncludeData, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    const e = this.entity;
    const select = prepareSelectOne(this.#queries, pkValues, parentRefs);
    return this.#session(async (manager) => {
      const exec = this.#exec(manager);
      const row = await select(exec);
      if (!row) return null;
      if (includeData.length === 0) nullRelations(e, [row]);
      else await loadIncludes(e, [row], includeData, this.#includes(exec));
      return row;
    });
  }

  async getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    paginator: PaginatorBase,
    parentRefs?: readonly ParentRef[],
  ): Promise<Page<Row>> {
    const e = this.entity;
    const page = prepareSelectPage(this.#queries, filterData, sortData, parentRefs);
    return this.#session((manager) => {
      const exec = this.#exec(manager);
      return paginator.paginate({
        fetch: (limit, offset) => page.fetch(exec, limit, offset),
        count: () => page.count(exec),
        complete: (rows) => loadIncludes(e, rows, includeData, this.#includes(exec)),
      });
    });
  }

  async createOne(data: Row, parentRefs?: readonly ParentRef[]): Promise<Row> {
    const e = this.entity;
    const insert = prepareInsert(this.#queries, data, parentRefs);
    return this.#session(async (manager) => {
      const row = insert.transactional
        ? await manager.transaction((tx) => insert.run(this.#exec(tx)))
        : await insert.run(this.#exec(manager));
      nullRelations(e, [row]);
      return row;
    });
  }

  async updateOne(
    pkValues: PkValues,
    data: Row,
    parentRefs?: readonly ParentRef[],
    returning: UpdateReturning = 'row',
  ): Promise<Row | null> {
    const update = prepareUpdate(this.#queries, pkValues, data, parentRefs, returning);
    if (!update) return this.getOne(pkValues, [], parentRefs);
    if (returning === 'key') return this.#session((manager) => update(this.#exec(manager)));
    return this.#written(update);
  }

  async deleteOne(pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    return this.#written(prepareDelete(this.#queries, pkValues, parentRefs));
  }

  /** Runs a write in a session; the row it yields gets every relation key (`null`). */
  #written(write: WriteOne): Promise<Row | null> {
    return this.#session(async (manager) => {
      const exec = this.#exec(manager);
      const row = await write(exec);
      if (row) nullRelations(this.entity, [row]);
      return row;
    });
  }

  /** Runs statements on the manager, translating constraint errors with this entity's field names. */
  #exec(manager: EntityManager): Executor {
    return executorOf(manager, this.entity);
  }

  #session<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
    return this.#getSession ? withSession(this.#getSession, work) : work(this.dataSource.manager);
  }

  #includes(exec: Executor): IncludeContext {
    return {
      query: async (sql, params) => (await exec(sql, params)).records,
      model: (metadata) => entityModel(metadata, this.dataSource),
      statement: (key, build) => this.#queries.get(key, (ctx) => build(ctx.params)),
    };
  }
}
