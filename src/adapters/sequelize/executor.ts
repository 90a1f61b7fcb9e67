/**
 * Statements through `sequelize.query`, on the pool or inside a transaction,
 * so Sequelize's logging, retries, hooks and CLS transactions apply. Each
 * driver's result comes back as one {@link SqlResult}.
 *
 * @module
 */
import { type Executor, invalidValueError, type Session, type SqlResult } from 'ormcrud/adapter-kit';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { dialectOf } from './dialect.ts';

/** `Rows matched: 3  Changed: 0  Warnings: 0`: what MySQL/MariaDB say an `UPDATE` matched. */
const MATCHED = /^Rows matched: (\d+)/;

interface MysqlHeader {
  readonly affectedRows?: number;
  readonly insertId?: number;
  readonly info?: string;
}

/** MySQL/MariaDB: rows, `[insertId, affectedRows]` for an insert, or a result header. */
function mysqlResult(out: unknown): SqlResult {
  const [first, second] = out as [unknown, unknown];
  if (Array.isArray(first)) return { records: first };
  if (typeof first === 'number') return { records: [], insertId: first, affected: Number(second) };
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

/** PostgreSQL: rows, and the row count of the result. */
function postgresResult(out: unknown): SqlResult {
  const [rows, second] = out as [Record<string, unknown>[], unknown];
  const rowCount = typeof second === 'number' ? second : (second as { rowCount?: number } | undefined)?.rowCount;
  return { records: rows, affected: rowCount };
}

/** The Sequelize query type that makes SQLite report what a statement changed. */
function sqliteType(sql: string): QueryTypes {
  if (sql.startsWith('UPDATE')) return QueryTypes.UPDATE;
  if (sql.startsWith('DELETE')) return QueryTypes.BULKDELETE;
  return QueryTypes.RAW;
}

/** How each Sequelize dialect's driver answers, and the query type a statement runs as. */
const DRIVERS: Record<string, { result: (out: unknown) => SqlResult; type: (sql: string) => QueryTypes }> = {
  postgres: { result: postgresResult, type: () => QueryTypes.RAW },
  mysql: { result: mysqlResult, type: () => QueryTypes.RAW },
  mariadb: { result: mysqlResult, type: () => QueryTypes.RAW },
  sqlite: { result: sqliteResult, type: sqliteType },
};

const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/** No table names: Sequelize's SQLite reads no `PRAGMA table_info` to parse results the engine parses itself. */
const NO_TABLES: string[] = [];

/**
 * An executor on `sequelize`, inside `transaction` when given.
 *
 * @example
 * ```ts
 * const { records } = await executorOf(sequelize).run(statement, []);
 * ```
 */
export function executorOf(sequelize: Sequelize, transaction?: Transaction): Executor {
  const driver = DRIVERS[sequelize.getDialect()];
  if (!driver) throw new TypeError(`SequelizeAdapter does not support the "${sequelize.getDialect()}" dialect`);
  const refusesNul = !dialectOf(sequelize).textAcceptsNul;
  return {
    run: async ({ sql }, values) => {
      // Sequelize would bind U+0000 as the two characters `\0` where text refuses it (PostgreSQL).
      if (refusesNul && values.some(holdsNul)) throw invalidValueError();
      const options = { bind: values, type: driver.type(sql), transaction, tableNames: NO_TABLES };
      return driver.result(await sequelize.query(sql, options as { bind: unknown[]; type: QueryTypes.RAW }));
    },
  };
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
    transaction: (work) => sequelize.transaction((t) => work(executorOf(sequelize, t))),
  };
}
