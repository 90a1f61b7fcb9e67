/**
 * Statement execution through `sequelize.query`, on the pool or inside a
 * transaction, so Sequelize's logging, retries, hooks and CLS transactions
 * apply. Each driver's result comes back as one {@link SqlResult}; constraint
 * violations and an unavailable database become `HttpError`s.
 *
 * @module
 */
import { redactDriverError } from 'ormcrud';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Executor, SqlModel, SqlResult } from '../sql/sql-model.ts';
import { databaseError, invalidValueError } from '../sql-errors.ts';

/** `Rows matched: 3  Changed: 0  Warnings: 0`: what MySQL/MariaDB say an `UPDATE` matched. */
const MATCHED = /^Rows matched: (\d+)/;

interface MysqlHeader {
  readonly affectedRows?: number;
  readonly insertId?: number;
  readonly info?: string;
}

/** MySQL/MariaDB: rows, `[insertId, affectedRows]` for an insert, or a result header. */
function mysqlResult(first: unknown, second: unknown): SqlResult {
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

/** The Sequelize query type that makes SQLite report what a statement changed. */
function sqliteType(sql: string): QueryTypes {
  if (sql.startsWith('UPDATE')) return QueryTypes.UPDATE;
  if (sql.startsWith('DELETE')) return QueryTypes.BULKDELETE;
  return QueryTypes.RAW;
}

const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/** No table names: Sequelize's SQLite reads no `PRAGMA table_info` to parse results the adapter parses itself. */
const NO_TABLES: string[] = [];

/**
 * An {@link Executor} on `sequelize` (inside `transaction` when given); a
 * constraint error names the field of `model`'s failing column.
 *
 * @example
 * ```ts
 * const exec = executorOf(sequelize, post);
 * const { records } = await exec(`SELECT 1 AS ${post.dialect.escape('one')}`, []);
 * ```
 */
export function executorOf(sequelize: Sequelize, model: SqlModel, transaction?: Transaction): Executor {
  const family = model.dialect.family;
  return async (sql, params) => {
    // Sequelize would bind U+0000 as the two characters `\0` on PostgreSQL, which refuses it in text.
    if (family === 'postgres' && params.some(holdsNul)) throw invalidValueError();
    try {
      const type = family === 'sqlite' ? sqliteType(sql) : QueryTypes.RAW;
      const options = { bind: params, type, transaction, tableNames: NO_TABLES };
      const out: unknown = await sequelize.query(sql, options as { bind: unknown[]; type: QueryTypes.RAW });
      if (family === 'sqlite') return sqliteResult(out);
      const [first, second] = out as [unknown, unknown];
      if (family === 'mysql') return mysqlResult(first, second);
      const rowCount = typeof second === 'number' ? second : (second as { rowCount?: number } | undefined)?.rowCount;
      return { records: first as Record<string, unknown>[], affected: rowCount };
    } catch (error) {
      throw databaseError(error, (name) => model.wireOf(name)) ?? redactDriverError(error, sql);
    }
  };
}
