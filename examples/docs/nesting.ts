// nesting.ts: /categories/{category_id}/threads/{thread_id}/posts/{post_id}, scoped to the parents in the URL.
import Fastify from 'fastify';
import { CRUDCollection, NestedConfig } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });
const threads = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.thread }) });
const posts = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.post }) });

threads.addNestedCollection('/posts', posts, new NestedConfig({ routerOptions: { tags: ['posts'] } }));
categories.addNestedCollection('/threads', threads, new NestedConfig({ routerOptions: { tags: ['threads'] } }));

export const app = Fastify();
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
