/**
 * The default resolver of every dependency marker at one mount point: path
 * parameters to primary keys, query to filters, sorts, includes and paginator,
 * body to create and update data.
 *
 * @module
 */
import { z } from 'zod';
import type { PkValues, Row, SortTerm } from './adapter.ts';
import type { CRUDCollection } from './collection.ts';
import {
  CreateSchemaDependency,
  FilterSchemaDependency,
  IncludeSchemaDependency,
  isThenable,
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
} from './dependencies.ts';
import { PagePaginator } from './paginator.ts';
import type { CrudRequest } from './request.ts';
import type { MountContext } from './route-table.ts';

/** The path parameter of a PK field: `id` on `article` is `article_id` (SPEC "Primary-key aliases"). */
export function pkParamName(model: string, field: string): string {
  return field.includes('_') || model === '' ? field : `${model}_${field}`;
}

/**
 * The path parameter `name` takes under a mount path that may already have
 * one of that name (a model nested under itself: `/nodes/{node_id}/children/{node_id_2}`):
 * `name`, else `name_2`, `name_3`, … whichever is free.
 */
export function freeParamName(mountPath: string, name: string): string {
  if (!mountPath.includes(`{${name}}`)) return name;
  let n = 2;
  while (mountPath.includes(`{${name}_${n}}`)) n += 1;
  return `${name}_${n}`;
}

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

function pkDependency(c: CRUDCollection, ctx: MountContext, bound: ReadonlySet<string>) {
  const model = c.getModelName();
  const aliased = c.applyPkAliases().shape as Record<string, z.ZodType>;
  const fromPath = Object.keys(c.pkFields.shape)
    .map((field) => [field, pkParamName(model, field)] as const)
    .filter(([, alias]) => !bound.has(alias))
    .map(([field, alias]) => [field, freeParamName(ctx.path, alias), aliased[alias] as z.ZodType] as const);
  const params = z.object(Object.fromEntries(fromPath.map(([, param, schema]) => [param, schema])));
  const nearest = ctx.parents[0];
  const fromParent = nearest
    ? nearest.link.childFields
        .map((field, i) => [field, nearest.link.parentFields[i] as string] as const)
        .filter(([field]) => bound.has(pkParamName(model, field)))
    : [];
  const read = (req: CrudRequest, pk: Record<string, unknown>) => {
    for (const [field, param] of fromPath) pk[field] = req.params[param];
    return pk;
  };
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

function parentPkDependency(ctx: MountContext) {
  if (ctx.parents.length === 0) return new ReplaceSignatureDependency((): readonly PkValues[] => NONE);
  const levels = ctx.parents.map((level) => level.pk.resolve);
  const resolve = memoize((req): readonly PkValues[] | Promise<PkValues[]> => {
    const values = levels.map((pk) => pk(req));
    return values.some(isThenable) ? Promise.all(values) : (values as PkValues[]);
  });
  return new ReplaceSignatureDependency(resolve, mergeInputs(ctx.parents.map((level) => level.pk.inputs)));
}

/** Every marker's default resolver for `c` mounted at `ctx`. */
export function buildDefaultOverrides(
  c: CRUDCollection,
  ctx: MountContext,
  bound: ReadonlySet<string>,
): Map<Marker, ReplaceSignatureDependency> {
  const pkFields = Object.keys(c.pkFields.shape);
  const filterKeys = Object.keys(c.filterSchema.shape);
  const createSchema = c.createSchema ?? c.ormAdapter.generateCreateSchema(c.createFields, c.baseFields);
  const createKeys = Object.keys(createSchema.shape);
  const updateKeys = Object.keys(c.updateSchema.shape);
  return new Map<Marker, ReplaceSignatureDependency>([
    [PKFieldsDependency, pkDependency(c, ctx, bound)],
    [ParentPKFieldsDependency, parentPkDependency(ctx)],
    [
      FilterSchemaDependency,
      new ReplaceSignatureDependency((req) => pick(req.query, filterKeys), { query: c.filterSchema }),
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
    [
      CreateSchemaDependency,
      new ReplaceSignatureDependency((req) => pick(req.body, createKeys), { body: createSchema }, createSchema),
    ],
    [
      UpdateSchemaDependency,
      new ReplaceSignatureDependency((req) => pick(req.body, updateKeys), { body: c.updateSchema }, c.updateSchema),
    ],
    [PublicSchemaDependency, new ReplaceSignatureDependency(() => c.publicSchema, {}, c.publicSchema)],
    [PublicListSchemaDependency, new ReplaceSignatureDependency(() => c.publicListSchema, {}, c.publicListSchema)],
  ]);
}
