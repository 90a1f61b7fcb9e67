// me.ts: /users/me is the caller's own user, and /users/me/posts their posts; no user id in any path.
import Fastify from 'fastify';
import { CRUDCollection, CRUDConfigDict, NestedConfig, PKFieldsDependency } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { currentUserId, requireUser } from './auth.ts';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

class UserMe extends CRUDCollection {
  // The key of "the" user comes from authentication instead of the path.
  static dependencyOverrides = new Map([[PKFieldsDependency, currentUserIdAsKey]]);
  static disableGetMany = true;
  static disableCreate = true;
  static disableDelete = true;

  override getIdPath(): string {
    return '/me';
  }
}

function currentUserIdAsKey(req: Parameters<typeof currentUserId>[0]) {
  return { id: currentUserId(req) };
}

const db = await openDatabase();
// The hash never leaves the server, and a user may change only their name.
const userFields = new CRUDConfigDict({ excludeFields: ['password_hash'], updateFields: ['username'] });
const me = new UserMe({
  ormAdapter: new DrizzleAdapter({ db, model: schema.user, crudConfig: userFields }),
  dependencies: [requireUser],
});
const myPosts = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.post }) });
me.addNestedCollection('/posts', myPosts, new NestedConfig({ relation: 'author' }));

export const app = Fastify();
await app.register(toFastify(me.getRouter({ prefix: '/users', tags: ['me'] })));
// GET/PATCH /users/me; GET/POST /users/me/posts; GET/PATCH/DELETE /users/me/posts/{post_id}
