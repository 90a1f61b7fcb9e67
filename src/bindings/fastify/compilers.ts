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

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

let ajv: { strings: Ajv; json: Ajv } | undefined;
const validators = new Map<string, ReturnType<Ajv['compile']>>();
const serializers = new Map<string, (data: unknown) => string>();

/** Validates path and query with coercion, bodies without. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  ajv ??= { strings: createAjv('array'), json: createAjv(false) };
  const instance = httpPart === 'body' ? ajv.json : ajv.strings;
  return memo(validators, `${httpPart === 'body'}${JSON.stringify(schema)}`, () => instance.compile(schema as object));
};

/** Serialises responses with fast-json-stringify. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  memo(serializers, JSON.stringify(schema), () => fastJson(schema as Parameters<typeof fastJson>[0]));
