// quickstart.ts: one SQLite table in memory, five CRUD routes, OpenAPI docs at /docs.
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Fastify from 'fastify';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { openApiDocs, toFastify } from 'ormcrud/fastify';

const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
});
const db = drizzle(createClient({ url: ':memory:' }));
await db.run(sql`CREATE TABLE category (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)`);

const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });
export const router = categories.getRouter({ prefix: '/categories', tags: ['categories'] });

export const app = Fastify();
// /docs: Swagger UI over the OpenAPI document of every router.
await app.register(openApiDocs(createOpenApiDocument([router], { info: { title: 'Quick start', version: '1.0.0' } })));
await app.register(toFastify(router));

// Listen when run as a program; a test can import `app` and call `app.inject` instead.
if (import.meta.filename === process.argv[1]) {
  const url = await app.listen({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Listening on ${url}; API docs at ${url}/docs`);
}
