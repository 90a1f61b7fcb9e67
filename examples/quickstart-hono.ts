// quickstart-hono.ts: the router on Hono (npm install hono @hono/node-server swagger-ui-dist).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { notFoundHandler, openApiDocs, toHono } from 'ormcrud/hono';
import { document, router } from './quickstart-router.ts';

export const app = new Hono();
app.route('/', openApiDocs(document));
app.route('/', toHono(router));
app.notFound(notFoundHandler());

if (import.meta.filename === process.argv[1]) {
  serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) }, ({ port }) => {
    console.log(`Listening on http://localhost:${port}; API docs at http://localhost:${port}/docs`);
  });
}
