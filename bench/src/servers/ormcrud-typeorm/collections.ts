/**
 * The forum as ormcrud collections over TypeORM: the same routes as
 * the Drizzle server (src/servers/ormcrud/collections.ts), top-level
 * `/posts` and `/threads`, and `/categories` with threads and posts nested under it.
 */
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Category, Post, Thread } from './entities.ts';
import type { typeorm } from './typeorm.ts';

export function forumCollections(dataSource: InstanceType<typeof typeorm.DataSource>) {
  const collection = (model: typeof Post | typeof Thread | typeof Category) =>
    new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model }) });

  const categories = collection(Category);
  const nestedThreads = collection(Thread);
  nestedThreads.addNestedCollection('/posts', collection(Post));
  categories.addNestedCollection('/threads', nestedThreads);

  return [
    { prefix: '/categories', collection: categories },
    { prefix: '/threads', collection: collection(Thread) },
    { prefix: '/posts', collection: collection(Post) },
  ];
}
