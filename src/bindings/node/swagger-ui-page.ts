/**
 * The Swagger UI page of the docs on Hono and Express, linking the files of
 * `swagger-ui-dist`. Runtime-neutral: the files themselves are read elsewhere.
 *
 * @module
 */

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
