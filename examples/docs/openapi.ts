// openapi.ts: one OpenAPI document for every router, Swagger UI at /docs, security from a documented dependency.
import Fastify from 'fastify';
import { CRUDCollection, createOpenApiDocument, documentDependency } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { openApiDocs, toFastify } from 'ormcrud/fastify';
import { requireUser } from './auth.ts';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

// The same check, now telling the document that it needs the bearer token (its 401s carry WWW-Authenticate).
const signedIn = documentDependency(requireUser, { security: [{ bearer: [] }] });

const db = await openDatabase();
const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
  dependencies: [signedIn],
});
const users = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.user }) });

const routers = [
  categories.getRouter({ prefix: '/categories', tags: ['categories'] }),
  // Served, but left out of the document.
  users.getRouter({ prefix: '/internal/users', includeInSchema: false }),
];
export const document = createOpenApiDocument(routers, {
  info: { title: 'Forum API', version: '1.0.0' },
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  tags: [{ name: 'categories', description: 'Forum categories' }],
});

export const app = Fastify();
await app.register(openApiDocs(document)); // Swagger UI at /docs, the document at /docs/json
for (const router of routers) await app.register(toFastify(router));
