/**
 * The validator and serializer compilers of the binding. Each distinct JSON
 * Schema is compiled once per process, however many routes, twins and apps
 * share it: every list of a collection shares one page serializer, every
 * route one problem serializer.
 *
 * Path and query strings are coerced (and a single query value wrapped into
 * an array); JSON bodies are not, so `{"name": 42}` is a type error. Both drop
 * unknown keys, fill defaults and report every failing field at once.
 *
 * @module
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { type JsonSchema, NON_CANONICAL_INTEGER_MESSAGE, nonCanonicalIntegers } from 'ormcrud';
import { cached } from '../../core/cache.ts';

/**
 * Every schema compiled here comes from `z.toJSONSchema` (draft-07), so Ajv's
 * check of it against the meta-schema would prove nothing; skipping it also
 * skips compiling the meta-schema itself (about 0.3 MiB of heap in all).
 */
function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    // Failing issues carry their schema, so a message can name a format rather than its regular expression.
    verbose: true,
    strict: false,
    validateSchema: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** Compiled schemas by the schema object Fastify hands over, then by its text. */
class Compiled<T> {
  readonly #byObject = new WeakMap<object, T>();
  readonly #byText = new Map<string, T>();

  /** The compiled `schema`: a route sharing a schema object with another skips even serialising it. */
  get(schema: object, make: () => T): T {
    return cached(this.#byObject, schema, () => cached(this.#byText, JSON.stringify(schema), make));
  }
}

let ajv: { strings: Ajv; json: Ajv } | undefined;
const validators = {
  strings: new Compiled<ReturnType<Ajv['compile']>>(),
  json: new Compiled<ReturnType<Ajv['compile']>>(),
};
const serializers = new Compiled<(data: unknown) => string>();

/** Validates path and query with coercion, bodies without. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  ajv ??= { strings: createAjv('array'), json: createAjv(false) };
  const { strings, json } = ajv;
  if (httpPart === 'body') return validators.json.get(schema as object, () => json.compile(schema as object));
  return validators.strings.get(schema as object, () => canonicalIntegers(strings.compile(schema as object), schema));
};

/**
 * `validate`, after refusing integers spelt other than in plain decimal
 * (`0x1`, `1e0`, ` 1`, `+1`, `01`), which coercion would take for `1`.
 */
function canonicalIntegers(validate: ValidateFunction, schema: unknown): ValidateFunction {
  const check = nonCanonicalIntegers(schema as JsonSchema);
  if (!check) return validate;
  const guarded = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const bad = check(data);
    if (bad.length > 0) {
      guarded.errors = bad.map(
        (key): ErrorObject => ({
          instancePath: `/${key}`,
          schemaPath: `#/properties/${key}`,
          keyword: 'type',
          params: { type: 'integer' },
          message: NON_CANONICAL_INTEGER_MESSAGE,
        }),
      );
      return false;
    }
    const valid = validate(data, context);
    guarded.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return Object.assign(guarded, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/** Serialises responses with fast-json-stringify. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  serializers.get(schema as object, () => fastJson(schema as Parameters<typeof fastJson>[0]));
