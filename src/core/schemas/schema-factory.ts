/**
 * Zod schemas derived from a {@link ModelMeta}: one function per generated
 * object (response, create, update, key), all pure and run once when a router
 * is built. Field values are `value-schemas.ts`'s, list queries `query-schemas.ts`'s.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';
import { type FieldMeta, fieldOf, type ModelMeta, type RelationMeta } from '../model-meta.ts';
import { DOT_KEYS } from './storable.ts';
import { checkedValue, inputValue, VALUES, valueSchema, wrap } from './value-schemas.ts';

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
 * A string primary key a client sets is never empty, `.` or `..`: its value becomes a path segment, and an
 * empty segment names no row (`/translations/` is the list), a dot segment another path.
 */
const keyString = (field: FieldMeta) =>
  cached(keyStrings, field.maxLength ?? 0, () =>
    (field.maxLength ? z.string().min(1).max(field.maxLength) : z.string().min(1)).meta({
      not: { enum: [...DOT_KEYS] },
    }),
  );

/** A create body: required unless nullable or defaulted. */
export function createObject(meta: ModelMeta, fields: ReadonlySet<string>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of meta.fields) {
    if (!fields.has(field.name)) continue;
    const value =
      field.primaryKey && field.kind === 'string'
        ? checkedValue(field, keyString(field))
        : nullableValue(field, inputValue(field));
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
