/**
 * Statement execution on one request's `EntityManager`: its query runner when
 * it has one (a transaction), else a pooled runner released after the
 * statement; on PostgreSQL as named prepared statements; constraint
 * violations become `HttpError`s.
 *
 * @module
 */
import type { EntityManager, QueryResult } from 'typeorm';
import type { EntityModel } from './entity-model.ts';
import { translateDbError } from './errors.ts';

/** Runs one parameterised statement and resolves to TypeORM's structured result. */
export type Executor = (sql: string, params: unknown[]) => Promise<QueryResult>;

/**
 * An {@link Executor} on `manager`; a constraint error names the field of
 * `model`'s failing column.
 *
 * @example
 * ```ts
 * const exec = executorOf(manager, post);
 * const { records } = await exec(`SELECT 1 AS ${post.dialect.escape('one')}`, []);
 * ```
 */
export function executorOf(manager: EntityManager, model: EntityModel): Executor {
  return async (sql, params) => {
    const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
    try {
      // TypeORM passes a NamedStatement through to `pg` as is, and logs it as its text.
      return await runner.query(model.dialect.statement(sql) as string, params, true);
    } catch (error) {
      return translateDbError(error, (name) => model.columns.find((c) => c.column.databaseName === name)?.wire);
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  };
}
