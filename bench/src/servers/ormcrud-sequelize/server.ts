/** ormcrud + Sequelize 6 (node-postgres) + Fastify, on the bench database. */

import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { Sequelize } from 'sequelize';
import { announceReady, env, fastifyOptions } from '../shared/serve.ts';
import { defineForum } from './models.ts';

const sequelize = new Sequelize(env.databaseUrl, {
  dialect: 'postgres',
  logging: false,
  pool: { max: env.poolSize, min: 0, idle: env.poolIdleMs },
});
const { category, thread, post } = defineForum(sequelize);
const collection = (model: typeof post) => new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model }) });

// The same routes as the Drizzle server (src/servers/ormcrud/collections.ts).
const categories = collection(category);
const nestedThreads = collection(thread);
nestedThreads.addNestedCollection('/posts', collection(post));
categories.addNestedCollection('/threads', nestedThreads);
const mounts = [
  { prefix: '/categories', collection: categories },
  { prefix: '/threads', collection: collection(thread) },
  { prefix: '/posts', collection: collection(post) },
];

const app = Fastify(fastifyOptions);
for (const { prefix, collection } of mounts) {
  await app.register(toFastify(collection.getRouter({ prefix, tags: [prefix.slice(1)] })));
}
await app.listen({ port: env.port, host: '127.0.0.1' });
announceReady('ormcrud-sequelize');
