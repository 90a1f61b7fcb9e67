/**
 * Builds the routes registered through `collection.extra`.
 *
 * @module
 */
import { z } from 'zod';
import type { PkValues } from '../adapter.ts';
import {
  type DeclaredInputs,
  mergeInputs,
  ParentPKFieldsDependency,
  PKFieldsDependency,
} from '../dependencies/markers.ts';
import type { ExtraRouteEntry } from './extra-routes.ts';
import type { Mount } from './mount.ts';
import { makeRoute } from './route-factory.ts';
import type { CrudRoute } from './router.ts';

/** The routes of a collection's `extra` at a mount point: item extras under the item path, collection extras at the root. */
export function extraRoutes(mount: Mount): CrudRoute[] {
  const c = mount.collection;
  const parentDep = mount.resolvers.get(ParentPKFieldsDependency);
  const pkDep = mount.resolvers.get(PKFieldsDependency);
  if (!parentDep || !pkDep) throw new TypeError('PK dependencies are not resolved');
  const collectionEntries = c.extra.entries.filter((e) => e.anchor === 'collection');
  const itemEntries = c.extra.entries.filter((e) => e.anchor === 'item');
  return [...collectionEntries, ...itemEntries].flatMap((entry: ExtraRouteEntry) => {
    const { options } = entry;
    const item = entry.anchor === 'item';
    const declared: DeclaredInputs[] = [parentDep.inputs, ...(item ? [pkDep.inputs] : [])];
    if (options.schema) declared.push(options.schema);
    // The root answers with and without a trailing slash, so a collection extra at `/` is one at the root.
    const own = !item && entry.path === '/' ? '' : entry.path;
    const path = (item ? mount.itemPath : mount.place.path) + own;
    const inputs = withPathParams(mergeInputs(declared), path);
    return entry.methods.map((method) =>
      makeRoute(mount, {
        method,
        path,
        name: 'extra',
        status: options.status ?? 200,
        inputs,
        response: options.response ?? options.schema?.response,
        dependencies: [...c.dependencies, ...(options.dependencies ?? [])],
        ...(options.operationId && { operationId: options.operationId }),
        ...(options.tags && { tags: options.tags }),
        ...(options.summary && { summary: options.summary }),
        ...(options.description && { description: options.description }),
        ...(options.deprecated !== undefined && { deprecated: options.deprecated }),
        ...(options.hidden !== undefined && { hidden: options.hidden }),
        ...(options.errors && { errors: options.errors }),
        run: async (req) => {
          const pk = item ? ((await pkDep.resolve(req)) as PkValues) : undefined;
          const parents = (await parentDep.resolve(req)) as PkValues[];
          return entry.handler({ pk, parents, params: req.params, query: req.query, body: req.body, req });
        },
      }),
    );
  });
}

/** `inputs` with a string parameter for each `{name}` of `path` they do not declare (a route's own, as `/sub/{n}`). */
function withPathParams(inputs: DeclaredInputs, path: string): DeclaredInputs {
  const missing = [...path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => !inputs.params?.shape[name]);
  if (missing.length === 0) return inputs;
  return mergeInputs([inputs, { params: z.object(Object.fromEntries(missing.map((name) => [name, z.string()]))) }]);
}
