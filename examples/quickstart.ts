// The smallest ormcrud app: one SQLite table, five routes, in memory.
// Run it: node --import tsx examples/quickstart.ts
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import * as schema from './quickstart-schema.ts';

const db = drizzle(createClient({ url: ':memory:' }), { schema });
await db.run(sql`CREATE TABLE category (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)`);

const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
});
export const app = Fastify();
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));

// Listen only when run directly; tests import `app` and call `app.inject`.
if (import.meta.filename === process.argv[1]) {
  const url = await app.listen({ port: Number(process.env.PORT ?? 3000) });
  console.log(`curl -X POST ${url}/categories -H 'content-type: application/json' -d '{"name":"General"}'`);
}
