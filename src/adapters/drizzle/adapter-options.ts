/**
 * What a `DrizzleAdapter` is given: the table it serves, and the database
 * (fixed, or chosen per call) its statements run on.
 *
 * @module
 */
import type { Table } from 'drizzle-orm';
import type { CRUDConfigDict, CRUDConfigInit, GetSession } from 'ormcrud/adapter-kit';
import type { Casing } from './column-casing.ts';

/**
 * Any Drizzle database or transaction: `drizzle-orm/libsql`, `drizzle-orm/node-postgres`,
 * `drizzle-orm/mysql2` (created with `{ mode: 'default' }`), and their transactions.
 */
export interface DrizzleDatabase {
  select: (...args: never[]) => unknown;
  insert: (...args: never[]) => unknown;
  transaction: (...args: never[]) => unknown;
}

/** Options of {@link DrizzleAdapter}: a `db` or a `getSession`, and the `model` table. */
export interface DrizzleAdapterOptions<TTable extends Table = Table> {
  /** The table this adapter serves. */
  readonly model: TTable;
  /** The database every call runs on. */
  readonly db?: DrizzleDatabase;
  /** Yields a database or transaction per call (async function or async generator); replaces `db`. */
  readonly getSession?: GetSession<DrizzleDatabase>;
  /**
   * The schema module with the tables and `relations()`. Read from `db` when omitted;
   * needed with `getSession` for relations (includes, many-to-many).
   */
  readonly schema?: Record<string, unknown>;
  /**
   * The `casing` the databases `getSession` yields were made with; read from `db` when given, else from the
   * first database `getSession` yields. One yielded later that spells columns otherwise is refused.
   */
  readonly casing?: Casing;
  readonly crudConfig?: CRUDConfigDict | CRUDConfigInit;
  /** Statement shapes kept per adapter (and prepared once on `db`); default 64, 0 disables. */
  readonly preparedStatements?: number;
  /**
   * Milliseconds a call waits on a database that answers nothing (a queue moving in a busy pool does
   * not count) before it gives up with 503 `service_unavailable`; its transaction is then rolled back.
   * Default 5000; `0` or `Infinity` waits without limit.
   */
  readonly timeoutMs?: number;
}
