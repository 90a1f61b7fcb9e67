/**
 * Reads: one row by primary key, and a page of rows with its total count.
 * Each statement's text is built once per shape (parent chain, filtered
 * fields, sort) and kept; a request binds its values and runs it.
 *
 * @module
 */
import type { FilterData, PkValues, Row, SortData } from '../core/adapter-data.ts';
import type { ParentRef } from '../core/parent-scope.ts';
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import { type Executor, rowsOf } from './executor.ts';
import { parentScopeValues, planParentScope } from './parent-plan.ts';
import { RefusedValue } from './refused-value.ts';
import { equalsSql, rowWhere, type ScopeContext, scopeSql } from './scope.ts';
import { sortShape } from './statement-cache.ts';
import type { Built, ModelStatements } from './statements.ts';

/** A read of at most one row, ready to run. */
export type SelectOne = (exec: Executor) => Promise<Row | null>;

/** The two statements of a list: one page of rows, and the count of all matching rows. */
export interface SelectPage {
  /** Rows `offset … offset + limit - 1` in order (relation keys `null`). */
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
 * for reads and for the writes that read a row back; `tail` ends it (a locking clause).
 *
 * @example
 * ```ts
 * selectRow(postModel, ['"post"."id" = $1']); // { sql: 'SELECT "post"."id" AS "id", … WHERE "post"."id" = $1', selection }
 * ```
 */
export function selectRow(model: CompiledModel, where: readonly string[], tail = ''): Built {
  const selection = model.rows(model.table);
  return { sql: `SELECT ${selection.list} FROM ${model.table} WHERE ${where.join(' AND ')}${tail}`, selection };
}

/**
 * `SELECT … WHERE pk = … AND <parent scope>`; running it yields the row, or
 * `null` when there is none in scope. With `forUpdate`, a locking read: in a
 * transaction, the row stays as read until it ends.
 *
 * @example
 * ```ts
 * const row = await prepareSelectOne(statements, { id: 7 }, parents)(exec);
 * ```
 */
export function prepareSelectOne(
  q: ModelStatements,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
  forUpdate = false,
): SelectOne {
  const model = q.model;
  const tail = forUpdate ? model.dialect.forUpdate : '';
  const statement = q.get(q.key(forUpdate ? 'one-for-update' : 'one', parentRefs), (ctx) =>
    selectRow(model, rowWhere(model, parentRefs, ctx), tail),
  );
  const values = statement.params.bindOrRefusal(q.rowValues(pkValues, parentRefs));
  // A key or parent key the ORM's encoder refuses names no row.
  if (values instanceof RefusedValue) return async () => null;
  return async (exec) => rowsOf(exec, statement, await exec.run(statement, values))[0] ?? null;
}

/**
 * The page and count statements of a list: equality filters on known fields
 * and the parent scope, ordered by the requested fields then the primary key.
 *
 * @example
 * ```ts
 * const page = prepareSelectPage(statements, { thread_id: 3 }, [{ field: 'created_at', direction: 'desc' }], parents);
 * const firstRows = await page.fetch(exec, 20, 0);
 * ```
 */
export function prepareSelectPage(
  q: ModelStatements,
  filterData: FilterData,
  sortData: SortData,
  parentRefs: readonly ParentRef[] | undefined,
): SelectPage {
  const model = q.model;
  // The filtered fields (and which of them are null) fix the text; the non-null values are parameters.
  const filters: Column[] = [];
  const values: unknown[] = [];
  let shape = '';
  for (const name in filterData) {
    const column = model.byField.get(name);
    const value = filterData[name];
    if (!column || value === undefined) continue;
    filters.push(column);
    shape += value === null ? `${name} null,` : `${name},`;
    if (value !== null) values.push(value);
  }
  parentScopeValues(parentRefs, q.primaryKeyOf, values);
  const key = `${shape}|${sortShape(sortData)}${q.shape(parentRefs)}`;
  const from = (ctx: ScopeContext) => {
    const where = filters.map((column) =>
      filterData[column.field] === null
        ? `${model.table}.${column.sql} IS NULL`
        : equalsSql(model.table, column, ctx.params),
    );
    where.push(...scopeSql(planParentScope(parentRefs), model, model.table, ctx));
    return `FROM ${model.table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  };
  const select = q.get(`list|${key}`, (ctx) => {
    const selection = model.rows(model.table);
    const rows = from(ctx);
    const page = model.dialect.limitOffset(ctx.params.add(), ctx.params.add());
    return { sql: `SELECT ${selection.list} ${rows} ORDER BY ${orderBySql(model, sortData)} ${page}`, selection };
  });
  const count = q.get(`count|${key}`, (ctx) => `SELECT COUNT(*) AS ${model.dialect.quote('count')} ${from(ctx)}`);
  // A filter or parent key the ORM's encoder refuses matches no row.
  return {
    fetch: async (exec, limit, offset) => {
      const bound = select.params.bindOrRefusal([...values, integer(limit), integer(offset)]);
      return bound instanceof RefusedValue ? [] : rowsOf(exec, select, await exec.run(select, bound));
    },
    count: async (exec) => {
      const bound = count.params.bindOrRefusal([...values]);
      if (bound instanceof RefusedValue) return 0;
      const [row] = (await exec.run(count, bound)).records;
      return Number((row as { count?: unknown } | undefined)?.count ?? 0);
    },
  };
}

/**
 * `ORDER BY` terms: the requested ones (a field once; an enum in its declared order), then the primary key
 * for stable pages.
 */
export function orderBySql(model: CompiledModel, sortData: SortData, qualifier = model.table): string {
  const seen = new Set<string>();
  const terms: string[] = [];
  const add = (field: string, desc: boolean, requested: boolean) => {
    const column = model.byField.get(field);
    if (!column || seen.has(field)) return;
    seen.add(field);
    const qualified = `${qualifier}.${column.sql}`;
    const sorted = requested && column.sortBy ? column.sortBy(qualified) : qualified;
    terms.push(model.dialect.orderTerm(sorted, desc, column.nullable));
  };
  for (const term of sortData) add(term.field, term.direction === 'desc', true);
  for (const column of model.primary) add(column.field, false, false);
  return terms.join(', ');
}

/**
 * Reads one row back by primary key (where writes return no rows), through
 * get-one's statement without parents: its text is exactly the key-only read.
 *
 * @example
 * ```ts
 * const row = await reread(statements, exec, { id: 7 });
 * ```
 */
export async function reread(q: ModelStatements, exec: Executor, key: Row): Promise<Row> {
  const row = await prepareSelectOne(q, key, undefined)(exec);
  if (!row) throw new Error(`${q.model.name}: the written row could not be read back`);
  return row;
}
