/**
 * The mutable table routes are added to while a router is built, with the
 * context of the mount point (path, ancestors, inherited dependencies).
 *
 * @module
 */
import type { PkValues } from './adapter.ts';
import type { DependencyOverrides, ReplaceSignatureDependency } from './dependencies.ts';
import type { ParentLink } from './parent-scope.ts';
import type { Dependency } from './request.ts';
import type { CrudRoute } from './router.ts';

/**
 * An alternative set of dependency overrides for one router build, applied over
 * the collection's own `dependencyOverrides`.
 */
export interface Strategy {
  readonly dependencyOverrides?: DependencyOverrides;
}

/** One ancestor of a mount point. */
export interface ParentLevel {
  readonly model: unknown;
  readonly link: ParentLink;
  /** The ancestor's own resolved `PKFieldsDependency` (memoised per request). */
  readonly pk: ReplaceSignatureDependency<PkValues>;
}

/** Where a collection's routes are being mounted. */
export interface MountContext {
  /** Full prefix of the router being built, for operation ids. */
  readonly prefix: string;
  /** The collection root, relative to the router prefix (`''`, `/{category_id}/threads`). */
  readonly path: string;
  /** Ancestors, nearest first. */
  readonly parents: readonly ParentLevel[];
  /** Dependencies inherited from ancestors and nested configs. */
  readonly dependencies: readonly Dependency[];
  readonly tags: readonly string[];
  readonly deprecated?: boolean;
  readonly hidden?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
  readonly strategy?: Strategy;
}

/**
 * Routes of one router, in registration order. The first route for a method
 * and path wins, so extra routes added first replace generated ones.
 *
 * @example
 * ```ts
 * class Audited extends CRUDCollection {
 *   override addDeleteOneRoute(table: RouteTable, strategy?: Strategy) {
 *     if (process.env.ALLOW_DELETE) super.addDeleteOneRoute(table, strategy);
 *   }
 * }
 * ```
 */
export class RouteTable {
  readonly context: MountContext;
  readonly routes: CrudRoute[];
  readonly #taken: Set<string>;

  constructor(context: MountContext, routes: CrudRoute[] = [], taken = new Set<string>()) {
    this.context = context;
    this.routes = routes;
    this.#taken = taken;
  }

  /** Adds a route unless one already serves its method and path. */
  add(route: CrudRoute): void {
    const key = `${route.method} ${route.path}`;
    if (this.#taken.has(key)) return;
    this.#taken.add(key);
    this.routes.push(route);
  }

  /** A table for a nested mount, adding into the same routes. */
  nest(context: MountContext): RouteTable {
    return new RouteTable(context, this.routes, this.#taken);
  }
}
