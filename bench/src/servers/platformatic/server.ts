/**
 * Platformatic DB 2 on the bench database: REST (and GraphQL) generated from
 * the tables; no migrations, no authorization, warnings-only logging, pool of
 * POOL_SIZE that keeps idle connections for POOL_IDLE_MS.
 */
import platformaticDb from '@platformatic/db';
import { announceReady, env } from '../shared/serve.ts';

const app = await platformaticDb.buildServer({
  server: { logger: { level: 'warn' } },
  db: {
    connectionString: env.databaseUrl,
    poolSize: env.poolSize,
    idleTimeoutMilliseconds: env.poolIdleMs,
    graphql: true,
    openapi: true,
    events: false,
    schemalock: false,
  },
  watch: false,
});
// Listen ourselves on the loopback: Platformatic's own start() switches to 0.0.0.0 inside containers.
await app.listen({ host: '127.0.0.1', port: env.port });
announceReady('platformatic');
