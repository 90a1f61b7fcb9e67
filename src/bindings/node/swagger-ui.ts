/**
 * Swagger UI, offline: the files of `swagger-ui-dist`, read from disk once,
 * for the bindings whose framework has no Swagger UI plugin that works without
 * a CDN (Hono, Express). It is loaded only when docs are served.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocsFile } from './docs-site.ts';

/** The files a page needs, by name, with their content types: nothing else (no `constructor`) is served. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['index.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
]);

const loaded = new Map<string, Promise<DocsFile>>();

/**
 * The folder of `swagger-ui-dist`; a clear error when it is not installed.
 *
 * @example
 * ```ts
 * swaggerUiDir(); // '/app/node_modules/swagger-ui-dist'
 * ```
 */
export function swaggerUiDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch (cause) {
    throw new Error('openApiDocs serves Swagger UI from swagger-ui-dist: npm install swagger-ui-dist', { cause });
  }
}

/**
 * The file `name` of `swagger-ui-dist` (which must be installed), or
 * `undefined` for a name that is not one of the page's files.
 *
 * @example
 * ```ts
 * const css = await swaggerUiAsset('swagger-ui.css');
 * ```
 */
export function swaggerUiAsset(name: string): Promise<DocsFile> | undefined {
  const type = ASSETS.get(name);
  if (!type) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    asset = readFile(join(swaggerUiDir(), name)).then((body) => ({ type, body: new Uint8Array(body) }));
    loaded.set(name, asset);
  }
  return asset;
}
