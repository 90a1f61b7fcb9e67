// schema.ts: the tables of the documentation's examples, as Drizzle SQLite tables with relations.
import { relations } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const user = sqliteTable('user', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
});
export const category = sqliteTable('category', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
});
export const thread = sqliteTable('thread', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  category_id: integer('category_id')
    .notNull()
    .references(() => category.id),
  title: text('title').notNull(),
});
export const post = sqliteTable('post', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  thread_id: integer('thread_id')
    .notNull()
    .references(() => thread.id),
  author_id: integer('author_id')
    .notNull()
    .references(() => user.id),
  body: text('body').notNull(),
});

export const userRelations = relations(user, ({ many }) => ({ posts: many(post) }));
export const categoryRelations = relations(category, ({ many }) => ({ threads: many(thread) }));
export const threadRelations = relations(thread, ({ one, many }) => ({
  category: one(category, { fields: [thread.category_id], references: [category.id] }),
  posts: many(post),
}));
export const postRelations = relations(post, ({ one }) => ({
  thread: one(thread, { fields: [post.thread_id], references: [thread.id] }),
  author: one(user, { fields: [post.author_id], references: [user.id] }),
}));
