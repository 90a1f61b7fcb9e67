/**
 * Turns a handler, its declared inputs and its dependencies into a
 * {@link CrudRoute}, compiling every schema once.
 *
 * @module
 */

import type { z } from 'zod';
import type { DeclaredInputs } from './dependencies.ts';
import { toJsonSchema } from './json-schema.ts';
import type { Mount } from './mount.ts';
import type { CrudRequest, Dependency } from './request.ts';
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

/** A complete route at a mount point. */
export function makeRoute(mount: Mount, spec: RouteSpec): CrudRoute {
  const { docs, path, dependencies } = mount.place;
  const deprecated = spec.deprecated ?? docs.deprecated;
  const hidden = spec.hidden || docs.hidden;

  return {
    method: spec.method,
    path: spec.path,
    name: spec.name,
    operationId: spec.operationId ?? '',
    status: spec.status,
    schemas: compileSchemas(spec.inputs, spec.response),
    tags: spec.tags ?? docs.tags,
    ...(spec.summary && { summary: spec.summary }),
    ...(spec.description && { description: spec.description }),
    ...(deprecated && { deprecated }),
    ...(hidden && { hidden }),
    ...(spec.path === path && { root: true }),
    ...(docs.responses && { responses: docs.responses }),
    ...(spec.headers && { headers: spec.headers }),
    handle: guarded([...dependencies, ...spec.dependencies], spec.run),
  };
}
