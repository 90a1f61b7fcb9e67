/**
 * Statements on node-postgres under TypeORM, each a `PgQuery` (prepared once
 * per connection, rows as arrays). It runs on a client of TypeORM's pool with
 * TypeORM's logging; through a query runner only where one is needed (a
 * transaction, query subscribers).
 *
 * @module
 */
import { type PgQuery, type PgQueryable, runPgQuery, type SqlResult, type Statement } from 'ormcrud/adapter-kit';
import { type DataSource, type EntityManager, type EntitySubscriberInterface, QueryFailedError } from 'typeorm';

/**
 * Whether a data source's driver runs on node-postgres (PostgreSQL,
 * CockroachDB), which takes {@link PgQuery} configs.
 *
 * @example
 * ```ts
 * takesPgQueries(dataSource); // true on PostgreSQL
 * ```
 */
export function takesPgQueries(dataSource: DataSource): boolean {
  return (dataSource.driver as { postgres?: unknown }).postgres !== undefined;
}

/** A `pg` client as TypeORM's PostgreSQL pool lends it. */
interface PgClient extends PgQueryable {
  on(event: 'error', listener: (error: Error) => void): void;
  off(event: 'error', listener: (error: Error) => void): void;
}

/** The part of TypeORM's PostgreSQL driver used here. */
interface PgDriver {
  obtainMasterConnection(): Promise<[PgClient, (error?: Error) => void]>;
  readonly options: { readonly maxQueryExecutionTime?: number };
}

/**
 * Whether a statement may skip TypeORM's query runner: outside a
 * transaction, and no subscriber listening to `beforeQuery` or `afterQuery`
 * (the runner's only work beyond connection, logging and errors).
 *
 * @example
 * ```ts
 * if (skipsQueryRunner(dataSource.manager)) await runPooled(dataSource, statement, []);
 * ```
 */
export function skipsQueryRunner(manager: EntityManager): boolean {
  return !manager.queryRunner && !hearsQueries(manager.dataSource);
}

/**
 * Whether a subscriber of `dataSource` listens to `beforeQuery` or `afterQuery`, which only the runner sends.
 *
 * @example
 * ```ts
 * if (!hearsQueries(dataSource)) await runPooled(dataSource, statement, []);
 * ```
 */
export function hearsQueries(dataSource: DataSource): boolean {
  return dataSource.subscribers.some((s: EntitySubscriberInterface) => s.beforeQuery || s.afterQuery);
}

/**
 * Runs `statement` on a client of TypeORM's pool, logged and failing as
 * TypeORM's runner would, without the runner and its broadcaster per statement.
 *
 * @example
 * ```ts
 * const { records } = await runPooled(dataSource, statement, [1]);
 * ```
 */
export async function runPooled(dataSource: DataSource, statement: Statement, values: unknown[]): Promise<SqlResult> {
  const driver = dataSource.driver as unknown as PgDriver;
  const [client, release] = await driver.obtainMasterConnection();
  // A lent client's connection error has no other listener; the client then leaves the pool.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    return await runLogged(dataSource, client, statement, values);
  } catch (error) {
    // A query `pg` stopped waiting for (its `query_timeout`) leaves the client stuck on it: the pool drops it.
    const cause = (error as { driverError?: Error }).driverError;
    if (cause?.message === 'Query read timeout') broken ??= cause;
    throw error;
  } finally {
    client.off('error', onError);
    release(broken);
  }
}

/**
 * Runs `statement` on `client` (pooled, or a transaction's), logged and failing as TypeORM's runner would
 * (`logQuery`, `logQuerySlow`, `logQueryError`, `QueryFailedError`).
 *
 * @example
 * ```ts
 * const client = await dataSource.createQueryRunner().connect(); // a transaction's `pg` client
 * const { records } = await runLogged(dataSource, client, statement, [1]);
 * ```
 */
export async function runLogged(
  dataSource: DataSource,
  client: PgQueryable,
  statement: Statement,
  values: unknown[],
): Promise<SqlResult> {
  const { logger } = dataSource;
  try {
    logger.logQuery(statement.sql, values);
    const started = Date.now();
    const result = await runPgQuery(client, statement, values);
    const took = Date.now() - started;
    const slow = (dataSource.driver as unknown as PgDriver).options.maxQueryExecutionTime;
    if (slow && took > slow) logger.logQuerySlow(took, statement.sql, values);
    return result;
  } catch (error) {
    logger.logQueryError(error as Error, statement.sql, values);
    throw new QueryFailedError(statement.sql, values, error as Error);
  }
}
