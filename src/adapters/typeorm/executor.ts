/**
 * Statements on one request's `EntityManager`: its query runner when it has
 * one (a transaction), else a pooled runner released after the statement;
 * on node-postgres each runs as a prepared statement with rows as arrays,
 * straight on a pooled client when no runner is needed.
 *
 * @module
 */

import { type Executor, PgQuery, type Session } from 'ormcrud/adapter-kit';
import type { EntityManager } from 'typeorm';
import { runPooled, skipsQueryRunner, takesPgQueries } from './postgres-client.ts';

/**
 * An executor on `manager`.
 *
 * @example
 * ```ts
 * const { records } = await executorOf(dataSource.manager).run(statement, []);
 * ```
 */
export function executorOf(manager: EntityManager): Executor {
  const pg = takesPgQueries(manager.dataSource);
  return {
    arrayRows: pg,
    run: async (statement, values) => {
      if (pg && skipsQueryRunner(manager)) return runPooled(manager.dataSource, statement, values);
      const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
      try {
        // TypeORM passes a PgQuery through to `pg` as is, and logs it as its text.
        const query = pg ? new PgQuery(statement) : statement.sql;
        const { records, affected, raw } = await runner.query(query as string, values, true);
        return { records, affected, insertId: (raw as { insertId?: unknown } | undefined)?.insertId };
      } finally {
        if (!manager.queryRunner) await runner.release();
      }
    },
  };
}

/**
 * Statements on `manager`, and its transactions (inside the transaction of
 * its query runner, savepoints of it).
 *
 * @example
 * ```ts
 * const managed = sessionOf(dataSource.manager);
 * ```
 */
export function sessionOf(manager: EntityManager): Session {
  return {
    exec: executorOf(manager),
    transaction: (work) => manager.transaction((tx) => work(executorOf(tx))),
    inAppTransaction: () => manager.queryRunner?.isTransactionActive === true,
  };
}
