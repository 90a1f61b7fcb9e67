import type { SQL, Table } from 'drizzle-orm';
import {
  type FilterData,
  type IncludeData,
  ORMAdapterBase,
  type ReadOptions,
  type Row,
  type SortData,
  type UpdateReturning,
  type WriteData,
} from '../../core/adapter.ts';
import type { CRUDConfigDict, CRUDConfigInit } from '../../core/crud-config.ts';
import { ParentNotFoundError } from '../../core/errors.ts';
import { checkIncludeLimit } from '../../core/include-limit.ts';
import type { ModelMeta } from '../../core/model-meta.ts';
import type { Page, PaginatorBase } from '../../core/paginator.ts';
import {
  type ParentRef,
  parentKeyValues,
  planParentExists,
  planParentLink,
  type ScopeCondition,
} from '../../core/parent-scope.ts';
import { redactDriverError } from '../../core/safe-errors.ts';
import { checkTimeout, type Deadline, waitOnDatabase } from '../../engine/database-wait.ts';
import { type GetSession, withSession } from '../../engine/get-session.ts';
import { columnValues, type TableInfo, tableInfo } from './describe-table.ts';
import { type LooseDb, tableDialect } from './dialect.ts';
import { translateDbError } from './errors.ts';
import { attachRelations, nullRelations } from './includes.ts';
import { insertRow, insertRowIf, linkParent, removeRow } from './mutations.ts';
import { hearPoolErrors } from './pool-errors.ts';
import { extractRelationalSchema, type RelationalSchema, type RelationPlan, SchemaRegistry } from './relations.ts';
import type { DrizzlePk, DrizzleRow } from './row-types.ts';
import { existenceQuery, scopeConditions } from './scope.ts';
import { TableQueries } from './table-queries.ts';

/**
 * Any Drizzle database or transaction: `drizzle-orm/libsql`, `drizzle-orm/node-postgres`,
 * `drizzle-orm/mysql2` (created with `{ mode: 'default' }`), and their transactions.
 */
export interface DrizzleDatabase {
  select: (...args: never[]) => unknown;
  insert: (...args: never[]) => unknown;
  transaction: (...args: never[]) => unknown;
}

/** Options of {@link DrizzleAdapter}: a `db` or a `getSession`, and the `model` table. */
export interface DrizzleAdapterOptions<TTable extends Table = Table> {
  /** The table this adapter serves. */
  readonly model: TTable;
  /** The database every call runs on. */
  readonly db?: DrizzleDatabase;
  /** Yields a database or transaction per call (async function or async generator); replaces `db`. */
  readonly getSession?: GetSession<DrizzleDatabase>;
  /**
   * The schema module with the tables and `relations()`. Read from `db` when omitted;
   * needed with `getSession` for relations (includes, many-to-many).
   */
  readonly schema?: Record<string, unknown>;
  readonly crudConfig?: CRUDConfigDict | CRUDConfigInit;
  /** Prepared statements kept per adapter (get-one, delete and list shapes); default 64, 0 disables. */
  readonly preparedStatements?: number;
  /**
   * Milliseconds a call waits on a database that answers nothing (a queue moving in a busy pool does
   * not count) before it gives up with 503 `service_unavailable`; its transaction is then rolled back.
   * Default 5000; `0` or `Infinity` waits without limit.
   */
  readonly timeoutMs?: number;
}

const registries = new WeakMap<object, SchemaRegistry>();
const metas = new WeakMap<Table, ModelMeta>();

/** Whether a plain object has a key, found without listing them all. */
function hasAny(values: object): boolean {
  for (const _ in values) return true;
  return false;
}

function relationalSchemaOf(db: DrizzleDatabase | undefined): RelationalSchema | undefined {
  const internals = (db as LooseDb)?._;
  if (!internals?.schema) return undefined;
  return { schema: internals.schema, tableNamesMap: internals.tableNamesMap, fullSchema: internals.fullSchema };
}

function registryFor(options: DrizzleAdapterOptions): SchemaRegistry {
  const key = options.schema ?? relationalSchemaOf(options.db)?.schema;
  const cached = key ? registries.get(key) : undefined;
  if (cached) {
    cached.add(options.model);
    return cached;
  }
  const rel = options.schema ? extractRelationalSchema(options.schema) : relationalSchemaOf(options.db);
  const registry = new SchemaRegistry(rel, options.model);
  if (key) registries.set(key, registry);
  return registry;
}

/**
 * Serves one Drizzle table: describes it (fields, keys, relations from the
 * schema's `relations()`; a `many()` to a pure link table reads as many-to-many,
 * see `relations.ts`) and runs the five data operations, scoped to the parent
 * chain. Get-one and delete run as cached prepared statements when a fixed `db`
 * is given. Unique and foreign-key violations become 409, not-null 422; a
 * database that is down, or answers nothing for `timeoutMs` (default 5000),
 * 503 with `Retry-After`. Its rows are typed as the table's `$inferSelect`.
 *
 * @example
 * ```ts
 * import { drizzle } from 'drizzle-orm/libsql';
 * import * as schema from './schema';
 * const db = drizzle(createClient({ url: ':memory:' }), { schema });
 * const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });
 * // or, one transaction per call:
 * new DrizzleAdapter({ model: schema.post, schema, getSession: async () => db });
 * // give up on a frozen database after 2 s instead of 5:
 * new DrizzleAdapter({ db, model: schema.post, timeoutMs: 2000 });
 * ```
 */
export class DrizzleAdapter<TTable extends Table = Table> extends ORMAdapterBase<
  TTable,
  DrizzleRow<TTable>,
  DrizzlePk<TTable>
> {
  readonly #info: TableInfo;
  readonly #registry: SchemaRegistry;
  readonly #db: LooseDb | undefined;
  readonly #getSession: GetSession<DrizzleDatabase> | undefined;
  readonly #queries: TableQueries;
  readonly #timeoutMs: number;
  #plans: readonly RelationPlan[] | undefined;

  constructor(options: DrizzleAdapterOptions<TTable>) {
    super(options.model, options.crudConfig);
    if (!options.db && !options.getSession) throw new TypeError('DrizzleAdapter needs a `db` or a `getSession`');
    tableDialect(options.model);
    this.#info = tableInfo(options.model);
    this.#registry = registryFor(options);
    this.#db = options.db;
    this.#getSession = options.getSession;
    this.#timeoutMs = checkTimeout(options.timeoutMs, 'DrizzleAdapter');
    hearPoolErrors(options.db);
    this.#queries = new TableQueries(this.#info, options.model, options.db, options.preparedStatements ?? 64, () =>
      this.#relations.map((plan) => plan.meta.name),
    );
  }

  /** PostgreSQL's text refuses U+0000; SQLite and MySQL/MariaDB store it. */
  override get textAcceptsNul(): boolean {
    return this.#info.dialect !== 'pg';
  }

  /** Describes this adapter's table, another Drizzle table, or a table by its model (SQL) name. */
  describe(model?: unknown): ModelMeta {
    const table = this.#tableOf(model);
    let meta = metas.get(table);
    if (!meta) {
      const info = tableInfo(table);
      meta = {
        name: info.name,
        model: table,
        fields: info.fields,
        primaryKey: info.primaryKey,
        foreignKeys: info.foreignKeys,
        relations: this.#registry.relations(table).map((plan) => plan.meta),
      };
      metas.set(table, meta);
    }
    return meta;
  }

  getOne(
    pkValues: DrizzlePk<TTable>,
    includeData: IncludeData,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<DrizzleRow<TTable> | null> {
    const limit = checkIncludeLimit(options?.includeLimit, 'DrizzleAdapter');
    return this.#run(async (db) => {
      const row = await this.#queries.selectOne(db, pkValues, parentRefs);
      if (!row) return null;
      if (includeData.length === 0) return this.#withNullRelations(row);
      const prepare = this.#queries.includePreparer(db);
      await attachRelations(db, [row], this.#relations, new Set(includeData), limit, prepare);
      return row;
    }) as Promise<DrizzleRow<TTable> | null>;
  }

  getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    paginator: PaginatorBase,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<Page<DrizzleRow<TTable>>> {
    const limit = checkIncludeLimit(options?.includeLimit, 'DrizzleAdapter');
    return this.#run(async (db) => {
      const include = new Set(includeData);
      const source = this.#queries.list(db, columnValues(this.#info, filterData), sortData, parentRefs);
      const prepare = this.#queries.includePreparer(db);
      return paginator.paginate<Row>({
        fetch: source.fetch,
        count: source.count,
        complete: (rows) => attachRelations(db, rows, this.#relations, include, limit, prepare),
      });
    }) as Promise<Page<DrizzleRow<TTable>>>;
  }

  createOne(data: WriteData<DrizzleRow<TTable>>, parentRefs?: readonly ParentRef[]): Promise<DrizzleRow<TTable>> {
    return this.#run(async (db, deadline) => {
      const values = columnValues(this.#info, { ...data, ...parentKeyValues(parentRefs) });
      return this.#withNullRelations(await this.#insert(db, values, parentRefs, deadline));
    }) as Promise<DrizzleRow<TTable>>;
  }

  /**
   * Inserts a row, under its parent chain when there is one (the parents must
   * exist); under a parent that holds the key, the parent is pointed at it.
   */
  async #insert(
    db: LooseDb,
    values: Row,
    parentRefs: readonly ParentRef[] | undefined,
    deadline: Deadline,
  ): Promise<Row> {
    if (!parentRefs || parentRefs.length === 0) return this.#queries.insert(db, values);
    const link = planParentLink(parentRefs);
    if (this.#info.dialect === 'sqlite') {
      const [parentExists] = scopeConditions(db, this.model, [planParentExists(parentRefs) as ScopeCondition]);
      const inserted = await insertRowIf(db, this.#info, values, parentExists as SQL);
      if (!inserted) throw new ParentNotFoundError();
      if (link && !(await linkParent(db, link, inserted))) {
        // No transaction here (see insertRowIf): a parent gone between the two statements takes the row back.
        await removeRow(db, this.#info, inserted, () => []);
        throw new ParentNotFoundError();
      }
      return inserted;
    }
    return db.transaction(async (tx: LooseDb) => {
      await this.#assertParents(tx, parentRefs);
      const row = await insertRow(tx, this.#info, values);
      if (link && !(await linkParent(tx, link, row))) throw new ParentNotFoundError();
      deadline.beforeCommit();
      return row;
    });
  }

  updateOne(
    pkValues: DrizzlePk<TTable>,
    data: WriteData<DrizzleRow<TTable>>,
    parentRefs?: readonly ParentRef[],
    returning: UpdateReturning = 'row',
  ): Promise<DrizzleRow<TTable> | null> {
    return this.#run(async (db) => {
      const values = columnValues(this.#info, data);
      // Nothing to write: the row as it is, if it is in scope.
      const row = hasAny(values)
        ? await this.#queries.update(db, pkValues, values, parentRefs, returning)
        : ((await this.#queries.selectOne(db, pkValues, parentRefs)) ?? null);
      return row && returning === 'row' ? this.#withNullRelations(row) : row;
    }) as Promise<DrizzleRow<TTable> | null>;
  }

  deleteOne(pkValues: DrizzlePk<TTable>, parentRefs?: readonly ParentRef[]): Promise<DrizzleRow<TTable> | null> {
    return this.#run(async (db) => {
      const row = await this.#queries.deleteOne(db, pkValues, parentRefs);
      return row ? this.#withNullRelations(row) : null;
    }) as Promise<DrizzleRow<TTable> | null>;
  }

  get #relations(): readonly RelationPlan[] {
    this.#plans ??= this.#registry.relations(this.model);
    return this.#plans;
  }

  #tableOf(model: unknown): Table {
    if (model === undefined || model === this.model) return this.model;
    if (typeof model === 'string') {
      const table = this.#registry.table(model);
      if (!table) throw new TypeError(`DrizzleAdapter: unknown model "${model}"`);
      return table;
    }
    tableDialect(model);
    this.#registry.add(model as Table);
    return model as Table;
  }

  /**
   * Runs `fn` on the fixed `db` or a session, within the timeout; database errors come out as
   * `HttpError`s. A session's own transaction (a generator's commit after `yield`) is rolled back
   * once the caller has given up.
   */
  #run<T>(fn: (db: LooseDb, deadline: Deadline) => Promise<T>): Promise<T> {
    const db = this.#db;
    const getSession = this.#getSession as GetSession<DrizzleDatabase>;
    return waitOnDatabase(db ?? getSession, this.#timeoutMs, (deadline) =>
      db
        ? fn(db, deadline)
        : withSession(getSession, async (session) => {
            const result = await fn(session, deadline);
            deadline.beforeCommit();
            return result;
          }),
    ).catch(this.#rethrow);
  }

  readonly #rethrow = (error: unknown): never => {
    throw translateDbError(error, (column) => this.#info.fieldByColumn.get(column)) ?? redactDriverError(error);
  };

  async #assertParents(db: LooseDb, parentRefs: readonly ParentRef[]): Promise<void> {
    const condition = planParentExists(parentRefs);
    if (!condition) return;
    const rows = await existenceQuery(db, condition);
    if (rows.length === 0) throw new ParentNotFoundError();
  }

  #withNullRelations(row: Row): Row {
    nullRelations([row], this.#relations);
    return row;
  }
}
