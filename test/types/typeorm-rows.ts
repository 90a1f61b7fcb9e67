/**
 * Type tests: a collection over a TypeORM entity knows its row type, the
 * entity's column properties. Checked by `npm run typecheck`; never run.
 */
import { CRUDCollection, PagePaginator, type PkOf, type Row } from 'ormcrud';
import { type EntityRow, TypeORMAdapter } from 'ormcrud/typeorm';
import type { DataSource } from 'typeorm';
import { Post, type Thread } from '../../examples/forum/models/typeorm.ts';
import { type Equal, type Expect, expectType } from './expect.ts';

declare const dataSource: DataSource;

type PostRow = {
  id: number;
  thread_id: number;
  author_id: number | null;
  slug: string;
  created_at: Date;
  updated_at: Date;
};

/** Properties of every kind: only the columns' stay in the row. */
class Gadget {
  id!: number;
  name?: string | null;
  tags!: string[];
  image!: Buffer | null;
  made_at!: Date;
  owner?: Thread | null;
  parts?: Thread[];
  lazyOwner!: Promise<Thread>;
  /** A `simple-json` column typed as an object reads as a relation (documented). */
  settings!: { dark: boolean };
  rename(name: string): void {
    this.name = name;
  }
}

export type Rows = [
  Expect<Equal<EntityRow<Post>, PostRow>>,
  Expect<Equal<EntityRow<Thread>, { id: number; category_id: number; title: string }>>,
  Expect<
    Equal<EntityRow<Gadget>, { id: number; name?: string | null; tags: string[]; image: Buffer | null; made_at: Date }>
  >,
];

export async function adapterResults(): Promise<void> {
  const posts = new TypeORMAdapter({ dataSource, model: Post });
  const one = await posts.getOne({ id: 1 }, ['thread']);
  expectType<PostRow | null>()(one);
  expectType<PostRow[]>()((await posts.getMany({ thread_id: 1 }, [], [], new PagePaginator().calcOffsetLimit())).rows);
  expectType<PostRow>()(await posts.createOne({ thread_id: 1, slug: 'hello' }));

  // @ts-expect-error: a post has no `title`
  void one?.title;
  // @ts-expect-error: relations are not in the row type
  void one?.thread;
  // @ts-expect-error: a slug is a string
  await posts.createOne({ slug: 1 });
  // @ts-expect-error: a post has no `title` to write
  await posts.updateOne({ id: 1 }, { title: 'x' });
  // @ts-expect-error: the key fields are a post's fields
  await posts.deleteOne({ post_id: 1 });
}

export function collections(): void {
  const posts = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Post }) });
  expectType<CRUDCollection<PostRow, PkOf<PostRow>>>()(posts);
  posts.extra.post('/publish', ({ pk }) => {
    expectType<PkOf<PostRow>>()(pk);
    expectType<number | undefined>()(pk.id);
  });
  // @ts-expect-error: a post's key has no `title`
  posts.extra.post('/title', ({ pk }) => pk.title);
}

/** The row type can be named where the inferred one is not wanted. */
export async function explicitRow(): Promise<void> {
  type Settings = { id: number; settings: { dark: boolean } };
  const gadgets = new TypeORMAdapter<Gadget, Settings>({ dataSource, model: Gadget });
  expectType<Settings | null>()(await gadgets.getOne({ id: 1 }, []));
  // An entity given by name reads untyped rows.
  const byName = new TypeORMAdapter({ dataSource, model: 'post' });
  expectType<Row | null>()(await byName.getOne({ id: 1 }, []));
}
