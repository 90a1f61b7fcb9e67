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

/** A db's own spelling of columns (its dialect's casing cache), if it has one. */
function casingOfDb(db: unknown): ColumnCasing | undefined {
  const own = (db as { dialect?: { casing?: Partial<ColumnCasing> } } | undefined)?.dialect?.casing;
  return typeof own?.getColumnCasing === 'function' ? (own as ColumnCasing) : undefined;
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
  return casingOfDb(db) ?? new CasingCache(casing);
}

/** The casing a spelling converts keys with, told apart by a key that each spells otherwise. */
function casingName(casing: ColumnCasing): string {
  const spelt = (casing as { convert?: (key: string) => string }).convert?.('aB_c');
  return spelt === 'a_b_c' ? "'snake_case'" : spelt === 'aBC' ? "'camelCase'" : 'none';
}

/**
 * The spelling of one adapter's statements: its `db`'s, or its `casing` option's, else that of the first
 * database `getSession` yields; a database yielded later that spells otherwise is refused.
 *
 * @example
 * ```ts
 * const spelling = new AdapterCasing(undefined, undefined);
 * spelling.meet(db); // now spells as db does
 * ```
 */
export class AdapterCasing {
  #casing: ColumnCasing | undefined;

  constructor(db: unknown, casing: Casing | undefined) {
    if (db !== undefined || casing !== undefined) this.#casing = columnCasing(db, casing);
  }

  /** The spelling statements are written with, fixed from here on. */
  get current(): ColumnCasing {
    this.#casing ??= new CasingCache();
    return this.#casing;
  }

  /** Takes the spelling of a database `getSession` yielded, or checks it is the one statements were written with. */
  meet(db: unknown): void {
    const own = casingOfDb(db);
    if (!own || own === this.#casing) return;
    if (!this.#casing) {
      this.#casing = own;
      return;
    }
    const [mine, theirs] = [casingName(this.#casing), casingName(own)];
    if (mine === theirs) return;
    throw new TypeError(
      `DrizzleAdapter: getSession yielded a database whose casing is ${theirs}, where the adapter's is ${mine}; ` +
        'give the adapter the `casing` its databases are made with',
    );
  }
}
