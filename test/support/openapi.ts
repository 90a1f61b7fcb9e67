/**
 * The one place tests read OpenAPI documents from: the forum's, as
 * `createOpenApiDocument` builds it and the demo serves it, that of any
 * routers, and a document's operations as plain records (every `$ref`
 * followed) that the fuzzer and the route walkers iterate.
 */
import { type CrudRouter, createOpenApiDocument, type OpenApiDocument } from 'ormcrud';
import { forumDocument, forumRouters } from '../../examples/forum/app.ts';
import type { ForumAdapters } from './forum-target.ts';

/** A JSON Schema as the document holds it (JSON Schema 2020-12: a nullable type lists `'null'`). */
export type Schema = {
  readonly type?: string | readonly string[];
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

/** One operation: where it is, what it takes, what it answers. */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The templated path, `/categories/{category_id}`. */
  readonly path: string;
  readonly pathParams: readonly Parameter[];
  readonly queryParams: readonly Parameter[];
  readonly body: Schema | undefined;
  /** Response body schemas by status (`200`, `201`, `404`): JSON for a success, problem+json for an error. */
  readonly responses: Readonly<Record<string, Schema | undefined>>;
}

/**
 * The forum's document over these adapters: what `/docs/json` serves.
 *
 * @example
 * ```ts
 * const ops = operationsOf(forumOpenApi(s.harness.adapters));
 * ```
 */
export function forumOpenApi(adapters: ForumAdapters): OpenApiDocument {
  return forumDocument(forumRouters(adapters));
}

/** The document of `routers`, titled `test`. */
export function documentOf(...routers: CrudRouter[]): OpenApiDocument {
  return createOpenApiDocument(routers, { info: { title: 'test', version: '1' } });
}

/** Every operation of the document, in document order, with every `$ref` replaced by what it names. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolved = resolveRefs(doc, doc) as { paths: Record<string, Record<string, RawOperation>> };
  return Object.entries(resolved.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        const content = response.content ?? {};
        responses[status] = (content['application/json'] ?? content['application/problem+json'])?.schema;
      }
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

/** `node` with each local `$ref` (`#/components/...`) replaced by its target, itself resolved. */
function resolveRefs(node: unknown, doc: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, doc));
  if (typeof node !== 'object' || node === null) return node;
  const { $ref, ...rest } = node as { $ref?: unknown };
  const out: Record<string, unknown> = {};
  if (typeof $ref === 'string' && $ref.startsWith('#/')) {
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    Object.assign(out, resolveRefs(target, doc));
  }
  for (const [key, value] of Object.entries(rest)) out[key] = resolveRefs(value, doc);
  return out;
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
