// extra-routes.ts: hand-written routes with the generated routes' wiring (dependencies, keys, validation, docs).
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { CRUDCollection, HttpError } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();
const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });

// GET /categories/{category_id}/stats: anchored at the single object; `pk` is its resolved key.
categories.extra.get(
  '/stats',
  { summary: 'Thread count of a category', response: z.object({ threads: z.int() }) },
  async ({ pk }) => {
    const [row] = await db.select({ threads: count() }).from(schema.thread).where(eq(schema.thread.category_id, pk.id));
    return { threads: row?.threads ?? 0 };
  },
);

// POST /categories/merge: anchored at the collection root, with a validated body.
categories.extra.collection.post(
  '/merge',
  { schema: { body: z.object({ from: z.int(), into: z.int() }) }, status: 204 },
  async ({ body: { from, into } }) => {
    if (from === into) throw new HttpError('validation_failed', 'Cannot merge a category into itself');
    await db.update(schema.thread).set({ category_id: into }).where(eq(schema.thread.category_id, from));
    await db.delete(schema.category).where(eq(schema.category.id, from));
  },
);

export const app = Fastify();
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
