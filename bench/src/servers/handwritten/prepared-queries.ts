/**
 * The same queries, each built once at startup with `.prepare(name)` and
 * `sql.placeholder`, so a request only binds values.
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { category, post, thread } from '../../db/drizzle-schema.ts';
import type { Db, ForumQueries, PostSort } from './queries.ts';

const p = sql.placeholder;

export function preparedQueries(db: Db): ForumQueries {
  const postById = db
    .select()
    .from(post)
    .where(eq(post.id, p('id')))
    .prepare('post_by_id');
  const nestedPost = db
    .select({ post })
    .from(post)
    .innerJoin(thread, eq(thread.id, post.thread_id))
    .where(and(eq(post.id, p('postId')), eq(post.thread_id, p('threadId')), eq(thread.category_id, p('categoryId'))))
    .prepare('nested_post');
  const threadPage = db
    .select()
    .from(thread)
    .orderBy(asc(thread.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('thread_page');
  const threadCount = db.select({ n: count() }).from(thread).prepare('thread_count');

  const postOrders: Record<string, SQL> = { asc: asc(post.created_at), desc: desc(post.created_at), id: asc(post.id) };
  const postPages = new Map<string, ReturnType<typeof preparePostPage>>();
  function preparePostPage(filtered: boolean, order: string) {
    return db
      .select()
      .from(post)
      .where(filtered ? eq(post.thread_id, p('threadId')) : undefined)
      .orderBy(postOrders[order]!)
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`post_page_${filtered}_${order}`);
  }
  for (const filtered of [true, false]) {
    for (const order of Object.keys(postOrders))
      postPages.set(`${filtered}_${order}`, preparePostPage(filtered, order));
  }
  const postCountAll = db.select({ n: count() }).from(post).prepare('post_count');
  const postCountByThread = db
    .select({ n: count() })
    .from(post)
    .where(eq(post.thread_id, p('threadId')))
    .prepare('post_count_by_thread');

  const categoryPage = db
    .select()
    .from(category)
    .orderBy(asc(category.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('category_page');
  const categoryCount = db.select({ n: count() }).from(category).prepare('category_count');
  const threadsOfCategories = db
    .select()
    .from(thread)
    .where(sql`${thread.category_id} = any(${p('ids')}::integer[])`)
    .orderBy(asc(thread.id))
    .prepare('threads_of_categories');

  const insertPost = db
    .insert(post)
    .values({ thread_id: p('thread_id'), author_id: p('author_id'), slug: p('slug') })
    .returning()
    .prepare('insert_post');
  const updateThread = db
    .update(thread)
    .set({
      category_id: sql`coalesce(${p('category_id')}::integer, ${thread.category_id})`,
      title: sql`coalesce(${p('title')}::varchar, ${thread.title})`,
    })
    .where(eq(thread.id, p('id')))
    .returning({ id: thread.id })
    .prepare('update_thread');
  const deletePost = db
    .delete(post)
    .where(eq(post.id, p('id')))
    .returning()
    .prepare('delete_post');

  const sortKey = (sort: PostSort) => sort ?? 'id';
  return {
    postById: async (id) => (await postById.execute({ id }))[0],
    nestedPost: async (categoryId, threadId, postId) =>
      (await nestedPost.execute({ categoryId, threadId, postId }))[0]?.post,
    threadPage: (page) => threadPage.execute({ ...page }),
    threadCount: async () => (await threadCount.execute())[0]!.n,
    postPage: (threadId, sort, page) =>
      postPages.get(`${threadId !== undefined}_${sortKey(sort)}`)!.execute({ ...page, threadId }),
    postCount: async (threadId) =>
      (threadId === undefined ? await postCountAll.execute() : await postCountByThread.execute({ threadId }))[0]!.n,
    categoryPage: (page) => categoryPage.execute({ ...page }),
    categoryCount: async () => (await categoryCount.execute())[0]!.n,
    threadsOfCategories: (ids) => threadsOfCategories.execute({ ids }),
    insertPost: async (data) => (await insertPost.execute(data))[0]!,
    updateThread: async (id, data) =>
      (await updateThread.execute({ id, category_id: data.category_id ?? null, title: data.title ?? null })).length > 0,
    deletePost: async (id) => (await deletePost.execute({ id }))[0],
  };
}
