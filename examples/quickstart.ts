// quickstart.ts: one SQLite table in memory, five CRUD routes, OpenAPI docs at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';

const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
});
const db = drizzle(createClient({ url: ':memory:' }));
await db.run(sql`CREATE TABLE category (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)`);

const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });

export const app = Fastify();
// /docs: register both plugins before the routers, so they see every route.
await app.register(swagger, { openapi: { info: { title: 'Quick start', version: '1.0.0' } } });
await app.register(swaggerUi, { routePrefix: '/docs' });
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));

// Listen when run as a program; a test can import `app` and call `app.inject` instead.
if (import.meta.filename === process.argv[1]) {
  const url = await app.listen({ port: Number(process.env.PORT ?? 3000) });
  console.log(`Listening on ${url}; API docs at ${url}/docs`);
}
