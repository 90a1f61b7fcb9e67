// quickstart-hono.ts: the quick start's router on Hono (npm install hono @hono/node-server swagger-ui-dist).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createOpenApiDocument } from 'ormcrud';
import { notFoundHandler, openApiDocs, toHono } from 'ormcrud/hono';
import { router } from './quickstart.ts';

export const app = new Hono();
app.route('/', openApiDocs(createOpenApiDocument([router], { info: { title: 'Quick start', version: '1.0.0' } })));
app.route('/', toHono(router));
app.notFound(notFoundHandler());

if (import.meta.filename === process.argv[1]) serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) });
