/**
 * The options of a collection and how they resolve: constructor option, else the
 * `static` property read along the class chain.
 *
 * @module
 */
import type { z } from 'zod';
import type { ORMAdapterBase } from './adapter.ts';
import type { PkOf, PkValues, Row } from './adapter-data.ts';
import type { DependencyOverridesInit } from './dependencies/markers.ts';
import type { Dependency } from './dependencies/request.ts';

/** Every option of a collection; `TRow` and `TPk` are the adapter's row and key types. */
export interface CRUDCollectionOptions<TRow extends Row = Row, TPk extends PkValues = PkOf<TRow>> {
  ormAdapter?: ORMAdapterBase<unknown, TRow, TPk>;
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
  /** The most rows of each to-many include a parent row gets (a positive integer; default 100). */
  includeLimit?: number;
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
  dependencyOverrides?: DependencyOverridesInit;
}

/** Reads an option: the constructor's value unless `undefined`/`null`, else the class chain's static. */
export function readOption<O extends CRUDCollectionOptions, K extends keyof O>(
  ctor: object,
  options: O,
  key: K,
): O[K] | undefined {
  return options[key] ?? ((ctor as Record<PropertyKey, unknown>)[key] as O[K] | undefined) ?? undefined;
}
