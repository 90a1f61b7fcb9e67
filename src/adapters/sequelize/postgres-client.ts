/**
 * Statements on PostgreSQL straight on the `pg` client that Sequelize's pool
 * (or transaction) lends: each runs as a `PgQuery` (a named prepared
 * statement with rows as arrays), as Drizzle's do, instead of through
 * `sequelize.query`, which plans every statement anew and builds a query
 * object, a stack trace and a uuid per call.
 *
 * @module
 */
import { type Executor, type PgQueryable, runPgQuery } from 'ormcrud/adapter-kit';
import type { Sequelize, Transaction } from 'sequelize';
import { onPoolConnections, type PooledConnection } from './pool-connection.ts';

/** The part of a `pg` client this module uses. */
interface PgClient extends PgQueryable, PooledConnection {
  /** Sequelize's mark for a client its pool must not lend again. */
  _invalid?: boolean;
}

/** Errors after which Sequelize's own PostgreSQL query drops its client. */
const BROKEN = (error: { code?: unknown; message?: unknown }) =>
  error.code === 'ECONNRESET' || error.message === 'Query read timeout';

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
  const run = onPoolConnections<PgClient>(sequelize, transaction, {
    run: runPgQuery,
    failed: (error, connection) => {
      if (BROKEN(error as { code?: unknown })) connection._invalid = true;
    },
  });
  return { run, arrayRows: true };
}
