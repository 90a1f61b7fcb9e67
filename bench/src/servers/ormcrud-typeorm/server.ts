/** ormcrud + TypeORM 1 (node-postgres) + Fastify, on the bench database. */

import Fastify from 'fastify';
import { toFastify } from 'ormcrud/fastify';
import { announceReady, env, fastifyOptions } from '../shared/serve.ts';
import { forumCollections } from './collections.ts';
import { entities } from './entities.ts';
import { typeorm } from './typeorm.ts';

const dataSource = await new typeorm.DataSource({
  type: 'postgres',
  url: env.databaseUrl,
  entities,
  poolSize: env.poolSize,
  extra: { idleTimeoutMillis: env.poolIdleMs },
  synchronize: false,
  logging: false,
}).initialize();

const app = Fastify(fastifyOptions);
for (const { prefix, collection } of forumCollections(dataSource)) {
  await app.register(toFastify(collection.getRouter({ prefix, tags: [prefix.slice(1)] })));
}
await app.listen({ port: env.port, host: '127.0.0.1' });
announceReady('ormcrud-typeorm');
