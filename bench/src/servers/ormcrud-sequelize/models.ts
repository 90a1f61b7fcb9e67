/**
 * The forum tables (src/db/forum-sql.ts) as Sequelize models: attribute names
 * are the snake_case column names, as in the Drizzle schema, so every
 * ormcrud server answers with the same fields. `created_at` and
 * `updated_at` keep their database defaults (no Sequelize timestamps) and,
 * as with Drizzle, are not touched on update.
 */
import { DataTypes, type Sequelize } from 'sequelize';

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };

/** Defines the forum's models and associations on `sequelize`. */
export function defineForum(sequelize: Sequelize) {
  const now = { type: DataTypes.DATE(3), allowNull: false, defaultValue: sequelize.fn('now') };
  const options = (tableName: string) => ({ tableName, timestamps: false });
  const user = sequelize.define(
    'user',
    { id, username: { type: DataTypes.STRING(50), allowNull: false, unique: true } },
    options('user'),
  );
  const category = sequelize.define(
    'category',
    { id, name: { type: DataTypes.STRING(100), allowNull: false }, created_at: now, updated_at: now },
    options('category'),
  );
  const thread = sequelize.define(
    'thread',
    {
      id,
      category_id: { type: DataTypes.INTEGER, allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
    },
    options('thread'),
  );
  const post = sequelize.define(
    'post',
    {
      id,
      thread_id: { type: DataTypes.INTEGER, allowNull: false },
      author_id: { type: DataTypes.INTEGER, allowNull: true },
      slug: { type: DataTypes.STRING(100), allowNull: false, unique: true },
      created_at: now,
      updated_at: now,
    },
    options('post'),
  );
  category.hasMany(thread, { as: 'threads', foreignKey: 'category_id' });
  thread.belongsTo(category, { as: 'category', foreignKey: 'category_id' });
  thread.hasMany(post, { as: 'posts', foreignKey: 'thread_id' });
  post.belongsTo(thread, { as: 'thread', foreignKey: 'thread_id' });
  user.hasMany(post, { as: 'posts', foreignKey: 'author_id' });
  post.belongsTo(user, { as: 'author', foreignKey: 'author_id' });
  return { user, category, thread, post };
}
