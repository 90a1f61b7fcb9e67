/** The seeded SQLite forum on Drizzle that the binding suites serve, as tags and categories routers. */
import { CRUDCollection, type CrudRouter } from 'ormcrud';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';

export interface BindingForum {
  readonly harness: DrizzleForumHarness;
  /** New routers of the tags (`/tags`) and categories (`/categories`) collections, for one app. */
  routers(): CrudRouter[];
}

/** Opens and resets the forum on SQLite, always the first database target. */
export async function openBindingForum(): Promise<BindingForum> {
  const harness = await openSqliteForum();
  await harness.reset();
  return {
    harness,
    routers: () => [
      new CRUDCollection({ ormAdapter: harness.adapters.tag }).getRouter({ prefix: '/tags' }),
      new CRUDCollection({ ormAdapter: harness.adapters.category }).getRouter({ prefix: '/categories' }),
    ],
  };
}
