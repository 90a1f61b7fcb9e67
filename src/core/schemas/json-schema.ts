/**
 * Zod → JSON Schema, done once per route when the router is built. Bindings
 * hand these to their framework for validation and serialisation; the
 * OpenAPI document takes its own conversion ({@link toOpenApiSchema}).
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';

/** A JSON Schema document (draft-07, as Fastify's Ajv expects; 2020-12 in the OpenAPI document). */
export type JsonSchema = Record<string, unknown>;

/** Conversions already made: routes sharing a schema (a model's public object) share its JSON Schema. */
const converted = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/**
 * Converts a Zod schema for the request side (`input`) or the response side (`output`).
 * Request objects are closed (`additionalProperties: false`) so unknown keys are dropped.
 * Each schema is converted once per side; the result is shared, so treat it as
 * read-only (copy it to change it).
 *
 * @example
 * ```ts
 * const body = toJsonSchema(z.object({ name: z.string() }), 'input');
 * ```
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return cached(converted[io], schema, () => convert(schema, io));
}

/**
 * Converts a Zod schema for an OpenAPI 3.1 document (JSON Schema 2020-12).
 * A request body is documented as what it accepts: unknown keys are dropped,
 * never refused, so no object says `additionalProperties: false`.
 *
 * @example
 * ```ts
 * const body = toOpenApiSchema(z.object({ name: z.string() }), 'input');
 * ```
 */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = simplifyNullable(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }),
  ) as JsonSchema;
  delete json.$schema;
  return io === 'input' ? (open(json) as JsonSchema) : json;
}

/** The schema without any `additionalProperties: false`. */
function open(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(open);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    if (!(key === 'additionalProperties' && value === false)) out[key] = open(value);
  return out;
}

function convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = simplifyNullable(
    z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any', override: refuseUnrunAt([]) }),
  ) as JsonSchema;
  delete json.$schema;
  if (io === 'input' && json.type === 'object') json.additionalProperties = false;
  return json;
}

/** What Zod would run on a value that a JSON Schema cannot say, by its schema or check kind. */
const UNRUN: Readonly<Record<string, string>> = {
  transform: 'transform',
  custom: 'custom check (refine, z.custom, z.instanceof)',
  overwrite: 'overwrite (trim, toLowerCase…)',
};

/** Zod types of values JSON has not, by schema kind: the type, and what to use instead. */
const NO_JSON: Readonly<Record<string, readonly [string, string]>> = {
  bigint: ['z.bigint()', 'JSON has no BigInt; a string of digits (z.string().regex(/^-?[0-9]+$/)) keeps it exact'],
  date: ['z.date()', 'JSON has no Date; z.iso.datetime() or z.iso.date() takes and gives ISO 8601 text'],
};

type Override = NonNullable<z.core.JSONSchemaGenerator['override']>;
type ZodDef = {
  type: string;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  transform?: unknown;
  checks?: z.core.$ZodCheck[];
};

/**
 * Refuses, when the router is built, what Zod would run but a JSON Schema
 * drops: requests are validated and responses serialised from the JSON
 * Schema alone, so a transform or refinement would be silently skipped, and
 * a `z.bigint()` or `z.date()` (documented as `{}`) would fail every response.
 * A pipe's sides are walked whole: a conversion visits only one of them.
 */
function refuseUnrunAt(prefix: readonly (string | number)[]): Override {
  return ({ zodSchema, path }) => {
    const at = [...prefix, ...path];
    const def = zodSchema._zod.def as ZodDef;
    const kinds = [def.type, ...(def.checks ?? []).map((check) => check._zod.def.check)];
    const unrun = kinds.find((kind) => Object.hasOwn(UNRUN, kind));
    if (unrun !== undefined) throw unrunError(UNRUN[unrun] as string, at);
    const noJson = Object.hasOwn(NO_JSON, def.type) ? NO_JSON[def.type] : undefined;
    if (noJson) throw noJsonError(noJson, at);
    if (def.type !== 'pipe') return;
    if (typeof def.transform === 'function') throw unrunError('codec (z.codec, z.stringbool)', at);
    for (const side of [def.in, def.out]) {
      for (const io of ['input', 'output'] as const) {
        if (side) z.toJSONSchema(side, { io, unrepresentable: 'any', override: refuseUnrunAt(at) });
      }
    }
  };
}

function unrunError(what: string, at: readonly (string | number)[]): TypeError {
  const where = at.length > 0 ? at.join('.') : 'the schema itself';
  return new TypeError(
    `A Zod ${what} at ${where} would never run: ormcrud validates and serialises by JSON Schema; ` +
      'check or change values in a dependency or a handler',
  );
}

function noJsonError([type, instead]: readonly [string, string], at: readonly (string | number)[]): TypeError {
  const where = at.length > 0 ? at.join('.') : 'the schema itself';
  return new TypeError(
    `A Zod ${type} at ${where} has no JSON Schema, by which ormcrud validates and serialises: ${instead}`,
  );
}

/**
 * `anyOf: [X, {type: 'null'}]` (Zod's nullable) becomes X with `type: [X.type, 'null']`,
 * and `anyOf: [{}, {type: 'null'}]` becomes `{}`: the same values, validated and
 * serialised without trying each branch (a description or default beside the `anyOf` stays).
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullable(value);
  const { anyOf: branches, ...rest } = out as { anyOf?: Record<string, unknown>[] };
  const annotatedOnly = Object.keys(rest).every((key) => key === 'description' || key === 'default');
  if (Array.isArray(branches) && branches.length === 2 && annotatedOnly) {
    const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt];
    // `{}` admits `null` already (a nullable JSON column): the `anyOf` says nothing more.
    if (nullAt !== -1 && other && Object.keys(other).length === 0) return rest;
    if (nullAt !== -1 && other && typeof other.type === 'string' && !('enum' in other) && !('const' in other)) {
      return { ...other, type: [other.type, 'null'], ...rest };
    }
  }
  return out;
}
