/**
 * Builds the routes registered through `collection.extra`.
 *
 * @module
 */
import { z } from 'zod';
import type { IncludeData } from '../adapter-data.ts';
import type { ResolvedCall } from '../dependencies/call.ts';
import { type DeclaredInputs, mergeInputs } from '../dependencies/markers.ts';
import { type ErrorCode, NotFoundError, ParentNotFoundError } from '../errors.ts';
import type { ParentRef } from '../parent-scope.ts';
import type { ExtraRouteEntry } from './extra-routes.ts';
import type { Mount } from './mount.ts';
import type { ParentLevel } from './mount-place.ts';
import { makeRoute } from './route-factory.ts';
import type { CrudRoute } from './router.ts';

/** The routes of a collection's `extra` at a mount point: item extras under the item path, collection extras at the root. */
export function extraRoutes(mount: Mount): CrudRoute[] {
  const c = mount.collection;
  const levels = mount.place.parents;
  const calls = { collection: mount.callResolver(['parents']), item: mount.callResolver(['pk', 'parents']) };
  // Under parents a route runs only for its row (item) or its nearest parent (collection) inside them;
  // anywhere, an item route never runs for a key no row can have (`2147483648` for a 4-byte id).
  const scoped = levels.length > 0;
  const found: Record<'item' | 'collection', (call: ResolvedCall<'pk' | 'parents'>) => Promise<unknown>> = {
    item: ({ pk, parents }) => c.ormAdapter.getOne(pk, NO_INCLUDE, parents),
    collection: ({ parents: [nearest, ...above] }) =>
      (levels[0] as ParentLevel).adapter.getOne((nearest as ParentRef).pkValues, NO_INCLUDE, above),
  };
  const collectionEntries = c.extra.entries.filter((e) => e.anchor === 'collection');
  const itemEntries = c.extra.entries.filter((e) => e.anchor === 'item');
  return [...collectionEntries, ...itemEntries].flatMap((entry: ExtraRouteEntry) => {
    const { options } = entry;
    const item = entry.anchor === 'item';
    const call = calls[entry.anchor];
    const declared: DeclaredInputs[] = [call.inputs];
    if (options.schema) declared.push(options.schema);
    // The root answers with and without a trailing slash, so a collection extra at `/` is one at the root.
    const own = !item && entry.path === '/' ? '' : entry.path;
    const path = (item ? mount.itemPath : mount.place.path) + own;
    const inputs = withPathParams(mergeInputs(declared), path);
    const checked = (scoped || item) && options.requireRow !== false;
    const [missingError, code]: [typeof NotFoundError, ErrorCode] = item
      ? [NotFoundError, 'not_found']
      : [ParentNotFoundError, 'parent_not_found'];
    const errors = checked ? [...(options.errors ?? []), code] : options.errors;
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
        ...(errors && { errors }),
        run: async (req) => {
          const resolved = (await call.resolve(req)) as ResolvedCall<'pk' | 'parents'>;
          if (checked && (resolved.missing || (scoped && !(await found[entry.anchor](resolved)))))
            throw new missingError();
          const { pk, parents } = resolved;
          const keys = parents.map((parent) => parent.pkValues);
          return entry.handler({ pk, parents: keys, params: req.params, query: req.query, body: req.body, req });
        },
      }),
    );
  });
}

const NO_INCLUDE: IncludeData = Object.freeze([]);

/** `inputs` with a string parameter for each `{name}` of `path` they do not declare (a route's own, as `/sub/{n}`). */
function withPathParams(inputs: DeclaredInputs, path: string): DeclaredInputs {
  const missing = [...path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => match[1] as string)
    .filter((name) => !inputs.params?.shape[name]);
  if (missing.length === 0) return inputs;
  return mergeInputs([inputs, { params: z.object(Object.fromEntries(missing.map((name) => [name, z.string()]))) }]);
}
