// quickstart-router.ts: one SQLite table in memory and its five CRUD routes, for any framework.
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';

const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
});
const db = drizzle(createClient({ url: ':memory:' }));
await db.run(sql`CREATE TABLE category (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)`);

const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });
export const router = categories.getRouter({ prefix: '/categories', tags: ['categories'] });
// The OpenAPI document of every router, for Swagger UI at /docs.
export const document = createOpenApiDocument([router], { info: { title: 'Quick start', version: '1.0.0' } });
