/**
 * The table routes are added to while a router is built, at one mount
 * point; nested collections add into the same routes through `nest`.
 *
 * @module
 */
import type { CRUDCollection } from '../collection.ts';
import { extraRoutes } from './extra-route.ts';
import { Mount } from './mount.ts';
import type { Strategy } from './mount-place.ts';
import type { NestedConfig } from './nesting.ts';
import { OPERATIONS, type OperationName, operationRoute } from './operations.ts';
import type { CrudRoute } from './router.ts';

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
  readonly mount: Mount;
  readonly routes: CrudRoute[];
  readonly #taken: Set<string>;

  constructor(mount: Mount, routes: CrudRoute[] = [], taken = new Set<string>()) {
    this.mount = mount;
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

  /** Adds a generated operation of this mount point's collection; no create where its place allows none. */
  addOperation(name: OperationName, strategy?: Strategy): void {
    const mount = this.#mountFor(strategy);
    if (name === 'createOne' && !mount.creates) return;
    this.#withOperationId(operationRoute(mount, OPERATIONS[name]));
  }

  /** Adds the collection's `extra` routes. */
  addExtraRoutes(strategy?: Strategy): void {
    for (const route of extraRoutes(this.#mountFor(strategy))) this.#withOperationId(route);
  }

  /** A table for `child` nested at `path` under this mount point, adding into the same routes. */
  nest(child: CRUDCollection, path: string, config: NestedConfig): RouteTable {
    return new RouteTable(this.mount.nest(child, path, config), this.routes, this.#taken);
  }

  /** This mount point, or the same place under another strategy. */
  #mountFor(strategy: Strategy | undefined): Mount {
    const { mount } = this;
    if (!strategy || strategy === mount.place.strategy) return mount;
    return new Mount(mount.collection, { ...mount.place, strategy });
  }

  /** Adds a route, with the collection's generated operation id unless it has one. */
  #withOperationId(route: CrudRoute): void {
    const { collection, place } = this.mount;
    const operationId = route.operationId || collection.generateUniqueId({ ...route, path: place.prefix + route.path });
    this.add({ ...route, operationId });
  }
}
