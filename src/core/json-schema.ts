/**
 * Zod → JSON Schema, done once per route when the router is built. Bindings
 * hand these to their framework for validation, serialisation and OpenAPI.
 *
 * @module
 */
import { z } from 'zod';

/** A JSON Schema document (draft-07, as Fastify's Ajv and @fastify/swagger expect). */
export type JsonSchema = Record<string, unknown>;

/**
 * Converts a Zod schema for the request side (`input`) or the response side (`output`).
 * Request objects are closed (`additionalProperties: false`) so unknown keys are dropped.
 *
 * @example
 * ```ts
 * const body = toJsonSchema(createSchema, 'input');
 * ```
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  if (io === 'input' && json.type === 'object') json.additionalProperties = false;
  return json;
}
