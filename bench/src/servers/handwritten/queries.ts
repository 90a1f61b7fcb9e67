/** The data access the hand-written routes need; built per request (plain) or once (prepared). */
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from '../../db/drizzle-schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Row = Record<string, unknown>;
export type PostSort = 'asc' | 'desc' | undefined;

export interface PageArgs {
  limit: number;
  offset: number;
}

export interface ForumQueries {
  postById(id: number): Promise<Row | undefined>;
  nestedPost(categoryId: number, threadId: number, postId: number): Promise<Row | undefined>;
  threadPage(page: PageArgs): Promise<Row[]>;
  threadCount(): Promise<number>;
  postPage(threadId: number | undefined, sort: PostSort, page: PageArgs): Promise<Row[]>;
  postCount(threadId: number | undefined): Promise<number>;
  categoryPage(page: PageArgs): Promise<Row[]>;
  categoryCount(): Promise<number>;
  threadsOfCategories(ids: number[]): Promise<Row[]>;
  insertPost(data: { thread_id: number; author_id: number | null; slug: string }): Promise<Row>;
  updateThread(id: number, data: { category_id?: number; title?: string }): Promise<boolean>;
  deletePost(id: number): Promise<Row | undefined>;
}
