/**
 * The list route's exact filters and ordering as Drizzle SQL.
 *
 * @module
 */
import { asc, type Column, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FilterData, SortData } from '../../core/adapter.ts';
import { columnValues, type TableInfo } from './describe-table.ts';

/**
 * One equality per known field (`IS NULL` for `null`), to be AND-combined; unknown fields are ignored.
 *
 * @example
 * ```ts
 * db.select().from(post).where(and(...filterConditions(tableInfo(post), { thread_id: 1 })));
 * ```
 */
export function filterConditions(info: TableInfo, filterData: FilterData): SQL[] {
  const conditions: SQL[] = [];
  const values = columnValues(info, filterData);
  for (const field in values) {
    const column = info.columns[field] as Column;
    const value = values[field];
    conditions.push(value === null ? isNull(column) : eq(column, value));
  }
  return conditions;
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
