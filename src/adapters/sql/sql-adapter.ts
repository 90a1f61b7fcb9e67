/**
 * `SqlAdapter`: the five data operations over the shared raw-SQL builders,
 * for any ORM that can run a parameterised statement. An ORM adapter
 * (TypeORM, Sequelize) supplies its models compiled as {@link SqlModel}s and
 * a way to run statements ({@link SqlSession}); the SQL, its caching per shape
 * and relation loading are the same for all of them.
 *
 * @module
 */
import {
  type CRUDConfigDict,
  type CRUDConfigInit,
  checkIncludeLimit,
  type FilterData,
  type IncludeData,
  ORMAdapterBase,
  type Page,
  type PaginatorBase,
  type ParentRef,
  type PkOf,
  type PkValues,
  type ReadOptions,
  type Row,
  type SortData,
  type UpdateReturning,
  type WriteData,
} from 'ormcrud';
import { checkTimeout, type Deadline, waitOnDatabase } from '../database-wait.ts';
import { databaseError } from '../sql-errors.ts';
import { type IncludeContext, loadIncludes, nullRelations } from './includes.ts';
import { prepareSelectOne, prepareSelectPage } from './read-queries.ts';
import type { Executor, SqlModel } from './sql-model.ts';
import { ModelStatements } from './statements.ts';
import { prepareDelete, prepareInsert, prepareUpdate, type WriteOne } from './write-queries.ts';

/** Where one adapter call runs its statements. */
export interface SqlSession {
  readonly exec: Executor;
  /** Runs `work` in one transaction (a parent check and its insert). */
  transaction<R>(work: (exec: Executor) => Promise<R>): Promise<R>;
}

/** Where a {@link SqlAdapter}'s calls wait, and for how long (see `../database-wait.ts`). */
export interface SqlWait {
  /** The database handle the calls share (a data source, a Sequelize instance): their answers mark progress. */
  readonly handle: object;
  /** The adapter's name, for errors. */
  readonly adapter: string;
  /** Default 5000; `0` or `Infinity` waits without limit. */
  readonly timeoutMs?: number | undefined;
}

/**
 * The shared implementation of the raw-SQL adapters. Subclasses implement
 * {@link describe} (from `ORMAdapterBase`), {@link sqlModel} and {@link session}.
 * Each call runs within the timeout; database errors come out as `HttpError`s.
 * `TRow` and `TPk` are the row and key types the ORM adapter infers from its model.
 *
 * @example
 * ```ts
 * class MyOrmAdapter extends SqlAdapter<MyModel> {
 *   describe(model?: unknown) { return describeMyModel(model ?? this.model); }
 *   sqlModel(model: unknown) { return compileMyModel(model); }
 *   session(work) { return work({ exec: runOnPool, transaction: (w) => pool.transaction(w) }); }
 * }
 * ```
 */
export abstract class SqlAdapter<
  TModel,
  TRow extends Row = Row,
  TPk extends PkValues = PkOf<TRow>,
> extends ORMAdapterBase<TModel, TRow, TPk> {
  #statements: ModelStatements | undefined;
  #entity: SqlModel | undefined;
  readonly #handle: object;
  readonly #timeoutMs: number;

  constructor(model: TModel, crudConfig: CRUDConfigDict | CRUDConfigInit | undefined, wait: SqlWait) {
    super(model, crudConfig);
    this.#handle = wait.handle;
    this.#timeoutMs = checkTimeout(wait.timeoutMs, wait.adapter);
  }

  /**
   * A model compiled for SQL: this adapter's own (`this.model`), a parent's
   * ORM model, or a relation's target or junction by model name.
   */
  abstract sqlModel(model: unknown): SqlModel;

  /** Runs `work` on a session of this adapter's database. */
  protected abstract session<R>(work: (session: SqlSession) => Promise<R>): Promise<R>;

  /** This adapter's model compiled for SQL. */
  get entity(): SqlModel {
    this.#entity ??= this.sqlModel(this.model);
    return this.#entity;
  }

  /** PostgreSQL's text refuses U+0000; SQLite and MySQL/MariaDB store it. */
  override get textAcceptsNul(): boolean {
    return this.entity.dialect.family !== 'postgres';
  }

  /** This model's statements, built once per shape. */
  get #queries(): ModelStatements {
    this.#statements ??= new ModelStatements(this.entity, (model) => this.sqlModel(model));
    return this.#statements;
  }

  async getOne(
    pkValues: TPk,
    includeData: IncludeData,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<TRow | null> {
    const e = this.entity;
    const limit = checkIncludeLimit(options?.includeLimit, this.constructor.name);
    const select = prepareSelectOne(this.#queries, pkValues, parentRefs);
    return this.#run(async ({ exec }) => {
      const row = await select(exec);
      if (!row) return null;
      if (includeData.length === 0) nullRelations(e, [row]);
      else await loadIncludes(e, [row], includeData, this.#includes(exec), limit);
      return row as TRow;
    });
  }

  async getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    paginator: PaginatorBase,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<Page<TRow>> {
    const e = this.entity;
    const limit = checkIncludeLimit(options?.includeLimit, this.constructor.name);
    const page = prepareSelectPage(this.#queries, filterData, sortData, parentRefs);
    return this.#run(({ exec }) =>
      paginator.paginate({
        fetch: (limit, offset) => page.fetch(exec, limit, offset),
        count: () => page.count(exec),
        complete: (rows) => loadIncludes(e, rows, includeData, this.#includes(exec), limit),
      }),
    ) as Promise<Page<TRow>>;
  }

  async createOne(data: WriteData<TRow>, parentRefs?: readonly ParentRef[]): Promise<TRow> {
    const e = this.entity;
    const insert = prepareInsert(this.#queries, data, parentRefs);
    return this.#run(async (session, deadline) => {
      const row = insert.transactional
        ? await session.transaction(async (exec) => {
            const inserted = await insert.run(exec);
            deadline.beforeCommit();
            return inserted;
          })
        : await insert.run(session.exec);
      nullRelations(e, [row]);
      return row as TRow;
    });
  }

  async updateOne(
    pkValues: TPk,
    data: WriteData<TRow>,
    parentRefs?: readonly ParentRef[],
    returning: UpdateReturning = 'row',
  ): Promise<TRow | null> {
    const update = prepareUpdate(this.#queries, pkValues, data, parentRefs, returning);
    if (!update) return this.getOne(pkValues, [], parentRefs);
    if (returning === 'key') return this.#run(({ exec }) => update(exec)) as Promise<TRow | null>;
    return this.#written(update);
  }

  async deleteOne(pkValues: TPk, parentRefs?: readonly ParentRef[]): Promise<TRow | null> {
    return this.#written(prepareDelete(this.#queries, pkValues, parentRefs));
  }

  /** Runs a write in a session; the row it yields gets every relation key (`null`). */
  #written(write: WriteOne): Promise<TRow | null> {
    return this.#run(async ({ exec }) => {
      const row = await write(exec);
      if (row) nullRelations(this.entity, [row]);
      return row as TRow | null;
    });
  }

  /**
   * Runs `work` in a session within the timeout; database errors come out as `HttpError`s. A
   * session's own transaction (a `getSession` generator's commit) is rolled back once the caller gave up.
   */
  #run<R>(work: (session: SqlSession, deadline: Deadline) => Promise<R>): Promise<R> {
    return waitOnDatabase(this.#handle, this.#timeoutMs, (deadline) =>
      this.session(async (session) => {
        const result = await work(session, deadline);
        deadline.beforeCommit();
        return result;
      }),
    ).catch(rethrowDatabaseError);
  }

  #includes(exec: Executor): IncludeContext {
    return {
      query: async (sql, params) => (await exec(sql, params)).records,
      model: (name) => this.sqlModel(name),
      statement: (key, build) => this.#queries.get(key, (ctx) => build(ctx.params)),
    };
  }
}

function rethrowDatabaseError(error: unknown): never {
  throw databaseError(error) ?? error;
}
