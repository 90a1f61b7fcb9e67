/**
 * The per-parent cap on to-many includes: how many related rows each parent
 * row gets at most, the lowest primary keys first.
 *
 * @module
 */

/**
 * The cap a collection (and a read given no `includeLimit`) applies by default.
 *
 * @example
 * ```ts
 * new CRUDCollection({ ormAdapter, includeLimit: DEFAULT_INCLUDE_LIMIT / 4 });
 * ```
 */
export const DEFAULT_INCLUDE_LIMIT = 100;

/**
 * An `includeLimit` (a collection's option, a read's option), checked: the
 * default when unset, else a positive safe integer, or a `TypeError` naming
 * its owner. Adapters read the cap of a read through it.
 *
 * @example
 * ```ts
 * checkIncludeLimit(undefined, 'CRUDCollection'); // 100
 * checkIncludeLimit(20, 'CRUDCollection'); // 20
 * ```
 */
export function checkIncludeLimit(value: unknown, owner: string): number {
  if (value === undefined || value === null) return DEFAULT_INCLUDE_LIMIT;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`${owner}: includeLimit must be a positive integer, got ${String(value)}`);
  return value;
}

/**
 * What the `include` query parameter says about the cap.
 *
 * @example
 * ```ts
 * includeDescription(100); // 'A relation to load; repeatable. …at most 100 rows per parent…'
 * ```
 */
export function includeDescription(limit: number): string {
  return `A relation to load; repeatable. A to-many relation loads at most ${limit} ${limit === 1 ? 'row' : 'rows'} per parent, the lowest primary keys first.`;
}
