/**
 * Turns a handler, its declared inputs and its dependencies into a
 * {@link CrudRoute}, compiling every schema once.
 *
 * @module
 */

import type { z } from 'zod';
import { guardDocs } from '../dependencies/dependency-docs.ts';
import type { DeclaredInputs } from '../dependencies/markers.ts';
import type { CrudRequest, Dependency } from '../dependencies/request.ts';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { toJsonSchema } from '../schemas/json-schema.ts';
import type { Mount } from './mount.ts';
import type { CrudRoute, HttpMethod, ResponseHeaders, RouteSchemas } from './router.ts';

/** What a route needs besides its schemas. */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly name: string;
  readonly status: number;
  readonly inputs: DeclaredInputs;
  readonly response: z.ZodType | undefined;
  readonly dependencies: readonly Dependency[];
  readonly run: (req: CrudRequest) => Promise<unknown>;
  readonly operationId?: string;
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly hidden?: boolean;
  /** The model of a generated route. */
  readonly model?: string;
  /** Errors the handler raises; those of validation and dependencies are added. */
  readonly errors?: readonly ErrorCode[];
  readonly headers?: ResponseHeaders;
}

/** Compiles request and response schemas to JSON Schema. */
export function compileSchemas(inputs: DeclaredInputs, response: z.ZodType | undefined): RouteSchemas {
  const { params, query, body } = inputs;
  const hasParams = params && Object.keys(params.shape).length > 0;
  const hasQuery = query && Object.keys(query.shape).length > 0;
  return {
    ...(hasParams && { params }),
    ...(hasQuery && { query }),
    ...(body && { body }),
    ...(response && { response }),
    json: {
      ...(hasParams && { params: toJsonSchema(params, 'input') }),
      ...(hasQuery && { query: toJsonSchema(query, 'input') }),
      ...(body && { body: toJsonSchema(body, 'input') }),
      ...(response && { response: toJsonSchema(response, 'output') }),
    },
  };
}

/** Runs the dependencies in order, then the handler. */
function guarded(dependencies: readonly Dependency[], run: (req: CrudRequest) => Promise<unknown>) {
  if (dependencies.length === 0) return run;
  return async (req: CrudRequest) => {
    for (const dependency of dependencies) await dependency(req);
    return run(req);
  };
}

/** What a request may fail with: the handler's errors, then validation's and the dependencies'; by status. */
function errorsOf(schemas: RouteSchemas, own: readonly ErrorCode[], guards: readonly ErrorCode[]): ErrorCode[] {
  const { params, query, body } = schemas.json;
  const errors = new Set<ErrorCode>(own);
  if (params || query || body) errors.add('validation_failed');
  if (body) for (const code of ['payload_too_large', 'unsupported_media_type'] as const) errors.add(code);
  for (const code of guards) errors.add(code);
  return [...errors].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

/** A complete route at a mount point. */
export function makeRoute(mount: Mount, spec: RouteSpec): CrudRoute {
  const { docs, path, dependencies } = mount.place;
  const deprecated = spec.deprecated ?? docs.deprecated;
  const hidden = spec.hidden || docs.hidden;
  const all = [...dependencies, ...spec.dependencies];
  const guards = guardDocs(all);
  const schemas = compileSchemas(spec.inputs, spec.response);
  return {
    method: spec.method,
    path: spec.path,
    name: spec.name,
    operationId: spec.operationId ?? '',
    status: spec.status,
    schemas,
    tags: spec.tags ?? docs.tags,
    ...(spec.summary && { summary: spec.summary }),
    ...(spec.description && { description: spec.description }),
    ...(deprecated && { deprecated }),
    ...(hidden && { hidden }),
    ...(spec.path === path && { root: true }),
    ...(docs.responses && { responses: docs.responses }),
    ...(spec.model !== undefined && { model: spec.model }),
    errors: errorsOf(schemas, spec.errors ?? [], guards.errors),
    ...(guards.security && { security: guards.security }),
    ...(guards.parameters && { parameters: guards.parameters }),
    ...(guards.bearerChallenged && { bearerChallenged: guards.bearerChallenged }),
    ...(spec.headers && { headers: spec.headers }),
    handle: guarded(all, spec.run),
  };
}
