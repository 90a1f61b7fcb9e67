/**
 * A user's TypeScript against the built declarations: `built-package.test.ts`
 * compiles this file with `consumer.tsconfig.json`, which resolves
 * `ormcrud` the way an installed copy resolves (to `dist/`). The
 * `@ts-expect-error` lines fail the compile if the declarations ever degrade
 * to `any`.
 */
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CRUDCollection, type CrudRouter } from 'ormcrud';
import { routeEntries } from 'ormcrud/binding-kit';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toExpress } from 'ormcrud/express';
import { toFastify } from 'ormcrud/fastify';
import { toHono } from 'ormcrud/hono';
import { keepTickObjectShape } from 'ormcrud/node';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';

export function checks(router: CrudRouter): void {
  void toFastify(router);
  void toHono(router, { bodyLimit: 1024 });
  void toExpress(router, { log: (error) => console.error(error.message) });
  // @ts-expect-error: toHono's options are an object
  void toHono(router, 1024);
  // @ts-expect-error: toExpress takes a router
  void toExpress('/categories');
  for (const { route, methods } of routeEntries(router)) {
    // @ts-expect-error: a route's methods are HTTP methods
    const method: number = methods[0];
    void [route.path, method];
  }
  // @ts-expect-error: keepTickObjectShape takes no argument
  keepTickObjectShape(router);
  // @ts-expect-error: a router's prefix is a string
  const prefix: number = router.prefix;
  // @ts-expect-error: getRouter's options are an object
  void new CRUDCollection().getRouter(prefix);
  // @ts-expect-error: the Drizzle adapter needs a database and a model
  void new DrizzleAdapter({});
  // @ts-expect-error: the TypeORM adapter needs a data source and an entity
  void new TypeORMAdapter({});
  // @ts-expect-error: the Sequelize adapter needs a model
  void new SequelizeAdapter({});
}

const category = sqliteTable('category', { id: integer('id').primaryKey(), name: text('name').notNull() });

/** Rows are typed from the model through the built declarations too. */
export async function typedRows(db: LibSQLDatabase): Promise<string | undefined> {
  const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: category }) });
  const row = await categories.ormAdapter.getOne({ id: 1 }, []);
  // @ts-expect-error: a category has no `title`
  void row?.title;
  // @ts-expect-error: a category's key is its numeric id
  await categories.ormAdapter.getOne({ id: '1' }, []);
  return row?.name;
}
