/**
 * Statements through a Drizzle database or transaction: each runs as one of
 * Drizzle's own prepared queries on its session, so Drizzle's logger, its
 * driver settings (type parsers) and its transactions apply. A statement with
 * a selection reads its rows as arrays. On the adapter's fixed database each
 * statement is prepared once and kept.
 *
 * @module
 */
import { entityKind, is, sql } from 'drizzle-orm';
import type { Executor, Session, SqlResult, Statement } from 'ormcrud/adapter-kit';
import type { DrizzleDialect } from './table-config.ts';

/** A prepared query of any Drizzle session: PostgreSQL and MySQL `execute`, SQLite `run` and `all`. */
interface PreparedQuery {
  execute?(values: readonly unknown[]): Promise<unknown>;
  run?(values: readonly unknown[]): Promise<unknown>;
  all?(values: readonly unknown[]): Promise<unknown>;
}

/** A Drizzle session, seen through the one method this module calls (its signature differs per dialect). */
interface DrizzleSession {
  prepareQuery(query: { sql: string; params: unknown[] }, ...rest: unknown[]): PreparedQuery;
}

/** A Drizzle database or transaction: its session. */
export interface SessionHolder {
  readonly session: DrizzleSession;
  transaction<R>(work: (tx: SessionHolder) => Promise<R>): Promise<R>;
}

/** Rows handed back as the driver gave them: arrays in select order. */
const asArrays = (rows: unknown) => rows;

/** How one Drizzle dialect's sessions prepare and run a statement. */
interface Runner {
  prepare(session: DrizzleSession, statement: Statement, params: unknown[]): PreparedQuery;
  run(prepared: PreparedQuery, statement: Statement, values: unknown[]): Promise<SqlResult>;
}

const pgRunner: Runner = {
  prepare: (session, { sql, name, selection }, params) =>
    session.prepareQuery({ sql, params }, undefined, name, selection !== undefined, selection && asArrays),
  run: async (prepared, { selection }, values) => {
    const out = await (prepared.execute as NonNullable<PreparedQuery['execute']>)(values);
    if (selection) return { records: out as unknown[] };
    const result = out as { rows: unknown[]; rowCount: number | null };
    return { records: result.rows, affected: result.rowCount ?? undefined };
  },
};

const mysqlRunner: Runner = {
  prepare: (session, { sql, selection }, params) =>
    session.prepareQuery({ sql, params }, undefined, selection && asArrays),
  run: async (prepared, { selection }, values) => {
    const out = await (prepared.execute as NonNullable<PreparedQuery['execute']>)(values);
    if (selection) return { records: out as unknown[] };
    const [first] = out as [unknown];
    if (Array.isArray(first)) return { records: first };
    // mysql2 counts matched rows (its default FOUND_ROWS flag), so an update to equal values finds its row.
    const header = first as { affectedRows?: number; insertId?: unknown };
    return { records: [], affected: header.affectedRows, insertId: header.insertId };
  },
};

const sqliteRunner: Runner = {
  prepare: (session, { sql, selection }, params) =>
    session.prepareQuery(
      { sql, params },
      undefined,
      selection ? 'all' : 'run',
      selection !== undefined,
      selection && asArrays,
    ),
  run: async (prepared, { selection }, values) => {
    if (selection) return { records: (await (prepared.all as NonNullable<PreparedQuery['all']>)(values)) as unknown[] };
    const out = (await (prepared.run as NonNullable<PreparedQuery['run']>)(values)) as {
      rows?: unknown[];
      rowsAffected?: number;
      changes?: number;
      lastInsertRowid?: unknown;
    };
    return { records: out.rows ?? [], affected: out.rowsAffected ?? out.changes, insertId: out.lastInsertRowid };
  },
};

/** Each Drizzle dialect's runner. */
const RUNNERS: Record<DrizzleDialect, Runner> = { pg: pgRunner, mysql: mysqlRunner, sqlite: sqliteRunner };

/** Placeholders `0`, `1`, … that a prepared query fills from an array of values, by count. */
const placeholderLists: unknown[][] = [];
const placeholdersOf = (count: number) => {
  placeholderLists[count] ??= Array.from({ length: count }, (_, i) => sql.placeholder(String(i)));
  return placeholderLists[count];
};

/**
 * An executor on a Drizzle database or transaction of `dialect`; with `keep`,
 * each statement's prepared query is kept for the next run.
 *
 * @example
 * ```ts
 * const exec = executorOf(db as unknown as SessionHolder, 'pg', true);
 * ```
 */
export function executorOf(db: SessionHolder, dialect: DrizzleDialect, keep: boolean): Executor {
  const runner = RUNNERS[dialect];
  const kept = keep ? new WeakMap<Statement, PreparedQuery>() : undefined;
  return {
    arrayRows: true,
    run: (statement, values) => {
      let prepared = kept?.get(statement);
      if (!prepared) {
        prepared = runner.prepare(db.session, statement, placeholdersOf(values.length));
        kept?.set(statement, prepared);
      }
      return runner.run(prepared, statement, values);
    },
  };
}

/** Each dialect's transaction class as `is()` identifies it: by entity kind, without loading the dialect. */
const TRANSACTIONS = ['PgTransaction', 'MySqlTransaction', 'SQLiteTransaction'].map(
  (kind) =>
    class {
      static readonly [entityKind] = kind;
    },
);

/**
 * Statements on a Drizzle database or transaction, and its transactions (on a
 * transaction, savepoints of it).
 *
 * @example
 * ```ts
 * const session = sessionOf(db as unknown as SessionHolder, 'sqlite', true);
 * ```
 */
export function sessionOf(db: SessionHolder, dialect: DrizzleDialect, keep: boolean): Session {
  const inTransaction = TRANSACTIONS.some((kind) => is(db, kind));
  return {
    exec: executorOf(db, dialect, keep),
    transaction: async (work) => {
      let failed: { error: unknown } | undefined;
      try {
        return await db.transaction((tx) =>
          work(executorOf(tx, dialect, false)).catch((error: unknown) => {
            failed = { error };
            throw error;
          }),
        );
      } catch (error) {
        // Drizzle's rollback to a savepoint the server already dropped (a MySQL deadlock undoes the whole
        // transaction) fails in its turn: the work's own error says what happened.
        throw failed ? failed.error : error;
      }
    },
    inAppTransaction: () => inTransaction,
  };
}
