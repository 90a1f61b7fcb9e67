/**
 * The five generated operations, each described once as data: method, anchor,
 * status, the markers its handler takes, and how to call it.
 *
 * @module
 */
import { z } from 'zod';
import type { FilterData, IncludeData, PkValues, Row, SortData } from './adapter.ts';
import type { CRUDCollection } from './collection.ts';
import {
  CreateSchemaDependency,
  FilterSchemaDependency,
  IncludeSchemaDependency,
  type Marker,
  overrideDependencies,
  PaginatorDependency,
  ParentPKFieldsDependency,
  PKFieldsDependency,
  PublicListSchemaDependency,
  PublicSchemaDependency,
  type ResolvedOverrides,
  SortSchemaDependency,
  UpdateSchemaDependency,
} from './dependencies.ts';
import type { PaginatorBase } from './paginator.ts';
import type { ParentRef } from './parent-scope.ts';
import type { Dependency } from './request.ts';
import { makeRoute } from './route-factory.ts';
import type { MountContext, ParentLevel } from './route-table.ts';
import type { CrudRoute, HttpMethod } from './router.ts';

/** One generated operation. The handler's last marker is always `ParentPKFieldsDependency`. */
export interface Operation {
  readonly name: 'getMany' | 'getOne' | 'createOne' | 'updateOne' | 'deleteOne';
  readonly method: HttpMethod;
  readonly anchor: 'collection' | 'item';
  readonly status: number;
  readonly markers: readonly Marker[];
  readonly summary: (model: string) => string;
  readonly dependencies: (c: CRUDCollection) => readonly Dependency[];
  readonly response: (c: CRUDCollection, overrides: ResolvedOverrides) => z.ZodType | undefined;
  readonly call: (c: CRUDCollection, values: readonly unknown[], parents: readonly ParentRef[]) => Promise<unknown>;
}

const schemaOf = (overrides: ResolvedOverrides, marker: Marker) => overrides.get(marker)?.schema;

/** The body of a PATCH without `updateOutSchema`. */
const NULL_BODY = z.null();

/** The operations of SPEC.md's route table. */
export const OPERATIONS = {
  getMany: {
    name: 'getMany',
    method: 'GET',
    anchor: 'collection',
    status: 200,
    markers: [PaginatorDependency, FilterSchemaDependency, SortSchemaDependency, IncludeSchemaDependency],
    summary: (model) => `List ${model}`,
    dependencies: (c) => c.getManyDependencies,
    response: (_, overrides) => schemaOf(overrides, PublicListSchemaDependency),
    call: (c, [paginator, filter, sort, include], parents) =>
      c.getManyHandler(
        paginator as PaginatorBase,
        filter as FilterData,
        sort as SortData,
        include as IncludeData,
        parents,
      ),
  },
  getOne: {
    name: 'getOne',
    method: 'GET',
    anchor: 'item',
    status: 200,
    markers: [PKFieldsDependency, IncludeSchemaDependency],
    summary: (model) => `Get one ${model}`,
    dependencies: (c) => c.getOneDependencies,
    response: (_, overrides) => schemaOf(overrides, PublicSchemaDependency),
    call: (c, [pk, include], parents) => c.getOneHandler(pk as PkValues, include as IncludeData, parents),
  },
  createOne: {
    name: 'createOne',
    method: 'POST',
    anchor: 'collection',
    status: 201,
    markers: [CreateSchemaDependency],
    summary: (model) => `Create one ${model}`,
    dependencies: (c) => c.createDependencies,
    response: (c, overrides) => c.createOutSchema ?? schemaOf(overrides, PublicSchemaDependency),
    call: (c, [data], parents) => c.createOneHandler(data as Row, parents),
  },
  updateOne: {
    name: 'updateOne',
    method: 'PATCH',
    anchor: 'item',
    status: 200,
    markers: [PKFieldsDependency, UpdateSchemaDependency],
    summary: (model) => `Update one ${model}`,
    dependencies: (c) => c.updateDependencies,
    response: (c) => c.updateOutSchema ?? NULL_BODY,
    call: (c, [pk, data], parents) => c.updateOneHandler(pk as PkValues, data as Row, parents),
  },
  deleteOne: {
    name: 'deleteOne',
    method: 'DELETE',
    anchor: 'item',
    status: 200,
    markers: [PKFieldsDependency],
    summary: (model) => `Delete one ${model}`,
    dependencies: (c) => c.deleteDependencies,
    response: (_, overrides) => schemaOf(overrides, PublicSchemaDependency),
    call: (c, [pk], parents) => c.deleteOneHandler(pk as PkValues, parents),
  },
} as const satisfies Record<string, Operation>;

const NO_PARENTS: readonly ParentRef[] = Object.freeze([]);

/** Pairs resolved ancestor keys with the ancestors' models and links. */
export function toParentRefs(levels: readonly ParentLevel[], keys: readonly PkValues[]): readonly ParentRef[] {
  if (levels.length === 0) return NO_PARENTS;
  return levels.map((level, i) => ({ model: level.model, link: level.link, pkValues: keys[i] as PkValues }));
}

/** The route of one operation of `c` at a mount point. */
export function operationRoute(
  c: CRUDCollection,
  operation: Operation,
  context: MountContext,
  overrides: ResolvedOverrides,
  itemPath: string,
): CrudRoute {
  const levels = context.parents;
  const bound = overrideDependencies(
    {
      markers: [...operation.markers, ParentPKFieldsDependency],
      fn: (...values: unknown[]) =>
        operation.call(c, values, toParentRefs(levels, values[values.length - 1] as PkValues[])),
    },
    overrides,
  );
  return makeRoute(context, {
    method: operation.method,
    path: operation.anchor === 'item' ? itemPath : context.path,
    name: operation.name,
    status: operation.status,
    inputs: bound.inputs,
    response: operation.response(c, overrides),
    dependencies: [...c.dependencies, ...operation.dependencies(c)],
    summary: operation.summary(c.getModelName() || 'record'),
    run: (req) => bound.run(req),
  });
}
