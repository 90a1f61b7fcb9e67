/**
 * The Ajv instance the binding validates with: coerces query and path strings,
 * wraps a single query value into an array, drops unknown keys, fills defaults,
 * and reports every failing field at once.
 *
 * @module
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/** A validator compiler for one plugin, built once at registration. */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    strict: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ({ schema }) => ajv.compile(schema as object);
}
