/**
 * ormcrud + Drizzle (node-postgres) + Fastify, on the bench database.
 * `SURFACE=benchmarked` serves only the operations the scenarios call.
 */

import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import { toFastify } from 'ormcrud/fastify';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { announceReady, env, fastifyOptions } from '../shared/serve.ts';
import { forumCollections } from './collections.ts';

const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const db = drizzle(pool, { schema });

const app = Fastify(fastifyOptions);
const surface = process.env.SURFACE === 'benchmarked' ? 'benchmarked' : 'full';
for (const { prefix, collection } of forumCollections(db, surface)) {
  await app.register(toFastify(collection.getRouter({ prefix, tags: [prefix.slice(1)] })));
}
await app.listen({ port: env.port, host: '127.0.0.1' });
announceReady('ormcrud');
