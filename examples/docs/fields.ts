// fields.ts: which fields each generated schema has, and a hand-written schema where the generated one is not enough.
import Fastify from 'fastify';
import { CRUDCollection, CRUDConfigDict } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();

// Field sets of a model: `excludeFields` leaves responses (and filters, sorts) but is still accepted on create.
const users = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({
    db,
    model: schema.user,
    crudConfig: new CRUDConfigDict({ excludeFields: ['password_hash'] }),
  }),
  updateFields: ['username'], // a collection option: PATCH may change the name only
});

// A schema option replaces that generated schema entirely.
const categoryAdapter = new DrizzleAdapter({ db, model: schema.category });
const categories = new CRUDCollection({
  ormAdapter: categoryAdapter,
  createSchema: z.object({ name: z.string().min(3).max(100) }),
  updateOutSchema: categoryAdapter.generatePublicSchema(), // PATCH answers with the object instead of null
});

export const app = Fastify();
await app.register(toFastify(users.getRouter({ prefix: '/users', tags: ['users'] })));
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
