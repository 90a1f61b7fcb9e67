// tenants.ts: a tenant's key in the path (here a category), its members only; posts get their author from auth.
import Fastify from 'fastify';
import {
  CRUDCollection,
  CreateSchemaDependency,
  type CrudRequest,
  FilterSchemaDependency,
  HttpError,
  ReplaceSignatureDependency,
} from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { currentUserId, requireUser } from './auth.ts';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

/** Your membership table: the tenant of each user. */
const TENANT_OF = new Map([
  [1, 1],
  [2, 2],
]);
const tenantOf = (req: CrudRequest) => TENANT_OF.get(currentUserId(req));

/** On `/categories/{category_id}` and every route nested under it, `category_id` is the validated number. */
function requireMember(req: CrudRequest): void {
  const tenant = req.params.category_id;
  if (tenant !== undefined && tenant !== tenantOf(req)) throw new HttpError(404);
}

const db = await openDatabase();
const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
  dependencies: [requireUser, requireMember], // also before the routes nested below
  // The list names no tenant: keep it to the caller's (this also stops it reading filters from the query).
  dependencyOverrides: new Map([[FilterSchemaDependency, (req: CrudRequest) => ({ id: tenantOf(req) })]]),
});
const threads = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.thread }) });
const postAdapter = new DrizzleAdapter({ db, model: schema.post });
// Resolvers run after dependencies: `requireUser` has put the caller in `req.state`.
const authored = new ReplaceSignatureDependency(
  (req) => ({ ...(req.body as object), author_id: req.state.get('userId') }),
  { body: postAdapter.generateCreateSchema(['body']) }, // validated and documented: the body alone
);
const posts = new CRUDCollection({
  ormAdapter: postAdapter,
  updateFields: ['body'],
  dependencyOverrides: new Map([[CreateSchemaDependency, authored]]),
});
categories.addNestedCollection('/threads', threads.addNestedCollection('/posts', posts));

export const app = Fastify();
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
// GET /categories/1/threads as user 1; as user 2 a 404. POST …/posts {"body": "Hi"} is authored by the caller.
