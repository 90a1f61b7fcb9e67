/**
 * Statements on a Sequelize instance's pool or transaction: on PostgreSQL
 * straight on its `pg` clients ({@link postgresExecutor}), elsewhere through
 * `sequelize.query`, so Sequelize's logging, retries, hooks and CLS
 * transactions apply. Each driver's result comes back as one {@link SqlResult}.
 *
 * @module
 */
import type { Executor, Session, SqlResult } from 'ormcrud/adapter-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { transactionOf } from './cls-transaction.ts';
import { postgresExecutor } from './postgres-client.ts';

/** `Rows matched: 3  Changed: 0  Warnings: 0`: what MySQL/MariaDB say an `UPDATE` matched. */
const MATCHED = /^Rows matched: (\d+)/;

interface MysqlHeader {
  readonly affectedRows?: number;
  readonly insertId?: number;
  readonly info?: string;
}

/** MySQL/MariaDB: rows, `[insertId, affectedRows]` for an insert (a string past 2^53), or a result header. */
function mysqlResult(out: unknown): SqlResult {
  const [first, second] = out as [unknown, unknown];
  if (Array.isArray(first)) return { records: first };
  if (typeof first === 'number' || typeof first === 'string') {
    return { records: [], insertId: first, affected: Number(second) };
  }
  const header = first as MysqlHeader;
  // Matched rows, not changed ones: an update to equal values still found its row.
  const matched = header.info && MATCHED.exec(header.info);
  return { records: [], insertId: header.insertId, affected: matched ? Number(matched[1]) : header.affectedRows };
}

/**
 * SQLite through `sqlite3`: Sequelize runs an `INSERT` with `Statement#run` (its
 * `lastID` is the key) and so an `UPDATE` or `DELETE` typed as such; those
 * resolve to the changed-row count.
 */
function sqliteResult(out: unknown): SqlResult {
  if (typeof out === 'number') return { records: [], affected: out };
  const [rows, meta] = out as [Record<string, unknown>[] | undefined, unknown];
  if (typeof meta === 'number') return { records: [], affected: meta };
  const statement = meta as { lastID?: number; changes?: number } | undefined;
  return { records: rows ?? [], insertId: statement?.lastID, affected: statement?.changes };
}

/** The Sequelize query type that makes SQLite report what a statement changed. */
function sqliteType(sql: string): QueryTypes {
  if (sql.startsWith('UPDATE')) return QueryTypes.UPDATE;
  if (sql.startsWith('DELETE')) return QueryTypes.BULKDELETE;
  return QueryTypes.RAW;
}

/** No table names: Sequelize's SQLite reads no `PRAGMA table_info` to parse results the engine parses itself. */
const NO_TABLES: string[] = [];

type ExecutorOn = (sequelize: Sequelize, transaction?: Transaction) => Executor;

/** Executors through `sequelize.query`, whose driver answers are read by `result`. */
function queryExecutor(result: (out: unknown) => SqlResult, type = (_sql: string) => QueryTypes.RAW): ExecutorOn {
  return (sequelize, transaction) => ({
    run: async ({ sql }, values) => {
      const options = { bind: values, type: type(sql), transaction, tableNames: NO_TABLES };
      return result(await sequelize.query(sql, options as { bind: unknown[]; type: QueryTypes.RAW }));
    },
  });
}

/** The executor of each Sequelize dialect. */
const EXECUTORS: Record<string, ExecutorOn> = {
  postgres: postgresExecutor,
  mysql: queryExecutor(mysqlResult),
  mariadb: queryExecutor(mysqlResult),
  sqlite: queryExecutor(sqliteResult, sqliteType),
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

/**
 * Statements on the pool of `sequelize`, and its transactions.
 *
 * @example
 * ```ts
 * const pool = sessionOf(sequelize);
 * ```
 */
export function sessionOf(sequelize: Sequelize): Session {
  return {
    exec: executorOf(sequelize),
    // Inside the app's managed (CLS) transaction, a savepoint of it: its connection, its fate.
    transaction: (work) => {
      const outer = transactionOf();
      const run = (t: Transaction) => work(executorOf(sequelize, t));
      return outer ? sequelize.transaction({ transaction: outer }, run) : sequelize.transaction(run);
    },
  };
}
