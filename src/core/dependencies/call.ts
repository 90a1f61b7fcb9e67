/**
 * The typed value a generated route resolves each request into before it
 * calls its handler: one named field per dependency marker.
 *
 * @module
 */
import type { FilterData, IncludeData, PkValues, Row, SortData } from '../adapter-data.ts';
import type { PaginatorBase } from '../paginator.ts';
import type { ParentLink, ParentRef } from '../parent-scope.ts';
import type { StorageCheck } from '../schemas/storable.ts';
import { type BoundMarkers, bindMarkers } from './bind.ts';
import {
  CreateSchemaDependency,
  type DeclaredInputs,
  FilterSchemaDependency,
  IncludeSchemaDependency,
  type Marker,
  PaginatorDependency,
  ParentPKFieldsDependency,
  PKFieldsDependency,
  type ResolvedOverrides,
  SortSchemaDependency,
  UpdateSchemaDependency,
} from './markers.ts';
import type { CrudRequest } from './request.ts';
import { isThenable } from './resolve.ts';

/** The inputs of a generated handler, resolved for one request. */
export interface CrudCall {
  /** This collection's primary-key values (`PKFieldsDependency`). */
  readonly pk: PkValues;
  /** Every ancestor with its key, nearest first (`ParentPKFieldsDependency`). */
  readonly parents: readonly ParentRef[];
  readonly filter: FilterData;
  readonly sort: SortData;
  readonly include: IncludeData;
  readonly paginator: PaginatorBase;
  /** The validated create body (`CreateSchemaDependency`). */
  readonly create: Row;
  /** The validated update body (`UpdateSchemaDependency`). */
  readonly update: Row;
}

/** A field of {@link CrudCall}. */
export type CallField = keyof CrudCall;

/**
 * The fields of one request's call, and whether its path names a key no row
 * can have (one the database cannot hold): the operation then answers as for
 * a missing row, without asking the adapter.
 */
export type ResolvedCall<F extends CallField> = Pick<CrudCall, F> & { readonly missing: boolean };

/** The marker each field is resolved by. */
const MARKERS: Readonly<Record<CallField, Marker>> = {
  pk: PKFieldsDependency,
  parents: ParentPKFieldsDependency,
  filter: FilterSchemaDependency,
  sort: SortSchemaDependency,
  include: IncludeSchemaDependency,
  paginator: PaginatorDependency,
  create: CreateSchemaDependency,
  update: UpdateSchemaDependency,
};

/** An ancestor as a mount point knows it: its model, how the level below joins it, its chain's shape. */
export interface ParentModel {
  readonly model: unknown;
  readonly link: ParentLink;
  /** The shape of the chain from this ancestor up (see `chainShape`). */
  readonly chain: string;
}

const NO_PARENTS: readonly ParentRef[] = Object.freeze([]);

/** Pairs resolved ancestor keys (nearest first) with the ancestors' models, links and chain shapes. */
export function toParentRefs(levels: readonly ParentModel[], keys: readonly PkValues[]): readonly ParentRef[] {
  if (levels.length === 0) return NO_PARENTS;
  return levels.map(({ model, link, chain }, i) => ({ model, link, chain, pkValues: keys[i] as PkValues }));
}

/**
 * Resolves the fields an operation reads, in a fixed order, from the
 * markers' resolvers of its mount point; made once per route. With a
 * `storage` check, a body value the database cannot hold is a 422, and a key
 * it cannot hold marks the call `missing` (see `schemas/storable.ts`).
 *
 * @example
 * ```ts
 * const resolver = new CallResolver(['pk', 'include', 'parents'], collection.getResolvedOverrides(), []);
 * const { pk, include } = await resolver.resolve(req); // a value, or a promise when a resolver returned one
 * ```
 */
export class CallResolver<F extends CallField> {
  /** The request inputs the resolvers declare (path, query, body schemas). */
  readonly inputs: DeclaredInputs;
  readonly #fields: readonly F[];
  readonly #values: BoundMarkers['values'];
  readonly #levels: readonly ParentModel[];
  readonly #storage: StorageCheck | undefined;

  constructor(
    fields: readonly F[],
    resolved: ResolvedOverrides,
    levels: readonly ParentModel[],
    storage?: StorageCheck,
  ) {
    const bound = bindMarkers(
      fields.map((field) => MARKERS[field]),
      resolved,
    );
    this.inputs = bound.inputs;
    this.#fields = fields;
    this.#values = bound.values;
    this.#levels = levels;
    this.#storage = storage;
  }

  /** The call of one request: itself when every resolver answered synchronously, else a promise of it. */
  resolve(req: CrudRequest): ResolvedCall<F> | Promise<ResolvedCall<F>> {
    const values = this.#values(req);
    return isThenable(values) ? values.then((all) => this.#callOf(all)) : this.#callOf(values);
  }

  #callOf(values: readonly unknown[]): ResolvedCall<F> {
    const call: Record<string, unknown> = {};
    for (let i = 0; i < this.#fields.length; i++) call[this.#fields[i] as string] = values[i];
    if (call.parents !== undefined) call.parents = toParentRefs(this.#levels, call.parents as PkValues[]);
    call.missing = this.#storage ? !this.#storage.holds(call as Partial<CrudCall>) : false;
    return call as unknown as ResolvedCall<F>;
  }
}
