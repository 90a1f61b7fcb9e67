/**
 * What a binding registers for a router: each route once, at its full path
 * in the `:param` style every framework here takes, with its trailing-slash
 * twin for a collection root; routes that differ in method only (the 405
 * fillers of a path) as one entry of several methods. Static segments come
 * before parameters (`/categories/search` before `/categories/:category_id`),
 * so a framework that matches the first route registered matches as
 * Fastify's router does.
 *
 * @module
 */
import type { CrudRoute, CrudRouter, HttpMethod } from '../routing/router.ts';

/** One registration: a route, the methods it answers, and the paths it is served at. */
export interface RouteEntry {
  readonly route: CrudRoute;
  readonly methods: HttpMethod[];
  /** The path, then its trailing-slash twin if it has one. */
  readonly paths: string[];
}

/** `/categories` + `/{category_id}` → `/categories/:category_id`. */
export function colonPath(prefix: string, path: string): string {
  return (prefix + path).replace(/\{([^}]+)\}/g, ':$1') || '/';
}

/**
 * The entries of `router`; `twins: false` when the framework already matches
 * `/x/` as `/x` (it would refuse the twin as a duplicate).
 *
 * @example
 * ```ts
 * for (const { route, methods, paths } of routeEntries(router)) console.log(methods, paths, route.name);
 * ```
 */
export function routeEntries(router: CrudRouter, options: { twins?: boolean } = {}): RouteEntry[] {
  const twins = options.twins ?? true;
  const entries: RouteEntry[] = [];
  const byHandle = new Map<CrudRoute['handle'], RouteEntry>();
  for (const route of router.routes) {
    const same = byHandle.get(route.handle);
    if (same && differInMethodOnly(same.route, route)) {
      same.methods.push(route.method);
      continue;
    }
    const path = colonPath(router.prefix, route.path);
    const paths = twins && route.root && !path.endsWith('/') ? [path, `${path}/`] : [path];
    const entry = { route, methods: [route.method], paths };
    entries.push(entry);
    byHandle.set(route.handle, entry);
  }
  const keys = new Map(entries.map((entry) => [entry, shapeOf(entry.paths[0] as string)]));
  return entries.sort((a, b) => compareShapes(keys.get(a) as number[], keys.get(b) as number[]));
}

/** Each segment of a path: 0 static, 1 parameter. */
function shapeOf(path: string): number[] {
  return path.split('/').map((segment) => (segment.startsWith(':') ? 1 : 0));
}

/** Static before parameter at the first segment where two paths differ, then the shorter first. */
function compareShapes(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  // Shorter first: a total order, which a sort needs (paths of different lengths never match one request).
  return a.length - b.length;
}

/** Whether two routes differ in their method only (every other field the same value or object). */
function differInMethodOnly(a: CrudRoute, b: CrudRoute): boolean {
  const keys = Object.keys(a) as (keyof CrudRoute)[];
  return keys.length === Object.keys(b).length && keys.every((key) => key === 'method' || a[key] === b[key]);
}
