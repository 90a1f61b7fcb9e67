/**
 * Statements on one request's `EntityManager`: its query runner when it has
 * one (a transaction), else a pooled runner released after the statement;
 * on node-postgres each runs as a prepared statement with rows as arrays,
 * straight on a pooled client (or a live transaction's) when no subscriber
 * hears queries.
 *
 * @module
 */

import { type Executor, PgQuery, type PgQueryable, type Session } from 'ormcrud/adapter-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { hearsQueries, runLogged, runPooled, skipsQueryRunner, takesPgQueries } from './postgres-client.ts';

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
  const spreads = spreadsParams(manager.dataSource);
  return {
    arrayRows: pg,
    run: async (statement, values) => {
      if (pg && skipsQueryRunner(manager)) return runPooled(manager.dataSource, statement, values);
      const own = manager.queryRunner;
      // In a live transaction and with no query subscriber, on its connection as a pooled statement runs.
      if (pg && own?.isTransactionActive && !own.isReleased && !hearsQueries(manager.dataSource)) {
        return runLogged(manager.dataSource, (await own.connect()) as PgQueryable, statement, values);
      }
      const runner = own ?? manager.dataSource.createQueryRunner();
      try {
        // TypeORM passes a PgQuery through to `pg` as is, and logs it as its text.
        const query = pg ? new PgQuery(statement) : statement.sql;
        const params = spreads ? spreadable(values) : values;
        const { records, affected, raw } = await runner.query(query as string, params, true);
        return { records, affected, insertId: (raw as { insertId?: unknown } | undefined)?.insertId };
      } finally {
        if (!manager.queryRunner) await runner.release();
      }
    },
  };
}

/**
 * Whether TypeORM's runner spreads the parameters into `statement.run(...params)`: its `better-sqlite3`
 * driver type, which runs better-sqlite3 or libsql.
 */
const spreadsParams = (dataSource: DataSource) => dataSource.options.type === 'better-sqlite3';

/**
 * Parameters safe to spread: a lone object or `null` (a `Buffer`, a `Date`) comes wrapped in an array,
 * since libsql reads a lone object argument as named parameters (and aborts the process on some).
 * Both drivers bind an array argument's items by position.
 */
function spreadable(values: unknown[]): unknown[] {
  return values.length === 1 && typeof values[0] === 'object' ? [values] : values;
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
