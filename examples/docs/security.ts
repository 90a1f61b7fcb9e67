// security.ts: a secret column that no route answers, and a body size limit.
import Fastify from 'fastify';
import { CRUDCollection, CRUDConfigDict } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
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
// A model's field sets apply wherever it is serialised: `?include=author` on posts shows no hash either.
const posts = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.post }) });

export const app = Fastify({ bodyLimit: 64 * 1024 });
await app.register(toFastify(users.getRouter({ prefix: '/users', tags: ['users'] })));
await app.register(toFastify(posts.getRouter({ prefix: '/posts', tags: ['posts'] })));
