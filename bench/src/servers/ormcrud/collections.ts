/**
 * The forum as ormcrud collections over Drizzle: top-level `/posts`
 * and `/threads`, and `/categories` with threads and posts nested under it.
 * With `surface: 'benchmarked'` each collection keeps only the operations the
 * bench's scenarios call (the hand-written servers' surface) and disables the
 * rest, as an application serving fewer routes would.
 */
import { CRUDCollection, type CRUDCollectionOptions } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { category, post, thread } from '../../db/drizzle-schema.ts';
import { asLibraryTable } from './library-types.ts';

// biome-ignore lint/suspicious/noExplicitAny: any Drizzle database with the forum schema
type AnyDb = any;

type Operation = 'GetOne' | 'GetMany' | 'Create' | 'Update' | 'Delete';
const OPERATIONS: readonly Operation[] = ['GetOne', 'GetMany', 'Create', 'Update', 'Delete'];

export function forumCollections(db: AnyDb, surface: 'full' | 'benchmarked' = 'full') {
  const collection = (model: typeof post | typeof thread | typeof category, used: readonly Operation[]) => {
    const options: CRUDCollectionOptions = { ormAdapter: new DrizzleAdapter({ db, model: asLibraryTable(model) }) };
    if (surface === 'benchmarked') for (const op of OPERATIONS) options[`disable${op}`] = !used.includes(op);
    return new CRUDCollection(options);
  };

  const categories = collection(category, ['GetMany']);
  const nestedThreads = collection(thread, []);
  nestedThreads.addNestedCollection('/posts', collection(post, ['GetOne']));
  categories.addNestedCollection('/threads', nestedThreads);

  return [
    { prefix: '/categories', collection: categories },
    { prefix: '/threads', collection: collection(thread, ['GetMany', 'Update']) },
    { prefix: '/posts', collection: collection(post, ['GetOne', 'GetMany', 'Create', 'Delete']) },
  ];
}
