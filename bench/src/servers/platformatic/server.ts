/**
 * Platformatic DB 2 on the bench database: REST (and GraphQL) generated from
 * the tables; no migrations, no authorization, no logging, pool of POOL_SIZE.
 */
import platformaticDb from '@platformatic/db';
import { announceReady, env } from '../shared/serve.ts';

const app = await platformaticDb.buildServer({
  server: { hostname: '127.0.0.1', port: env.port, logger: { level: 'warn' } },
  db: {
    connectionString: env.databaseUrl,
    poolSize: env.poolSize,
    graphql: true,
    openapi: true,
    events: false,
    schemalock: false,
  },
  watch: false,
});
// buildServer resolves to Platformatic's restartable wrapper; its typings say FastifyInstance.
await (app as unknown as { start(): Promise<unknown> }).start();
announceReady('platformatic');
