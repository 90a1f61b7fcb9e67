/**
 * The values of the adapter contract: the rows its five operations return, and
 * the keys, filters, ordering, includes and write bodies they take.
 *
 * @module
 */

/** A row as adapters return it: field names to values, plus relation keys. */
export type Row = Record<string, unknown>;
/** Primary-key values by field name. */
export type PkValues = Readonly<Record<string, unknown>>;
/**
 * The primary-key values of a `TRow` whose key fields the ORM's types do not
 * name: any of its fields, each with its type.
 */
export type PkOf<TRow> = Readonly<Partial<TRow>>;
/** A field's value in a write: a date also as the ISO string a JSON body carries. */
export type WriteValue<T> = T extends Date ? T | string : T;
/** A create or update body of a `TRow`: any of its fields, each with its type. */
export type WriteData<TRow> = { [K in keyof TRow]?: WriteValue<TRow[K]> };
/** Validated exact-match filters by field name; absent fields are not filtered. */
export type FilterData = Readonly<Record<string, unknown>>;
/** One ordering term. */
export interface SortTerm {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}
/** Ordering terms, applied in order. */
export type SortData = readonly SortTerm[];
/**
 * What `ORMAdapterBase.updateOne` hands back for a row it updated: the
 * whole row (`'row'`, the default), or only its primary key (`'key'`, for a
 * caller that needs to know no more than whether the row was there, as PATCH
 * without an `updateOutSchema`; the adapter then reads nothing else back).
 */
export type UpdateReturning = 'row' | 'key';
/** Relation names to load. */
export type IncludeData = readonly string[];

/**
 * How a read loads its includes. `includeLimit`: the most rows of each
 * to-many include a parent row gets, the lowest primary keys first (default
 * `DEFAULT_INCLUDE_LIMIT`); the cap costs no extra statement.
 */
export interface ReadOptions {
  readonly includeLimit?: number;
}
