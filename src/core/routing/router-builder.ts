/**
 * Building a router from a collection: the one place that walks a
 * collection and its nested collections into a route table.
 *
 * @module
 */
import type { CRUDCollection } from '../collection.ts';
import type { Dependency } from '../dependencies/request.ts';
import { refuseMissingJoinFields } from '../model-checks.ts';
import { buildingRouter } from '../schemas/model-configs.ts';
import { Mount } from './mount.ts';
import type { Strategy } from './mount-place.ts';
import { pathMethodRoutes } from './path-methods.ts';
import { RouteTable } from './route-table.ts';
import type { CrudRouter } from './router.ts';

/** Options of {@link CRUDCollection.getRouter}: where the routes go and how they are documented. */
export interface GetRouterOptions {
  readonly prefix?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  /** `false` leaves every route out of the OpenAPI document. */
  readonly includeInSchema?: boolean;
  readonly responses?: Readonly<Record<number, { readonly description: string }>>;
  /**
   * Replaced by the collection's own `dependencies` when the router is built.
   * @deprecated Has no effect: give collection-wide dependencies in the collection's `dependencies` option.
   */
  readonly dependencies?: readonly Dependency[];
  readonly strategy?: Strategy;
}

/** The route table of `collection` and everything nested under it, then HEAD, OPTIONS and the 405 fillers. */
export function buildRouter(collection: CRUDCollection, options: GetRouterOptions = {}): CrudRouter {
  const { prefix = '', tags = [], strategy, includeInSchema = true, deprecated, responses } = options;
  const docs = { tags, hidden: !includeInSchema, ...(deprecated !== undefined && { deprecated }), responses };
  const root = new Mount(collection, { prefix, path: '', parents: [], dependencies: [], docs, strategy });
  const table = new RouteTable(root);
  buildingRouter(() => mountTree(table));
  return { prefix, tags, routes: [...table.routes, ...pathMethodRoutes(table.routes)] };
}

/** Adds a collection's routes through its overridable `add…Route` methods, then its nested collections'. */
function mountTree(table: RouteTable): void {
  const c = table.mount.collection;
  // A relation over a field its models lack would fail each include of it: refused here, not per request.
  refuseMissingJoinFields(c.ormAdapter.meta, (name) => c.ormAdapter.describe(name));
  c.verifyIncludeSchema();
  const strategy = table.mount.place.strategy;
  const { single } = table.mount;
  c.addExtraRoutes(table, strategy);
  // A single object's GET at its root reads it; its list, at the same path, then comes second and is left out.
  if (single && !c.disableGetOne) c.addGetOneRoute(table, strategy);
  if (!c.disableGetMany) c.addGetManyRoute(table, strategy);
  if (!c.disableCreate) c.addCreateOneRoute(table, strategy);
  if (!single && !c.disableGetOne) c.addGetOneRoute(table, strategy);
  if (!c.disableUpdate) c.addUpdateOneRoute(table, strategy);
  if (!c.disableDelete) c.addDeleteOneRoute(table, strategy);
  for (const { path, child, config } of c.nestedCollections) mountTree(table.nest(child, path, config));
}
