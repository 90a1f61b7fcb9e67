/**
 * Binding dependency markers to their resolvers: a marked handler bound to
 * run on a request, and the one lookup every binder (handlers, the calls of
 * generated routes) goes through.
 *
 * @module
 */
import {
  type DeclaredInputs,
  type DependencyOverride,
  type Marker,
  mergeInputs,
  ReplaceSignatureDependency,
} from './markers.ts';
import type { CrudRequest } from './request.ts';
import { resolveAll, resolveThen } from './resolve.ts';

/** A handler that names the markers it takes, in order. */
export interface MarkedHandler<R> {
  readonly markers: readonly Marker[];
  readonly fn: (...values: never[]) => R;
}

/** A handler with its markers bound to resolvers: run it on a request. */
export interface BoundHandler<R> {
  readonly inputs: DeclaredInputs;
  run(req: CrudRequest): Promise<R>;
}

/** Markers bound to resolvers: the inputs they declare, and their values for a request, in order. */
export interface BoundMarkers {
  readonly inputs: DeclaredInputs;
  /** The values themselves while every resolver answers synchronously, else a promise of them. */
  values(req: CrudRequest): unknown[] | Promise<unknown[]>;
}

/**
 * Binds `markers` to their resolvers in `overrides`, failing on one without;
 * every marker binder (handlers, generated routes' calls) goes through it.
 *
 * @example
 * ```ts
 * const bound = bindMarkers([PKFieldsDependency], collection.getResolvedOverrides());
 * const [pk] = await bound.values(req);
 * ```
 */
export function bindMarkers(
  markers: readonly Marker[],
  overrides: ReadonlyMap<Marker, DependencyOverride>,
): BoundMarkers {
  const deps = markers.map((marker) => {
    const found = overrides.get(marker);
    if (!found) throw new TypeError(`No resolver for dependency marker ${marker.name}`);
    return ReplaceSignatureDependency.from(found);
  });
  const resolvers = deps.map((d) => d.resolve);
  return { inputs: mergeInputs(deps.map((d) => d.inputs)), values: (req) => resolveAll(resolvers, req) };
}

/**
 * Binds a marked handler's markers to the resolvers of `overrides` (a
 * collection's `getResolvedOverrides()`, say: `CRUDCollection.overrideDependencies`
 * merges yours over those). The result declares the union of its resolvers' inputs.
 *
 * @example
 * ```ts
 * const bound = overrideDependencies(
 *   { markers: [PKFieldsDependency], fn: (pk: PkValues) => ormAdapter.getOne(pk, []) },
 *   collection.getResolvedOverrides(),
 * );
 * await bound.run(req);
 * ```
 */
export function overrideDependencies<R>(
  original: MarkedHandler<R>,
  overrides: ReadonlyMap<Marker, DependencyOverride> = new Map(),
): BoundHandler<R> {
  const { inputs, values } = bindMarkers(original.markers, overrides);
  const fn = original.fn as (...values: unknown[]) => R | Promise<R>;
  const apply = (all: unknown[]) => fn(...all);
  return { inputs, run: (req) => resolveThen(req, values, apply) };
}
