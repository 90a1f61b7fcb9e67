/**
 * Type tests: a collection over a Sequelize model knows its row type, the
 * model's attributes. Checked by `npm run typecheck`; never run.
 */
import { CRUDCollection, PagePaginator, type PkOf, type Row } from 'ormcrud';
import { type ModelRow, SequelizeAdapter } from 'ormcrud/sequelize';
import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type ModelStatic,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { type Equal, type Expect, expectType } from './expect.ts';

declare const sequelize: Sequelize;

class Thread extends Model<InferAttributes<Thread>, InferCreationAttributes<Thread>> {
  declare id: CreationOptional<number>;
  declare title: string;
}

class Post extends Model<InferAttributes<Post>, InferCreationAttributes<Post>> {
  declare id: CreationOptional<number>;
  declare thread_id: number;
  declare author_id: number | null;
  declare slug: string;
  declare thread?: NonAttribute<Thread>;
}

type PostRow = { id: CreationOptional<number>; thread_id: number; author_id: number | null; slug: string };

interface CategoryAttributes {
  id: number;
  name: string;
}

export type Rows = [
  Expect<Equal<ModelRow<typeof Post>, PostRow>>,
  // Attributes declared as an interface read as a plain object type.
  Expect<Equal<ModelRow<ModelStatic<Model<CategoryAttributes>>>, { id: number; name: string }>>,
  // Models without attribute types read untyped rows.
  Expect<Equal<ModelRow<ModelStatic<never>>, Row>>,
];

export async function adapterResults(): Promise<void> {
  const posts = new SequelizeAdapter({ model: Post });
  const one = await posts.getOne({ id: 1 }, []);
  expectType<PostRow | null>()(one);
  expectType<PostRow[]>()((await posts.getMany({}, [], [], new PagePaginator().calcOffsetLimit())).rows);
  expectType<PostRow | null>()(await posts.updateOne({ id: 1 }, { slug: 'renamed' }));
  const id: number | undefined = one?.id;
  void id;

  // @ts-expect-error: a post has no `title`
  void one?.title;
  // @ts-expect-error: associations are not attributes
  void one?.thread;
  // @ts-expect-error: a slug is a string
  await posts.createOne({ slug: 1 });
  // @ts-expect-error: the key fields are a post's attributes
  await posts.deleteOne({ post_id: 1 });
}

export function collections(): void {
  const posts = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Post }) });
  expectType<CRUDCollection<PostRow, PkOf<PostRow>>>()(posts);
  posts.extra.get('/thread', ({ pk }) => expectType<PkOf<PostRow>>()(pk));
  // @ts-expect-error: a post's key has no `title`
  posts.extra.get('/title', ({ pk }) => pk.title);
}

export async function untypedModels(): Promise<void> {
  const Category = sequelize.define('category', { id: { type: DataTypes.INTEGER, primaryKey: true } });
  const categories = new SequelizeAdapter({ model: Category });
  expectType<Row | null>()(await categories.getOne({ id: 1 }, []));
  const typed = sequelize.define<Model<CategoryAttributes>>('category', {
    id: { type: DataTypes.INTEGER, primaryKey: true },
    name: DataTypes.STRING,
  });
  expectType<{ id: number; name: string } | null>()(await new SequelizeAdapter({ model: typed }).getOne({ id: 1 }, []));
}
