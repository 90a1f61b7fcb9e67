/**
 * Statements on MySQL straight on the `mysql2` connection that Sequelize's
 * pool (or transaction) lends, with `connection.query`: values are escaped
 * into the text by the driver. `sequelize.query` binds them with `execute`,
 * which leaves one prepared statement per distinct SQL text open on the
 * server for the connection's life, against a server-wide limit.
 *
 * @module
 */
import { type Executor, mysqlDialect, type SqlResult } from 'ormcrud/adapter-kit';
import type { Sequelize, Transaction } from 'sequelize';
import { onPoolConnections, type PooledConnection } from './pool-connection.ts';

/** The part of a `mysql2` (callback API) connection this module uses. */
interface MysqlConnection extends PooledConnection {
  query(sql: string, values: unknown[], callback: (error: Error | null, result: unknown) => void): unknown;
}

/** `Rows matched: 3  Changed: 0  Warnings: 0`: what MySQL/MariaDB say an `UPDATE` matched. */
const MATCHED = /^Rows matched: (\d+)/;

interface MysqlHeader {
  readonly affectedRows?: number;
  readonly insertId?: number | string;
  readonly info?: string;
}

/**
 * A MySQL/MariaDB driver's answer: its rows, or the header of a write.
 *
 * @example
 * ```ts
 * mysqlResult({ affectedRows: 1, insertId: 7 }); // { records: [], insertId: 7, affected: 1 }
 * ```
 */
export function mysqlResult(out: unknown): SqlResult {
  if (Array.isArray(out)) return { records: out };
  const header = out as MysqlHeader;
  // Matched rows, not changed ones (Sequelize connects without FOUND_ROWS): an update to equal values found its row.
  const matched = header.info && MATCHED.exec(header.info);
  return { records: [], insertId: header.insertId, affected: matched ? Number(matched[1]) : header.affectedRows };
}

/** How MySQL reports a deadlock. */
const { errors } = mysqlDialect();

/**
 * An executor on the `mysql2` connections of `sequelize` (its `mysql`
 * dialect), inside `transaction` when given.
 *
 * @example
 * ```ts
 * const { records } = await mysqlExecutor(sequelize).run(statement, []);
 * ```
 */
export function mysqlExecutor(sequelize: Sequelize, transaction?: Transaction): Executor {
  const run = onPoolConnections<MysqlConnection>(sequelize, transaction, {
    run: (connection, { sql }, values) =>
      new Promise((resolve, reject) => {
        connection.query(sql, values, (error, out) => (error ? reject(error) : resolve(mysqlResult(out))));
      }),
    // As Sequelize's own query does: a deadlock has undone the transaction, so it is rolled back and ends.
    failed: async (error, _connection, tx) => {
      if (!tx || !errors.conflict(error as object)) return;
      await tx.rollback().catch(() => undefined);
      (tx as { finished?: string }).finished = 'rollback';
    },
  });
  return { run };
}
