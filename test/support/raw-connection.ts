/**
 * One connection of its own to a database server, outside any app's pool: to
 * hold a lock in an open transaction, watch the server's sessions, or end one.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { adaptSql, type DatabaseTarget, type Dialect, databaseTargets } from './databases.ts';

type Rows = Record<string, unknown>[];

export interface RawConnection {
  /** Runs one statement (`?` placeholders, "double quotes", as the harness's `sql`). */
  sql(text: string, params?: readonly unknown[]): Promise<Rows>;
  /** The server's id of this session (PostgreSQL backend pid, MariaDB connection id). */
  readonly sessionId: number;
  close(): Promise<void>;
}

/** The URL of a server database in the environment. */
export function serverTarget(dialect: Dialect): DatabaseTarget {
  const target = databaseTargets().find((t) => t.dialect === dialect && dialect !== 'sqlite');
  if (!target) throw new Error(`no ${dialect} database in the environment`);
  return target;
}

/** Opens one connection to a PostgreSQL or MariaDB target. */
export async function openRaw(target: DatabaseTarget): Promise<RawConnection> {
  if (target.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    client.on('error', () => {});
    await client.connect();
    const sql = async (text: string, params: readonly unknown[] = []) =>
      (await client.query(adaptSql('postgres', text), params as unknown[])).rows;
    const [row] = await sql('SELECT pg_backend_pid() AS id');
    return { sql, sessionId: Number(row?.id), close: () => client.end() };
  }
  const connection = await mysql.createConnection({ uri: target.url });
  connection.on('error', () => {});
  const sql = async (text: string, params: readonly unknown[] = []) => {
    const [rows] = await connection.query(adaptSql('mysql', text), params as unknown[]);
    return Array.isArray(rows) ? (rows as Rows) : [];
  };
  return { sql, sessionId: connection.threadId, close: () => connection.end() };
}

/**
 * The sessions of other clients on `raw`'s database: those in a transaction or
 * running a statement, and which of them wait for a lock. MariaDB refreshes its
 * transaction table only when it was not read for 0.1 s: poll it slower.
 */
export async function busySessions(raw: RawConnection, dialect: Dialect): Promise<{ id: number; locked: boolean }[]> {
  const rows =
    dialect === 'postgres'
      ? await raw.sql(
          `SELECT pid AS id, wait_event_type = 'Lock' AS locked FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'`,
        )
      : await raw.sql(
          `SELECT p.ID AS id, t.trx_state = 'LOCK WAIT' AS locked
           FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
           WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()`,
        );
  return rows.map((row) => ({ id: Number(row.id), locked: Boolean(Number(row.locked)) || row.locked === true }));
}

/** Ends another session of the server, as an administrator would. */
export async function killSession(raw: RawConnection, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'postgres') await raw.sql('SELECT pg_terminate_backend(?)', [id]);
  else await raw.sql(`KILL ${Number(id)}`);
}

/** Cancels the statement another session is running, as an administrator would; the session stays. */
export async function cancelStatement(raw: RawConnection, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'postgres') await raw.sql('SELECT pg_cancel_backend(?)', [id]);
  else await raw.sql(`KILL QUERY ${Number(id)}`);
}

/** Resolves once `check` holds, polling every 150 ms; fails after `ms`. */
export async function until(check: () => Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
