/**
 * One router-build measurement, in a fresh process: N forum-like Drizzle
 * tables, one ormcrud each, built into routers and registered on one
 * Fastify app. Prints one JSON line: milliseconds and MiB.
 *
 * argv[2]: N. Run with --expose-gc so memory is read after collection.
 */

import { drizzle } from 'drizzle-orm/node-postgres';
import { boolean, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import pg from 'pg';
import { asLibraryTable } from '../servers/ormcrud/library-types.ts';

const n = Number(process.argv[2] ?? 20);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mib = (bytes: number) => bytes / 2 ** 20;

const tables = Array.from({ length: n }, (_, i) =>
  pgTable(`item_${i}`, {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    owner_id: integer('owner_id'),
    published: boolean('published').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  }),
);
const db = drizzle(new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench', max: 1 }));

gc();
const before = process.memoryUsage();
const t0 = performance.now();
const routers = tables.map((model, i) =>
  new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: asLibraryTable(model) }) }).getRouter({
    prefix: `/items-${i}`,
  }),
);
const t1 = performance.now();
const app = Fastify();
let routes = 0;
app.addHook('onRoute', () => {
  routes++;
});
for (const router of routers) await app.register(toFastify(router));
await app.ready();
const t2 = performance.now();
gc();
const after = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({
    collections: n,
    routes,
    getRouterMs: t1 - t0,
    fastifyMs: t2 - t1,
    heapMiB: mib(after.heapUsed - before.heapUsed),
    rssMiB: mib(after.rss - before.rss),
  })}\n`,
);
await app.close();
process.exit(0);
