/**
 * A list page the way a collection makes one: the paginator's window goes to
 * the adapter as data, and the paginator builds the page from the rows and
 * count that come back.
 */
import type {
  FilterData,
  IncludeData,
  ORMAdapterBase,
  Page,
  PaginatorBase,
  ParentRef,
  PkValues,
  Row,
  SortData,
} from 'ormcrud';

export async function listPage<TRow extends Row>(
  adapter: ORMAdapterBase<unknown, TRow, PkValues>,
  filter: FilterData,
  sort: SortData,
  include: IncludeData,
  paginator: PaginatorBase,
  parents?: readonly ParentRef[],
): Promise<Page<TRow>> {
  return paginator.toPage(await adapter.getMany(filter, sort, include, paginator.calcOffsetLimit(), parents));
}
