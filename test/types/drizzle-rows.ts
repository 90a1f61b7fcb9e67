/**
 * Type tests: a collection over a Drizzle table knows its row and key types.
 * Checked by `npm run typecheck`; never run.
 */
import type { Table } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  CRUDCollection,
  type FilterData,
  type IncludeData,
  type ORMAdapterBase,
  type Page,
  PagePaginator,
  type PaginatorBase,
  type ParentRef,
  type PkOf,
  type Row,
  type SortData,
  type WriteData,
} from 'ormcrud';
import { DrizzleAdapter, type DrizzlePk, type DrizzleRow } from 'ormcrud/drizzle';
import { z } from 'zod';
import * as schema from '../../examples/docs/schema.ts';
import { type Equal, type Expect, expectType } from './expect.ts';

declare const db: LibSQLDatabase<typeof schema>;

type Thread = { id: number; category_id: number; title: string };
type ThreadKey = { readonly id: number };

const threads = new DrizzleAdapter({ db, model: schema.thread });

export type Rows = [
  Expect<Equal<DrizzleRow<typeof schema.thread>, Thread>>,
  Expect<Equal<DrizzleRow<typeof schema.thread>, typeof schema.thread.$inferSelect>>,
  Expect<Equal<DrizzlePk<typeof schema.thread>, ThreadKey>>,
  // A table typed only as `Table` reads untyped rows.
  Expect<Equal<DrizzleRow<Table>, Row>>,
  Expect<Equal<DrizzlePk<Table>, PkOf<Row>>>,
];

export async function adapterResults(): Promise<void> {
  const one = await threads.getOne({ id: 1 }, []);
  expectType<Thread | null>()(one);
  const page = await threads.getMany({}, [], [], new PagePaginator().calcOffsetLimit());
  expectType<Thread[]>()(page.rows);
  expectType<Thread>()(await threads.createOne({ category_id: 1, title: 'Hello' }));
  expectType<Thread | null>()(await threads.updateOne({ id: 1 }, { title: 'Hi' }));
  expectType<Thread | null>()(await threads.deleteOne({ id: 1 }));

  // @ts-expect-error: a thread has no `slug`
  void one?.slug;
  // @ts-expect-error: a title is a string
  await threads.createOne({ title: 42 });
  // @ts-expect-error: a thread has no `body` to write
  await threads.updateOne({ id: 1 }, { body: 'x' });
  // @ts-expect-error: the key is the id
  await threads.getOne({ title: 'Hello' }, []);
  // @ts-expect-error: the id is a number
  await threads.deleteOne({ id: '1' });
}

/** A composite key declared apart from the columns: any of the row's fields, typed. */
const translation = sqliteTable(
  'translation',
  { post_id: integer('post_id').notNull(), language: text('language').notNull(), body: text('body').notNull() },
  (t) => [primaryKey({ columns: [t.post_id, t.language] })],
);
type Translation = { post_id: number; language: string; body: string };
export type CompositeKey = Expect<Equal<DrizzlePk<typeof translation>, Readonly<Partial<Translation>>>>;

/** A date column is written as a `Date` or as the ISO string a JSON body carries. */
const event = sqliteTable('event', {
  id: integer('id').primaryKey(),
  at: integer('at', { mode: 'timestamp' }).notNull(),
});
export async function dates(): Promise<void> {
  const events = new DrizzleAdapter({ db, model: event });
  expectType<Date>()((await events.createOne({ at: '2021-05-06T07:08:09Z' })).at);
  await events.createOne({ at: new Date() });
  // @ts-expect-error: a date is not a number
  await events.createOne({ at: 42 });
}

export function collections(): void {
  const collection = new CRUDCollection({ ormAdapter: threads });
  expectType<CRUDCollection<Thread, ThreadKey>>()(collection);
  const inline = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.thread }) });
  expectType<CRUDCollection<Thread, ThreadKey>>()(inline);
  expectType<ORMAdapterBase<unknown, Thread, ThreadKey>>()(collection.ormAdapter);

  // Extra routes: `pk` is the collection's key at the item, `undefined` at the root.
  collection.extra.get('/stats', ({ pk, body, query }) => {
    expectType<ThreadKey>()(pk);
    expectType<unknown>()(body);
    expectType<Readonly<Record<string, unknown>>>()(query);
    return pk.id;
  });
  collection.extra.item.delete('/lock', ({ pk }) => expectType<ThreadKey>()(pk));
  // @ts-expect-error: a thread's key has no `slug`
  collection.extra.get('/slug', ({ pk }) => pk.slug);
  collection.extra.collection.get('/count', ({ pk }) => expectType<undefined>()(pk));

  // Inputs declared by `schema` are typed in the context.
  const search = z.object({ q: z.string(), limit: z.int().optional() });
  collection.extra.collection.get('/search', { schema: { query: search } }, ({ query }) => {
    expectType<{ q: string; limit?: number | undefined }>()(query);
  });
  const rename = z.object({ title: z.string() });
  collection.extra.post('/rename', { schema: { body: rename }, status: 204 }, ({ pk, body }) => {
    expectType<ThreadKey>()(pk);
    expectType<{ title: string }>()(body);
    // @ts-expect-error: the body schema has no `name`
    return body.name;
  });
  collection.extra.route(['PUT', 'PATCH'], '/title', { schema: { body: rename } }, ({ body }) => body.title);

  // A parameter of the route's own path is a string, unless `schema.params` validates it.
  collection.extra.get('/sub/{n}/{m}', ({ params }) => {
    expectType<string>()(params.n);
    expectType<string>()(params.m);
    expectType<unknown>()(params.thread_id);
  });
  const numbered = z.object({ n: z.coerce.number() });
  collection.extra.collection.get('/page/{n}/{m}', { schema: { params: numbered } }, ({ params }) => {
    expectType<number>()(params.n);
    expectType<string>()(params.m);
  });
}

/** A subclass names its row and key types; its overrides take them. */
class Threads extends CRUDCollection<Thread, ThreadKey> {
  override async getOneNotFound(pk: ThreadKey, _include: IncludeData): Promise<unknown> {
    return { id: pk.id, title: 'gone' };
  }

  override async createOneHandler(data: WriteData<Thread>, parents: readonly ParentRef[]): Promise<unknown> {
    return super.createOneHandler({ ...data, title: data.title?.trim() }, parents);
  }

  override async getOneHandler(pk: ThreadKey, include: IncludeData, parents: readonly ParentRef[]): Promise<unknown> {
    return super.getOneHandler(pk, include, parents);
  }

  override async getManyHandler(
    paginator: PaginatorBase,
    filter: FilterData,
    sort: SortData,
    include: IncludeData,
    parents: readonly ParentRef[],
  ): Promise<Page<Thread>> {
    const page = await super.getManyHandler(paginator, filter, sort, include, parents);
    return { ...page, data: page.data.map((row) => ({ ...row, title: row.title.toUpperCase() })) };
  }

  override async updateOneHandler(
    pk: ThreadKey,
    data: WriteData<Thread>,
    parents: readonly ParentRef[],
  ): Promise<unknown> {
    return super.updateOneHandler(pk, { ...data, title: data.title?.trim() }, parents);
  }

  override async deleteOneHandler(pk: ThreadKey, parents: readonly ParentRef[]): Promise<unknown> {
    const row = await this.ormAdapter.getOne(pk, [], parents);
    expectType<Thread | null>()(row);
    return super.deleteOneHandler(pk, parents);
  }
}

class WrongOverrides extends CRUDCollection<Thread, ThreadKey> {
  // @ts-expect-error: a thread's title is a string, not a number
  override async createOneHandler(data: { title: number }, parents: readonly ParentRef[]): Promise<unknown> {
    return super.createOneHandler({ title: String(data.title) }, parents);
  }

  // @ts-expect-error: a thread's key is its numeric id
  override async getOneNotFound(pk: { id: string }): Promise<unknown> {
    return pk.id;
  }
}

/** Naming only the row type leaves the key loosely typed, and still takes the table's adapter. */
class LooseKey extends CRUDCollection<Thread> {}

export function subclasses(): void {
  new Threads({ ormAdapter: threads });
  const loose = new LooseKey({ ormAdapter: threads });
  loose.extra.get('/key', ({ pk }) => expectType<PkOf<Thread>>()(pk));
  void WrongOverrides;
  // @ts-expect-error: a thread collection needs a thread adapter
  new Threads({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });
}

/** Untyped code keeps compiling, and typed collections go wherever untyped ones do. */
export function untyped(adapter: ORMAdapterBase): void {
  expectType<CRUDCollection<Row, PkOf<Row>>>()(new CRUDCollection({ ormAdapter: adapter }));
  expectType<CRUDCollection>()(new CRUDCollection());
  const typed = new Threads({ ormAdapter: threads });
  const plain: CRUDCollection = typed;
  plain.addNestedCollection('/threads', typed);
  const any: ORMAdapterBase = threads;
  void any;
}
