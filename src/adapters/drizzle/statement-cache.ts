/**
 * A small bounded cache of prepared statements, keyed by query shape.
 *
 * @module
 */
import type { ParentLink, ParentRef } from '../../core/parent-scope.ts';
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

/** A parent chain seen before: its shape, and the chains one level longer. */
interface ChainNode {
  readonly model: unknown;
  readonly shape: string;
  readonly longer: WeakMap<ParentLink, ChainNode>;
  /** `kind + shape`, made once per kind. */
  readonly keys: Map<string, string>;
}

const noParents: ChainNode = { model: undefined, shape: '', longer: new WeakMap(), keys: new Map() };

/** The node of a parent chain, found by its links (fixed per mount point, so no string is built per request). */
function chainNode(parents: readonly ParentRef[] | undefined): ChainNode {
  let node = noParents;
  for (const { link, model } of parents ?? []) {
    let next = node.longer.get(link);
    if (next === undefined || next.model !== model) {
      const { childFields, parentFields, childHoldsKey } = link;
      const level = `${childFields.join(',')}>${parentFields.join(',')}${childHoldsKey ? '!' : '?'}`;
      next = {
        model,
        shape: `${node.shape}/${tableInfo(model as never).name}:${level}`,
        longer: new WeakMap(),
        keys: new Map(),
      };
      node.longer.set(link, next);
    }
    node = next;
  }
  return node;
}

/**
 * The shape of a parent chain: which tables and which join columns, never the key values.
 *
 * @example
 * ```ts
 * parentShape(parents); // '/thread:thread_id>id!/category:category_id>id!'
 * ```
 */
export function parentShape(parents: readonly ParentRef[] | undefined): string {
  return chainNode(parents).shape;
}

/**
 * `kind` followed by the parent chain's shape, as one string kept per chain, so
 * a statement lookup hashes no new string per request.
 *
 * @example
 * ```ts
 * statementKey('one', parents); // 'one/thread:thread_id>id!'
 * ```
 */
export function statementKey(kind: string, parents: readonly ParentRef[] | undefined): string {
  const node = chainNode(parents);
  let key = node.keys.get(kind);
  if (key === undefined) {
    key = kind + node.shape;
    node.keys.set(kind, key);
  }
  return key;
}
