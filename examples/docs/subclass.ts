// subclass.ts: options as static properties that subclasses inherit, and overridden methods.
import Fastify from 'fastify';
import { CRUDCollection, type IncludeData, NotFoundError, type ParentRef, type PkValues, type Row } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toFastify } from 'ormcrud/fastify';
import { openDatabase } from './db.ts';
import * as schema from './schema.ts';

/** No deletes anywhere below this class. */
class Archive extends CRUDCollection {
  static disableDelete = true;
}

class Threads extends Archive {
  // Called by GET /{thread_id} for a missing row: throw (404 by default), or return a value to answer 200.
  override async getOneNotFound(pk: PkValues, _include: IncludeData): Promise<unknown> {
    throw new NotFoundError(`There is no thread ${pk.id}`);
  }

  // A handler override gets its inputs already validated and resolved; call super to keep the default.
  override async createOneHandler(data: Row, parents: readonly ParentRef[]): Promise<unknown> {
    return super.createOneHandler({ ...data, title: String(data.title).trim() }, parents);
  }
}

const db = await openDatabase();
const threads = new Threads({ ormAdapter: new DrizzleAdapter({ db, model: schema.thread }) });
const categories = new Archive({
  ormAdapter: new DrizzleAdapter({ db, model: schema.category }),
  disableDelete: false, // a constructor option wins over the static one
});

export const app = Fastify();
await app.register(toFastify(threads.getRouter({ prefix: '/threads', tags: ['threads'] })));
await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
