// openapi.ts: the OpenAPI document at /docs/json and Swagger UI at /docs, with a security scheme and tags.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { requireUser } from './auth.ts';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
  dependencies: [requireUser],
});
const users = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.user }) });

export const app = Fastify();
await app.register(swagger, {
  openapi: {
    info: { title: 'Forum API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
  },
});
await app.register(swaggerUi, { routePrefix: '/docs' });
await app.register(
  toFastify(
    categories.getRouter({
      prefix: '/categories',
      tags: ['categories'],
      responses: { 401: { description: 'No or malformed bearer token' } },
    }),
  ),
);
// Served, but left out of the document.
await app.register(toFastify(users.getRouter({ prefix: '/internal/users', includeInSchema: false })));
