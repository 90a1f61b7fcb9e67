/**
 * What `openApiDocs` serves, whatever the framework: the document as JSON and
 * YAML, the Swagger UI page and its files, as bytes by path, so each binding
 * only routes them. Runtime-neutral: Swagger UI's files are read (through
 * `node:fs`) only when one is asked for.
 *
 * @module
 */

import { HTML_TYPE, JSON_TYPE } from '../../core/http/index.ts';
import type { OpenApiDocument } from '../../core/openapi/document.ts';
import { toYaml, YAML_TYPE } from '../../core/openapi/yaml.ts';
import { docsPrefix } from './docs-prefix.ts';
import { swaggerUiPage } from './swagger-ui-page.ts';

/** A response of the docs: its content type and body. */
export interface DocsFile {
  readonly type: string;
  readonly body: Uint8Array;
}

/** The docs of one document under one prefix. */
export interface DocsSite {
  /** The normalised `routePrefix` (`/docs`). */
  readonly prefix: string;
  /** The page (at `/docs` and `/docs/`, its links relative to each) and the document (`/docs/json`, `/docs/yaml`). */
  readonly files: ReadonlyMap<string, DocsFile>;
  /** The Swagger UI file `name` (served at `/docs/<name>`), or `undefined` for a name that is none. */
  readonly asset: (name: string) => Promise<DocsFile | undefined>;
}

const encoder = new TextEncoder();

/**
 * `document` as JSON and as YAML, the bytes every framework sends.
 *
 * @example
 * ```ts
 * const { json, yaml } = documentFiles(createOpenApiDocument([], { info: { title: 'Forum', version: '1' } }));
 * ```
 */
export function documentFiles(document: OpenApiDocument): { readonly json: DocsFile; readonly yaml: DocsFile } {
  const text = JSON.stringify(document);
  return {
    json: { type: JSON_TYPE, body: encoder.encode(text) },
    yaml: { type: YAML_TYPE, body: encoder.encode(toYaml(JSON.parse(text))) },
  };
}

/**
 * The docs of `document` at `routePrefix` (default `/docs`, normalised; a
 * prefix that is no path throws).
 *
 * @example
 * ```ts
 * const site = docsSite(createOpenApiDocument([], { info: { title: 'Forum', version: '1' } }), '/docs/');
 * site.files.get('/docs/json')?.type; // 'application/json; charset=utf-8'
 * ```
 */
export function docsSite(document: OpenApiDocument, routePrefix?: string): DocsSite {
  const prefix = docsPrefix(routePrefix);
  const { json, yaml } = documentFiles(document);
  const page = (slash: boolean): DocsFile => ({ type: HTML_TYPE, body: encoder.encode(swaggerUiPage(prefix, slash)) });
  const files = new Map([
    [prefix, page(false)],
    [`${prefix}/`, page(true)],
    [`${prefix}/json`, json],
    [`${prefix}/yaml`, yaml],
  ]);
  const asset = async (name: string) => (await import('./swagger-ui.ts')).swaggerUiAsset(name);
  return { prefix, files, asset };
}
