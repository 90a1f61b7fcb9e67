/**
 * Nested collections: their configuration, and how a child model joins its
 * parent (worked out once, when the router is built).
 *
 * @module
 */

import type { Dependency } from '../dependencies/request.ts';
import type { ModelMeta } from '../model-meta.ts';
import type { ParentLink } from '../parent-scope.ts';

/** Router options a nested mount accepts. */
export interface NestedRouterOptions {
  readonly tags?: readonly string[];
  readonly dependencies?: readonly Dependency[];
  readonly deprecated?: boolean;
  /** `false` leaves the child's routes out of the OpenAPI document. */
  readonly includeInSchema?: boolean;
  /** `true` is the same as `includeInSchema: false`. */
  readonly hide?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
}

/**
 * How a child collection mounts under its parent.
 *
 * @example
 * ```ts
 * users.addNestedCollection('/posts', posts, new NestedConfig({ relation: 'author', routerOptions: { tags: ['posts'] } }));
 * ```
 */
export class NestedConfig {
  readonly routerOptions: NestedRouterOptions;
  /** The child model's relation to the parent, when several could join them. */
  readonly relation: string | undefined;
  /**
   * Where the parent holds the key (`/posts/{post_id}/thread`), whether a create here makes the row and
   * points the parent at it: an update of the parent, so off unless asked for (no POST route then).
   */
  readonly relinkParent: boolean;

  /** `routerKwargs` is another name for `routerOptions` (Python's `router_kwargs`); give one of them. */
  constructor(
    init: {
      routerOptions?: NestedRouterOptions;
      routerKwargs?: NestedRouterOptions;
      relation?: string;
      relinkParent?: boolean;
    } = {},
  ) {
    // Both given, one would be dropped unseen (with the guards it names).
    if (init.routerOptions && init.routerKwargs)
      throw new TypeError('NestedConfig takes routerOptions or routerKwargs, not both');
    this.routerOptions = init.routerOptions ?? init.routerKwargs ?? {};
    this.relation = init.relation;
    this.relinkParent = init.relinkParent ?? false;
  }

  /** {@link routerOptions} under its other name. */
  get routerKwargs(): NestedRouterOptions {
    return this.routerOptions;
  }
}

/** A model of a nest: its description, and its adapter's model of a name (as for a relation's target). */
export interface NestSide {
  readonly meta: ModelMeta;
  describe(model: string): ModelMeta;
}

/**
 * Whether `target`, a model name in `from`'s description, is the model of `to`: by the model the adapter
 * finds by that name where both have one, so a table of that name in another schema is not.
 */
function isModel(from: NestSide, target: string, to: ModelMeta): boolean {
  return target === to.name && (to.model === undefined || from.describe(target).model === to.model);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name) => b.includes(name));

/** A way a child may join its parent; `holds`: whether the child holds the key, where its relation says. */
interface LinkCandidate {
  readonly childFields: readonly string[];
  readonly parentFields: readonly string[];
  readonly holds?: boolean | undefined;
}

/**
 * Finds how rows of `child` join rows of `parent`: through the child's direct
 * relation to the parent (either foreign-key direction), else a foreign key.
 */
export function findParentLink(childSide: NestSide, parentSide: NestSide, relation?: string): ParentLink {
  const [child, parent] = [childSide.meta, parentSide.meta];
  const toParent = (target: string) => isModel(childSide, target, parent);
  const toChild = (target: string) => isModel(parentSide, target, child);
  const direct = child.relations.filter((r) => toParent(r.target) && !r.through);
  const named = relation === undefined ? direct : direct.filter((r) => r.name === relation);
  if (relation !== undefined && named.length === 0) {
    throw new TypeError(`Model "${child.name}" has no direct relation "${relation}" to "${parent.name}"`);
  }
  const candidates: LinkCandidate[] = named.map((r) => ({
    childFields: r.fields,
    parentFields: r.references,
    holds: r.holdsKey,
  }));
  if (candidates.length === 0) {
    for (const fk of child.foreignKeys.filter((f) => toParent(f.target))) {
      candidates.push({ childFields: fk.fields, parentFields: fk.references });
    }
    for (const fk of parent.foreignKeys.filter((f) => toChild(f.target))) {
      candidates.push({ childFields: fk.references, parentFields: fk.fields });
    }
  }
  const same = (a: LinkCandidate, b: LinkCandidate) =>
    sameSet(a.childFields, b.childFields) && sameSet(a.parentFields, b.parentFields);
  const distinct = candidates.filter((c, i) => candidates.findIndex((o) => same(o, c)) === i);
  const [link, ...others] = distinct;
  if (!link) {
    const through = child.relations.find((r) => toParent(r.target) && r.through)?.through;
    const hint = through
      ? `: it joins it through "${through.model}", whose own collection can nest instead`
      : namesOther(child, parent)
        ? ': it joins another model of that name, such as a table in another schema'
        : '';
    throw new TypeError(`Model "${child.name}" has no direct relation to "${parent.name}"${hint}`);
  }
  if (others.length > 0) {
    throw new TypeError(`"${child.name}" joins "${parent.name}" in several ways; name one with NestedConfig.relation`);
  }
  // Joined on the parent's key, the URL gives the child's link values (a shared key too); else who holds it.
  const onParentKey = sameSet(link.parentFields, parent.primaryKey);
  const childHoldsKey = onParentKey || holdsKey(childSide, parentSide, link);
  // The URL names the parent by its key; a child keyed to other parent fields could be moved or re-point it.
  if (childHoldsKey && !onParentKey) {
    const fields = link.parentFields.join(', ');
    throw new TypeError(`"${child.name}" joins "${parent.name}" by ${fields}, not its primary key: it cannot nest`);
  }
  return { childFields: link.childFields, parentFields: link.parentFields, childHoldsKey };
}

/** Whether one names the other where no link joins them: the name finds another model (another schema's table). */
function namesOther(child: ModelMeta, parent: ModelMeta): boolean {
  const toParent = [...child.relations, ...child.foreignKeys].some((r) => r.target === parent.name);
  return toParent || parent.foreignKeys.some((fk) => fk.target === child.name);
}

/**
 * Whether the child holds the key of a link off the parent's key: as a declared foreign key says, else as
 * the relation says, else unless the child joins by its own key.
 */
function holdsKey(child: NestSide, parent: NestSide, link: LinkCandidate): boolean {
  const declares = (from: NestSide, to: NestSide, fields: readonly string[], references: readonly string[]) =>
    from.meta.foreignKeys.some(
      (fk) => isModel(from, fk.target, to.meta) && sameSet(fk.fields, fields) && sameSet(fk.references, references),
    );
  if (declares(child, parent, link.childFields, link.parentFields)) return true;
  if (declares(parent, child, link.parentFields, link.childFields)) return false;
  return link.holds ?? !sameSet(link.childFields, child.meta.primaryKey);
}
