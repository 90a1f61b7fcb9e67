/**
 * `SequelizeAdapter`: the core's adapter interface over a Sequelize model. It
 * runs on the model's own Sequelize instance (its pool, logging and CLS
 * transactions); the engine (`ormcrud/adapter-kit`) writes and runs the SQL.
 *
 * @module
 */
import {
  alongChain,
  type CRUDConfigDict,
  type CRUDConfigInit,
  cached,
  checkHooks,
  DatabaseError,
  type Dialect,
  type DriverError,
  EngineAdapter,
  type ModelMeta,
  type ModelSpec,
  type Session,
  type Statement,
  unavailableError,
} from 'ormcrud/adapter-kit';
import type { Sequelize } from 'sequelize';
import { hiddenRows } from './describe-model.ts';
import { dialectOf } from './dialect.ts';
import { sessionOf } from './executor.ts';
import { type AnyModel, baseModel } from './model-class.ts';
import { ModelRegistry } from './model-registry.ts';
import type { ModelRow } from './row-types.ts';
import { refuseSkippedLogic } from './skipped-logic.ts';

/** Options of {@link SequelizeAdapter}. */
export interface SequelizeAdapterOptions<M extends AnyModel = AnyModel> {
  /** A model class initialised on a Sequelize instance (`Model.init` or `sequelize.define`). */
  model: M;
  /** Field sets; else the model's `static crudConfig`. */
  crudConfig?: CRUDConfigDict | CRUDConfigInit;
  /**
   * Milliseconds a call waits on a database that answers nothing (a queue moving in a busy pool does
   * not count) before it gives up with 503 `service_unavailable`; its transaction is then rolled back.
   * Default 5000; `0` or `Infinity` waits without limit.
   */
  timeoutMs?: number;
  /**
   * `'skip'`: serve the model knowing that the adapter's statements run none of its hooks (a `beforeCreate`
   * that hashes a password, `afterFind`, its Sequelize instance's), its model-level `validate`, nor the
   * attribute validators no schema states (a function, `isEmail`). Without it a model with any of them is
   * refused when the adapter is built, naming each. Query hooks (`beforeQuery`, `afterQuery`) are no reason
   * to refuse, and the validators the schemas state (`len`, `min`, `isIn`…) are checked either way.
   *
   * @example
   * ```ts
   * // The users collection's createOneHandler hashes the password the model's beforeCreate hook would:
   * new SequelizeAdapter({ model: models.user, hooks: 'skip' });
   * ```
   */
  hooks?: 'skip';
}

const registries = new WeakMap<Sequelize, ModelRegistry>();

/**
 * The Sequelize adapter. It needs only the model: Sequelize has one global
 * pool per instance, so there is no session to pass. Rows are plain objects
 * keyed by attribute names, with every association key present (`null`
 * unless included); their type is the model's attributes ({@link ModelRow}). Statements are parameterised and built once per shape;
 * model hooks and validators do not run (the generated schemas validate
 * input, with the validators they state): a model with hooks or other
 * validators is refused unless `hooks: 'skip'` says the app knows, and
 * paranoid (soft-deleting) models are refused. Constraint errors
 * become 409 or 422; a database that is down, or answers nothing for
 * `timeoutMs` (default 5000), 503 `service_unavailable` with `Retry-After`.
 *
 * @example
 * ```ts
 * import { DataTypes, Sequelize } from 'sequelize';
 * const orm = new Sequelize('postgres://postgres@127.0.0.1:5432/app');
 * const Note = orm.define('note', { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true } });
 * new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Note }) });
 * // give up on a frozen database after 2 s instead of 5:
 * new SequelizeAdapter({ model: Note, timeoutMs: 2000 });
 * ```
 */
export class SequelizeAdapter<M extends AnyModel = AnyModel> extends EngineAdapter<M, ModelRow<M>> {
  readonly #registry: ModelRegistry;
  /** Statements on the pool; stateless, so made once. */
  #pool: Session | undefined;

  constructor(options: SequelizeAdapterOptions<M>) {
    const sequelize = options.model?.sequelize;
    if (!sequelize) throw new TypeError('SequelizeAdapter needs a model initialised on a Sequelize instance');
    if (!checkHooks(options.hooks, 'SequelizeAdapter')) refuseSkippedLogic(options.model);
    super(options.model, options.crudConfig, {
      handle: sequelize,
      adapter: 'SequelizeAdapter',
      timeoutMs: options.timeoutMs,
    });
    this.#registry = cached(registries, sequelize, () => new ModelRegistry(sequelize));
    // Includes of the model reach its base class, not the scoped one given: its crudConfig must apply there too.
    this.registerConfigAs(baseModel(options.model));
  }

  /** The Sequelize instance the model belongs to. */
  get sequelize(): Sequelize {
    return this.#registry.sequelize;
  }

  /** Describes this model, another model class, or a model by table or model name. */
  describe(model?: unknown): ModelMeta {
    const resolved = this.#registry.modelOf(model ?? this.model);
    if (model === undefined) this.refuseHiddenRows(resolved.name, hiddenRows(resolved));
    return this.#registry.meta(resolved);
  }

  /** A model class, or a model by table or model name, described for the engine once. */
  modelSpec(model: unknown): ModelSpec {
    return this.#registry.spec(model);
  }

  get dialect(): Dialect {
    return dialectOf(this.sequelize);
  }

  protected session<R>(work: (session: Session) => Promise<R>): Promise<R> {
    this.#pool ??= sessionOf(this.sequelize);
    return work(this.#pool);
  }

  /** Sequelize's own connection errors are a 503 too: a pool wait that timed out holds no driver error. */
  protected override translateError(error: unknown, statement?: Statement): unknown {
    const name = (e: DriverError) => (typeof e.name === 'string' && UNAVAILABLE.has(e.name)) || undefined;
    if (alongChain(error, name)) return unavailableError(undefined, DatabaseError.from(error));
    return super.translateError(error, statement);
  }
}

/** Sequelize's errors for a database it cannot reach or get a connection to now. */
const UNAVAILABLE = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionTimedOutError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeHostNotFoundError',
  'SequelizeHostNotReachableError',
]);
