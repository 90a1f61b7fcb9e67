/**
 * The forum over Sequelize: one `SequelizeAdapter` per forum model (the same
 * models the conformance suite runs), on the demo's SQLite file through
 * Sequelize's `sqlite3` dialect.
 */
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { Sequelize } from 'sequelize';
import type { ForumAdapters } from './app.ts';
import { userConfig } from './field-sets.ts';
import { defineForumModels, type ForumModels } from './models/sequelize.ts';
import type { ForumConnection } from './server.ts';

/**
 * One adapter per forum table over models defined by `defineForumModels`;
 * `post` carries its field sets, the user's are given here; `options` go to each.
 */
export function sequelizeForumAdapters(
  models: ForumModels,
  options: { readonly timeoutMs?: number } = {},
): ForumAdapters {
  const adapter = (model: ForumModels[keyof ForumModels]) => new SequelizeAdapter({ ...options, model });
  return {
    user: new SequelizeAdapter({ ...options, model: models.user, crudConfig: userConfig }),
    category: adapter(models.category),
    thread: adapter(models.thread),
    post: adapter(models.post),
    tag: adapter(models.tag),
    postTranslation: adapter(models.post_translation),
    postTranslationTag: adapter(models.post_translation_tag),
  };
}

/** Opens the forum's SQLite `file` (tables already created) with Sequelize. */
export async function openForum(file: string): Promise<ForumConnection> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: file, logging: false });
  await sequelize.query('PRAGMA foreign_keys = ON');
  return { adapters: sequelizeForumAdapters(defineForumModels(sequelize)), close: () => sequelize.close() };
}
