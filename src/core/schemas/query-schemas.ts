/**
 * The list route's query schemas derived from a model: exact-match filters,
 * `sort` and `include`, and which relations a client may include.
 *
 * @module
 */
import { z } from 'zod';
import { DEFAULT_INCLUDE_LIMIT, includeDescription } from '../include-limit.ts';
import { type FieldMeta, type ModelMeta, type RelationMeta, SCALAR_KINDS } from '../model-meta.ts';
import { valueSchema, wrap } from './value-schemas.ts';

/** Query names the list route reserves; a model field of that name is not filterable. */
export const RESERVED_QUERY = new Set(['page', 'per_page', 'sort', 'include']);

/** The scalar fields of a public field set that lists can filter and sort by. */
export function scalarFields(meta: ModelMeta, publicFields: ReadonlySet<string>): FieldMeta[] {
  return meta.fields.filter((f) => publicFields.has(f.name) && SCALAR_KINDS.has(f.kind) && !RESERVED_QUERY.has(f.name));
}

/** One optional exact-match query parameter per scalar field. */
export function filterObject(fields: readonly FieldMeta[]): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) shape[field.name] = wrap(valueSchema(field), 'optional');
  return z.object(shape);
}

/** How many times `sort` or `include` may repeat: a longer list is one 422, before any item is checked. */
const MAX_QUERY_REPEATS = 100;

/** `sort`: a repeatable `field`, `field:asc` or `field:desc`. */
export function sortObject(fields: readonly FieldMeta[]): z.ZodObject {
  const values = fields.flatMap((f) => [f.name, `${f.name}:asc`, `${f.name}:desc`]);
  const item = values.length > 0 ? z.enum(values as [string, ...string[]]) : z.never();
  const sort = z.array(item).max(MAX_QUERY_REPEATS).optional();
  return z.object({ sort: sort.describe('`field`, `field:asc` or `field:desc`; repeatable') });
}

/**
 * `include`: a repeatable relation name; a to-many one loads at most `limit`
 * rows per parent. Names given as a function are read once, when the router is
 * built (the related models' configurations are known by then).
 */
export function includeObject(
  relationNames: readonly string[] | (() => readonly string[]),
  limit = DEFAULT_INCLUDE_LIMIT,
): z.ZodObject {
  const make = (names: readonly string[]) => {
    const item = names.length > 0 ? z.enum(names as [string, ...string[]]) : z.never();
    return z.array(item).max(MAX_QUERY_REPEATS).optional().describe(includeDescription(limit));
  };
  if (typeof relationNames !== 'function') return z.object({ include: make(relationNames) });
  let made: z.ZodType | undefined;
  return z.object({
    get include() {
      made ??= make(relationNames());
      return made;
    },
  });
}

/**
 * The first key `relation` of `meta` joins over that a client may not see, as `model.field`, or `undefined`
 * when it may be included: its fields must be `shown` on this side, and public on the target's and on any
 * junction's, so no include reveals a hidden key (a hidden `author_id` as `author.id`, or as the posts
 * listed under their author; a junction's hidden keys as the members listed under their club).
 */
export function hiddenJoinKey(
  meta: ModelMeta,
  relation: RelationMeta,
  shown: ReadonlySet<string>,
  publicOf: (model: string) => ReadonlySet<string>,
): string | undefined {
  const { through } = relation;
  const sides: [string, readonly string[], () => ReadonlySet<string>][] = [
    [meta.name, relation.fields, () => shown],
    [relation.target, relation.references, () => publicOf(relation.target)],
  ];
  if (through) {
    const joined = [...through.sourceFields, ...through.junctionTargetFields];
    sides.push([through.model, joined, () => publicOf(through.model)]);
  }
  for (const [model, fields, visible] of sides) {
    const seen = visible();
    const hidden = fields.find((field) => !seen.has(field));
    if (hidden !== undefined) return `${model}.${hidden}`;
  }
  return undefined;
}
