/**
 * A small bounded cache of prepared statements, keyed by query shape.
 *
 * @module
 */
import type { ParentRef } from '../../core/parent-scope.ts';
import { tableInfo } from './describe-table.ts';
import type { Prepared } from './dialect.ts';

/**
 * Prepared statements by shape; the oldest entry goes when the cache is full.
 *
 * @example
 * ```ts
 * const cache = new StatementCache(64);
 * const stmt = cache.get(key) ?? cache.set(key, prepareQuery(dialect, query, 'post_by_id'));
 * ```
 */
export class StatementCache {
  readonly #entries = new Map<string, Prepared>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: string): Prepared | undefined {
    return this.#entries.get(key);
  }

  set(key: string, statement: Prepared): Prepared {
    if (this.#max <= 0) return statement;
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, statement);
    return statement;
  }
}

const linkShapes = new WeakMap<object, string>();

/**
 * The shape of a parent chain: which tables and which join columns, never the key values.
 *
 * @example
 * ```ts
 * parentShape(parents); // '/thread:thread_id>id!/category:category_id>id!'
 * ```
 */
export function parentShape(parents: readonly ParentRef[] | undefined): string {
  if (!parents || parents.length === 0) return '';
  let shape = '';
  for (const parent of parents) {
    let link = linkShapes.get(parent.link);
    if (link === undefined) {
      const { childFields, parentFields, childHoldsKey } = parent.link;
      link = `${childFields.join(',')}>${parentFields.join(',')}${childHoldsKey ? '!' : '?'}`;
      linkShapes.set(parent.link, link);
    }
    shape += `/${tableInfo(parent.model as never).name}:${link}`;
  }
  return shape;
}
