/**
 * The forum as crud-collection collections over Drizzle: top-level `/posts`
 * and `/threads`, and `/categories` with threads and posts nested under it.
 */
import { CRUDCollection } from 'crud-collection';
import { DrizzleAdapter } from 'crud-collection/drizzle';
import { category, post, thread } from '../../db/drizzle-schema.ts';
import { asLibraryTable } from './library-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: any Drizzle database with the forum schema
type AnyDb = any;

export function forumCollections(db: AnyDb) {
  const collection = (model: typeof post | typeof thread | typeof category) =>
    new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: asLibraryTable(model) }) });

  const categories = collection(category);
  const nestedThreads = collection(thread);
  nestedThreads.addNestedCollection('/posts', collection(post));
  categories.addNestedCollection('/threads', nestedThreads);

  return [
    { prefix: '/categories', collection: categories },
    { prefix: '/threads', collection: collection(thread) },
    { prefix: '/posts', collection: collection(post) },
  ];
}
