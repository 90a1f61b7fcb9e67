// security.ts: a secret column that no route answers, and a body size limit.
import Fastify from 'fastify';
import { CRUDCollection, CRUDConfigDict } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const users = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({
    db,
    model: schema.user,
    crudConfig: new CRUDConfigDict({ excludeFields: ['password_hash'] }),
  }),
  disableCreate: true, // sign-up hashes the password: a route of your own
  updateFields: ['username'],
});
// `excludeFields` applies to the users' own routes. An include of `author` from posts would show every column
// of the user, so this collection offers only the thread.
const posts = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.post }),
  includeSchema: z.object({ include: z.array(z.enum(['thread'])).optional() }),
});

export const app = Fastify({ bodyLimit: 64 * 1024 });
await app.register(toFastify(users.getRouter({ prefix: '/users', tags: ['users'] })));
await app.register(toFastify(posts.getRouter({ prefix: '/posts', tags: ['posts'] })));
