/**
 * The validator and serializer compilers of the binding: the core's, so each
 * distinct JSON Schema is compiled once per process, whatever serves it.
 *
 * @module
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { JsonSchema } from 'ormcrud';
import { compileSerializer, compileValidator } from 'ormcrud/binding-kit';

/** Validates path and query with coercion, bodies without. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  compileValidator(schema as JsonSchema, httpPart === 'body' ? 'json' : 'strings');

/** Serialises responses from their schema. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  compileSerializer(schema as JsonSchema);
