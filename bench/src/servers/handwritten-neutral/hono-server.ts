/**
 * Hand-written Hono 4 (on @hono/node-server) + Drizzle with prepared
 * statements: the Fastify hand-written server's routes, schemas and queries.
 */
import { serve } from '@hono/node-server';
import { drizzle } from 'drizzle-orm/node-postgres';
import querystring from 'fast-querystring';
import { Hono } from 'hono';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { preparedQueries } from '../handwritten/prepared-queries.ts';
import { announceReady, env } from '../shared/serve.ts';
import { neutralRoutes } from './routes.ts';

const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const app = new Hono();
for (const route of neutralRoutes(preparedQueries(drizzle(pool, { schema })))) {
  app.on(route.method, route.path, async (c) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const body = route.method === 'POST' || route.method === 'PATCH' ? await c.req.json() : undefined;
    const query = at === -1 ? {} : querystring.parse(url.slice(at + 1));
    const answer = await route.handle({ ...c.req.param() }, query, body);
    return c.body(answer.body, answer.status as 200, { 'content-type': answer.type });
  });
}
const server = serve({ fetch: app.fetch, port: env.port, hostname: '127.0.0.1' });
server.once('listening', () => announceReady('hand-hono'));
