/**
 * The default resolver of every dependency marker at one mount point: path
 * parameters to primary keys, query to filters, sorts, includes and paginator,
 * body to create and update data.
 *
 * @module
 */
import { z } from 'zod';
import type { PkValues, Row, SortTerm } from '../adapter-data.ts';
import { PagePaginator } from '../paginator.ts';
import type { Mount } from '../routing/mount.ts';
import type { ParentLevel } from '../routing/mount-place.ts';
import { pkParamName } from '../routing/path-params.ts';
import {
  CreateSchemaDependency,
  FilterSchemaDependency,
  IncludeSchemaDependency,
  type Marker,
  memoize,
  mergeInputs,
  PaginatorDependency,
  ParentPKFieldsDependency,
  PKFieldsDependency,
  PublicListSchemaDependency,
  PublicSchemaDependency,
  ReplaceSignatureDependency,
  type Resolver,
  SortSchemaDependency,
  UpdateSchemaDependency,
} from './markers.ts';
import type { CrudRequest } from './request.ts';
import { isThenable } from './resolve.ts';

/** Copies the listed keys that are present. */
function pick(source: unknown, keys: readonly string[]): Row {
  const out: Row = {};
  if (typeof source !== 'object' || source === null) return out;
  const record = source as Row;
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
  return out;
}

/** `field`, `field:asc`, `field:desc` → terms; first mention wins; the PK breaks ties. */
export function parseSort(values: unknown, pkFields: readonly string[]): SortTerm[] {
  const terms: SortTerm[] = [];
  const seen = new Set<string>();
  for (const value of Array.isArray(values) ? (values as string[]) : []) {
    const [field = '', direction] = value.split(':');
    if (seen.has(field)) continue;
    seen.add(field);
    terms.push({ field, direction: direction === 'desc' ? 'desc' : 'asc' });
  }
  for (const field of pkFields) if (!seen.has(field)) terms.push({ field, direction: 'asc' });
  return terms;
}

/** This collection's key: path parameters, plus the fields the nearest parent's key fills. */
function pkResolver(mount: Mount): ReplaceSignatureDependency<PkValues> {
  const c = mount.collection;
  const model = c.getModelName();
  const bound = mount.boundParams;
  const aliased = c.applyPkAliases().shape as Record<string, z.ZodType>;
  const fromPath = mount.keyParams.map(
    ({ field, alias, param }) => [field, param, aliased[alias] as z.ZodType] as const,
  );
  const params = z.object(Object.fromEntries(fromPath.map(([, param, schema]) => [param, schema])));
  const read = (req: CrudRequest, pk: Record<string, unknown>) => {
    for (const [field, param] of fromPath) pk[field] = req.params[param];
    return pk;
  };
  const nearest: ParentLevel | undefined = mount.place.parents[0];
  const fromParent = nearest
    ? nearest.link.childFields
        .map((field, i) => [field, nearest.link.parentFields[i] as string] as const)
        .filter(([field]) => bound.has(pkParamName(model, field)))
    : [];
  if (!nearest || fromParent.length === 0) return new ReplaceSignatureDependency((req) => read(req, {}), { params });
  const underParent = (req: CrudRequest, parent: PkValues) => {
    const pk: Record<string, unknown> = {};
    for (const [field, key] of fromParent) pk[field] = parent[key];
    return read(req, pk);
  };
  const parentPk = nearest.pk.resolve;
  // Synchronous while the parent's resolver is (the default, from the path).
  const resolve: Resolver<PkValues> = (req) => {
    const parent = parentPk(req);
    return isThenable(parent) ? Promise.resolve(parent).then((p) => underParent(req, p)) : underParent(req, parent);
  };
  return new ReplaceSignatureDependency(resolve, { params });
}

/** Shared by every request that has no parents or asks for no relations; never mutated. */
const NONE: readonly never[] = Object.freeze([]);

/** Every ancestor's key, nearest first, each read once per request. */
function parentsResolver(parents: readonly ParentLevel[]): ReplaceSignatureDependency<readonly PkValues[]> {
  if (parents.length === 0) return new ReplaceSignatureDependency((): readonly PkValues[] => NONE);
  const levels = parents.map((level) => level.pk.resolve);
  const resolve = memoize((req): readonly PkValues[] | Promise<PkValues[]> => {
    const values = levels.map((pk) => pk(req));
    return values.some(isThenable) ? Promise.all(values) : (values as PkValues[]);
  });
  return new ReplaceSignatureDependency(resolve, mergeInputs(parents.map((level) => level.pk.inputs)));
}

/** A body resolver: the schema's keys (the mount's schemas leave out what the path fixes). */
function bodyResolver(schema: z.ZodObject): ReplaceSignatureDependency<Row> {
  const keys = Object.keys(schema.shape);
  return new ReplaceSignatureDependency((req) => pick(req.body, keys), { body: schema }, schema);
}

/** Every marker's default resolver at `mount`. */
export function defaultResolvers(mount: Mount): Map<Marker, ReplaceSignatureDependency> {
  const c = mount.collection;
  const pkFields = Object.keys(c.pkFields.shape);
  const filterKeys = Object.keys(mount.filterSchema.shape);
  return new Map<Marker, ReplaceSignatureDependency>([
    [PKFieldsDependency, pkResolver(mount)],
    [ParentPKFieldsDependency, parentsResolver(mount.place.parents)],
    [
      FilterSchemaDependency,
      new ReplaceSignatureDependency((req) => pick(req.query, filterKeys), { query: mount.filterSchema }),
    ],
    [
      SortSchemaDependency,
      new ReplaceSignatureDependency((req) => parseSort(req.query.sort, pkFields), { query: c.sortSchema }),
    ],
    [
      IncludeSchemaDependency,
      new ReplaceSignatureDependency(
        (req) => {
          const include = req.query.include as string[] | undefined;
          return include ? [...new Set(include)] : NONE;
        },
        { query: c.includeSchema },
      ),
    ],
    [PaginatorDependency, PagePaginator.dependency()],
    [CreateSchemaDependency, bodyResolver(mount.createSchema)],
    [UpdateSchemaDependency, bodyResolver(mount.updateSchema)],
    [PublicSchemaDependency, new ReplaceSignatureDependency(() => c.publicSchema, {}, c.publicSchema)],
    [PublicListSchemaDependency, new ReplaceSignatureDependency(() => c.publicListSchema, {}, c.publicListSchema)],
  ]);
}
