/**
 * The list route's exact filters and ordering as Drizzle SQL.
 *
 * @module
 */
import { asc, type Column, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FilterData, SortData } from '../../core/adapter.ts';
import type { TableInfo } from './describe-table.ts';
import { type Binder, bindValue } from './scope.ts';

/**
 * One equality per field of `values` (already converted with `columnValues`; `IS NULL`
 * for `null`), to be AND-combined. `bind` turns each non-null value into a parameter
 * or a placeholder, in field order.
 *
 * @example
 * ```ts
 * db.select().from(post).where(and(...filterConditions(info, columnValues(info, { thread_id: 1 }))));
 * ```
 */
export function filterConditions(info: TableInfo, values: FilterData, bind: Binder = bindValue): SQL[] {
  const conditions: SQL[] = [];
  for (const field in values) {
    const column = info.columns[field] as Column;
    const value = values[field];
    conditions.push(value === null ? isNull(column) : eq(column, bind(value, column)));
  }
  return conditions;
}

/**
 * The shape of a filter: its fields, and which are `IS NULL`; never the values.
 *
 * @example
 * ```ts
 * filterShape({ thread_id: 5, author_id: null }); // 'thread_id,author_id=null,'
 * ```
 */
export function filterShape(values: FilterData): string {
  let shape = '';
  for (const field in values) shape += values[field] === null ? `${field}=null,` : `${field},`;
  return shape;
}

/** The non-null filter values, in the order {@link filterConditions} binds them. */
export function filterParams(values: FilterData): unknown[] {
  const params: unknown[] = [];
  for (const field in values) if (values[field] !== null) params.push(values[field]);
  return params;
}

/**
 * The sort terms in order, or the primary key ascending when there are none.
 *
 * @example
 * ```ts
 * db.select().from(post).orderBy(...orderTerms(tableInfo(post), [{ field: 'slug', direction: 'desc' }]));
 * ```
 */
export function orderTerms(info: TableInfo, sortData: SortData): SQL[] {
  const terms = sortData.filter((term) => Object.hasOwn(info.columns, term.field));
  const order = terms.length > 0 ? terms : info.primaryKey.map((field) => ({ field, direction: 'asc' }));
  return order.map((term) => {
    const column = info.columns[term.field] as Column;
    return term.direction === 'desc' ? desc(column) : asc(column);
  });
}
