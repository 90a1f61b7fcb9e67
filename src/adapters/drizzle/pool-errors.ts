/**
 * node-postgres hands a pooled connection to a transaction (`db.transaction`)
 * without an `error` listener: a server that ends the connection meanwhile (a
 * restart, an administrator) then raises an `error` event nobody hears, and
 * Node ends the process. The adapter gives each connection such a pool opens a
 * listener: the statement still fails (503), and the pool drops the connection
 * when it comes back, so the app recovers with the database.
 *
 * @module
 */

interface EventSource {
  on(event: string, listener: (value: EventSource) => void): unknown;
}

const heard = new WeakSet<object>();
const ignore = () => {};

/** Whether `client` looks like a `pg.Pool`: it opens connections and reports each with `connect`. */
export function isPgPool(client: unknown): client is EventSource {
  const pool = client as { on?: unknown; connect?: unknown; totalCount?: unknown } | null;
  return typeof pool?.on === 'function' && typeof pool.connect === 'function' && typeof pool.totalCount === 'number';
}

/**
 * Makes every connection the node-postgres pool behind `db` opens from now on
 * hear its own errors. Other drivers are left as they are.
 *
 * @example
 * ```ts
 * import { drizzle } from 'drizzle-orm/node-postgres';
 * import pg from 'pg';
 * hearPoolErrors(drizzle(new pg.Pool({ connectionString: process.env.DATABASE_URL })));
 * ```
 */
export function hearPoolErrors(db: unknown): void {
  const client = (db as { $client?: unknown } | undefined)?.$client;
  if (!isPgPool(client) || heard.has(client)) return;
  heard.add(client);
  client.on('connect', (connection) => connection.on('error', ignore));
}
