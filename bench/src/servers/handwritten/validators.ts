/**
 * Input validation as a careful engineer sets it up: path and query strings
 * are coerced to their schema types, JSON bodies are not (a number sent for a
 * string is an error, not silently converted). Unknown properties are dropped.
 */
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// Both packages are CommonJS with a default export.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

/** An Ajv instance with the settings every hand-written server validates with. */
export function ajv(coerceTypes: 'array' | false) {
  const instance = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: 'all', allErrors: true });
  addFormats(instance);
  return instance;
}

export function useValidators(app: FastifyInstance): void {
  const strings = ajv('array');
  const json = ajv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? json : strings).compile(schema));
}
