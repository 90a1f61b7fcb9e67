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
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
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
  const part = httpPart === 'body' ? 'json' : 'strings';
  const instance = ajv[part];
  return validators[part].get(schema as object, () => instance.compile(schema as object));
};

/** Serialises responses with fast-json-stringify. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  serializers.get(schema as object, () => fastJson(schema as Parameters<typeof fastJson>[0]));
