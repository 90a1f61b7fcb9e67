/**
 * `DrizzleAdapter`: the core's adapter interface over a Drizzle table. The
 * table and the schema's `relations()` are read once (`describe-table.ts`, `schema-registry.ts`,
 * `relations.ts`, `table-spec.ts`); the engine (`ormcrud/adapter-kit`) writes
 * the SQL and runs it through Drizzle's own sessions (`executor.ts`).
 *
 * @module
 */
import type { Table } from 'drizzle-orm';
import {
  cached,
  type Dialect,
  EngineAdapter,
  type GetSession,
  type ModelMeta,
  type ModelSpec,
  oneAtATime,
  type Session,
  withSession,
} from 'ormcrud/adapter-kit';
import type { DrizzleAdapterOptions, DrizzleDatabase } from './adapter-options.ts';
import { AdapterCasing, type ColumnCasing } from './column-casing.ts';
import { tableInfo } from './describe-table.ts';
import { DIALECTS } from './engine-dialect.ts';
import { type SessionHolder, sessionOf } from './executor.ts';
import { onOneConnection } from './one-connection.ts';
import { hearPoolErrors } from './pool-errors.ts';
import type { DrizzlePk, DrizzleRow } from './row-types.ts';
import { registryFor, type SchemaRegistry } from './schema-registry.ts';
import { type DrizzleDialect, tableDialect } from './table-config.ts';
import { tableSpec } from './table-spec.ts';

const metas = new WeakMap<Table, ModelMeta>();
/** The tables' descriptions, per way of spelling their columns (one per db). */
const specs = new WeakMap<ColumnCasing, WeakMap<Table, ModelSpec>>();

/**
 * Serves one Drizzle table: describes it (fields, keys, relations from the
 * schema's `relations()`; a `many()` to a pure link table reads as many-to-many,
 * see `relations.ts`) and runs the five data operations through the engine,
 * scoped to the parent chain. On a fixed `db` statements are prepared once per
 * shape. Unique and foreign-key violations become 409, not-null 422; a
 * database that is down, or answers nothing for `timeoutMs` (default 5000),
 * 503 with `Retry-After`. Its rows are typed as the table's `$inferSelect`.
 *
 * @example
 * ```ts
 * import { createClient } from '@libsql/client';
 * import { drizzle } from 'drizzle-orm/libsql';
 * const memory = drizzle(createClient({ url: ':memory:' }), { schema });
 * new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db: memory, model: schema.category }) });
 * // or, one transaction per call:
 * new DrizzleAdapter({ model: schema.post, schema, getSession: async () => memory });
 * // give up on a frozen database after 2 s instead of 5:
 * new DrizzleAdapter({ db, model: schema.post, timeoutMs: 2000 });
 * ```
 */
export class DrizzleAdapter<TTable extends Table = Table> extends EngineAdapter<
  TTable,
  DrizzleRow<TTable>,
  DrizzlePk<TTable>
> {
  readonly #registry: SchemaRegistry;
  readonly #family: DrizzleDialect;
  readonly #getSession: GetSession<DrizzleDatabase> | undefined;
  readonly #dialect: Dialect;
  readonly #casing: AdapterCasing;
  /** Statements on the fixed `db`, prepared once each; made once. */
  readonly #fixed: Session | undefined;

  constructor(options: DrizzleAdapterOptions<TTable>) {
    const handle = options.db ?? options.getSession;
    if (!handle) throw new TypeError('DrizzleAdapter needs a `db` or a `getSession`');
    super(options.model, options.crudConfig, {
      handle,
      adapter: 'DrizzleAdapter',
      timeoutMs: options.timeoutMs,
      statementsKept: options.preparedStatements,
    });
    this.#family = tableDialect(options.model);
    this.#dialect = DIALECTS[this.#family]();
    this.#registry = registryFor(options);
    this.#getSession = options.getSession;
    this.#casing = new AdapterCasing(options.db, options.casing);
    hearPoolErrors(options.db);
    this.#fixed = options.db && this.#sessionOf(options.db, true);
  }

  /** Describes this adapter's table, another Drizzle table, or a table by its model (SQL) name. */
  describe(model?: unknown): ModelMeta {
    const table = this.#tableOf(model);
    return cached(metas, table, () => {
      const info = tableInfo(table);
      return {
        name: info.name,
        model: table,
        fields: info.fields,
        primaryKey: info.primaryKey,
        foreignKeys: info.foreignKeys,
        relations: this.#registry.relations(table),
      };
    });
  }

  /** A table (or a table by model name) described for the engine once. */
  modelSpec(model: unknown): ModelSpec {
    const table = this.#tableOf(model);
    const casing = this.#casing.current;
    const made = cached(specs, casing, () => new WeakMap<Table, ModelSpec>());
    return cached(made, table, () => tableSpec(tableInfo(table), this.describe(table), casing, this.#dialect));
  }

  get dialect(): Dialect {
    return this.#dialect;
  }

  protected session<R>(work: (session: Session, lent?: boolean) => Promise<R>): Promise<R> {
    if (this.#fixed) return work(this.#fixed);
    const getSession = this.#getSession as GetSession<DrizzleDatabase>;
    return withSession(getSession, (db, lent) => {
      this.#casing.meet(db);
      return work(this.#sessionOf(db, false), lent);
    });
  }

  /** Statements on `db`, one at a time where it is a single connection. */
  #sessionOf(db: DrizzleDatabase, keep: boolean): Session {
    const session = sessionOf(db as unknown as SessionHolder, this.#family, keep);
    const connection = onOneConnection(db);
    return connection ? oneAtATime(session, connection) : session;
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
}
