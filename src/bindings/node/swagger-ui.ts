/**
 * Swagger UI, offline: its page and the files of `swagger-ui-dist`, read from
 * disk once, for the bindings whose framework has no Swagger UI plugin that
 * works without a CDN (Hono, Express). It is loaded only when docs are served.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The files a page needs, by name, with their content types: nothing else (no `constructor`) is served. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['index.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
]);

/** A file to send. */
export interface SwaggerUiAsset {
  readonly type: string;
  readonly body: Uint8Array;
}

const loaded = new Map<string, Promise<SwaggerUiAsset>>();

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
export function swaggerUiAsset(name: string): Promise<SwaggerUiAsset> | undefined {
  const type = ASSETS.get(name);
  if (!type) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    asset = readFile(join(swaggerUiDir(), name)).then((body) => ({ type, body: new Uint8Array(body) }));
    loaded.set(name, asset);
  }
  return asset;
}

/**
 * The Swagger UI page served at `prefix` (or at `prefix/` when `slash`): its
 * files under `prefix/`, the document at `prefix/json`, linked relative to the
 * page (`docs/json` from `/docs`, `./json` from `/docs/`), so an app that
 * mounts the docs under a path (`/api`) finds them.
 *
 * @example
 * ```ts
 * const html = swaggerUiPage('/docs');
 * ```
 */
export function swaggerUiPage(prefix: string, slash = false): string {
  const base = slash ? '.' : prefix.slice(prefix.lastIndexOf('/') + 1);
  const at = JSON.stringify(`${base}/json`);
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Swagger UI</title>
    <link rel="stylesheet" type="text/css" href="${base}/swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="${base}/index.css" />
    <link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${base}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: ${at},
        dom_id: '#swagger-ui',
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: 'StandaloneLayout',
      });
    </script>
  </body>
</html>
`;
}
