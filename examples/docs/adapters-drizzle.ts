// adapters-drizzle.ts: one DrizzleAdapter per table, on a fixed database or on a database chosen per call.
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

const db = await openDatabase();

// A fixed `db`: repeating queries are prepared once per shape and reused (at most 64 shapes per adapter).
export const categories = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category, preparedStatements: 64 }),
});

// `getSession` picks the database (or a transaction your app opened) for each call; pass the schema with it.
const tenants = new Map([['main', db]]);
export const threads = new CRUDCollection({
  ormAdapter: new DrizzleAdapter({ model: schema.thread, schema, getSession: () => tenants.get('main') ?? db }),
});
