/**
 * The five generated operations, each described once as data: method,
 * anchor, status, the call fields its handler reads, and how to call it.
 *
 * @module
 */
import { z } from 'zod';
import type { CRUDCollection } from '../collection.ts';
import type { CallField, CrudCall, ResolvedCall } from '../dependencies/call.ts';
import { PublicListSchemaDependency, PublicSchemaDependency } from '../dependencies/markers.ts';
import type { CrudRequest } from '../dependencies/request.ts';
import { resolveThen } from '../dependencies/resolve.ts';
import { type ErrorCode, NotFoundError, ParentNotFoundError } from '../errors.ts';
import { locationOf } from './location.ts';
import type { Mount } from './mount.ts';
import { makeRoute } from './route-factory.ts';
import type { CrudRoute, HttpMethod, ResponseHeaders } from './router.ts';

/** The names of the generated operations. */
export type OperationName = 'getMany' | 'getOne' | 'createOne' | 'updateOne' | 'deleteOne';

/** One generated operation; `reads` are the call fields its handler takes. */
export interface Operation<F extends CallField = CallField> {
  readonly name: OperationName;
  readonly method: HttpMethod;
  readonly anchor: 'collection' | 'item';
  readonly status: number;
  /** What the handler may fail with (validation and dependencies add theirs). */
  readonly errors: readonly ErrorCode[];
  /** What it may fail with besides under parents. */
  readonly nestedErrors?: readonly ErrorCode[];
  readonly reads: readonly F[];
  readonly summary: (model: string) => string;
  readonly dependencies: (c: CRUDCollection) => CRUDCollection['dependencies'];
  /** Headers of a success at a mount point (a 201's `Location`). */
  readonly headers?: (mount: Mount) => ResponseHeaders | undefined;
  /** The success body's schema at a mount point; `undefined` for a free-form one. */
  readonly response: (mount: Mount) => z.ZodType | undefined;
  readonly run: (c: CRUDCollection, call: Pick<CrudCall, F>) => Promise<unknown>;
  /** The answer when the path names a key no row can have: as for a missing row. */
  readonly missing: (c: CRUDCollection, call: Pick<CrudCall, F>) => Promise<unknown>;
}

const define = <F extends CallField>(operation: Operation<F>): Operation<F> => operation;

/** The schema a schema marker stands for at a mount point. */
const schemaOf = (mount: Mount, marker: typeof PublicSchemaDependency | typeof PublicListSchemaDependency) =>
  mount.resolvers.get(marker)?.schema;

/** The body of a PATCH without `updateOutSchema`. */
const NULL_BODY = z.null();

const notFound = () => Promise.reject(new NotFoundError());

/** Every generated operation, by name. */
export const OPERATIONS = {
  getMany: define({
    name: 'getMany',
    method: 'GET',
    anchor: 'collection',
    status: 200,
    errors: ['service_unavailable'],
    reads: ['paginator', 'filter', 'sort', 'include', 'parents'],
    summary: (model) => `List ${model}`,
    dependencies: (c) => c.getManyDependencies,
    response: (mount) => schemaOf(mount, PublicListSchemaDependency),
    run: (c, call) => c.getManyHandler(call.paginator, call.filter, call.sort, call.include, call.parents),
    missing: async (_c, call) => call.paginator.toPage({ rows: [], count: 0 }),
  }),
  getOne: define({
    name: 'getOne',
    method: 'GET',
    anchor: 'item',
    status: 200,
    errors: ['not_found', 'service_unavailable'],
    reads: ['pk', 'include', 'parents'],
    summary: (model) => `Get one ${model}`,
    dependencies: (c) => c.getOneDependencies,
    response: (mount) => schemaOf(mount, PublicSchemaDependency),
    run: (c, call) => c.getOneHandler(call.pk, call.include, call.parents),
    missing: (c, call) => c.getOneNotFound(call.pk, call.include),
  }),
  createOne: define({
    name: 'createOne',
    method: 'POST',
    anchor: 'collection',
    status: 201,
    errors: ['conflict', 'service_unavailable'],
    // Only a create answers for a missing parent; a list under one is empty, a row in it not found.
    nestedErrors: ['parent_not_found'],
    reads: ['create', 'parents'],
    summary: (model) => `Create one ${model}`,
    dependencies: (c) => c.createDependencies,
    headers: locationOf,
    response: (mount) => mount.collection.createOutSchema ?? schemaOf(mount, PublicSchemaDependency),
    run: (c, call) => c.createOneHandler(call.create, call.parents),
    missing: () => Promise.reject(new ParentNotFoundError()),
  }),
  updateOne: define({
    name: 'updateOne',
    method: 'PATCH',
    anchor: 'item',
    status: 200,
    errors: ['not_found', 'conflict', 'service_unavailable'],
    reads: ['pk', 'update', 'parents'],
    summary: (model) => `Update one ${model}`,
    dependencies: (c) => c.updateDependencies,
    response: (mount) => mount.collection.updateOutSchema ?? NULL_BODY,
    run: (c, call) => c.updateOneHandler(call.pk, call.update, call.parents),
    missing: notFound,
  }),
  deleteOne: define({
    name: 'deleteOne',
    method: 'DELETE',
    anchor: 'item',
    status: 200,
    errors: ['not_found', 'conflict', 'service_unavailable'],
    reads: ['pk', 'parents'],
    summary: (model) => `Delete one ${model}`,
    dependencies: (c) => c.deleteDependencies,
    response: (mount) => schemaOf(mount, PublicSchemaDependency),
    run: (c, call) => c.deleteOneHandler(call.pk, call.parents),
    missing: notFound,
  }),
} as const;

/**
 * The route of one operation at a mount point: its dependencies run, the
 * request resolves into a typed call, the collection's handler takes it.
 */
export function operationRoute<F extends CallField>(mount: Mount, operation: Operation<F>): CrudRoute {
  const c = mount.collection;
  const call = mount.callResolver(operation.reads);
  const nested = mount.place.parents.length > 0;
  const headers = operation.headers?.(mount);
  return makeRoute(mount, {
    method: operation.method,
    path: operation.anchor === 'item' ? mount.itemPath : mount.place.path,
    name: operation.name,
    status: operation.status,
    model: c.getModelName(),
    errors: nested ? [...operation.errors, ...(operation.nestedErrors ?? [])] : operation.errors,
    ...(headers && { headers }),
    inputs: call.inputs,
    response: operation.response(mount),
    dependencies: [...c.dependencies, ...operation.dependencies(c)],
    summary: operation.summary(c.getModelName() || 'record'),
    // A call resolved at once goes to its handler without a promise of its own.
    run: (req) => resolveThen(req, resolveCall, answer),
  });

  function resolveCall(req: CrudRequest): ResolvedCall<F> | Promise<ResolvedCall<F>> {
    return call.resolve(req);
  }

  /** The handler's answer to a resolved call. */
  function answer(resolved: ResolvedCall<F>): Promise<unknown> {
    return resolved.missing ? operation.missing(c, resolved) : operation.run(c, resolved);
  }
}
