/**
 * The forum as Sequelize models, mapped onto the tables of examples/forum/sql.ts
 * (never synced). Attribute names are the snake_case column names, so they
 * are the wire names too. Sequelize keeps the timestamps (`created_at`,
 * `updated_at`) where TypeORM has create/update-date columns; `category.created_at`
 * is a plain column with a database default. `Post` carries a model-level
 * `crudConfig`. Sequelize cannot express a composite foreign key, so the
 * translation's tags (a many-to-many over `(post_id, language)`) are not a
 * relation here, and the junction links only to `tag`.
 */
import { DataTypes, type ModelStatic, type Sequelize } from 'sequelize';
import { postConfig } from '../field-sets.ts';

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
const table = (name: string) => ({ tableName: name, timestamps: false });
/** A timestamp as examples/forum/sql.ts makes it: to the millisecond (MariaDB's `DATETIME(3)`); one per attribute. */
const stamp = () => ({ type: DataTypes.DATE(3), allowNull: false });
const timestamps = (name: string) => ({
  tableName: name,
  timestamps: true,
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

/** The forum's models on one Sequelize instance, by table name. */
export interface ForumModels {
  readonly user: ModelStatic<never>;
  readonly category: ModelStatic<never>;
  readonly thread: ModelStatic<never>;
  readonly post: ModelStatic<never>;
  readonly tag: ModelStatic<never>;
  readonly post_translation: ModelStatic<never>;
  readonly post_translation_tag: ModelStatic<never>;
}

/**
 * Defines the forum's models and associations on `sequelize`.
 *
 * @example
 * ```ts
 * const models = defineForumModels(new Sequelize('sqlite::memory:'));
 * new SequelizeAdapter({ model: models.post });
 * ```
 */
export function defineForumModels(sequelize: Sequelize): ForumModels {
  const user = sequelize.define(
    'user',
    {
      id,
      username: { type: DataTypes.STRING(50), allowNull: false, unique: true },
      password_hash: { type: DataTypes.STRING(100), allowNull: true },
      api_token: { type: DataTypes.STRING(64), allowNull: true, unique: true },
      is_admin: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    table('user'),
  );
  const category = sequelize.define(
    'category',
    {
      id,
      name: { type: DataTypes.STRING(100), allowNull: false },
      created_at: { ...stamp(), defaultValue: sequelize.literal('CURRENT_TIMESTAMP') },
      updated_at: stamp(),
    },
    { tableName: 'category', timestamps: true, createdAt: false, updatedAt: 'updated_at' },
  );
  const thread = sequelize.define(
    'thread',
    {
      id,
      category_id: { type: DataTypes.INTEGER, allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
    },
    table('thread'),
  );
  const post = sequelize.define(
    'post',
    {
      id,
      thread_id: { type: DataTypes.INTEGER, allowNull: false },
      author_id: { type: DataTypes.INTEGER, allowNull: true },
      slug: { type: DataTypes.STRING(100), allowNull: false, unique: true },
      created_at: stamp(),
      updated_at: stamp(),
    },
    timestamps('post'),
  );
  const tag = sequelize.define(
    'tag',
    { id, name: { type: DataTypes.STRING(50), allowNull: false, unique: true } },
    table('tag'),
  );
  const postTranslation = sequelize.define(
    'post_translation',
    {
      post_id: { type: DataTypes.INTEGER, primaryKey: true },
      language: { type: DataTypes.STRING(8), primaryKey: true },
      body: { type: DataTypes.TEXT, allowNull: false },
      created_at: stamp(),
      updated_at: stamp(),
    },
    timestamps('post_translation'),
  );
  const postTranslationTag = sequelize.define(
    'post_translation_tag',
    {
      post_id: { type: DataTypes.INTEGER, primaryKey: true },
      language: { type: DataTypes.STRING(8), primaryKey: true },
      tag_id: { type: DataTypes.INTEGER, primaryKey: true, references: { model: 'tag', key: 'id' } },
    },
    table('post_translation_tag'),
  );
  /** The model's own field sets (see `../field-sets.ts`). */
  Object.assign(post, { crudConfig: postConfig });

  category.hasMany(thread, { as: 'threads', foreignKey: 'category_id' });
  thread.belongsTo(category, { as: 'category', foreignKey: 'category_id' });
  thread.hasMany(post, { as: 'posts', foreignKey: 'thread_id' });
  post.belongsTo(thread, { as: 'thread', foreignKey: 'thread_id' });
  user.hasMany(post, { as: 'posts', foreignKey: 'author_id' });
  post.belongsTo(user, { as: 'author', foreignKey: 'author_id' });
  post.hasMany(postTranslation, { as: 'translations', foreignKey: 'post_id' });
  postTranslation.belongsTo(post, { as: 'post', foreignKey: 'post_id' });

  return {
    user,
    category,
    thread,
    post,
    tag,
    post_translation: postTranslation,
    post_translation_tag: postTranslationTag,
  } as unknown as ForumModels;
}
