/** ormcrud + Drizzle (node-postgres) + Express 5, on the bench database. */
import { drizzle } from 'drizzle-orm/node-postgres';
import express from 'express';
import { toExpress } from 'ormcrud/express';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { forumCollections } from '../ormcrud/collections.ts';
import { announceReady, env } from '../shared/serve.ts';

const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const db = drizzle(pool, { schema });
const app = express();
app.disable('x-powered-by');
for (const { prefix, collection } of forumCollections(db, 'full')) {
  app.use(toExpress(collection.getRouter({ prefix, tags: [prefix.slice(1)] })));
}
app.listen(env.port, '127.0.0.1', () => announceReady('ormcrud-express'));
