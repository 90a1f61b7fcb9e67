/**
 * ormcrud + Drizzle (node-postgres) + Hono 4 on @hono/node-server, on the bench database.
 * `SURFACE=benchmarked` serves only the operations the scenarios call.
 */
import { serve } from '@hono/node-server';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Hono } from 'hono';
import { toHono } from 'ormcrud/hono';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { forumCollections } from '../ormcrud/collections.ts';
import { announceReady, env } from '../shared/serve.ts';

const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const db = drizzle(pool, { schema });
const app = new Hono();
const surface = process.env.SURFACE === 'benchmarked' ? 'benchmarked' : 'full';
for (const { prefix, collection } of forumCollections(db, surface)) {
  app.route('/', toHono(collection.getRouter({ prefix, tags: [prefix.slice(1)] })));
}
const server = serve({ fetch: app.fetch, port: env.port, hostname: '127.0.0.1' });
server.once('listening', () => announceReady('ormcrud-hono'));
