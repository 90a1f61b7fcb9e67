/**
 * The adapter's reads as SQL: one row by primary key, and a page of rows with
 * its total count. Statements are built (parameters bound, parent scope
 * applied) when the request arrives and run later on the request's executor.
 *
 * @module
 */
import {
  type FilterData,
  type ParentRef,
  type PkValues,
  planParentScope,
  type Row,
  type SortData,
} from 'crud-collection';
import type { EntityModel } from './entity-model.ts';
import type { Executor } from './executor.ts';
import { equalsSql, type ResolveModel, rowWhere, scopeContext, scopeSql } from './scope.ts';

/** A read of at most one row, ready to run. */
export type SelectOne = (exec: Executor) => Promise<Row | null>;

/** The two statements of a list: one page of rows, and the count of all matching rows. */
export interface SelectPage {
  /** Rows `offset … offset + limit - 1` in order, hydrated (relations not loaded). */
  fetch(exec: Executor, limit: number, offset: number): Promise<Row[]>;
  /** How many rows match. */
  count(exec: Executor): Promise<number>;
}

const integer = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid limit or offset: ${n}`);
  return n;
};

/**
 * `SELECT <every column> FROM <table> WHERE <terms>`: the statement of one row,
 * for reads and for the writes that read a row back (MySQL/MariaDB).
 *
 * @example
 * ```ts
 * selectRowSql(post, ['"post"."id" = $1']); // SELECT "post"."id" AS "id", … FROM "post" WHERE "post"."id" = $1
 * ```
 */
export function selectRowSql(e: EntityModel, where: readonly string[]): string {
  return `SELECT ${e.selectList(e.table)} FROM ${e.table} WHERE ${where.join(' AND ')}`;
}

/**
 * `SELECT … WHERE pk = … AND <parent scope>`; running it yields the hydrated
 * row, or `null` when there is none in scope.
 *
 * @example
 * ```ts
 * const select = prepareSelectOne(post, { id: 7 }, parentRefs, resolve);
 * const row = await select(executorOf(manager, post));
 * ```
 */
export function prepareSelectOne(
  e: EntityModel,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
  resolve: ResolveModel,
): SelectOne {
  const ctx = scopeContext(e, resolve);
  const where = rowWhere(e, pkValues, parentRefs, ctx);
  const sql = selectRowSql(e, where);
  return async (exec) => {
    const [raw] = (await exec(sql, ctx.params.values)).records;
    return raw ? e.hydrate(raw) : null;
  };
}

/**
 * The page and count statements of a list: equality filters on known fields
 * and the parent scope, ordered by the requested fields then the primary key.
 *
 * @example
 * ```ts
 * const page = prepareSelectPage(post, { threadId: 3 }, [{ field: 'createdAt', direction: 'desc' }], refs, resolve);
 * const rows = await page.fetch(exec, 20, 0);
 * const total = await page.count(exec);
 * ```
 */
export function prepareSelectPage(
  e: EntityModel,
  filterData: FilterData,
  sortData: SortData,
  parentRefs: readonly ParentRef[] | undefined,
  resolve: ResolveModel,
): SelectPage {
  const ctx = scopeContext(e, resolve);
  const where: string[] = [];
  for (const name in filterData) {
    const info = e.byWire.get(name);
    if (info && filterData[name] !== undefined) {
      where.push(equalsSql(e, e.table, info, filterData[name], ctx.params));
    }
  }
  where.push(...scopeSql(planParentScope(parentRefs), e, e.table, ctx));
  const from = `FROM ${e.table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const values = ctx.params.values;
  const page = `LIMIT ${e.dialect.param(values.length)} OFFSET ${e.dialect.param(values.length + 1)}`;
  const select = `SELECT ${e.selectList(e.table)} ${from} ORDER BY ${orderBySql(e, sortData)} ${page}`;
  const count = `SELECT COUNT(*) AS ${e.dialect.escape('count')} ${from}`;
  return {
    fetch: async (exec, limit, offset) =>
      (await exec(select, [...values, integer(limit), integer(offset)])).records.map((raw) => e.hydrate(raw)),
    count: async (exec) => Number((await exec(count, values)).records[0]?.count ?? 0),
  };
}

/** `ORDER BY` terms: the requested ones (a field once), then the primary key for stable pages; NULLs first ascending. */
function orderBySql(e: EntityModel, sortData: SortData): string {
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (wire: string, desc: boolean) => {
    const info = e.byWire.get(wire);
    if (!info || seen.has(wire)) return;
    seen.add(wire);
    const nulls =
      e.dialect.family === 'postgres' && info.column.isNullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
    terms.push(`${e.table}.${info.sql} ${desc ? 'DESC' : 'ASC'}${nulls}`);
  };
  for (const term of sortData) add(term.field, term.direction === 'desc');
  for (const info of e.primary) add(info.wire, false);
  return terms.join(', ');
}
