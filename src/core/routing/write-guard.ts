/**
 * What a create or update body never sets, whichever resolver makes it: the
 * fields the path fixes (the nearest parent's key), and on an update the
 * primary key. Put over the final body resolvers of a mount point, so a
 * replaced `CreateSchemaDependency` or `UpdateSchemaDependency` keeps to the
 * path as the default does.
 *
 * @module
 */
import type { Row } from '../adapter.ts';
import {
  CreateSchemaDependency,
  type Marker,
  ReplaceSignatureDependency,
  type Resolver,
  UpdateSchemaDependency,
} from '../dependencies/markers.ts';
import { isThenable } from '../dependencies/resolve.ts';

/** `value` without the `dropped` keys: itself when it sets none of them. */
function without(value: unknown, dropped: ReadonlySet<string>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Row;
  let sets = false;
  for (const key of dropped) sets ||= record[key] !== undefined;
  if (!sets) return value;
  // The keys a write reads (`for … in`), as own data properties: `__proto__` stays a key.
  const kept: [string, unknown][] = [];
  for (const key in record) if (!dropped.has(key)) kept.push([key, record[key]]);
  return Object.fromEntries(kept);
}

/** `dependency` with its value's `dropped` keys left out, synchronous while it is. */
function guarded(dependency: ReplaceSignatureDependency, dropped: ReadonlySet<string>): ReplaceSignatureDependency {
  if (dropped.size === 0) return dependency;
  const resolve = dependency.resolve;
  const guard: Resolver = (req) => {
    const value = resolve(req);
    return isThenable(value) ? Promise.resolve(value).then((v) => without(v, dropped)) : without(value, dropped);
  };
  return new ReplaceSignatureDependency(guard, dependency.inputs, dependency.schema);
}

/**
 * Guards the body resolvers of `resolvers` in place: a create never sets the `fixed` fields (the adapter
 * takes them from the parent in the path), an update neither them nor a `primaryKey` field.
 *
 * @example
 * ```ts
 * const resolvers = new Map(collection.getResolvedOverrides());
 * guardWrites(resolvers, new Set(['category_id']), ['id']); // threads under /categories/{category_id}
 * ```
 */
export function guardWrites(
  resolvers: Map<Marker, ReplaceSignatureDependency>,
  fixed: ReadonlySet<string>,
  primaryKey: readonly string[],
): void {
  const create = resolvers.get(CreateSchemaDependency);
  const update = resolvers.get(UpdateSchemaDependency);
  if (create) resolvers.set(CreateSchemaDependency, guarded(create, fixed));
  if (update) resolvers.set(UpdateSchemaDependency, guarded(update, new Set([...fixed, ...primaryKey])));
}
