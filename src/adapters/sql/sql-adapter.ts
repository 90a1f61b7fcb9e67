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
  type FilterData,
  type IncludeData,
  ORMAdapterBase,
  type Page,
  type PaginatorBase,
  type ParentRef,
  type PkValues,
  type Row,
  type SortData,
  type UpdateReturning,
} from 'ormcrud';
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

/**
 * The shared implementation of the raw-SQL adapters. Subclasses implement
 * {@link describe} (from `ORMAdapterBase`), {@link sqlModel} and {@link session}.
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
export abstract class SqlAdapter<TModel> extends ORMAdapterBase<TModel> {
  #statements: ModelStatements | undefined;
  #entity: SqlModel | undefined;

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

  /** This model's statements, built once per shape. */
  get #queries(): ModelStatements {
    this.#statements ??= new ModelStatements(this.entity, (model) => this.sqlModel(model));
    return this.#statements;
  }

  async getOne(pkValues: PkValues, includeData: IncludeData, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    const e = this.entity;
    const select = prepareSelectOne(this.#queries, pkValues, parentRefs);
    return this.session(async ({ exec }) => {
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
    return this.session(({ exec }) =>
      paginator.paginate({
        fetch: (limit, offset) => page.fetch(exec, limit, offset),
        count: () => page.count(exec),
        complete: (rows) => loadIncludes(e, rows, includeData, this.#includes(exec)),
      }),
    );
  }

  async createOne(data: Row, parentRefs?: readonly ParentRef[]): Promise<Row> {
    const e = this.entity;
    const insert = prepareInsert(this.#queries, data, parentRefs);
    return this.session(async (session) => {
      const row = insert.transactional ? await session.transaction(insert.run) : await insert.run(session.exec);
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
    if (returning === 'key') return this.session(({ exec }) => update(exec));
    return this.#written(update);
  }

  async deleteOne(pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    return this.#written(prepareDelete(this.#queries, pkValues, parentRefs));
  }

  /** Runs a write in a session; the row it yields gets every relation key (`null`). */
  #written(write: WriteOne): Promise<Row | null> {
    return this.session(async ({ exec }) => {
      const row = await write(exec);
      if (row) nullRelations(this.entity, [row]);
      return row;
    });
  }

  #includes(exec: Executor): IncludeContext {
    return {
      query: async (sql, params) => (await exec(sql, params)).records,
      model: (name) => this.sqlModel(name),
      statement: (key, build) => this.#queries.get(key, (ctx) => build(ctx.params)),
    };
  }
}
