/**
 * Statements straight on the driver connections that Sequelize's pool (or a
 * transaction) lends, instead of through `sequelize.query`: the pool, the
 * executor's own or the app's CLS transaction, and Sequelize's `logging` and
 * `benchmark` options apply as they do to its own queries.
 *
 * @module
 */
import type { SqlResult, Statement } from 'ormcrud/adapter-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { transactionOf } from './cls-transaction.ts';

/** A driver connection of Sequelize's pool: the uuid it logs is its transaction's. */
export interface PooledConnection {
  readonly uuid?: string;
}

/** The pool's side of Sequelize's connection manager. */
interface ConnectionManager<C> {
  getConnection(options: { type: QueryTypes }): Promise<C>;
  releaseConnection(connection: C): void;
}

/** What the logging below reads of a Sequelize instance (its typings leave them out). */
interface Logging {
  readonly options: { readonly logging?: unknown; readonly benchmark?: boolean };
  log(...args: unknown[]): void;
}

/** Logs `sql` through Sequelize's `logging` option; returns what logs its end when `benchmark` is on. */
function logStart(sequelize: Logging, sql: string, connection: PooledConnection): (() => void) | undefined {
  const options = sequelize.options;
  if (!options.logging) return undefined;
  const text = `(${connection.uuid ?? 'default'}): ${sql}`;
  if (!options.benchmark) return void sequelize.log(`Executing ${text}`, options);
  const start = Date.now();
  return () => sequelize.log(`Executed ${text}`, Date.now() - start, options);
}

/** Runs one statement on a lent connection; `failed` sees its error, and the transaction it ran in. */
export interface ConnectionRunner<C> {
  run(connection: C, statement: Statement, values: unknown[]): Promise<SqlResult>;
  failed?(error: unknown, connection: C, transaction: Transaction | undefined): Promise<void> | void;
}

/**
 * A statement runner on the connections of `sequelize`, inside `transaction`
 * (else the app's CLS one) when there is one.
 *
 * @example
 * ```ts
 * const run = onPoolConnections(sequelize, undefined, { run: async () => ({ records: [] }) });
 * const { records } = await run(statement, []);
 * ```
 */
export function onPoolConnections<C extends PooledConnection>(
  sequelize: Sequelize,
  transaction: Transaction | undefined,
  runner: ConnectionRunner<C>,
): (statement: Statement, values: unknown[]) => Promise<SqlResult> {
  const manager = sequelize.connectionManager as unknown as ConnectionManager<C>;
  return async (statement, values) => {
    const tx = transactionOf(transaction);
    const connection = tx
      ? (tx as unknown as { connection: C }).connection
      : await manager.getConnection({ type: QueryTypes.RAW });
    try {
      const logged = logStart(sequelize as unknown as Logging, statement.sql, connection);
      const result = await runner.run(connection, statement, values);
      logged?.();
      return result;
    } catch (error) {
      await runner.failed?.(error, connection, tx);
      throw error;
    } finally {
      if (!tx) manager.releaseConnection(connection);
    }
  };
}
