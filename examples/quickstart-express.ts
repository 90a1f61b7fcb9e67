// quickstart-express.ts: the quick start's router on Express 5 (npm install express swagger-ui-dist).
import express from 'express';
import { createOpenApiDocument } from 'ormcrud';
import { notFoundHandler, openApiDocs, toExpress } from 'ormcrud/express';
import { router } from './quickstart.ts';

export const app = express();
app.use(openApiDocs(createOpenApiDocument([router], { info: { title: 'Quick start', version: '1.0.0' } })));
app.use(toExpress(router));
app.use(notFoundHandler());

if (import.meta.filename === process.argv[1]) app.listen(Number(process.env.PORT ?? 3000));
