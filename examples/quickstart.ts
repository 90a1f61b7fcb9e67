// quickstart.ts: the router on Fastify, with OpenAPI docs at /docs.
import Fastify from 'fastify';
import { openApiDocs, toFastify } from 'ormcrud/fastify';
import { document, router } from './quickstart-router.ts';

export const app = Fastify();
await app.register(openApiDocs(document)); // /docs: Swagger UI (needs @fastify/swagger, @fastify/swagger-ui)
await app.register(toFastify(router));

// Listen when run as a program; a test can import `app` and call `app.inject` instead.
if (import.meta.filename === process.argv[1]) {
  const url = await app.listen({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Listening on ${url}; API docs at ${url}/docs`);
}
