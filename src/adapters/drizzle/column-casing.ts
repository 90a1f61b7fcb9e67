/**
 * The SQL names of columns declared without one (`displayName: text()`):
 * Drizzle spells them by the db's `casing` (`display_name` under
 * `snake_case`), and so must every statement the engine writes.
 *
 * @module
 */
import type { Column } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';

/** A db's `casing` option. */
export type Casing = 'snake_case' | 'camelCase';

/** Spells a column as it is named in SQL. */
export interface ColumnCasing {
  getColumnCasing(column: Column): string;
}

/**
 * How `db` spells column names (its dialect's own casing cache), else as `casing`
 * says: a named column keeps its name, an unnamed one its key, converted.
 *
 * @example
 * ```ts
 * columnCasing(db).getColumnCasing(schema.post.slug); // 'slug'
 * ```
 */
export function columnCasing(db: unknown, casing?: Casing): ColumnCasing {
  const own = (db as { dialect?: { casing?: Partial<ColumnCasing> } } | undefined)?.dialect?.casing;
  return typeof own?.getColumnCasing === 'function' ? (own as ColumnCasing) : new CasingCache(casing);
}
