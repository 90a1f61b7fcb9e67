// querying.ts: bigger pages, and fewer sortable fields and includable relations than the defaults.
import Fastify from 'fastify';
import { CRUDCollection, PagePaginator, PaginatorDependency } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

class BigPages extends PagePaginator {
  static override defaultPerPage = 50;
  static override maxPerPage = 1000;
}

const db = await openDatabase();
const threads = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.thread }),
  dependencyOverrides: new Map([[PaginatorDependency, BigPages.dependency()]]),
  sortSchema: z.object({ sort: z.array(z.enum(['title', 'title:asc', 'title:desc'])).optional() }),
  includeSchema: z.object({ include: z.array(z.enum(['category'])).optional() }),
});

export const app = Fastify();
await app.register(toFastify(threads.getRouter({ prefix: '/threads', tags: ['threads'] })));
