/**
 * The options of a collection and how they resolve: constructor option, else the
 * `static` property read along the class chain.
 *
 * @module
 */
import type { z } from 'zod';
import type { ORMAdapterBase } from './adapter.ts';
import type { DependencyOverrides } from './dependencies.ts';
import type { Dependency } from './request.ts';

/** Every option of a collection. */
export interface CRUDCollectionOptions {
  ormAdapter?: ORMAdapterBase;
  /** Primary-key fields by field name; drives the path parameters. */
  pkFields?: z.ZodObject;
  publicSchema?: z.ZodObject;
  publicListSchema?: z.ZodType;
  createSchema?: z.ZodObject;
  updateSchema?: z.ZodObject;
  /** Response of POST; the public schema by default. */
  createOutSchema?: z.ZodType;
  /** Response of PATCH; the body is `null` unless this is set. */
  updateOutSchema?: z.ZodType;
  filterSchema?: z.ZodObject;
  sortSchema?: z.ZodObject;
  includeSchema?: z.ZodObject;
  baseFields?: Iterable<string>;
  publicFields?: Iterable<string>;
  createFields?: Iterable<string>;
  updateFields?: Iterable<string>;
  dependencies?: readonly Dependency[];
  getOneDependencies?: readonly Dependency[];
  getManyDependencies?: readonly Dependency[];
  createDependencies?: readonly Dependency[];
  updateDependencies?: readonly Dependency[];
  deleteDependencies?: readonly Dependency[];
  disableGetOne?: boolean | null;
  disableGetMany?: boolean | null;
  disableCreate?: boolean | null;
  disableUpdate?: boolean | null;
  disableDelete?: boolean | null;
  dependencyOverrides?: DependencyOverrides;
}

/** Reads an option: the constructor's value unless `undefined`/`null`, else the class chain's static. */
export function readOption<K extends keyof CRUDCollectionOptions>(
  ctor: object,
  options: CRUDCollectionOptions,
  key: K,
): CRUDCollectionOptions[K] | undefined {
  return options[key] ?? ((ctor as Record<string, unknown>)[key] as CRUDCollectionOptions[K] | undefined) ?? undefined;
}
