/**
 * The forum tables (src/db/forum-sql.ts) as TypeORM `EntitySchema`s: property
 * names are the snake_case column names, as in the Drizzle schema, so both
 * ormcrud servers answer with the same fields. Foreign keys are plain
 * columns that the relations join on; `created_at`/`updated_at` keep their
 * database defaults and, as with Drizzle, are not touched on update.
 */
import { typeorm } from './typeorm.ts';

const { EntitySchema } = typeorm;

interface UserRow {
  id: number;
  username: string;
  posts?: PostRow[];
}
interface CategoryRow {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
  threads?: ThreadRow[];
}
interface ThreadRow {
  id: number;
  category_id: number;
  title: string;
  category?: CategoryRow;
  posts?: PostRow[];
}
interface PostRow {
  id: number;
  thread_id: number;
  author_id: number | null;
  slug: string;
  created_at: Date;
  updated_at: Date;
  thread?: ThreadRow;
  author?: UserRow | null;
}

const id = { type: 'integer', primary: true, generated: 'increment' } as const;
const timestamp = { type: 'timestamptz', precision: 3, default: () => 'now()' } as const;

export const User = new EntitySchema<UserRow>({
  name: 'user',
  tableName: 'user',
  columns: {
    id,
    username: { type: 'varchar', length: 50, unique: true },
  },
  relations: {
    posts: { type: 'one-to-many', target: 'post', inverseSide: 'author' },
  },
});

export const Category = new EntitySchema<CategoryRow>({
  name: 'category',
  tableName: 'category',
  columns: {
    id,
    name: { type: 'varchar', length: 100 },
    created_at: timestamp,
    updated_at: timestamp,
  },
  relations: {
    threads: { type: 'one-to-many', target: 'thread', inverseSide: 'category' },
  },
});

export const Thread = new EntitySchema<ThreadRow>({
  name: 'thread',
  tableName: 'thread',
  columns: {
    id,
    category_id: { type: 'integer' },
    title: { type: 'varchar', length: 200 },
  },
  relations: {
    category: {
      type: 'many-to-one',
      target: 'category',
      inverseSide: 'threads',
      joinColumn: { name: 'category_id' },
    },
    posts: { type: 'one-to-many', target: 'post', inverseSide: 'thread' },
  },
});

export const Post = new EntitySchema<PostRow>({
  name: 'post',
  tableName: 'post',
  columns: {
    id,
    thread_id: { type: 'integer' },
    author_id: { type: 'integer', nullable: true },
    slug: { type: 'varchar', length: 100, unique: true },
    created_at: timestamp,
    updated_at: timestamp,
  },
  relations: {
    thread: { type: 'many-to-one', target: 'thread', inverseSide: 'posts', joinColumn: { name: 'thread_id' } },
    author: {
      type: 'many-to-one',
      target: 'user',
      inverseSide: 'posts',
      nullable: true,
      joinColumn: { name: 'author_id' },
    },
  },
});

export const entities = [User, Category, Thread, Post];
