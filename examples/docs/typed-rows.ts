// typed-rows.ts: a collection knows its model's row type; subclasses name it, overrides and extra routes use it.
import Fastify from 'fastify';
import { CRUDCollection, type IncludeData, NotFoundError, type ParentRef, type WriteData } from 'ormcrud';
import { DrizzleAdapter, type DrizzlePk, type DrizzleRow } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

type Thread = DrizzleRow<typeof schema.thread>; // { id: number; category_id: number; title: string }
type ThreadKey = DrizzlePk<typeof schema.thread>; // { readonly id: number }

class Threads extends CRUDCollection<Thread, ThreadKey> {
  override async getOneNotFound(pk: ThreadKey, _include: IncludeData): Promise<unknown> {
    throw new NotFoundError(`There is no thread ${pk.id}`);
  }

  // `data.title` is a `string | undefined`; a misspelt `data.titel` does not compile.
  override async createOneHandler(data: WriteData<Thread>, parents: readonly ParentRef[]): Promise<unknown> {
    return super.createOneHandler({ ...data, title: data.title?.trim() }, parents);
  }
}

const db = await openDatabase();
const threadAdapter = new DrizzleAdapter({ db, model: schema.thread });
const threads = new Threads({ ormAdapter: threadAdapter });

// `pk` is a ThreadKey, `body` what its schema validated, and the adapter returns a Thread.
const rename = z.object({ title: z.string().min(1) });
threads.extra.post('/rename', { schema: { body: rename } }, async ({ pk, body }) => {
  const thread = await threadAdapter.updateOne(pk, { title: body.title });
  if (!thread) throw new NotFoundError();
  return { id: thread.id, title: thread.title };
});

export const app = Fastify();
await app.register(toFastify(threads.getRouter({ prefix: '/threads', tags: ['threads'] })));
