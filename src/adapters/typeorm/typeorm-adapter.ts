/**
 * `TypeORMAdapter`: the core's adapter interface over a TypeORM `DataSource`
 * or per-request `EntityManager`s. Metadata is read once; the engine
 * (`ormcrud/adapter-kit`) writes and runs the SQL; this file supplies
 * TypeORM's sessions and models.
 *
 * @module
 */

import {
  checkHooks,
  type Dialect,
  EngineAdapter,
  type ModelMeta,
  type ModelSpec,
  type Row,
  type Session,
  withSession,
} from 'ormcrud/adapter-kit';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { GetSession, TypeORMAdapterOptions } from './adapter-options.ts';
import { describeEntity, entityKey, hiddenRows } from './describe-entity.ts';
import { dialectOf } from './dialect.ts';
import { refuseListeners } from './entity-listeners.ts';
import { EntityRegistry } from './entity-registry.ts';
import { sessionOf } from './executor.ts';
import type { EntityRow } from './row-types.ts';

/** Registrations of given configs waiting for their data source to be initialised. */
const waiting = new Set<{ readonly dataSource: DataSource; readonly register: () => void }>();

/** Runs `register` now if `dataSource` can describe its entities, else once it can. */
function whenDescribable(dataSource: DataSource, register: () => void): void {
  if (dataSource.isInitialized) register();
  else waiting.add({ dataSource, register });
}

/**
 * Runs the waiting registrations whose data source is initialised, before any entity is described: of
 * every data source, since another may share the entity's class (the key includes look configs up by).
 */
function registerWaiting(): void {
  for (const entry of waiting) {
    if (!entry.dataSource.isInitialized) continue;
    waiting.delete(entry);
    entry.register();
  }
}

/**
 * The TypeORM adapter. Rows are plain objects keyed by property names, with
 * every relation key present (`null` unless included); their type is the
 * entity's column properties ({@link EntityRow}). Database constraint
 * errors become `HttpError`s (409 `conflict`, 422 `validation_failed`); a
 * database that is down, or answers nothing for `timeoutMs` (default 5000),
 * 503 `service_unavailable` with `Retry-After`. Its statements call no entity listener or data
 * subscriber: an entity with one is refused unless given `hooks: 'skip'`.
 *
 * @example
 * ```ts
 * import { DataSource } from 'typeorm';
 * const url = 'postgres://postgres@127.0.0.1:5432/app';
 * const source = await new DataSource({ type: 'postgres', url, entities: [Post, Thread] }).initialize();
 * new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource: source, model: Post }) });
 * // or per request, e.g. on a transaction the app opened:
 * new TypeORMAdapter({ dataSource: source, model: Post, getSession: async () => source.manager });
 * // give up on a frozen database after 2 s instead of 5:
 * new TypeORMAdapter({ dataSource: source, model: Post, timeoutMs: 2000 });
 * ```
 */
export class TypeORMAdapter<
  T extends ObjectLiteral = ObjectLiteral,
  TRow extends Row = EntityRow<T>,
  // NoInfer: the row type comes from the entity (or is named), never from where the adapter is passed.
> extends EngineAdapter<EntityTarget<T>, NoInfer<TRow>> {
  #dataSource: DataSource | undefined;
  readonly #getSession: GetSession | undefined;
  /** Whether the app said `hooks: 'skip'`: listeners the statements skip refuse nothing. */
  readonly #skipsHooks: boolean;
  readonly #registry = new EntityRegistry(() => this.dataSource);
  /** Statements on the data source's own manager (without `getSession`), made once. */
  #managerSession: Session | undefined;

  constructor(options: TypeORMAdapterOptions<T>) {
    const handle = options.dataSource ?? options.getSession;
    if (!handle) throw new TypeError('TypeORMAdapter needs a dataSource or a getSession');
    super(options.model, options.crudConfig, { handle, adapter: 'TypeORMAdapter', timeoutMs: options.timeoutMs });
    this.#dataSource = options.dataSource;
    this.#getSession = options.getSession;
    this.#skipsHooks = checkHooks(options.hooks, 'TypeORMAdapter');
    if (options.crudConfig && options.dataSource) whenDescribable(options.dataSource, () => this.#registerConfig());
  }

  /** A config given with a schema or a name also goes under the entity's own key, which includes look up. */
  #registerConfig(): void {
    let key: object;
    try {
      key = entityKey(this.#registry.metadataOf(this.model));
    } catch {
      return; // an entity the data source lacks: this adapter's own describe() says so
    }
    this.registerConfigAs(key);
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
   * const adapter = await new TypeORMAdapter({ getSession: async () => dataSource.manager, model: Post }).init();
   * ```
   */
  async init(): Promise<this> {
    const getSession = this.#getSession;
    if (!this.#dataSource && getSession) {
      const dataSource = await withSession(getSession, async (manager) => manager.dataSource);
      this.#dataSource = dataSource;
      whenDescribable(dataSource, () => this.#registerConfig());
    }
    return this;
  }

  /** Describes this entity, another entity (class, schema, name) or a model by table name. */
  describe(model?: unknown): ModelMeta {
    if (waiting.size > 0) registerWaiting();
    const metadata = this.#registry.metadataOf(model ?? this.model);
    if (model === undefined) {
      this.refuseHiddenRows(metadata.name, hiddenRows(metadata));
      if (!this.#skipsHooks) refuseListeners(metadata);
    }
    return describeEntity(metadata);
  }

  /** An entity (class, schema, name) or a model by table name, described for the engine once. */
  modelSpec(model: unknown): ModelSpec {
    return this.#registry.specOf(model);
  }

  get dialect(): Dialect {
    return dialectOf(this.dataSource);
  }

  protected session<R>(work: (session: Session, lent?: boolean) => Promise<R>): Promise<R> {
    if (this.#getSession) return withSession(this.#getSession, (manager, lent) => work(sessionOf(manager), lent));
    this.#managerSession ??= sessionOf(this.dataSource.manager);
    return work(this.#managerSession);
  }
}
