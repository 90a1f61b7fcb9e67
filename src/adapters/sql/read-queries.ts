/**
 * The adapter's reads as SQL: one row by primary key, and a page of rows with
 * its total count. Each statement's text is built once per shape (parent
 * chain, filtered fields, sort) and kept; a request binds its values and runs
 * it later on the request's executor.
 *
 * @module
 */
import {
  type FilterData,
  type ParentRef,
  type PkValues,
  parentScopeValues,
  planParentScope,
  type Row,
  type SortData,
} from 'ormcrud';
import { sortShape } from '../statement-cache.ts';
import { equalsSql, rowWhere, type ScopeContext, scopeSql } from './scope.ts';
import type { Executor, SqlColumn, SqlModel } from './sql-model.ts';
import type { ModelStatements } from './statements.ts';

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
export function selectRowSql(e: SqlModel, where: readonly string[]): string {
  return `SELECT ${e.selectList(e.table)} FROM ${e.table} WHERE ${where.join(' AND ')}`;
}

/**
 * `SELECT … WHERE pk = … AND <parent scope>`; running it yields the hydrated
 * row, or `null` when there is none in scope.
 *
 * @example
 * ```ts
 * const select = prepareSelectOne(statements, { id: 7 }, parentRefs);
 * const row = await select(executorOf(manager, post));
 * ```
 */
export function prepareSelectOne(
  q: ModelStatements,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
): SelectOne {
  const e = q.model;
  const { sql, params } = q.get(q.key('one', parentRefs), (ctx) => selectRowSql(e, rowWhere(e, parentRefs, ctx)));
  const values = params.bind(q.rowValues(pkValues, parentRefs));
  return async (exec) => {
    const [raw] = (await exec(sql, values)).records;
    return raw ? e.hydrate(raw) : null;
  };
}

/**
 * The page and count statements of a list: equality filters on known fields
 * and the parent scope, ordered by the requested fields then the primary key.
 *
 * @example
 * ```ts
 * const page = prepareSelectPage(statements, { threadId: 3 }, [{ field: 'createdAt', direction: 'desc' }], refs);
 * const rows = await page.fetch(exec, 20, 0);
 * const total = await page.count(exec);
 * ```
 */
export function prepareSelectPage(
  q: ModelStatements,
  filterData: FilterData,
  sortData: SortData,
  parentRefs: readonly ParentRef[] | undefined,
): SelectPage {
  const e = q.model;
  // The filtered fields (and which of them are null) fix the text; the non-null values are parameters.
  const filters: SqlColumn[] = [];
  const values: unknown[] = [];
  let shape = '';
  for (const name in filterData) {
    const info = e.byWire.get(name);
    const value = filterData[name];
    if (!info || value === undefined) continue;
    filters.push(info);
    shape += value === null ? `${name} null,` : `${name},`;
    if (value !== null) values.push(value);
  }
  parentScopeValues(parentRefs, q.primaryKeyOf, values);
  const key = `${shape}|${sortShape(sortData)}${q.shape(parentRefs)}`;
  const from = (ctx: ScopeContext) => {
    const where = filters.map((info) =>
      filterData[info.wire] === null ? `${e.table}.${info.sql} IS NULL` : equalsSql(e, e.table, info, ctx.params),
    );
    where.push(...scopeSql(planParentScope(parentRefs), e, e.table, ctx));
    return `FROM ${e.table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  };
  const select = q.get(`list|${key}`, (ctx) => {
    const rows = from(ctx);
    const page = `LIMIT ${ctx.params.add()} OFFSET ${ctx.params.add()}`;
    return `SELECT ${e.selectList(e.table)} ${rows} ORDER BY ${orderBySql(e, sortData)} ${page}`;
  });
  const count = q.get(`count|${key}`, (ctx) => `SELECT COUNT(*) AS ${e.dialect.escape('count')} ${from(ctx)}`);
  return {
    fetch: async (exec, limit, offset) => {
      const bound = select.params.bind([...values, integer(limit), integer(offset)]);
      return (await exec(select.sql, bound)).records.map((raw) => e.hydrate(raw));
    },
    count: async (exec) => Number((await exec(count.sql, count.params.bind([...values]))).records[0]?.count ?? 0),
  };
}

/** `ORDER BY` terms: the requested ones (a field once), then the primary key for stable pages; NULLs first ascending. */
function orderBySql(e: SqlModel, sortData: SortData): string {
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (wire: string, desc: boolean) => {
    const info = e.byWire.get(wire);
    if (!info || seen.has(wire)) return;
    seen.add(wire);
    const nulls = e.dialect.family === 'postgres' && info.nullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
    terms.push(`${e.table}.${info.sql} ${desc ? 'DESC' : 'ASC'}${nulls}`);
  };
  for (const term of sortData) add(term.field, term.direction === 'desc');
  for (const info of e.primary) add(info.wire, false);
  return terms.join(', ');
}
