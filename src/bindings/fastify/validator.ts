/**
 * The Ajv instances the binding validates with, built once per plugin. Path and
 * query strings are coerced (and a single query value wrapped into an array);
 * JSON bodies are not coerced, so `{"name": 42}` is a type error. Both drop
 * unknown keys, fill defaults and report every failing field at once.
 *
 * @module
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: true, allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** A validator compiler for one plugin. */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strings = createAjv('array');
  const json = createAjv(false);
  return ({ schema, httpPart }) => (httpPart === 'body' ? json : strings).compile(schema as object);
}
