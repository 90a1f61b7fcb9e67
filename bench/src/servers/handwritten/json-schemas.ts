/**
 * The JSON Schemas a careful engineer writes for the forum routes: strict
 * inputs, and response schemas so Fastify serializes with fast-json-stringify.
 * Relation keys the route did not load serialize as `null` through `default`,
 * which costs no per-row work.
 */
const id = { type: 'integer', minimum: 1 } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nothing = { type: 'null', default: null } as const;

const userFields = { id: { type: 'integer' }, username: { type: 'string' } };
const categoryFields = {
  id: { type: 'integer' },
  name: { type: 'string' },
  created_at: dateTime,
  updated_at: dateTime,
};
const threadFields = { id: { type: 'integer' }, category_id: { type: 'integer' }, title: { type: 'string' } };
const postFields = {
  id: { type: 'integer' },
  thread_id: { type: 'integer' },
  author_id: { type: ['integer', 'null'] },
  slug: { type: 'string' },
  created_at: dateTime,
  updated_at: dateTime,
};

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties }) as const;

export const flat = { user: object(userFields), category: object(categoryFields), thread: object(threadFields) };

export const postOut = object({ ...postFields, thread: nothing, author: nothing });
export const threadOut = object({ ...threadFields, category: nothing, posts: nothing });
export const categoryOut = object({
  ...categoryFields,
  threads: { type: ['array', 'null'], items: flat.thread, default: null },
});

export const pageOf = (item: unknown) =>
  object({
    page: { type: 'integer' },
    per_page: { type: 'integer' },
    count: { type: 'integer' },
    data: { type: 'array', items: item },
  });

export const pageQuery = {
  page: { type: 'integer', minimum: 1, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export const params = {
  post: object({ post_id: id }),
  thread: object({ thread_id: id }),
  nestedPost: object({ category_id: id, thread_id: id, post_id: id }),
};

export const postListQuery = object({
  ...pageQuery,
  thread_id: id,
  sort: { type: 'string', enum: ['created_at', 'created_at:asc', 'created_at:desc'] },
});
export const categoryListQuery = object({
  ...pageQuery,
  include: { type: 'string', enum: ['threads'] },
});

export const postCreate = {
  type: 'object',
  required: ['thread_id', 'slug'],
  properties: {
    thread_id: id,
    author_id: { type: ['integer', 'null'], minimum: 1 },
    slug: { type: 'string', maxLength: 100 },
  },
} as const;

export const threadUpdate = object({ category_id: id, title: { type: 'string', maxLength: 200 } });
