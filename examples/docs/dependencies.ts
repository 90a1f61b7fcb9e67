// dependencies.ts: every route needs a user; deleting also needs the admin.
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { requireAdmin, requireUser } from './auth.ts';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
  dependencies: [requireUser], // run first, before every route of the collection and of its nested collections
  deleteDependencies: [requireAdmin], // then this, before DELETE only
});

export const app = Fastify();
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
