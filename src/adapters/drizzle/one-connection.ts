/**
 * Which Drizzle databases run on one connection: every request's statements
 * and transactions would share it, so the adapter runs them one at a time.
 *
 * @module
 */
import { isPgPool } from './pool-errors.ts';

/**
 * The connection `db` runs on when it is one, not a pool: a `pg.Client` or a
 * mysql2 connection. Drizzle then runs every request's statements and transactions
 * on it, so the adapter queues them (`oneAtATime`).
 *
 * @example
 * ```ts
 * onOneConnection(db); // undefined: a libsql client is no single pg or mysql2 connection
 * ```
 */
export function onOneConnection(db: unknown): object | undefined {
  const client = (db as { $client?: unknown } | undefined)?.$client as Record<string, unknown> | undefined;
  if (typeof client !== 'object' || client === null || typeof client.query !== 'function') return undefined;
  // pg: a `Client` (or a pooled one) has its connection's parameters; a `Pool` lends them.
  const pgClient = typeof client.connectionParameters === 'object' && !isPgPool(client);
  // mysql2: a connection runs `execute` itself; a pool lends connections with `getConnection`.
  const mysqlConnection = typeof client.execute === 'function' && typeof client.getConnection !== 'function';
  return pgClient || mysqlConnection ? client : undefined;
}
