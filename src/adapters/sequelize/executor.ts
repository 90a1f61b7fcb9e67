/**
 * Statements on a Sequelize instance's pool or transaction: on PostgreSQL and
 * MySQL straight on its driver's connections ({@link postgresExecutor},
 * {@link mysqlExecutor}), elsewhere through `sequelize.query`, so Sequelize's
 * logging, retries, hooks and CLS transactions apply. Each driver's result
 * comes back as one {@link SqlResult}.
 *
 * @module
 */
import { cached, type Executor, oneAtATime, type Session, type SqlResult, type Statement } from 'ormcrud/adapter-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { transactionOf } from './cls-transaction.ts';
import { mysqlExecutor, mysqlResult } from './mysql-client.ts';
import { postgresExecutor } from './postgres-client.ts';

/** MariaDB's driver under Sequelize: rows, `[insertId, affectedRows]` for an insert (a string past 2^53), or a header. */
function mariadbResult(out: unknown): SqlResult {
  const [first, second] = out as [unknown, unknown];
  if (typeof first === 'number' || typeof first === 'string') {
    return { records: [], insertId: first, affected: Number(second) };
  }
  return mysqlResult(first);
}

/**
 * SQLite through `sqlite3`: an `UPDATE` or `DELETE` without `RETURNING` is
 * typed as such, so Sequelize runs it with `Statement#run` and resolves to the
 * changed-row count; anything else comes back as `[rows, statement]`.
 */
function sqliteResult(out: unknown): SqlResult {
  if (typeof out === 'number') return { records: [], affected: out };
  const [rows, meta] = out as [Record<string, unknown>[] | undefined, unknown];
  if (typeof meta === 'number') return { records: [], affected: meta };
  return { records: rows ?? [], affected: (meta as { changes?: number } | undefined)?.changes };
}

/** What Sequelize is given for each SQLite statement, worked out once per statement. */
const sqliteQueries = new WeakMap<Statement, { sql: string; type: QueryTypes }>();

/**
 * Sequelize runs SQL that starts with `INSERT INTO` with `Statement#run`, which
 * hands back no rows; a write with `RETURNING` is sent after a comment (it
 * trims spaces), so that it runs with `Statement#all` and its rows come back.
 */
function sqliteQuery(statement: Statement): { sql: string; type: QueryTypes } {
  return cached(sqliteQueries, statement, () => {
    const { sql, selection } = statement;
    const write = /^(INSERT|UPDATE|DELETE)/.exec(sql)?.[1];
    if (write && selection) return { sql: `/* rows */ ${sql}`, type: QueryTypes.RAW };
    if (write === 'UPDATE') return { sql, type: QueryTypes.UPDATE };
    if (write === 'DELETE') return { sql, type: QueryTypes.BULKDELETE };
    return { sql, type: QueryTypes.RAW };
  });
}

/** No table names: Sequelize's SQLite reads no `PRAGMA table_info` to parse results the engine parses itself. */
const NO_TABLES: string[] = [];

type ExecutorOn = (sequelize: Sequelize, transaction?: Transaction) => Executor;

/** Executors through `sequelize.query`, whose driver answers are read by `result`. */
function queryExecutor(
  result: (out: unknown) => SqlResult,
  query = (statement: Statement) => ({ sql: statement.sql, type: QueryTypes.RAW }),
): ExecutorOn {
  return (sequelize, transaction) => ({
    run: async (statement, values) => {
      const { sql, type } = query(statement);
      const options = { bind: values, type, transaction, tableNames: NO_TABLES };
      return result(await sequelize.query(sql, options as { bind: unknown[]; type: QueryTypes.RAW }));
    },
  });
}

/** The executor of each Sequelize dialect. */
const EXECUTORS: Record<string, ExecutorOn> = {
  postgres: postgresExecutor,
  mysql: mysqlExecutor,
  mariadb: queryExecutor(mariadbResult),
  sqlite: queryExecutor(sqliteResult, sqliteQuery),
};

/**
 * An executor on `sequelize`, inside `transaction` when given.
 *
 * @example
 * ```ts
 * const { records } = await executorOf(sequelize).run(statement, []);
 * ```
 */
export function executorOf(sequelize: Sequelize, transaction?: Transaction): Executor {
  const executor = EXECUTORS[sequelize.getDialect()];
  if (!executor) throw new TypeError(`SequelizeAdapter does not support the "${sequelize.getDialect()}" dialect`);
  return executor(sequelize, transaction);
}

/** Whether Sequelize runs every statement and transaction on one connection: SQLite in memory. */
function sharesOneConnection(sequelize: Sequelize): boolean {
  // As Sequelize's SQLite connection manager picks its file; `options` is untyped.
  const { storage, host } = (sequelize as unknown as { options: { storage?: string; host?: string } }).options;
  return sequelize.getDialect() === 'sqlite' && (storage ?? (host || ':memory:')) === ':memory:';
}

/**
 * Statements on the pool of `sequelize`, and its transactions. On SQLite in
 * memory, where Sequelize lends one connection to all, they run one at a time.
 *
 * @example
 * ```ts
 * const pool = sessionOf(sequelize);
 * ```
 */
export function sessionOf(sequelize: Sequelize): Session {
  const session: Session = {
    exec: executorOf(sequelize),
    // Inside the app's managed (CLS) transaction, a savepoint of it: its connection, its fate.
    transaction: (work) => {
      const outer = transactionOf();
      const run = (t: Transaction) => work(executorOf(sequelize, t));
      return outer ? sequelize.transaction({ transaction: outer }, run) : sequelize.transaction(run);
    },
    inAppTransaction: () => transactionOf() !== undefined,
  };
  return sharesOneConnection(sequelize) ? oneAtATime(session, sequelize, () => transactionOf() !== undefined) : session;
}
