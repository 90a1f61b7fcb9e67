// quickstart.ts: the router on Fastify, with OpenAPI docs at /docs.
import Fastify from 'fastify';
import { clientErrorHandler, frameworkErrors, openApiDocs, toFastify } from 'ormcrud/fastify';
import { document, router } from './quickstart-router.ts';

// Problems (RFC 9457) for what Fastify and Node refuse before any route, too: a malformed URL, oversized headers.
export const app = Fastify({ frameworkErrors, clientErrorHandler });
await app.register(openApiDocs(document)); // /docs: Swagger UI (needs @fastify/swagger, @fastify/swagger-ui)
await app.register(toFastify(router));

// Listen when run as a program; a test can import `app` and call `app.inject` instead.
if (import.meta.filename === process.argv[1]) {
  const url = await app.listen({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Listening on ${url}; API docs at ${url}/docs`);
}
