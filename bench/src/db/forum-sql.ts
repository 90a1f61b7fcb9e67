/**
 * The forum schema and its seed, as plain SQL: tables in snake_case, indexes on
 * every foreign key, and set-based inserts so the seed takes seconds.
 * Every value is a function of the row number, so runs are reproducible.
 */
export const SIZES = { user: 50_000, category: 1_000, thread: 20_000, post: 200_000 } as const;

/** Slugs of rows the bench creates itself start with this; they are removed after use. */
export const BENCH_SLUG_PREFIX = 'bench-';

export const DDL = [
  'DROP TABLE IF EXISTS post, thread, category, "user" CASCADE',
  'CREATE TABLE "user" (id SERIAL PRIMARY KEY, username VARCHAR(50) NOT NULL UNIQUE)',
  `CREATE TABLE category (id SERIAL PRIMARY KEY, name VARCHAR(100) NOT NULL,
     created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(), updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now())`,
  `CREATE TABLE thread (id SERIAL PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES category (id),
     title VARCHAR(200) NOT NULL)`,
  `CREATE TABLE post (id SERIAL PRIMARY KEY, thread_id INTEGER NOT NULL REFERENCES thread (id),
     author_id INTEGER NULL REFERENCES "user" (id), slug VARCHAR(100) NOT NULL UNIQUE,
     created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(), updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now())`,
  'CREATE INDEX thread_category_id_idx ON thread (category_id)',
  'CREATE INDEX post_thread_id_idx ON post (thread_id)',
  'CREATE INDEX post_author_id_idx ON post (author_id)',
];

const BASE_TIME = "timestamptz '2024-01-01 00:00:00+00'";

export const SEED = [
  `INSERT INTO "user" (username) SELECT 'user_' || i FROM generate_series(1, ${SIZES.user}) AS i`,
  `INSERT INTO category (name, created_at, updated_at)
     SELECT 'Category ' || i, ${BASE_TIME} + i * interval '1 hour', ${BASE_TIME} + i * interval '1 hour'
     FROM generate_series(1, ${SIZES.category}) AS i`,
  `INSERT INTO thread (category_id, title)
     SELECT (i - 1) % ${SIZES.category} + 1, 'Thread ' || i FROM generate_series(1, ${SIZES.thread}) AS i`,
  `INSERT INTO post (thread_id, author_id, slug, created_at, updated_at)
     SELECT (i - 1) % ${SIZES.thread} + 1,
            CASE WHEN i % 10 = 0 THEN NULL ELSE (i * 7 - 1) % ${SIZES.user} + 1 END,
            'post-' || i, ${BASE_TIME} + i * interval '1 minute', ${BASE_TIME} + i * interval '1 minute'
     FROM generate_series(1, ${SIZES.post}) AS i`,
  'ANALYZE',
];

/** The parents of a seeded post, by the seed's formulas (for nested URLs). */
export function chainOfPost(postId: number): { categoryId: number; threadId: number; postId: number } {
  const threadId = ((postId - 1) % SIZES.thread) + 1;
  const categoryId = ((threadId - 1) % SIZES.category) + 1;
  return { categoryId, threadId, postId };
}
