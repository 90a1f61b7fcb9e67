/**
 * Where a collection sits in a router: what a mount point inherits from the
 * router being built and from its ancestors.
 *
 * @module
 */
import type { ORMAdapterBase } from '../adapter.ts';
import type { PkValues } from '../adapter-data.ts';
import type { ParentModel } from '../dependencies/call.ts';
import type { DependencyOverridesInit, ReplaceSignatureDependency } from '../dependencies/markers.ts';
import type { Dependency } from '../dependencies/request.ts';

/**
 * An alternative set of dependency overrides for one router build, applied over
 * the collection's own `dependencyOverrides`; its nested collections keep theirs.
 */
export interface Strategy {
  readonly dependencyOverrides?: DependencyOverridesInit;
}

/** One ancestor of a mount point. */
export interface ParentLevel extends ParentModel {
  /** The ancestor's own resolved `PKFieldsDependency` (memoised per request). */
  readonly pk: ReplaceSignatureDependency<PkValues>;
  /** The ancestor's adapter, which reads its rows. */
  readonly adapter: ORMAdapterBase;
  /** Where the ancestor holds the key (a reverse nest), whether a create below may point it at the new row. */
  readonly relink?: boolean;
}

/** How routes of a mount point are documented. */
export interface MountDocs {
  readonly tags: readonly string[];
  readonly deprecated?: boolean;
  /** Left out of the OpenAPI document. */
  readonly hidden?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
}

/** Where a collection sits: everything a mount point inherits from the router and its ancestors. */
export interface MountPlace {
  /** Full prefix of the router being built, for operation ids. */
  readonly prefix: string;
  /** The collection root, relative to the router prefix (`''`, `/{category_id}/threads`). */
  readonly path: string;
  /** Ancestors, nearest first. */
  readonly parents: readonly ParentLevel[];
  /** Dependencies inherited from ancestors and nested configs. */
  readonly dependencies: readonly Dependency[];
  readonly docs: MountDocs;
  readonly strategy?: Strategy | undefined;
}
