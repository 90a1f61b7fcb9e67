/**
 * Statements on PostgreSQL straight on the `pg` client that Sequelize's pool
 * (or transaction) lends: each runs as a `PgQuery` (a named prepared
 * statement with rows as arrays), as Drizzle's do, instead of through
 * `sequelize.query`, which plans every statement anew and builds a query
 * object, a stack trace and a uuid per call. Sequelize's `logging` and
 * `benchmark` options still apply.
 *
 * @module
 */
import { type Executor, type PgQueryable, runPgQuery, type SqlResult, type Statement } from 'ormcrud/adapter-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { transactionOf } from './cls-transaction.ts';

/** The part of a `pg` client this module uses. */
interface PgClient extends PgQueryable {
  /** Sequelize's mark for a client its pool must not lend again. */
  _invalid?: boolean;
  readonly uuid?: string;
}

/** The pool's side of Sequelize's connection manager. */
interface ConnectionManager {
  getConnection(options: { type: QueryTypes }): Promise<PgClient>;
  releaseConnection(connection: PgClient): void;
}

/** Errors after which Sequelize's own PostgreSQL query drops its client. */
const BROKEN = (error: { code?: unknown; message?: unknown }) =>
  error.code === 'ECONNRESET' || error.message === 'Query read timeout';

/** What the logging below reads of a Sequelize instance (its typings leave them out). */
interface Logging {
  readonly options: { readonly logging?: unknown; readonly benchmark?: boolean };
  log(...args: unknown[]): void;
}

/** Logs `sql` through Sequelize's `logging` option; returns what logs its end when `benchmark` is on. */
function logStart(sequelize: Logging, sql: string, connection: PgClient): (() => void) | undefined {
  const options = sequelize.options;
  if (!options.logging) return undefined;
  const text = `(${connection.uuid ?? 'default'}): ${sql}`;
  if (!options.benchmark) return void sequelize.log(`Executing ${text}`, options);
  const start = Date.now();
  return () => sequelize.log(`Executed ${text}`, Date.now() - start, options);
}

/**
 * An executor on the `pg` clients of `sequelize` (PostgreSQL only), inside
 * `transaction` when given.
 *
 * @example
 * ```ts
 * const { records } = await postgresExecutor(sequelize).run(statement, []);
 * ```
 */
export function postgresExecutor(sequelize: Sequelize, transaction?: Transaction): Executor {
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const run = async (statement: Statement, values: unknown[]): Promise<SqlResult> => {
    const tx = transactionOf(transaction);
    const connection = tx
      ? (tx as unknown as { connection: PgClient }).connection
      : await manager.getConnection({ type: QueryTypes.RAW });
    try {
      const logged = logStart(sequelize as unknown as Logging, statement.sql, connection);
      const result = await runPgQuery(connection, statement, values);
      logged?.();
      return result;
    } catch (error) {
      if (BROKEN(error as { code?: unknown })) connection._invalid = true;
      throw error;
    } finally {
      if (!tx) manager.releaseConnection(connection);
    }
  };
  return { run, arrayRows: true };
}
