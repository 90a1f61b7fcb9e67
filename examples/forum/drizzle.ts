/**
 * The forum over Drizzle: one `DrizzleAdapter` per table of the Drizzle forum
 * model (the same model the conformance suite runs), and the demo's SQLite
 * file opened through libsql.
 */
import { pathToFileURL } from 'node:url';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { DrizzleAdapter, type DrizzleDatabase } from 'ormcrud/drizzle';
import type { ForumAdapters } from './app.ts';
import { postConfig, userConfig } from './field-sets.ts';
import { type ForumSchema, forumSchema } from './models/drizzle.ts';
import type { ForumConnection } from './server.ts';

/**
 * One adapter per forum table over `db` (with the forum's field sets, see
 * `field-sets.ts`), which must have been created with `schema`
 * (`drizzle(client, { schema })`) so that relations can be included; `options`
 * go to every adapter.
 *
 * @example
 * ```ts
 * const schema = forumSchema('sqlite');
 * const app = await createForumApp(drizzleForumAdapters(drizzle(client, { schema }), schema));
 * ```
 */
export function drizzleForumAdapters(
  db: DrizzleDatabase,
  schema: ForumSchema,
  options: { readonly timeoutMs?: number } = {},
): ForumAdapters {
  return {
    user: new DrizzleAdapter({ ...options, db, model: schema.user, crudConfig: userConfig }),
    category: new DrizzleAdapter({ ...options, db, model: schema.category }),
    thread: new DrizzleAdapter({ ...options, db, model: schema.thread }),
    post: new DrizzleAdapter({ ...options, db, model: schema.post, crudConfig: postConfig }),
    tag: new DrizzleAdapter({ ...options, db, model: schema.tag }),
    postTranslation: new DrizzleAdapter({ ...options, db, model: schema.post_translation }),
    postTranslationTag: new DrizzleAdapter({ ...options, db, model: schema.post_translation_tag }),
  };
}

/** Opens the forum's SQLite `file` (tables already created) with Drizzle over libsql. */
export async function openForum(file: string): Promise<ForumConnection> {
  const client = createClient({ url: pathToFileURL(file).href });
  await client.execute('PRAGMA foreign_keys = ON');
  const schema = forumSchema('sqlite');
  const db = drizzle(client, { schema });
  return {
    adapters: drizzleForumAdapters(db, schema),
    close: async () => client.close(),
  };
}
