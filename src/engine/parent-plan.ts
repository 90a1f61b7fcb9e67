/**
 * The plan that keeps a statement inside a parent chain: its conditions (an
 * equality on a foreign key, `EXISTS` on a parent further up), made once per
 * chain shape, and their values in the order a depth-first translation meets
 * them, read straight from the parents per request.
 *
 * @module
 */
import type { PkValues, Row } from '../core/adapter-data.ts';
import type { ParentRef } from '../core/parent-scope.ts';

/** `EXISTS (SELECT 1 FROM model WHERE model.pk = … [AND correlation] AND where...)`. */
export interface ExistsCondition {
  readonly kind: 'exists';
  readonly model: unknown;
  /** Absent when the subquery does not refer to the outer row. */
  readonly correlate?: { readonly outer: readonly string[]; readonly inner: readonly string[] };
  readonly where: readonly ScopeCondition[];
}

/** A condition on the rows of the model being queried. */
export type ScopeCondition =
  /** `fields[i] = …` on the current model, the nearest parent's key values. */
  { readonly kind: 'equals'; readonly fields: readonly string[] } | ExistsCondition;

/**
 * The conditions that keep a query inside the parent chain: a direct foreign key
 * becomes an equality, every other level an `EXISTS` on the parent.
 *
 * @example
 * ```ts
 * const conditions = planParentScope(parents); // an `equals` on the nearest key, `exists` further up
 * ```
 */
export function planParentScope(parents: readonly ParentRef[] | undefined): ScopeCondition[] {
  if (!parents || parents.length === 0) return [];
  const [nearest, ...rest] = parents as [ParentRef, ...ParentRef[]];
  const { link } = nearest;
  if (link.childHoldsKey) {
    const equals: ScopeCondition = { kind: 'equals', fields: link.childFields };
    if (rest.length === 0) return [equals];
    return [equals, { kind: 'exists', model: nearest.model, where: planParentScope(rest) }];
  }
  return [
    {
      kind: 'exists',
      model: nearest.model,
      correlate: { outer: link.childFields, inner: link.parentFields },
      where: planParentScope(rest),
    },
  ];
}

/**
 * The plan that checks the parent chain itself exists: the nearest parent by key,
 * inside its own ancestors. Adapters run it before a create under parents.
 *
 * @example
 * ```ts
 * const check = planParentExists(parents); // `exists` on the nearest parent, inside its ancestors
 * ```
 */
export function planParentExists(parents: readonly ParentRef[]): ExistsCondition | undefined {
  const [nearest, ...rest] = parents;
  if (!nearest) return undefined;
  return { kind: 'exists', model: nearest.model, where: planParentScope(rest) };
}

/**
 * What a create under a parent that holds the key (a reverse nest, such as
 * `/posts/{post_id}/threads`) must also write, so the new row is reachable
 * where it was created: the parent's `fields` set to the new row's `from`
 * values, the parent found by its key. `undefined` when the child holds the
 * key (the usual direction: `parentKeyValues` sets it) or there is no parent.
 * Adapters run it after the insert, in the same transaction; a parent it does
 * not find is `ParentNotFoundError`, and nothing stays written.
 */
export interface ParentLinkWrite {
  readonly model: unknown;
  readonly pkValues: PkValues;
  /** The parent's fields to set. */
  readonly fields: readonly string[];
  /** The new row's fields their values come from. */
  readonly from: readonly string[];
}

/**
 * The {@link ParentLinkWrite} of a create under `parents`, if the nearest parent holds the key.
 *
 * @example
 * ```ts
 * // POST /posts/3/threads: post 3 is moved to the new thread.
 * const link = planParentLink(parents); // { model: post, pkValues: { id: 3 }, fields: ['thread_id'], from: ['id'] }
 * ```
 */
export function planParentLink(parents: readonly ParentRef[] | undefined): ParentLinkWrite | undefined {
  const nearest = parents?.[0];
  if (!nearest || nearest.link.childHoldsKey) return undefined;
  const { model, pkValues, link } = nearest;
  return { model, pkValues, fields: link.parentFields, from: link.childFields };
}

/** A model's primary-key field names, in the order an adapter binds them. */
export type PrimaryKeyOf = (model: unknown) => readonly string[];

/**
 * The values of {@link planParentScope}'s plan, in the order a translation
 * that walks it depth first meets them: per level, the foreign-key values of
 * an `equals`, then the parent's primary key of an `exists`. Read straight
 * from the parents, so a statement built once per chain gets its values
 * without a plan per request.
 *
 * @example
 * ```ts
 * // GET /categories/3/threads/7/posts/9, posts holding thread_id, threads category_id:
 * parentScopeValues(parents, () => ['id'], [9]); // [9, 7, 7, 3]: post id, thread_id, thread id, category_id
 * ```
 */
export function parentScopeValues(
  parents: readonly ParentRef[] | undefined,
  primaryKeyOf: PrimaryKeyOf,
  out: unknown[] = [],
): unknown[] {
  return scopeValuesFrom(parents, 0, primaryKeyOf, out);
}

/** {@link parentScopeValues} of the chain from level `from` up (`from` is the nearest parent of that plan). */
function scopeValuesFrom(
  parents: readonly ParentRef[] | undefined,
  from: number,
  primaryKeyOf: PrimaryKeyOf,
  out: unknown[],
): unknown[] {
  const levels = parents?.length ?? 0;
  for (let i = from; i < levels; i++) {
    const { link, model, pkValues } = (parents as readonly ParentRef[])[i] as ParentRef;
    if (link.childHoldsKey) {
      for (const field of link.parentFields) out.push(pkValues[field]);
      if (i === levels - 1) break;
    }
    for (const field of primaryKeyOf(model)) out.push(pkValues[field]);
  }
  return out;
}

/**
 * The values of {@link planParentExists}'s plan, in translation order: the
 * nearest parent's key, then the scope of its own ancestors.
 *
 * @example
 * ```ts
 * parentExistsValues(parents, () => ['id']); // [7, 3] for /categories/3/threads/7
 * ```
 */
export function parentExistsValues(
  parents: readonly ParentRef[],
  primaryKeyOf: PrimaryKeyOf,
  out: unknown[] = [],
): unknown[] {
  const nearest = parents[0];
  if (!nearest) return out;
  for (const field of primaryKeyOf(nearest.model)) out.push(nearest.pkValues[field]);
  return scopeValuesFrom(parents, 1, primaryKeyOf, out);
}

/**
 * The foreign-key values a create under `parents` takes from the URL.
 *
 * @example
 * ```ts
 * // POST /categories/2/threads
 * const values = { title: 'Hello', ...parentKeyValues(parents) }; // { title, category_id: 2 }
 * ```
 */
export function parentKeyValues(parents: readonly ParentRef[] | undefined): Row {
  const nearest = parents?.[0];
  if (!nearest?.link.childHoldsKey) return {};
  const values: Row = {};
  nearest.link.childFields.forEach((field, i) => {
    values[field] = nearest.pkValues[nearest.link.parentFields[i] as string];
  });
  return values;
}
