/**
 * What a collection works out at each place it is mounted: which key
 * parameters its parent binds, its single-object path, its final create
 * schema, its resolved markers, and the context its nested collections get.
 *
 * @module
 */
import type { z } from 'zod';
import type { PkValues } from './adapter.ts';
import type { CRUDCollection } from './collection.ts';
import { buildDefaultOverrides, freeParamName, pkParamName } from './default-overrides.ts';
import {
  type Marker,
  memoize,
  PKFieldsDependency,
  ReplaceSignatureDependency,
  type ResolvedOverrides,
  type Resolver,
} from './dependencies.ts';
import { findParentLink, type NestedConfig } from './nesting.ts';
import type { MountContext, Strategy } from './route-table.ts';

/** PK parameters whose values come from the nearest parent (they leave the id path). */
export function boundParams(c: CRUDCollection, context: MountContext): ReadonlySet<string> {
  const link = context.parents[0]?.link;
  if (!link?.childHoldsKey) return new Set();
  const model = c.getModelName();
  return new Set(link.childFields.filter((f) => f in c.pkFields.shape).map((f) => pkParamName(model, f)));
}

/** The single-object path at a mount point; a parameter an ancestor's path already names gets a free name. */
export function itemPath(c: CRUDCollection, context: MountContext): string {
  const own = c.getIdPath(boundParams(c, context)).replace(/\{([^}]+)\}/g, (_, name: string) => {
    return `{${freeParamName(context.path, name)}}`;
  });
  return context.path + own;
}

/** The generated create schema, without the foreign key the URL supplies (rule C1). */
export function finalCreateSchema(c: CRUDCollection, context: MountContext): z.ZodObject {
  const schema = c.ormAdapter.generateCreateSchema(c.createFields, c.baseFields);
  const link = context.parents[0]?.link;
  if (!link?.childHoldsKey) return schema;
  const drop: Record<string, true> = {};
  for (const field of link.childFields) if (field in schema.shape) drop[field] = true;
  return schema.omit(drop as never);
}

const resolvedCache = new WeakMap<CRUDCollection, Map<string, ResolvedOverrides>>();

/** Defaults for the mount point, then the collection's `dependencyOverrides`, then the strategy's. */
export function resolveOverrides(c: CRUDCollection, context: MountContext, strategy?: Strategy): ResolvedOverrides {
  const key = `${context.prefix}|${context.path}`;
  const cache = resolvedCache.get(c) ?? new Map<string, ResolvedOverrides>();
  resolvedCache.set(c, cache);
  const cached = strategy ? undefined : cache.get(key);
  if (cached) return cached;
  const merged = new Map<Marker, ReplaceSignatureDependency>(
    buildDefaultOverrides(c, context, boundParams(c, context)),
  );
  for (const source of [c.dependencyOverrides, strategy?.dependencyOverrides]) {
    for (const [marker, value] of source ?? []) merged.set(marker, ReplaceSignatureDependency.from(value));
  }
  if (!strategy) cache.set(key, merged);
  return merged;
}

/** The context a nested collection is mounted in, under `parent`'s single-object path. */
export function nestedContext(
  parent: CRUDCollection,
  context: MountContext,
  nested: { readonly path: string; readonly child: CRUDCollection; readonly config: NestedConfig },
): MountContext {
  const options = nested.config.routerOptions;
  const link = findParentLink(nested.child.ormAdapter.meta, parent.ormAdapter.meta, nested.config.relation);
  const own = resolveOverrides(parent, context, context.strategy).get(PKFieldsDependency);
  if (!own) throw new TypeError('PKFieldsDependency is not resolved');
  const pk = new ReplaceSignatureDependency(memoize(own.resolve as Resolver<PkValues>), own.inputs);
  return {
    ...context,
    path: itemPath(parent, context) + nested.path,
    parents: [{ model: parent.ormAdapter.model, link, pk }, ...context.parents],
    dependencies: [...context.dependencies, ...parent.dependencies, ...(options.dependencies ?? [])],
    tags: options.tags ?? context.tags,
    hidden: context.hidden || options.includeInSchema === false || options.hide === true,
    deprecated: options.deprecated ?? context.deprecated,
    responses: { ...context.responses, ...options.responses },
  };
}
