/**
 * `ORMAdapterBase`: the one interface every ORM adapter implements, in the way
 * Kysely's dialects do. An adapter describes its model once and runs five data
 * operations; its base (`model-schemas.ts`) derives every schema from the
 * description so no adapter generates schemas of its own.
 *
 * @module
 */
import type {
  FilterData,
  IncludeData,
  PkOf,
  PkValues,
  ReadOptions,
  Row,
  SortData,
  UpdateReturning,
  WriteData,
} from './adapter-data.ts';
import { ModelSchemas } from './model-schemas.ts';
import type { ListResult, PageWindow } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';

/**
 * The contract between the core and an ORM. Subclasses implement
 * {@link describe} and the five data methods; `parentRefs` come nearest first.
 * `TRow` is the row type the adapter reads (an ORM adapter infers it from its
 * model), `TPk` its primary-key values; both default to untyped records.
 *
 * @example
 * ```ts
 * const adapter: ORMAdapterBase = new DrizzleAdapter({ db, model: schema.category });
 * const category = await adapter.getOne({ id: 1 }, ['threads']); // null when missing
 * ```
 */
export abstract class ORMAdapterBase<
  TModel = unknown,
  TRow extends Row = Row,
  TPk extends PkValues = PkOf<TRow>,
> extends ModelSchemas<TModel> {
  /** One object, or `null` when missing (or outside the parent chain). */
  abstract getOne(
    pkValues: TPk,
    includeData: IncludeData,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<TRow | null>;

  /** The rows of a window of the filtered, sorted matches, and the count of all matches. */
  abstract getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    window: PageWindow,
    parentRefs?: readonly ParentRef[],
    options?: ReadOptions,
  ): Promise<ListResult<TRow>>;

  /** Persists and returns the object; throws `ParentNotFoundError` when the parent chain does not exist. */
  abstract createOne(data: WriteData<TRow>, parentRefs?: readonly ParentRef[]): Promise<TRow>;

  /**
   * Updates by primary key within the parent chain; the updated object, or `null`
   * when missing. With `returning: 'key'` the object may hold only the primary key.
   */
  abstract updateOne(
    pkValues: TPk,
    data: WriteData<TRow>,
    parentRefs?: readonly ParentRef[],
    returning?: UpdateReturning,
  ): Promise<TRow | null>;

  /** Deletes by primary key within the parent chain; the deleted object, or `null` when missing. */
  abstract deleteOne(pkValues: TPk, parentRefs?: readonly ParentRef[]): Promise<TRow | null>;

  /**
   * Whether the database's text columns take U+0000. `true` here (SQLite,
   * MySQL/MariaDB); an adapter on a database that refuses it (PostgreSQL)
   * says `false`, and the core then answers such a body or filter value with
   * a 422 before any statement runs.
   */
  get textAcceptsNul(): boolean {
    return true;
  }
}
