/**
 * One route as an OpenAPI operation: parameters, body, its success and every
 * error it can answer with.
 *
 * @module
 */
import type { z } from 'zod';
import { ERROR_STATUS } from '../errors.ts';
import type { CrudRoute } from '../routing/router.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';
import type { ComponentSchemas } from './components.ts';
import type { SharedResponses } from './responses.ts';

/** A route placed in the document. */
export interface DocumentedRoute {
  readonly route: CrudRoute;
  /** The full OpenAPI path (`/categories/{category_id}`). */
  readonly path: string;
  /** Unique in the document. */
  readonly operationId: string;
  /** The path answers 405 (with `Allow`) to a method it does not serve. */
  readonly methodNotAllowed: boolean;
}

const REASONS: Readonly<Record<number, string>> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };
const JSON_TYPE = 'application/json';

/** The operation object of a route. */
export function operationOf(placed: DocumentedRoute, schemas: ComponentSchemas, shared: SharedResponses): JsonSchema {
  const { route } = placed;
  const { params, query, body } = route.schemas;
  const parameters = [
    ...parametersOf('path', params, schemas),
    ...parametersOf('query', query, schemas),
    ...(route.parameters ?? []).map(({ description, required, ...parameter }) => ({
      ...parameter,
      required: required ?? false,
      ...(description && { description }),
      schema: { type: 'string' },
    })),
  ];
  return {
    operationId: placed.operationId,
    summary: route.summary ?? `${route.method} ${placed.path}`,
    ...(route.description && { description: route.description }),
    ...(route.tags.length > 0 && { tags: [...route.tags] }),
    ...(route.deprecated && { deprecated: true }),
    ...(route.security && { security: route.security.map((requirement) => ({ ...requirement })) }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && {
      requestBody: { required: true, content: { [JSON_TYPE]: { schema: schemas.write(body, 'input') } } },
    }),
    responses: { [route.status]: successOf(route, schemas, shared), ...errorsOf(placed, shared) },
  };
}

/** `z.never()`'s schema, `{ not: {} }`: no value is valid. */
const isNever = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && 'not' in schema && Object.keys(schema.not as object).length === 0;

/**
 * A parameter no request may send (`include` on a model without relations: an array of nothing); left
 * out of the document, where a client generator would type it as taking anything.
 */
const takesNoValue = (schema: JsonSchema): boolean => isNever(schema) || isNever(schema.items);

/** One parameter per property of a path or query object; its description moves to the parameter. */
function parametersOf(where: 'path' | 'query', object: z.ZodObject | undefined, schemas: ComponentSchemas) {
  if (!object) return [];
  const json = schemas.convert(object, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  const properties = Object.entries((json.properties ?? {}) as Record<string, JsonSchema>);
  return properties
    .filter(([, property]) => !takesNoValue(property))
    .map(([name, property]) => {
      const { description, ...schema } = property;
      return {
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' && { description }),
        schema: schemas.writeJson(schema, 'input'),
      };
    });
}

/** Without a response schema a route answers any JSON, or the text of a string it returns. */
const FREE_FORM = { [JSON_TYPE]: { schema: {} }, 'text/plain': { schema: { type: 'string' } } };

/** The success response: its status, headers and body. */
function successOf(route: CrudRoute, schemas: ComponentSchemas, shared: SharedResponses): JsonSchema {
  const { response } = route.schemas;
  const empty = route.status === 204 || route.status === 304;
  return {
    description: REASONS[route.status] ?? 'Success',
    ...(route.headers && { headers: shared.headers(route.headers.names) }),
    ...(!empty && {
      content: response ? { [JSON_TYPE]: { schema: schemas.write(response, 'output') } } : structuredClone(FREE_FORM),
    }),
  };
}

/** The error responses, by status: the route's errors, 405 where it applies, the router's own `responses`, the ranges. */
function errorsOf(placed: DocumentedRoute, shared: SharedResponses): Record<string, JsonSchema> {
  const { route } = placed;
  const statuses = new Set((route.errors ?? []).map((code) => ERROR_STATUS[code]));
  if (placed.methodNotAllowed) statuses.add(405);
  const out: Record<string, JsonSchema> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) out[status] = shared.error(status);
  for (const [status, doc] of Object.entries(route.responses ?? {})) out[status] ??= shared.custom(doc.description);
  // Whatever else a route answers (a malformed URL's 400, a body on a DELETE's 415) is a problem too.
  out['4XX'] ??= shared.error('4XX');
  out['5XX'] ??= shared.error('5XX');
  return out;
}
