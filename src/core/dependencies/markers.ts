/**
 * Dependency markers: the named inputs of every handler. A marker is resolved
 * per request by a {@link ReplaceSignatureDependency}, which also declares the
 * inputs (path, query, body) it reads, so route schemas follow the resolvers
 * and a replaced resolver changes what the route accepts.
 *
 * @module
 */
import type { z } from 'zod';
import type { CrudRequest } from './request.ts';

/** Computes a marker's value for one request. */
export type Resolver<T = unknown> = (req: CrudRequest) => T | Promise<T>;

/** The request inputs a resolver reads; merged into its route's schemas. */
export interface DeclaredInputs {
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
}

/**
 * A resolver for a marker, with the inputs it declares: it replaces the marker's default resolver.
 * `schema` is the schema a schema marker stands for (public, create, ...).
 *
 * @example
 * ```ts
 * const me = new ReplaceSignatureDependency((req) => ({ id: Number(req.headers['x-user-id']) }));
 * new CRUDCollection({ ormAdapter, dependencyOverrides: new Map([[PKFieldsDependency, me]]) });
 * ```
 */
export class ReplaceSignatureDependency<T = unknown> {
  readonly resolve: Resolver<T>;
  readonly inputs: DeclaredInputs;
  readonly schema: z.ZodType | undefined;

  constructor(resolve: Resolver<T>, inputs: DeclaredInputs = {}, schema?: z.ZodType) {
    this.resolve = resolve;
    this.inputs = inputs;
    this.schema = schema;
  }

  /** Wraps a plain resolver; passes a `ReplaceSignatureDependency` through. */
  static from<T>(value: ReplaceSignatureDependency<T> | Resolver<T>): ReplaceSignatureDependency<T> {
    return value instanceof ReplaceSignatureDependency ? value : new ReplaceSignatureDependency(value);
  }
}

/**
 * Base of the marker classes; markers are never instantiated, only used as keys.
 *
 * @example
 * ```ts
 * const markers: (typeof DependencyMarker)[] = [PKFieldsDependency, FilterSchemaDependency];
 * ```
 */
export abstract class DependencyMarker {
  declare readonly __marker: undefined;
}

/**
 * The validated create body. A replacement declares the body it reads, or the route validates and documents none.
 *
 * @example
 * ```ts
 * const fromToken = new ReplaceSignatureDependency((req) => ({ ...(req.body as object), author_id: req.state.get('userId') }), {
 *   body: postAdapter.generateCreateSchema(['thread_id', 'slug']),
 * });
 * const overrides: DependencyOverrides = new Map([[CreateSchemaDependency, fromToken]]);
 * ```
 */
export abstract class CreateSchemaDependency extends DependencyMarker {}
/**
 * The validated, partial update body. A replacement declares the body it reads, or the route validates and
 * documents none.
 *
 * @example
 * ```ts
 * const titleOnly = new ReplaceSignatureDependency((req) => req.body, { body: threadAdapter.generateUpdateSchema(['title']) });
 * const overrides: DependencyOverrides = new Map([[UpdateSchemaDependency, titleOnly]]);
 * ```
 */
export abstract class UpdateSchemaDependency extends DependencyMarker {}
/**
 * The public (GET) schema: resolves to the schema itself.
 * @example `collection.getResolvedOverrides().get(PublicSchemaDependency)?.schema`
 */
export abstract class PublicSchemaDependency extends DependencyMarker {}
/**
 * The page schema of GET list: resolves to the schema itself.
 * @example `collection.getResolvedOverrides().get(PublicListSchemaDependency)?.schema`
 */
export abstract class PublicListSchemaDependency extends DependencyMarker {}
/**
 * Exact-match filters from the query, by field name.
 * @example `const overrides: DependencyOverrides = new Map([[FilterSchemaDependency, (req) => ({ author_id: req.params.user_id })]])`
 */
export abstract class FilterSchemaDependency extends DependencyMarker {}
/**
 * Sort terms from the repeatable `sort` query parameter.
 * @example `new Map([[SortSchemaDependency, () => [{ field: 'created_at', direction: 'desc' }]]])`
 */
export abstract class SortSchemaDependency extends DependencyMarker {}
/**
 * Relation names from the repeatable `include` query parameter.
 * @example `new Map([[IncludeSchemaDependency, () => ['thread']]])`
 */
export abstract class IncludeSchemaDependency extends DependencyMarker {}
/**
 * This collection's primary-key values, by field name (from the path by default).
 * @example `const overrides: DependencyOverrides = new Map([[PKFieldsDependency, (req) => ({ id: req.headers['x-user-id'] })]])`
 */
export abstract class PKFieldsDependency extends DependencyMarker {}
/**
 * The paginator of GET list.
 * @example `new Map([[PaginatorDependency, class extends PagePaginator { static override maxPerPage = 500 }.dependency()]])`
 */
export abstract class PaginatorDependency extends DependencyMarker {}
/**
 * Primary-key values of every ancestor, nearest first.
 * @example `threads.extra.get('/stats', ({ parents }) => ({ category: parents[0] }))`
 */
export abstract class ParentPKFieldsDependency extends DependencyMarker {}

/** A marker class. */
export type Marker = abstract new (...args: never[]) => DependencyMarker;

/** What a user may give for a marker: a full dependency or a plain resolver. */
export type DependencyOverride = ReplaceSignatureDependency | Resolver;

/** `dependencyOverrides`: marker class → replacement. */
export type DependencyOverrides = ReadonlyMap<Marker, DependencyOverride>;

/**
 * What a `dependencyOverrides` option takes: a `Map`, or an array of `[marker, replacement]` pairs, which
 * may mix dependencies and plain functions (a `new Map([...])` of both needs its types spelt out).
 */
export type DependencyOverridesInit = DependencyOverrides | readonly (readonly [Marker, DependencyOverride])[];

/** Markers resolved for one mount point of a collection. */
export type ResolvedOverrides = ReadonlyMap<Marker, ReplaceSignatureDependency>;

/** Merges declared inputs: params and query objects extend each other, the last body wins. */
export function mergeInputs(list: readonly DeclaredInputs[]): DeclaredInputs {
  let params: z.ZodObject | undefined;
  let query: z.ZodObject | undefined;
  let body: z.ZodType | undefined;
  for (const inputs of list) {
    if (inputs.params) params = params ? params.extend(inputs.params.shape) : inputs.params;
    if (inputs.query) query = query ? query.extend(inputs.query.shape) : inputs.query;
    if (inputs.body) body = inputs.body;
  }
  return { ...(params && { params }), ...(query && { query }), ...(body && { body }) };
}

/** Runs a resolver at most once per request, however many handlers ask for it. */
export function memoize<T>(resolver: Resolver<T>): Resolver<T> {
  const key = Symbol('memo');
  return (req) => {
    if (req.state.has(key)) return req.state.get(key) as T | Promise<T>;
    const value = resolver(req);
    req.state.set(key, value);
    return value;
  };
}
