/**
 * What lets an adapter build each statement once per shape: a small bounded
 * cache keyed by shape, and the shape of a parent chain as a string kept per
 * chain, so a lookup builds no string per request.
 *
 * @module
 */
import type { SortData } from '../core/adapter.ts';
import type { ParentLink, ParentRef } from '../core/parent-scope.ts';

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

/** A parent chain seen before: its shape, and the chains one level longer. */
interface ChainNode {
  readonly model: unknown;
  readonly shape: string;
  readonly longer: WeakMap<ParentLink, ChainNode>;
  /** `kind + shape`, made once per kind. */
  readonly keys: Map<string, string>;
}

const chainNode = (model: unknown, shape: string): ChainNode => ({
  model,
  shape,
  longer: new WeakMap(),
  keys: new Map(),
});

/**
 * Shapes of parent chains: which tables and which join columns, never the key
 * values. A chain is found by its links (fixed per mount point), so no string
 * is built per request.
 *
 * @example
 * ```ts
 * const chains = new ChainShapes(() => 'thread');
 * chains.shape(parents); // '/thread:thread_id>id!/category:category_id>id!'
 * chains.key('one', parents); // 'one/thread:thread_id>id!/category:category_id>id!'
 * ```
 */
export class ChainShapes {
  readonly #root = chainNode(undefined, '');

  /** `tableName` names a parent model in the shape. */
  constructor(private readonly tableName: (model: unknown) => string) {}

  /** The shape of a parent chain (`''` without parents). */
  shape(parents: readonly ParentRef[] | undefined): string {
    return this.#node(parents).shape;
  }

  /** `kind` followed by the chain's shape, as one string kept per chain and kind. */
  key(kind: string, parents: readonly ParentRef[] | undefined): string {
    const node = this.#node(parents);
    let key = node.keys.get(kind);
    if (key === undefined) {
      key = kind + node.shape;
      node.keys.set(kind, key);
    }
    return key;
  }

  #node(parents: readonly ParentRef[] | undefined): ChainNode {
    let node = this.#root;
    for (const { link, model } of parents ?? []) {
      let next = node.longer.get(link);
      if (next === undefined || next.model !== model) {
        const { childFields, parentFields, childHoldsKey } = link;
        const level = `${childFields.join(',')}>${parentFields.join(',')}${childHoldsKey ? '!' : '?'}`;
        next = chainNode(model, `${node.shape}/${this.tableName(model)}:${level}`);
        node.longer.set(link, next);
      }
      node = next;
    }
    return node;
  }
}
