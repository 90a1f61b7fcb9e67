/**
 * Builds the routes registered through `collection.extra`.
 *
 * @module
 */
import type { PkValues } from './adapter.ts';
import type { CRUDCollection } from './collection.ts';
import {
  type DeclaredInputs,
  mergeInputs,
  ParentPKFieldsDependency,
  PKFieldsDependency,
  type ResolvedOverrides,
} from './dependencies.ts';
import type { ExtraRouteEntry } from './extra-routes.ts';
import { makeRoute } from './route-factory.ts';
import type { MountContext } from './route-table.ts';
import type { CrudRoute } from './router.ts';

/** The routes of `c.extra` at a mount point: item extras under `itemPath`, collection extras at the root. */
export function extraRoutes(
  c: CRUDCollection,
  context: MountContext,
  overrides: ResolvedOverrides,
  itemPath: string,
): CrudRoute[] {
  const parentDep = overrides.get(ParentPKFieldsDependency);
  const pkDep = overrides.get(PKFieldsDependency);
  if (!parentDep || !pkDep) throw new TypeError('PK dependencies are not resolved');
  const collectionEntries = c.extra.entries.filter((e) => e.anchor === 'collection');
  const itemEntries = c.extra.entries.filter((e) => e.anchor === 'item');
  return [...collectionEntries, ...itemEntries].flatMap((entry: ExtraRouteEntry) => {
    const { options } = entry;
    const item = entry.anchor === 'item';
    const declared: DeclaredInputs[] = [parentDep.inputs, ...(item ? [pkDep.inputs] : [])];
    if (options.schema) declared.push(options.schema);
    return entry.methods.map((method) =>
      makeRoute(context, {
        method,
        path: (item ? itemPath : context.path) + entry.path,
        name: 'extra',
        status: options.status ?? 200,
        inputs: mergeInputs(declared),
        response: options.response ?? options.schema?.response,
        dependencies: [...c.dependencies, ...(options.dependencies ?? [])],
        ...(options.operationId && { operationId: options.operationId }),
        ...(options.tags && { tags: options.tags }),
        ...(options.summary && { summary: options.summary }),
        ...(options.description && { description: options.description }),
        ...(options.deprecated !== undefined && { deprecated: options.deprecated }),
        ...(options.hidden !== undefined && { hidden: options.hidden }),
        run: async (req) => {
          const pk = item ? ((await pkDep.resolve(req)) as PkValues) : undefined;
          const parents = (await parentDep.resolve(req)) as PkValues[];
          return entry.handler({ pk, parents, params: req.params, query: req.query, body: req.body, req });
        },
      }),
    );
  });
}
