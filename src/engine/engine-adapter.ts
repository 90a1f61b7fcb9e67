/**
 * `EngineAdapter`: the five data operations of `ORMAdapterBase`, run by the
 * engine for any ORM that can describe its models ({@link ModelSpec}) and run
 * a statement ({@link Session}). An ORM adapter supplies those two and its
 * dialect; the SQL, its caching per shape, includes, parent scope and links,
 * timeouts and error translation are the engine's.
 *
 * @module
 */

import { ORMAdapterBase } from '../core/adapter.ts';
import type {
  FilterData,
  IncludeData,
  PkOf,
  PkValues,
  ReadOptions,
  Row,
  SortData,
  UpdateReturning,
  WriteData,
} from '../core/adapter-data.ts';
import { checkIncludeLimit } from '../core/include-limit.ts';
import { fetchWindow, type ListResult, type PageWindow } from '../core/paginator.ts';
import type { ParentRef } from '../core/parent-scope.ts';
import type { CRUDConfigDict, CRUDConfigInit } from '../core/schemas/crud-config.ts';
import type { CompiledModel } from './compiled-model.ts';
import { CompiledModels } from './compiled-models.ts';
import { DatabaseCalls } from './database-calls.ts';
import { transactionConflict, translateDatabaseError } from './database-errors.ts';
import { checkTimeout } from './database-wait.ts';
import type { Dialect } from './dialect.ts';
import type { Session, Statement } from './executor.ts';
import { type IncludeContext, loadIncludes } from './includes.ts';
import { prepareInsert } from './inserts.ts';
import type { ModelSpec } from './model.ts';
import { prepareSelectOne, prepareSelectPage } from './reads.ts';
import { ModelStatements } from './statements.ts';
import { prepareDelete, prepareUpdate, type WriteOne } from './updates.ts';

/** What an {@link EngineAdapter} needs besides its model. */
export interface EngineOptions {
  /** The database handle the adapter's calls share (a db, data source, Sequelize instance): their answers mark progress. */
  readonly handle: object;
  /** The adapter's name, for errors. */
  readonly adapter: string;
  /** Milliseconds a call waits on a database that answers nothing; default 5000, `0` or `Infinity` without limit. */
  readonly timeoutMs?: number | undefined;
  /** Statement shapes kept per adapter; default 64. */
  readonly statementsKept?: number | undefined;
}

/**
 * The engine behind an ORM adapter. Subclasses implement `describe` (from
 * `ORMAdapterBase`), {@link modelSpec}, {@link dialect} and {@link session}.
 * `TRow` and `TPk` are the row and key types the ORM adapter infers from its model.
 *
 * @example
 * ```ts
 * class SpecAdapter extends EngineAdapter<ModelSpec> {
 *   describe = () => this.model.meta;
 *   modelSpec = () => this.model;
 *   dialect = postgresDialect();
 *   protected session = <R>(work: (s: Session) => Promise<R>) => work(session);
 * }
 * new SpecAdapter(postSpec, undefined, { handle: session, adapter: 'SpecAdapter' });
 * ```
 */
export abstract class EngineAdapter<
  TModel,
  TRow extends Row = Row,
  TPk extends PkValues = PkOf<TRow>,
> extends ORMAdapterBase<TModel, TRow, TPk> {
  readonly #kept: number;
  readonly #models = new CompiledModels(
    (model) => this.modelSpec(model),
    () => this.dialect,
  );
  readonly #calls: DatabaseCalls;
  #statements: ModelStatements | undefined;
  #includeContext: IncludeContext | undefined;

  constructor(model: TModel, crudConfig: CRUDConfigDict | CRUDConfigInit | undefined, options: EngineOptions) {
    super(model, crudConfig);
    const timeoutMs = checkTimeout(options.timeoutMs, options.adapter);
    this.#kept = options.statementsKept ?? 64;
    this.#calls = new DatabaseCalls({
      handle: options.handle,
      timeoutMs,
      session: (work) => this.session(work),
      translate: (error, statement) => this.translateError(error, statement),
      failureAbortsTransaction: () => this.dialect.failureAbortsTransaction,
      conflict: (error) => transactionConflict(error, this.dialect.errors),
    });
  }

  /** The neutral description of a model: this adapter's own, a parent's ORM model, or a model by name. */
  abstract modelSpec(model: unknown): ModelSpec;

  /** The SQL dialect of this adapter's connection. */
  abstract get dialect(): Dialect;

  /** Runs `work` on a session of this adapter's database. */
  protected abstract session<R>(work: (session: Session, lent?: boolean) => Promise<R>): Promise<R>;

  /**
   * Refuses to serve a model whose rows its ORM hides from its own finds (`why`, as a soft delete): the
   * engine's statements would list, edit and delete them.
   */
  protected refuseHiddenRows(name: string, why: string | undefined): void {
    if (why) throw new TypeError(`${this.constructor.name}: "${name}" ${why}; not supported`);
  }

  /**
   * A database error as the client may see it: a constraint violation or an
   * unavailable database as an `HttpError`, anything else without its values.
   */
  protected translateError(error: unknown, statement?: Statement): unknown {
    const model = this.compiled(this.model);
    return translateDatabaseError(error, (column) => model.fieldOf(column), statement?.sql, model.dialect.errors);
  }

  /** A model compiled for this adapter's dialect, once per description; found again by its reference. */
  compiled(model: unknown): CompiledModel {
    return this.#models.of(model);
  }

  /** This model's statements, built once per shape. */
  get #queries(): ModelStatements {
    this.#statements ??= new ModelStatements(this.compiled(this.model), (model) => this.compiled(model), this.#kept);
    return this.#statements;
  }

  // The operations are not async: the calls' `run` turns what they throw into a rejection,
  // and returning its promise as is spares each call a promise and a tick.
  getOne(
    pkValues: TPk,
    includeData: IncludeData,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<TRow | null> {
    return this.#calls.run(({ exec }, deadline) => {
      const queries = this.#queries;
      const limit = checkIncludeLimit(options?.includeLimit, this.constructor.name);
      const select = prepareSelectOne(queries, pkValues, parentRefs);
      if (includeData.length === 0) return select(exec) as Promise<TRow | null>;
      return select(exec).then(async (row) => {
        if (!row) return null;
        deadline.beforeCommit(); // a call given up on sends no further statement
        await loadIncludes(queries.model, [row], includeData, limit, this.#includes, exec);
        return row as TRow;
      });
    });
  }

  getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    window: PageWindow,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<ListResult<TRow>> {
    return this.#calls.run(({ exec }, deadline) => {
      const queries = this.#queries;
      const cap = checkIncludeLimit(options?.includeLimit, this.constructor.name);
      const page = prepareSelectPage(queries, filterData, sortData, parentRefs);
      // After the page, a call given up on sends neither its count nor its includes.
      return fetchWindow(window, {
        fetch: (limit, offset) => page.fetch(exec, limit, offset) as Promise<TRow[]>,
        count: async () => {
          deadline.beforeCommit();
          return page.count(exec);
        },
        ...(includeData.length > 0 && {
          complete: async (rows: TRow[]) => {
            deadline.beforeCommit();
            await loadIncludes(queries.model, rows, includeData, cap, this.#includes, exec);
          },
        }),
      });
    });
  }

  /** Whether text columns take U+0000: the dialect's answer (PostgreSQL's refuse it). */
  override get textAcceptsNul(): boolean {
    return this.dialect.textAcceptsNul;
  }

  createOne(data: WriteData<TRow>, parentRefs?: readonly ParentRef[]): Promise<TRow> {
    return this.#calls.write(() => prepareInsert(this.#queries, data, parentRefs)) as Promise<TRow>;
  }

  updateOne(
    pkValues: TPk,
    data: WriteData<TRow>,
    parentRefs?: readonly ParentRef[],
    returning: UpdateReturning = 'row',
  ): Promise<TRow | null> {
    return this.#calls.write((): WriteOne => {
      const queries = this.#queries;
      const update = prepareUpdate(queries, pkValues, data, parentRefs, returning);
      // Nothing to write: the row as it is, if it is there.
      return update ?? { transactional: false, run: prepareSelectOne(queries, pkValues, parentRefs) };
    }) as Promise<TRow | null>;
  }

  deleteOne(pkValues: TPk, parentRefs?: readonly ParentRef[]): Promise<TRow | null> {
    return this.#calls.write(() => prepareDelete(this.#queries, pkValues, parentRefs)) as Promise<TRow | null>;
  }

  /** What include loading needs of this adapter, made once (its relation plans are kept by it). */
  get #includes(): IncludeContext {
    this.#includeContext ??= {
      model: (name) => this.compiled(name),
      statement: (key, build) => this.#queries.get(key, build),
      plans: new Map(),
    };
    return this.#includeContext;
  }
}
