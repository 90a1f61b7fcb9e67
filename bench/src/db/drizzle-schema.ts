/**
 * The forum tables for Drizzle (PostgreSQL) with their relations: what both
 * the ormcrud server and the hand-written servers query.
 */
import { relations } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const user = pgTable('user', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 50 }).notNull().unique(),
});

export const category = pgTable('category', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  created_at: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});

export const thread = pgTable('thread', {
  id: serial('id').primaryKey(),
  category_id: integer('category_id')
    .notNull()
    .references(() => category.id),
  title: varchar('title', { length: 200 }).notNull(),
});

export const post = pgTable('post', {
  id: serial('id').primaryKey(),
  thread_id: integer('thread_id')
    .notNull()
    .references(() => thread.id),
  author_id: integer('author_id').references(() => user.id),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  created_at: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
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
