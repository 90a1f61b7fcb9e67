/**
 * `ormcrud/adapter-kit`: what an ORM adapter is made of. An adapter reads its
 * ORM's models into a {@link ModelSpec}, runs statements through its ORM's
 * own connection ({@link Session}), and picks the {@link Dialect} of that
 * connection; {@link EngineAdapter} does the rest (the SQL of every
 * operation, includes, parent scope, timeouts, error translation).
 *
 * @example
 * ```ts
 * import { EngineAdapter, type ModelSpec, postgresDialect, type Session } from 'ormcrud/adapter-kit';
 *
 * class PoolAdapter extends EngineAdapter<ModelSpec> {
 *   constructor(spec: ModelSpec, readonly session0: Session) {
 *     super(spec, undefined, { handle: session0, adapter: 'PoolAdapter' });
 *   }
 *   describe() { return this.model.meta; }
 *   modelSpec() { return this.model; }
 *   get dialect() { return postgresDialect(); }
 *   protected session<R>(work: (session: Session) => Promise<R>) { return work(this.session0); }
 * }
 * ```
 *
 * @module
 */

// The contract with the core.
export { ORMAdapterBase } from './core/adapter.ts';
export type {
  FilterData,
  IncludeData,
  PkOf,
  PkValues,
  ReadOptions,
  Row,
  SortData,
  SortTerm,
  UpdateReturning,
  WriteData,
  WriteValue,
} from './core/adapter-data.ts';
export { cached } from './core/cache.ts';
export { type DecimalDigits, decimalDigits, type IntegerRange, integerRange } from './core/column-bounds.ts';
export { calendarDate, parseDateTime } from './core/dates.ts';
export { alongChain, type DriverError } from './core/driver-errors.ts';
export { HttpError, ParentNotFoundError } from './core/errors.ts';
export { checkIncludeLimit, DEFAULT_INCLUDE_LIMIT } from './core/include-limit.ts';
export {
  type ColumnDeclaration,
  type ColumnDefaults,
  type KindFacets,
  kindFacets,
  secondDigitsOfSqlType,
} from './core/kind-facets.ts';
export { refuseSharedName } from './core/model-checks.ts';
export type {
  FieldKind,
  FieldMeta,
  ForeignKeyMeta,
  ModelMeta,
  RelationMeta,
  TextFormat,
  ValueChecks,
} from './core/model-meta.ts';
export { fetchWindow, knownCount, type ListResult, type PageWindow } from './core/paginator.ts';
export type { ParentLink, ParentRef } from './core/parent-scope.ts';
export { DatabaseError, redactDriverError } from './core/safe-errors.ts';
export { CRUDConfigDict, type CRUDConfigInit } from './core/schemas/crud-config.ts';
export { publicFieldsOf, registerModelConfig } from './core/schemas/model-configs.ts';
// The engine.
export { type ConstraintKind, constraintError, invalidValueError } from './engine/constraint-errors.ts';
export {
  databaseError,
  RETRY_AFTER_SECONDS,
  translateDatabaseError,
  unavailableError,
} from './engine/database-errors.ts';
export {
  checkTimeout,
  DEFAULT_TIMEOUT_MS,
  type Deadline,
  NO_DEADLINE,
  waitOnDatabase,
} from './engine/database-wait.ts';
export { type ColumnRead, type Dialect, type DialectOptions, placeholders } from './engine/dialect.ts';
export { mysqlDialect } from './engine/dialects/mysql.ts';
export { postgresDialect } from './engine/dialects/postgres.ts';
export { sqliteDialect } from './engine/dialects/sqlite.ts';
export { type DialectNames, dialectsByName } from './engine/dialects-by-name.ts';
export { EngineAdapter, type EngineOptions } from './engine/engine-adapter.ts';
export type { Executor, Session, SqlResult, Statement } from './engine/executor.ts';
export { type GetSession, withSession } from './engine/get-session.ts';
export { checkHooks } from './engine/hooks-option.ts';
export type { Codec, ColumnSpec, Fill, ModelSpec } from './engine/model.ts';
export { oneAtATime } from './engine/one-connection.ts';
export { PgQuery, type PgQueryable, runPgQuery } from './engine/pg-query.ts';
export { SqlExpression } from './engine/sql-expression.ts';
