/**
 * The adapter's writes as SQL: insert (after a parent-exists check when the
 * parent is not a key of the row), update and delete, each scoped to the
 * parent chain. PostgreSQL and SQLite return the written row with `RETURNING`;
 * MySQL/MariaDB read it back by primary key (or before deleting it).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import {
  ParentNotFoundError,
  type ParentRef,
  type PkValues,
  parentKeyValues,
  planParentExists,
  type Row,
} from 'crud-collection';
import { SqlParams } from './dialect.ts';
import type { EntityModel } from './entity-model.ts';
import type { Executor } from './executor.ts';
import { selectRowSql } from './read-queries.ts';
import { existsSql, keySql, type ResolveModel, rowWhere, scopeContext } from './scope.ts';

/** A write of at most one row, ready to run; yields the row as written (relations not loaded), or `null`. */
export type WriteOne = (exec: Executor) => Promise<Row | null>;

/** An insert, ready to run. */
export interface Insert {
  /** The insert checks its parent first, so the check and the insert belong in one transaction. */
  readonly transactional: boolean;
  /** Runs the check (if any) and the insert; yields the inserted row (relations not loaded). */
  run(exec: Executor): Promise<Row>;
}

/**
 * `INSERT` of `data` plus the parent's key values, client-side UUIDs filled in;
 * a parent reached only through a chain is checked with `SELECT CASE WHEN EXISTS …`
 * first (a missing one throws `ParentNotFoundError`).
 *
 * @example
 * ```ts
 * const insert = prepareInsert(post, { body: 'Hi' }, parentRefs, resolve);
 * const row = insert.transactional
 *   ? await manager.transaction((tx) => insert.run(executorOf(tx, post)))
 *   : await insert.run(executorOf(manager, post));
 * ```
 */
export function prepareInsert(
  e: EntityModel,
  data: Row,
  parentRefs: readonly ParentRef[] | undefined,
  resolve: ResolveModel,
): Insert {
  const values: Row = { ...data, ...parentKeyValues(parentRefs) };
  for (const info of e.clientUuid) values[info.wire] ??= randomUUID();
  const picked = e.pick(values);
  const params = new SqlParams(e.dialect);
  const marks = picked.map(([info, value]) => params.add(e.persist(info, value)));
  const columns = picked.map(([info]) => info.sql).join(', ');
  let sql = `INSERT INTO ${e.table} `;
  if (picked.length > 0) sql += `(${columns}) VALUES (${marks.join(', ')})`;
  else sql += e.dialect.family === 'mysql' ? '() VALUES ()' : 'DEFAULT VALUES';
  if (e.dialect.returning) sql += ` RETURNING ${e.selectList('')}`;
  const plan = planParentExists(parentRefs ?? []);
  const parentExists = plan?.kind === 'exists' ? plan : undefined;

  const run = async (exec: Executor): Promise<Row> => {
    if (parentExists) {
      const check = scopeContext(e, resolve);
      const found = e.dialect.escape('found');
      const exists = `SELECT CASE WHEN ${existsSql(parentExists, check)} THEN 1 ELSE 0 END AS ${found}`;
      const [row] = (await exec(exists, check.params.values)).records;
      if (Number(row?.found) !== 1) throw new ParentNotFoundError();
    }
    const result = await exec(sql, params.values);
    if (e.dialect.returning) return e.hydrate(result.records[0] as Record<string, unknown>);
    const key: Row = {};
    for (const info of e.primary) {
      key[info.wire] =
        values[info.wire] ?? (info.column.isGenerated ? (result.raw as { insertId?: unknown }).insertId : null);
    }
    return reread(e, exec, key);
  };
  return { transactional: parentExists !== undefined, run };
}

/**
 * `UPDATE … SET` the model fields of `data` (and `@UpdateDateColumn`s not given)
 * `WHERE pk = … AND <parent scope>`; `undefined` when `data` sets no column.
 *
 * @example
 * ```ts
 * const update = prepareUpdate(post, { id: 7 }, { body: 'Edited' }, parentRefs, resolve);
 * const row = update ? await update(exec) : await prepareSelectOne(post, { id: 7 }, parentRefs, resolve)(exec);
 * ```
 */
export function prepareUpdate(
  e: EntityModel,
  pkValues: PkValues,
  data: Row,
  parentRefs: readonly ParentRef[] | undefined,
  resolve: ResolveModel,
): WriteOne | undefined {
  const picked = e.pick(data);
  if (picked.length === 0) return undefined;
  const ctx = scopeContext(e, resolve);
  const sets = picked.map(([info, value]) => `${info.sql} = ${ctx.params.add(e.persist(info, value))}`);
  for (const info of e.updateDate) {
    if (!(info.wire in data))
      sets.push(`${info.sql} = ${e.dialect.family === 'mysql' ? 'CURRENT_TIMESTAMP(6)' : 'CURRENT_TIMESTAMP'}`);
  }
  const where = rowWhere(e, pkValues, parentRefs, ctx);
  let sql = `UPDATE ${e.table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`;
  if (e.dialect.returning) sql += ` RETURNING ${e.selectList('')}`;
  return async (exec) => {
    const result = await exec(sql, ctx.params.values);
    if (e.dialect.returning) {
      const [raw] = result.records;
      return raw ? e.hydrate(raw) : null;
    }
    // MySQL reports matched rows (FOUND_ROWS), so an update to equal values still counts
    return result.affected ? await reread(e, exec, { ...pkValues, ...e.keyOf({ ...pkValues, ...data }) }) : null;
  };
}

/**
 * `DELETE … WHERE pk = … AND <parent scope>`, yielding the deleted row: through
 * `RETURNING`, or (MySQL/MariaDB) a `SELECT` of the row before deleting it.
 *
 * @example
 * ```ts
 * const removed = await prepareDelete(post, { id: 7 }, parentRefs, resolve)(exec);
 * ```
 */
export function prepareDelete(
  e: EntityModel,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
  resolve: ResolveModel,
): WriteOne {
  const ctx = scopeContext(e, resolve);
  const where = rowWhere(e, pkValues, parentRefs, ctx);
  const sql = `DELETE FROM ${e.table} WHERE ${where.join(' AND ')}`;
  const values = ctx.params.values;
  return async (exec) => {
    if (e.dialect.returning) {
      const [raw] = (await exec(`${sql} RETURNING ${e.selectList('')}`, values)).records;
      return raw ? e.hydrate(raw) : null;
    }
    const [raw] = (await exec(selectRowSql(e, where), values)).records;
    return raw && (await exec(sql, values)).affected ? e.hydrate(raw) : null;
  };
}

/** Reads one row back by primary key (MySQL/MariaDB, which have no `RETURNING`). */
async function reread(e: EntityModel, exec: Executor, key: Row): Promise<Row> {
  const params = new SqlParams(e.dialect);
  const [raw] = (await exec(selectRowSql(e, keySql(e, e.table, key, params)), params.values)).records;
  if (!raw) throw new Error(`${e.name}: the written row could not be read back`);
  return e.hydrate(raw);
}
