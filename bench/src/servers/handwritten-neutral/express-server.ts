/**
 * Hand-written Express 5 + Drizzle with prepared statements: the Fastify
 * hand-written server's routes, schemas and queries, `express.json()` for bodies.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import express from 'express';
import querystring from 'fast-querystring';
import pg from 'pg';
import * as schema from '../../db/drizzle-schema.ts';
import { preparedQueries } from '../handwritten/prepared-queries.ts';
import { announceReady, env } from '../shared/serve.ts';
import { neutralRoutes } from './routes.ts';

const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.poolSize, idleTimeoutMillis: env.poolIdleMs });
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use(express.json());
for (const route of neutralRoutes(preparedQueries(drizzle(pool, { schema })))) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
  app[method](route.path, (req, res, next) => {
    const at = req.url.indexOf('?');
    const query = at === -1 ? {} : querystring.parse(req.url.slice(at + 1));
    route.handle({ ...req.params }, query, req.body).then((answer) => {
      res.status(answer.status).set('content-type', answer.type).send(answer.body);
    }, next);
  });
}
app.listen(env.port, '127.0.0.1', () => announceReady('hand-express'));
