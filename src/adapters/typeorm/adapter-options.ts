/**
 * The options of `TypeORMAdapter`, and the per-request session it may take.
 *
 * @module
 */
import type { CRUDConfigDict, CRUDConfigInit, GetSession as Sessions } from 'ormcrud/adapter-kit';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An async function or async generator yielding the `EntityManager` of one request.
 *
 * @example
 * ```ts
 * import type { GetSession } from 'ormcrud/typeorm';
 * const getSession: GetSession = async function* () {
 *   yield dataSource.manager;
 * };
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
  /**
   * Milliseconds a call waits on a database that answers nothing (a queue moving in a busy pool does
   * not count) before it gives up with 503 `service_unavailable`; its transaction is then rolled back.
   * Default 5000; `0` or `Infinity` waits without limit.
   */
  timeoutMs?: number;
  /**
   * `'skip'`: serve the entity although its TypeORM listeners and subscribers of data events do not run.
   * The adapter's own statements never call them (`@BeforeInsert`, `@AfterLoad` and the like, of the entity,
   * its parents and embeddeds; a subscriber's `beforeInsert`, `afterLoad`…), so without this option such an
   * entity, or one including an entity with an `afterLoad` listener, is refused when its collection is made.
   * Query subscribers (`beforeQuery`, `afterQuery`) hear every statement and need no option.
   *
   * @example
   * ```ts
   * // Post's listeners only log in TypeORM's own saves: the API may write posts without them.
   * new TypeORMAdapter({ dataSource, model: Post, hooks: 'skip' });
   * ```
   */
  hooks?: 'skip';
}
