/** Every adapter takes `timeoutMs` (default 5000, `0` or `Infinity` for no limit) and refuses a value that is not a duration. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Sequelize } from 'sequelize';
import type { EntityManager } from 'typeorm';
import { forumSchema } from '../../examples/forum/models/drizzle.ts';
import { defineForumModels } from '../../examples/forum/models/sequelize.ts';
import { Category } from '../../examples/forum/models/typeorm.ts';

const schema = forumSchema('sqlite');
const db = drizzle(createClient({ url: ':memory:' }), { schema });
const models = defineForumModels(new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false }));
const getSession = async () => ({}) as EntityManager;

const adapters = {
  DrizzleAdapter: (timeoutMs?: number) => new DrizzleAdapter({ db, model: schema.category, timeoutMs }),
  TypeORMAdapter: (timeoutMs?: number) => new TypeORMAdapter({ getSession, model: Category, timeoutMs }),
  SequelizeAdapter: (timeoutMs?: number) => new SequelizeAdapter({ model: models.category, timeoutMs }),
};

for (const [name, make] of Object.entries(adapters)) {
  test(`${name} takes timeoutMs and refuses what is not a duration`, () => {
    for (const timeoutMs of [undefined, 0, 250, Number.POSITIVE_INFINITY]) assert.doesNotThrow(() => make(timeoutMs));
    for (const timeoutMs of [-1, Number.NaN, '5000' as unknown as number]) {
      assert.throws(() => make(timeoutMs), { name: 'TypeError', message: new RegExp(`^${name}: timeoutMs`) });
    }
  });
}
