/**
 * The hand-written server: Fastify 5 + Drizzle (node-postgres).
 * `MODE=plain` builds queries per request; `MODE=prepared` prepares them once.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { announceReady, env, fastifyOptions } from '../shared/serve.ts';
import { plainQueries } from './plain-queries.ts';
import { preparedQueries } from './prepared-queries.ts';
import { problemHandler } from './problems.ts';
import { forumRoutes } from './routes.ts';
import { useValidators } from './validators.ts';

const mode = process.env.MODE === 'prepared' ? 'prepared' : 'plain';
const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const db = drizzle(pool, { schema });

const app = Fastify(fastifyOptions);
useValidators(app);
app.setErrorHandler(problemHandler);
forumRoutes(app, mode === 'prepared' ? preparedQueries(db) : plainQueries(db));
await app.listen({ port: env.port, host: '127.0.0.1' });
announceReady(`handwritten-${mode}`);
