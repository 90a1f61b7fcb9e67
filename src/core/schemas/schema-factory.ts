/**
 * Zod schemas derived from a {@link ModelMeta}: one function per generated
 * schema, all pure and run once when a router is built.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';
import { toMilliseconds } from '../dates.ts';
import { DEFAULT_INCLUDE_LIMIT, includeDescription } from '../include-limit.ts';
import { type FieldMeta, fieldOf, type ModelMeta, type RelationMeta, SCALAR_KINDS } from '../model-meta.ts';
import { decimalWithin } from './decimal-digits.ts';
import { TEXT_FORMATS } from './text-formats.ts';

/**
 * The value schemas that take no argument, made once: Zod schemas are
 * immutable, so every field of every model shares them (a schema costs about
 * a KiB of heap, and a router of many collections would otherwise hold
 * thousands of equal ones).
 */
const VALUES = {
  string: z.string(),
  integer: z.int(),
  number: z.number(),
  boolean: z.boolean(),
  // ISO 8601 with an offset or none (then UTC), to the millisecond: a finer instant would be cut to another.
  datetime: z.string().regex(toMilliseconds(z.iso.datetime({ offset: true, local: true }).def.pattern as RegExp)),
  date: z.iso.date(),
  // Any 8-4-4-4-12 hex value: databases store Microsoft-style GUIDs too, whatever their version and variant digits.
  uuid: z.guid(),
  unknown: z.unknown(),
  /** Bytes as base64 text (RFC 4648, padded), which JSON can carry and a client can send back. */
  // A pattern without repeated groups (one stack frame each in a regex engine: megabytes overflowed it); the
  // encoder checks the rest, that the text is base64 spelt the one way its bytes are.
  binary: z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .meta({ contentEncoding: 'base64', description: 'Bytes as base64 text, such as "aGVsbG8="' }),
  /** A date-time as responses carry it: a string, whatever the driver returns. */
  datetimeOut: z.string().meta({ format: 'date-time' }),
  /** A 64-bit integer, as a decimal string: JSON numbers past 2^53 do not survive most parsers. */
  bigint: z
    .string()
    .regex(/^(?:0|-?[1-9][0-9]{0,18})$/)
    .describe('A 64-bit integer as a decimal string, such as "9007199254740993"'),
  /** An exact decimal number as a string, every digit kept: JSON numbers are binary floats. */
  decimal: z
    .string()
    .regex(/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/)
    .describe('An exact decimal number as a string, such as "12.50"'),
} as const;

let formatsByPattern: Map<string, string> | undefined;

/**
 * The format a generated string schema's `pattern` stands for (`date-time`,
 * `date`, `uuid`, `base64`, `time`, `duration`, `ip`), so a validation message can name the format instead of
 * showing the regular expression; `undefined` for any other pattern.
 *
 * @example
 * ```ts
 * formatOfPattern(z.iso.date().def.pattern?.source ?? ''); // 'date'
 * ```
 */
export function formatOfPattern(pattern: string): string | undefined {
  if (!formatsByPattern) {
    formatsByPattern = new Map();
    for (const [format, schema] of [
      ['date-time-ms', VALUES.datetime],
      ['date', VALUES.date],
      ['uuid', VALUES.uuid],
      ['base64', VALUES.binary],
      ['time', TEXT_FORMATS.time],
      ['duration', TEXT_FORMATS.duration],
      ['ip', TEXT_FORMATS.inet],
    ] as const) {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as { pattern?: string };
      if (json.pattern) formatsByPattern.set(json.pattern, format);
    }
  }
  return formatsByPattern.get(pattern);
}

const maxLengths = new Map<number, z.ZodString>();
const wrappers = { nullable: new WeakMap<z.ZodType, z.ZodType>(), optional: new WeakMap<z.ZodType, z.ZodType>() };

/** `schema.nullable()` or `schema.optional()`, made once per schema. */
const wrap = (schema: z.ZodType, how: 'nullable' | 'optional'): z.ZodType =>
  cached(wrappers[how], schema, () => (how === 'nullable' ? schema.nullable() : schema.optional()));

/** The Zod type of one field's value, before nullability. */
export function valueSchema(field: FieldMeta): z.ZodType {
  switch (field.kind) {
    case 'string': {
      if (field.format) return TEXT_FORMATS[field.format];
      const max = field.maxLength;
      return max ? cached(maxLengths, max, () => z.string().max(max)) : VALUES.string;
    }
    case 'integer':
      return VALUES.integer;
    case 'bigint':
      return VALUES.bigint;
    case 'decimal':
      return VALUES.decimal;
    case 'number':
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'uuid':
    case 'binary':
      return VALUES[field.kind];
    case 'enum': {
      const values = field.enumValues ?? [];
      if (values.every((value) => typeof value === 'string')) return z.enum(values as [string, ...string[]]);
      return z.literal(values as [string | number, ...(string | number)[]]);
    }
    default:
      return VALUES.unknown;
  }
}

const boundedIntegers = new Map<string, z.ZodType>();

/**
 * The schema of a value a client writes: an integer within its column's range, a decimal within its
 * column's digits, the rest as {@link valueSchema}.
 */
function inputValue(field: FieldMeta): z.ZodType {
  if (field.kind === 'decimal' && field.digits) return decimalWithin(field.digits);
  const range = field.kind === 'integer' ? field.range : undefined;
  if (!range) return valueSchema(field);
  return cached(boundedIntegers, `${range.min}|${range.max}`, () => z.int().min(range.min).max(range.max));
}

/** A field's value schema (or `value`), nullable when the field is. */
const nullableValue = (field: FieldMeta, value = valueSchema(field)) =>
  field.nullable ? wrap(value, 'nullable') : value;

/** `schema` with the field's description, when the model gives one. */
const described = (field: FieldMeta, schema: z.ZodType): z.ZodType =>
  field.description ? schema.describe(field.description) : schema;

/** The public type of a field: a date-time is written as a string, whatever the driver returns. */
const outputSchema = (field: FieldMeta): z.ZodType =>
  described(field, nullableValue(field, field.kind === 'datetime' ? VALUES.datetimeOut : valueSchema(field)));

/** A response object of the given fields, in model order. */
export function objectOf(meta: ModelMeta, fields: ReadonlySet<string>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of meta.fields) if (fields.has(field.name)) shape[field.name] = outputSchema(field);
  return z.object(shape);
}

/**
 * Relation keys of a public schema: flat related objects of the fields `shown`
 * for the target, always sent, `null` unless included. Each key is made when
 * first read (when the router is built), so the target's configuration is read
 * then, whichever adapter registers it after this schema was defined.
 */
export function relationShape(
  meta: ModelMeta,
  describe: (name: string) => ModelMeta,
  shown: (target: ModelMeta, relation: RelationMeta) => ReadonlySet<string>,
): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const relation of meta.relations) {
    let made: z.ZodType | undefined;
    const make = () => {
      const target = describe(relation.target);
      const flat = objectOf(target, shown(target, relation));
      // Required, and `null` when a handler's object lacks it: every response carries every relation key.
      const related: z.ZodType = relation.many ? z.array(flat) : flat;
      return related.nullable().default(null).describe(`\`null\` unless \`include=${relation.name}\``);
    };
    Object.defineProperty(shape, relation.name, {
      enumerable: true,
      configurable: true,
      get: () => {
        made ??= make();
        return made;
      },
    });
  }
  return shape;
}

/** A public object: the fields of `flat`, then the (lazy) relation keys. */
export function publicObject(flat: z.ZodObject, relations: Record<string, z.ZodType>): z.ZodObject {
  const shape: Record<string, z.ZodType> = { ...flat.shape };
  Object.defineProperties(shape, Object.getOwnPropertyDescriptors(relations));
  return z.object(shape);
}

/** Default public fields: every field not excluded, plus the primary key. */
export function defaultPublicFields(meta: ModelMeta, exclude: ReadonlySet<string>): string[] {
  return meta.fields.filter((f) => f.primaryKey || !(exclude.has(f.name) || f.hidden)).map((f) => f.name);
}

/** Default create fields: everything the database does not fill itself. */
export function defaultCreateFields(meta: ModelMeta, excludeRelated: ReadonlySet<string>): string[] {
  const related = new Set(meta.foreignKeys.filter((fk) => excludeRelated.has(fk.target)).flatMap((fk) => fk.fields));
  return meta.fields
    .filter((f) => !f.serverGenerated && f.insertable !== false && !related.has(f.name))
    .map((f) => f.name);
}

/** Default update fields: what the database does not fill, without any primary key or a field the ORM never updates. */
export function defaultUpdateFields(meta: ModelMeta): string[] {
  return meta.fields.filter((f) => !f.serverGenerated && !f.primaryKey && f.updatable !== false).map((f) => f.name);
}

const keyStrings = new Map<number, z.ZodString>();

/**
 * A string primary key a client sets is never empty: its value becomes a path
 * segment, and an empty segment names no row (`/translations/` is the list).
 */
const keyString = (field: FieldMeta) =>
  cached(keyStrings, field.maxLength ?? 0, () =>
    field.maxLength ? z.string().min(1).max(field.maxLength) : z.string().min(1),
  );

/** A create body: required unless nullable or defaulted. */
export function createObject(meta: ModelMeta, fields: ReadonlySet<string>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of meta.fields) {
    if (!fields.has(field.name)) continue;
    const value =
      field.primaryKey && field.kind === 'string' ? keyString(field) : nullableValue(field, inputValue(field));
    const optional = field.nullable || field.hasClientDefault || field.serverGenerated;
    shape[field.name] = described(field, optional ? wrap(value, 'optional') : value);
  }
  return z.object(shape);
}

/** An update body: every field optional. */
export function updateObject(meta: ModelMeta, fields: ReadonlySet<string>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of meta.fields) {
    if (!fields.has(field.name)) continue;
    shape[field.name] = described(field, wrap(nullableValue(field, inputValue(field)), 'optional'));
  }
  return z.object(shape);
}

/** The primary-key fields, by field name. */
export function pkObject(meta: ModelMeta): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const name of meta.primaryKey) shape[name] = valueSchema(fieldOf(meta, name));
  return z.object(shape);
}

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
 * The relations a client may include: those joined over fields `shown` on this
 * side and public on the target's, so no include reveals a hidden key (a hidden
 * `author_id` as `author.id`, or as the posts listed under their author).
 */
export function includableRelations(
  meta: ModelMeta,
  shown: ReadonlySet<string>,
  publicOf: (target: string) => ReadonlySet<string>,
): string[] {
  return meta.relations.filter((r) => isIncludable(r, shown, publicOf(r.target))).map((r) => r.name);
}

/** Whether `relation` joins over fields `shown` on this side and `targetShown` on the target's. */
export function isIncludable(
  relation: RelationMeta,
  shown: ReadonlySet<string>,
  targetShown: ReadonlySet<string>,
): boolean {
  return relation.fields.every((f) => shown.has(f)) && relation.references.every((f) => targetShown.has(f));
}
