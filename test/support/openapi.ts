/**
 * The forum's OpenAPI document, read through one function so the suites do
 * not depend on where it comes from (today `@fastify/swagger`), and its
 * operations as plain records the fuzzer and the route walkers iterate.
 */
import type { FastifyInstance } from 'fastify';
import { type OpenApiDocument as CoreDocument, type CrudRouter, createOpenApiDocument } from 'ormcrud';

/** A JSON Schema as the document holds it (OpenAPI 3.0: `nullable` instead of a `null` type). */
export type Schema = {
  readonly type?: string | readonly string[];
  readonly nullable?: boolean;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly format?: string;
  readonly pattern?: string;
  readonly [key: string]: unknown;
};

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema: Schema;
}

interface RawOperation {
  readonly operationId?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: Record<string, { readonly schema: Schema }> };
  readonly responses: Record<string, { readonly content?: Record<string, { readonly schema: Schema }> }>;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, RawOperation>>;
}

/** One operation: where it is, what it takes, what it answers. */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The templated path, `/categories/{category_id}`. */
  readonly path: string;
  readonly pathParams: readonly Parameter[];
  readonly queryParams: readonly Parameter[];
  readonly body: Schema | undefined;
  /** Response body schemas by status (`200`, `201`, `4XX`). */
  readonly responses: Readonly<Record<string, Schema | undefined>>;
}

/**
 * The app's OpenAPI document. The one place that knows how to obtain it.
 *
 * @example
 * ```ts
 * const doc = await openApiDocument(app);
 * ```
 */
export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  await app.ready();
  return structuredClone(app.swagger()) as unknown as OpenApiDocument;
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, response] of Object.entries(op.responses))
        responses[status] = response.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
        responses,
      };
    }),
  );
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which has no UTF-8 form)
 * is sent as the bytes a careless client would send for it (WTF-8), an
 * invalid UTF-8 sequence the server must refuse.
 */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
          return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

/** `/a/{x}/b/{y}` with `values` filled in, each percent-encoded. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeComponent(values[name] ?? ''));
}

/** The document of `routers`, titled `test`. */
export function documentOf(...routers: CrudRouter[]): CoreDocument {
  return createOpenApiDocument(routers, { info: { title: 'test', version: '1' } });
}
