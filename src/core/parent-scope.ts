/**
 * Parent references: the ancestors of a nested collection, as a request
 * resolves them, and how each level joins its parent (worked out once, when
 * the router is built). The engine scopes its statements to them.
 *
 * @module
 */
import type { PkValues } from './adapter-data.ts';

/**
 * How rows of a child model join rows of its parent: `childFields[i]` of the
 * child equals `parentFields[i]` of the parent. `childHoldsKey` is true when
 * the child's foreign key points at the parent's primary key, so the key can
 * be set from the URL on create.
 */
export interface ParentLink {
  readonly childFields: readonly string[];
  readonly parentFields: readonly string[];
  readonly childHoldsKey: boolean;
}

/**
 * One ancestor of a nested collection, as adapter methods receive it (nearest first).
 *
 * @example
 * ```ts
 * // GET /categories/3/threads/7/posts → parents of the posts collection:
 * const link = { childFields: ['thread_id'], parentFields: ['id'], childHoldsKey: true };
 * const up = { childFields: ['category_id'], parentFields: ['id'], childHoldsKey: true };
 * const refs: ParentRef[] = [{ model: thread, pkValues: { id: 7 }, link }, { model: category, pkValues: { id: 3 }, link: up }];
 * ```
 */
export interface ParentRef {
  /** The parent's ORM model (table, entity class, model class). */
  readonly model: unknown;
  /** The parent's primary-key values, by field name, parsed from the URL or resolved. */
  readonly pkValues: PkValues;
  /** How the level below joins this parent. */
  readonly link: ParentLink;
  /**
   * The shape of the chain from this parent up, as `chainShape` makes it: the router sets it
   * when it is built, so a statement is found without working the chain out; without it, the adapter does.
   */
  readonly chain?: string;
}

/** Numbers given to models, by reference: objects and classes weakly, names (a string) for good. */
const modelIds = { objects: new WeakMap<object, number>(), names: new Map<unknown, number>(), next: 0 };

/**
 * A number naming `model` (an ORM model, or a name): the same for the same reference only, so two
 * tables sharing a name (in two schemas, or two databases) never share a kept statement.
 *
 * @example
 * ```ts
 * modelId(thread) === modelId(thread); // true
 * modelId(thread) === modelId(category); // false: and so for two tables of one name in two schemas
 * ```
 */
export function modelId(model: unknown): number {
  const byObject = (typeof model === 'object' && model !== null) || typeof model === 'function';
  const store = byObject ? modelIds.objects : modelIds.names;
  let id = store.get(model as object);
  if (id === undefined) {
    id = ++modelIds.next;
    store.set(model as object, id);
  }
  return id;
}

/**
 * The shape of a parent chain: its nearest parent's model (by reference, see `modelId`) and `link`,
 * then the shape `above` it. It names models and join columns, never key values, so it fixes a
 * scoped statement's text.
 *
 * @example
 * ```ts
 * const up = chainShape(category, { childFields: ['category_id'], parentFields: ['id'], childHoldsKey: true });
 * chainShape(thread, { childFields: ['thread_id'], parentFields: ['id'], childHoldsKey: true }, up);
 * // '/2:thread_id>id!/1:category_id>id!'
 * ```
 */
export function chainShape(model: unknown, link: ParentLink, above = ''): string {
  const { childFields, parentFields, childHoldsKey } = link;
  return `/${modelId(model)}:${childFields.join(',')}>${parentFields.join(',')}${childHoldsKey ? '!' : '?'}${above}`;
}
