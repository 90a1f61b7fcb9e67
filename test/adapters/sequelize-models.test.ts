/**
 * Sequelize models declared beyond the forum's: an attribute with its own
 * `get` or `set` is refused when the adapter is built (its statements would
 * skip it); on PostgreSQL, models in a schema of their own, related to each
 * other, are served with their includes.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { DataTypes, Sequelize } from 'sequelize';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

test('an attribute with its own get or set is refused, naming it', async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  try {
    const hash = (value: string) => createHash('sha256').update(value).digest('hex');
    const account = sequelize.define('account', {
      name: DataTypes.STRING,
      passwordHash: {
        type: DataTypes.STRING,
        set(this: { setDataValue(key: string, value: unknown): void }, value: string) {
          this.setDataValue('passwordHash', hash(value));
        },
      },
    });
    assert.throws(
      () => new SequelizeAdapter({ model: account }).describe(),
      /account\.passwordHash has its own get or set/,
    );
  } finally {
    await sequelize.close();
  }
});

const pgUrl = process.env.TEST_POSTGRES_URL;
test('models in a PostgreSQL schema of their own are served, includes both ways', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const sequelize = new Sequelize(pgUrl as string, { logging: false });
  try {
    const options = { schema: 'sq_app', freezeTableName: true, timestamps: false };
    const owner = sequelize.define('owner', { name: { type: DataTypes.STRING, allowNull: false } }, options);
    const pet = sequelize.define('pet', { name: { type: DataTypes.STRING, allowNull: false } }, options);
    pet.belongsTo(owner, { as: 'owner', foreignKey: 'ownerId' });
    owner.hasMany(pet, { as: 'pets', foreignKey: 'ownerId' });
    await sequelize.query('DROP SCHEMA IF EXISTS sq_app CASCADE');
    await sequelize.query('CREATE SCHEMA sq_app');
    await sequelize.sync();
    const app = await routersApp('fastify', [
      new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: owner }) }).getRouter({ prefix: '/owners' }),
      new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: pet }) }).getRouter({ prefix: '/pets' }),
    ]);
    try {
      const ada = (await call(app, 'POST', '/owners', { name: 'Ada' })).body;
      const rex = await call(app, 'POST', '/pets', { name: 'Rex', ownerId: ada.id });
      assert.equal(rex.status, 201, JSON.stringify(rex.body));
      const pets = (await call(app, 'GET', '/pets?include=owner')).body.data;
      assert.deepEqual(pets, [{ id: rex.body.id, name: 'Rex', ownerId: ada.id, owner: { id: ada.id, name: 'Ada' } }]);
      const owners = (await call(app, 'GET', '/owners?include=pets')).body.data;
      assert.deepEqual(owners[0]?.pets, [{ id: rex.body.id, name: 'Rex', ownerId: ada.id }]);
    } finally {
      await app.close();
      await sequelize.query('DROP SCHEMA sq_app CASCADE');
    }
  } finally {
    await sequelize.close();
  }
});
