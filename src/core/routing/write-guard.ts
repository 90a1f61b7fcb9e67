/**
 * What a create or update body never sets, whichever resolver makes it: the
 * fields the path fixes (the nearest parent's key), and on an update the
 * primary key. Put over the final body resolvers of a mount point, so a
 * replaced `CreateSchemaDependency` or `UpdateSchemaDependency` keeps to the
 * path as the default does; a replaced one's values are checked too, as the
 * default's schema checks a client's (see `written-values.ts`).
 *
 * @module
 */
import type { Row } from '../adapter-data.ts';
import {
  CreateSchemaDependency,
  type Marker,
  ReplaceSignatureDependency,
  type Resolver,
  UpdateSchemaDependency,
} from '../dependencies/markers.ts';
import { isThenable } from '../dependencies/resolve.ts';
import type { WrittenValues } from './written-values.ts';

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

/**
 * `dependency` with its value's `dropped` keys left out, and what is left checked by `values` where
 * given; synchronous while it is.
 */
function guarded(
  dependency: ReplaceSignatureDependency,
  dropped: ReadonlySet<string>,
  values: WrittenValues | undefined,
): ReplaceSignatureDependency {
  if (dropped.size === 0 && !values) return dependency;
  const resolve = dependency.resolve;
  const keep = values
    ? (value: unknown) => values.check(without(value, dropped))
    : (value: unknown) => without(value, dropped);
  const guard: Resolver = (req) => {
    const value = resolve(req);
    return isThenable(value) ? Promise.resolve(value).then(keep) : keep(value);
  };
  return new ReplaceSignatureDependency(guard, dependency.inputs, dependency.schema);
}

/** What a mount point's body resolvers keep to. */
export interface WriteRules {
  /** The fields the path fixes: the adapter takes them from the parent in the path. */
  readonly fixed: ReadonlySet<string>;
  readonly primaryKey: readonly string[];
  /** The check of a replaced resolver's values (the default's body is checked by its schema already). */
  readonly values: () => WrittenValues;
  /** Whether the app replaced the default resolver of `marker`. */
  replaced(marker: Marker): boolean;
}

/**
 * Guards the body resolvers of `resolvers` in place: a create never sets the `fixed` fields, an update
 * neither them nor a `primaryKey` field, and a replaced resolver's values are ones their fields take.
 *
 * @example
 * ```ts
 * const resolvers = new Map(collection.getResolvedOverrides());
 * // threads under /categories/{category_id}, every resolver checked as a replaced one
 * const values = () => writtenValues(threadAdapter.meta);
 * guardWrites(resolvers, { fixed: new Set(['category_id']), primaryKey: ['id'], values, replaced: () => true });
 * ```
 */
export function guardWrites(resolvers: Map<Marker, ReplaceSignatureDependency>, rules: WriteRules): void {
  const { fixed, primaryKey } = rules;
  const create = resolvers.get(CreateSchemaDependency);
  const update = resolvers.get(UpdateSchemaDependency);
  const checked = (marker: Marker) => (rules.replaced(marker) ? rules.values() : undefined);
  if (create) resolvers.set(CreateSchemaDependency, guarded(create, fixed, checked(CreateSchemaDependency)));
  if (update) {
    const dropped = new Set([...fixed, ...primaryKey]);
    resolvers.set(UpdateSchemaDependency, guarded(update, dropped, checked(UpdateSchemaDependency)));
  }
}
