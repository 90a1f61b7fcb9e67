/**
 * The row and primary-key types of a Drizzle table, as the adapter reads them.
 *
 * @module
 */
import type { InferSelectModel, Table } from 'drizzle-orm';
import type { PkOf, Row } from 'ormcrud/adapter-kit';

/** A 64-bit integer reads as its decimal string (the engine reads it as text); other values as they are. */
type WireValue<V> = V extends bigint ? string : V;

/**
 * The row a table reads, `typeof table.$inferSelect` (relation keys are not in
 * it) with 64-bit integers as decimal strings; {@link Row} for a table typed only as `Table`.
 *
 * @example
 * ```ts
 * type Thread = DrizzleRow<typeof schema.thread>; // { id: number; category_id: number; title: string }
 * ```
 */
export type DrizzleRow<TTable extends Table> =
  InferSelectModel<TTable> extends infer R extends Row
    ? string extends keyof R
      ? Row
      : { [K in keyof R]: WireValue<R[K]> }
    : Row;

/** The fields of the columns declared with `.primaryKey()`. */
type InlineKey<TColumns> = {
  [K in keyof TColumns]: TColumns[K] extends { readonly _: { readonly isPrimaryKey: true } } ? K : never;
}[keyof TColumns];

/**
 * The primary-key values of a table: its `.primaryKey()` columns, or any of its
 * fields when the key is declared apart (a composite `primaryKey({ columns })`).
 *
 * @example
 * ```ts
 * type ThreadKey = DrizzlePk<typeof schema.thread>; // { readonly id: number }
 * ```
 */
export type DrizzlePk<TTable extends Table> = [InlineKey<TTable['_']['columns']>] extends [never]
  ? PkOf<DrizzleRow<TTable>>
  : { readonly [K in InlineKey<TTable['_']['columns']> & keyof DrizzleRow<TTable>]: DrizzleRow<TTable>[K] };
