// quickstart-express.ts: the router on Express 5 (npm install express swagger-ui-dist; -D @types/express).
import express from 'express';
import { notFoundHandler, openApiDocs, toExpress } from 'ormcrud/express';
import { document, router } from './quickstart-router.ts';

export const app = express();
app.use(openApiDocs(document));
app.use(toExpress(router));
app.use(notFoundHandler());

if (import.meta.filename === process.argv[1]) {
  const server = app.listen(Number(process.env.PORT ?? 3000), () => {
    const { port } = server.address() as { port: number };
    console.log(`Listening on http://localhost:${port}; API docs at http://localhost:${port}/docs`);
  });
}
