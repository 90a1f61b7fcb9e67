/** Queries built with Drizzle's query builder on every request. */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { category, post, thread } from '../../db/drizzle-schema.ts';
import type { Db, ForumQueries } from './queries.ts';

export function plainQueries(db: Db): ForumQueries {
  const postFilter = (threadId: number | undefined) =>
    threadId === undefined ? undefined : eq(post.thread_id, threadId);
  return {
    postById: async (id) => (await db.select().from(post).where(eq(post.id, id)))[0],
    nestedPost: async (categoryId, threadId, postId) =>
      (
        await db
          .select({ post })
          .from(post)
          .innerJoin(thread, eq(thread.id, post.thread_id))
          .where(and(eq(post.id, postId), eq(post.thread_id, threadId), eq(thread.category_id, categoryId)))
      )[0]?.post,
    threadPage: ({ limit, offset }) => db.select().from(thread).orderBy(asc(thread.id)).limit(limit).offset(offset),
    threadCount: async () => (await db.select({ n: count() }).from(thread))[0]!.n,
    postPage: (threadId, sort, { limit, offset }) =>
      db
        .select()
        .from(post)
        .where(postFilter(threadId))
        .orderBy(sort === 'desc' ? desc(post.created_at) : sort === 'asc' ? asc(post.created_at) : asc(post.id))
        .limit(limit)
        .offset(offset),
    postCount: async (threadId) => (await db.select({ n: count() }).from(post).where(postFilter(threadId)))[0]!.n,
    categoryPage: ({ limit, offset }) =>
      db.select().from(category).orderBy(asc(category.id)).limit(limit).offset(offset),
    categoryCount: async () => (await db.select({ n: count() }).from(category))[0]!.n,
    threadsOfCategories: (ids) =>
      db.select().from(thread).where(inArray(thread.category_id, ids)).orderBy(asc(thread.id)),
    insertPost: async (data) => (await db.insert(post).values(data).returning())[0]!,
    updateThread: async (id, data) => {
      const found =
        Object.keys(data).length === 0
          ? await db.select({ id: thread.id }).from(thread).where(eq(thread.id, id))
          : await db.update(thread).set(data).where(eq(thread.id, id)).returning({ id: thread.id });
      return found.length > 0;
    },
    deletePost: async (id) => (await db.delete(post).where(eq(post.id, id)).returning())[0],
  };
}
