/**
 * Statement execution on one request's `EntityManager`: its query runner when
 * it has one (a transaction), else a pooled runner released after the
 * statement; on PostgreSQL as named prepared statements; constraint
 * violations become `HttpError`s.
 *
 * @module
 */
import type { EntityManager } from 'typeorm';
import type { Executor, SqlModel } from '../sql/sql-model.ts';
import { translateDbError } from './errors.ts';

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
export function executorOf(manager: EntityManager, model: SqlModel): Executor {
  return async (sql, params) => {
    const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
    try {
      // TypeORM passes a NamedStatement through to `pg` as is, and logs it as its text.
      const { records, affected, raw } = await runner.query(model.dialect.statement(sql) as string, params, true);
      return { records, affected, insertId: (raw as { insertId?: unknown } | undefined)?.insertId };
    } catch (error) {
      return translateDbError(error, (name) => model.wireOf(name), sql);
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  };
}
