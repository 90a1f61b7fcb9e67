/**
 * What lets an adapter build each statement once per shape: a small bounded
 * cache keyed by shape, and the sort part of a list's shape.
 *
 * @module
 */
import type { SortData } from '../core/adapter-data.ts';

/**
 * Statements by shape; the oldest entry goes when the cache is full.
 *
 * @example
 * ```ts
 * const cache = new StatementCache<string>(64);
 * const sql = cache.get('one') ?? cache.set('one', 'SELECT 1');
 * ```
 */
export class StatementCache<T> {
  readonly #entries = new Map<string, T>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: string): T | undefined {
    return this.#entries.get(key);
  }

  set(key: string, statement: T): T {
    if (this.#max <= 0) return statement;
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, statement);
    return statement;
  }
}

/**
 * The sort part of a list statement's shape: its terms in order.
 *
 * @example
 * ```ts
 * sortShape([{ field: 'created_at', direction: 'desc' }, { field: 'id', direction: 'asc' }]); // 'created_at:desc,id:asc'
 * ```
 */
export const sortShape = (sortData: SortData): string => sortData.map((t) => `${t.field}:${t.direction}`).join(',');
