/**
 * The Zod schema of one field's value, by its kind: shared where it takes no
 * argument, made once per bound (a length, an integer range, decimal digits).
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';
import { FLOAT32_MAX } from '../column-bounds.ts';
import { toSecondDigits } from '../dates.ts';
import type { FieldMeta, ValueChecks } from '../model-meta.ts';
import { decimalWithin } from './decimal-digits.ts';
import { withinSecondDigits } from './second-digits.ts';
import { TEXT_FORMATS } from './text-formats.ts';

/**
 * The value schemas that take no argument, made once: Zod schemas are
 * immutable, so every field of every model shares them (a schema costs about
 * a KiB of heap, and a router of many collections would otherwise hold
 * thousands of equal ones).
 */
export const VALUES = {
  string: z.string(),
  integer: z.int(),
  number: z.number(),
  /** A number a 4-byte float column holds (PostgreSQL's `real`, MySQL's `FLOAT`), as OpenAPI names it. */
  float32: z.number().min(-FLOAT32_MAX).max(FLOAT32_MAX).meta({ format: 'float' }),
  boolean: z.boolean(),
  // ISO 8601 with an offset or none (then UTC), to the millisecond: a finer instant would be cut to another.
  datetime: z.string().regex(toSecondDigits(z.iso.datetime({ offset: true, local: true }).def.pattern as RegExp, 3)),
  date: z.iso.date(),
  // Any 8-4-4-4-12 hex value: databases store Microsoft-style GUIDs too, whatever their version and variant digits.
  uuid: z.guid(),
  unknown: z.unknown(),
  /** Any value but `null`: what a not-null JSON or free-form column takes, which `null` would leave empty. */
  present: z.unknown().meta({ not: { type: 'null' } }),
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
  /** An unsigned 64-bit integer (MySQL's `bigint unsigned`), as a decimal string. */
  unsignedBigint: z
    .string()
    .regex(/^(?:0|[1-9][0-9]{0,19})$/)
    .describe('An unsigned 64-bit integer as a decimal string, from "0" to "18446744073709551615"'),
  /** An integer of any number of digits (a `numeric` column read as a JavaScript `bigint`), as a decimal string. */
  numericBigint: z
    .string()
    .regex(/^-?(?:0|[1-9][0-9]*)$/)
    .describe('An integer as a decimal string, every digit kept, such as "123456789012345678901234567890"'),
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
export const wrap = (schema: z.ZodType, how: 'nullable' | 'optional'): z.ZodType =>
  cached(wrappers[how], schema, () => (how === 'nullable' ? schema.nullable() : schema.optional()));

/**
 * The Zod type of one field's value, before nullability: a date-time or a time within the digits of a
 * second its column keeps, in bodies, filters and keys alike.
 */
export function valueSchema(field: FieldMeta): z.ZodType {
  const seconds = field.secondDigits;
  switch (field.kind) {
    case 'string': {
      const timed = field.format === 'time' || field.format === 'duration';
      if (timed && seconds !== undefined) return withinSecondDigits(field.format, seconds);
      if (field.format) return TEXT_FORMATS[field.format];
      const max = field.maxLength;
      return max ? cached(maxLengths, max, () => z.string().max(max)) : VALUES.string;
    }
    case 'integer':
      return VALUES.integer;
    case 'bigint':
      if (field.integers === 'numeric') return VALUES.numericBigint;
      return field.integers === 'unsigned' ? VALUES.unsignedBigint : VALUES.bigint;
    case 'decimal':
      return VALUES.decimal;
    case 'datetime':
      return seconds === undefined ? VALUES.datetime : withinSecondDigits('datetime', seconds);
    case 'number':
    case 'boolean':
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
 * The schema of a value a client writes: an integer within its column's range, a number within a 4-byte
 * float's where its column holds one, a decimal within its
 * column's digits (a 64-bit integer within its `numeric` column's whole digits), anything but `null` for a
 * not-null JSON or free-form column, the rest as {@link valueSchema}; held to the field's checks.
 */
export function inputValue(field: FieldMeta): z.ZodType {
  const digits = field.digits;
  if (!field.nullable && valueSchema(field) === VALUES.unknown) return VALUES.present;
  if (field.kind === 'decimal' && digits) return checkedValue(field, decimalWithin(digits));
  if (field.kind === 'bigint' && digits)
    return checkedValue(field, decimalWithin({ precision: digits.precision - digits.scale, scale: 0 }));
  if (field.kind === 'number' && field.singlePrecision) return checkedValue(field, VALUES.float32);
  const range = field.kind === 'integer' ? field.range : undefined;
  if (!range) return checkedValue(field, valueSchema(field));
  const bounded = cached(boundedIntegers, `${range.min}|${range.max}`, () => z.int().min(range.min).max(range.max));
  return checkedValue(field, bounded);
}

/** `schema` held to `checks`: a string's to a string, a number's to a number. */
function held(schema: z.ZodType, checks: ValueChecks): z.ZodType {
  let checked = schema;
  const type = schema._zod.def.type;
  if (type === 'string') {
    let text = schema as z.ZodString;
    if (checks.minLength !== undefined) text = text.min(checks.minLength);
    if (checks.maxLength !== undefined) text = text.max(checks.maxLength);
    for (const pattern of checks.patterns ?? []) text = text.regex(new RegExp(pattern, 'u'));
    // Zod's JSON Schema drops a format (a uuid's) once a pattern is added: it is kept, to document it.
    const { format } = z.toJSONSchema(schema, { io: 'input' }) as { format?: string };
    checked = format && checks.patterns ? text.meta({ format }) : text;
  } else if (type === 'number') {
    let number = schema as z.ZodNumber;
    if (checks.minimum !== undefined) number = number.min(checks.minimum);
    if (checks.maximum !== undefined) number = number.max(checks.maximum);
    checked = number;
  }
  // Zod checks no set of values on a string or a number; the JSON Schema that validates each request does.
  const { oneOf, noneOf } = checks;
  if (!oneOf && !noneOf) return checked;
  return checked.meta({ ...(oneOf && { enum: [...oneOf] }), ...(noneOf && { not: { enum: [...noneOf] } }) });
}

const checkedValues = new WeakMap<FieldMeta, WeakMap<z.ZodType, z.ZodType>>();

/**
 * `schema`, a value of `field`, held to the field's {@link ValueChecks}; made once per field and schema.
 *
 * @example
 * ```ts
 * const nick: FieldMeta = { name: 'nick', kind: 'string', checks: { minLength: 3 }, nullable: false,
 *   primaryKey: false, serverGenerated: false, hasClientDefault: false };
 * checkedValue(nick, z.string()).safeParse('ab').success; // false
 * ```
 */
export function checkedValue(field: FieldMeta, schema: z.ZodType): z.ZodType {
  const checks = field.checks;
  if (!checks) return schema;
  return cached(
    cached(checkedValues, field, () => new WeakMap()),
    schema,
    () => held(schema, checks),
  );
}
