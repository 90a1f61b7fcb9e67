/**
 * The forum over TypeORM: one `TypeORMAdapter` per forum entity (the same
 * entities the conformance suite runs), on the demo's SQLite file through
 * TypeORM's better-sqlite3 driver backed by `libsql`'s compatible API.
 */
import { createRequire } from 'node:module';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataSource } from 'typeorm';
import type { ForumAdapters } from './app.ts';
import { userConfig } from './field-sets.ts';
import {
  Category,
  forumEntities,
  Post,
  PostTranslation,
  PostTranslationTag,
  Tag,
  Thread,
  User,
} from './models/typeorm.ts';
import type { ForumConnection } from './server.ts';

const require = createRequire(import.meta.url);

/**
 * One adapter per forum table over an initialised `dataSource` holding the
 * forum entities; `Post` carries its field sets, the user's are given here;
 * `options` go to each.
 */
export function typeormForumAdapters(
  dataSource: DataSource,
  options: { readonly timeoutMs?: number } = {},
): ForumAdapters {
  const adapter = (model: ConstructorParameters<typeof TypeORMAdapter>[0]['model']) =>
    new TypeORMAdapter({ ...options, dataSource, model });
  return {
    user: new TypeORMAdapter({ ...options, dataSource, model: User, crudConfig: userConfig }),
    category: adapter(Category),
    thread: adapter(Thread),
    post: adapter(Post),
    tag: adapter(Tag),
    postTranslation: adapter(PostTranslation),
    postTranslationTag: adapter(PostTranslationTag),
  };
}

/** Opens the forum's SQLite `file` (tables already created) with TypeORM. */
export async function openForum(file: string): Promise<ForumConnection> {
  const dataSource = await new DataSource({
    type: 'better-sqlite3',
    database: file,
    driver: require('libsql'),
    entities: forumEntities,
  }).initialize();
  await dataSource.query('PRAGMA foreign_keys = ON');
  return { adapters: typeormForumAdapters(dataSource), close: () => dataSource.destroy() };
}
