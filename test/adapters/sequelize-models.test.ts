/**
 * Sequelize models declared beyond the forum's: an attribute with its own
 * `get` or `set` is refused when the adapter is built (its statements would
 * skip it); what a model's own `toJSON()` leaves out is hidden; the
 * validators a JSON Schema states are checked by the generated schemas, and
 * a model with hooks or other validators is refused unless `hooks: 'skip'`; on
 * PostgreSQL, models in a schema of their own, related to each other, are
 * served with their includes.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CRUDCollection, createOpenApiDocument } from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { call } from '../support/forum-suite.ts';
import { routersApp } from '../support/framework-apps.ts';

test('an attribute with its own get or set is refused, naming it; a computed VIRTUAL getter is not', async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  type Self = { setDataValue(key: string, value: unknown): void };
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const refused = (model: ReturnType<typeof sequelize.define>, names: RegExp) =>
    assert.throws(() => new SequelizeAdapter({ model }).describe(), names);
  try {
    const account = sequelize.define('account', {
      name: DataTypes.STRING,
      passwordHash: {
        type: DataTypes.STRING,
        set(this: Self, value: string) {
          this.setDataValue('passwordHash', hash(value));
        },
      },
    });
    refused(account, /account\.passwordHash has its own set, which the adapter's writes would skip.*createOneHandler/);
    const hashed = sequelize.define('hashed', {
      passwordHash: DataTypes.STRING,
      password: {
        type: DataTypes.VIRTUAL,
        set(this: Self, value: string) {
          this.setDataValue('passwordHash', hash(value));
        },
      },
    });
    refused(hashed, /hashed\.password has its own/);
    const masked = sequelize.define(
      'masked',
      { email: DataTypes.STRING },
      {
        getterMethods: { email: () => 'MASK' },
        setterMethods: {
          email(this: Self, value: string) {
            this.setDataValue('email', value.trim());
          },
        },
      },
    );
    refused(
      masked,
      /masked\.email has its own set, .*; masked\.email has its own get, which the adapter's reads would skip, serving the stored value: not supported \(remove it; hide the attribute with excludeFields/,
    );
    const person = sequelize.define('person', {
      first: DataTypes.STRING,
      full: { type: DataTypes.VIRTUAL, get: () => 'computed' },
    });
    assert.deepEqual(
      new SequelizeAdapter({ model: person }).describe().fields.map((f) => f.name),
      ['id', 'first', 'createdAt', 'updatedAt'],
    );
  } finally {
    await sequelize.close();
  }
});

test("what a model's own toJSON() leaves out is in no response, include, filter or sort", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  class Member extends Model {
    override toJSON() {
      const { passwordHash, ...shown } = this.get();
      return shown;
    }
  }
  Member.init(
    { login: { type: DataTypes.STRING, allowNull: false }, passwordHash: { type: DataTypes.STRING, allowNull: false } },
    { sequelize, tableName: 'member', timestamps: false },
  );
  const login = sequelize.define('login', { at: DataTypes.DATE }, { tableName: 'login', timestamps: false });
  login.belongsTo(Member, { as: 'member', foreignKey: 'memberId' });
  await sequelize.sync();
  await Member.create({ login: 'ada', passwordHash: 'SECRET' });
  await login.create({ at: new Date(0), memberId: 1 });
  const app = await routersApp('fastify', [
    new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Member }) }).getRouter({ prefix: '/members' }),
    new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: login }) }).getRouter({ prefix: '/logins' }),
  ]);
  try {
    assert.deepEqual((await call(app, 'GET', '/members/1')).body, { id: 1, login: 'ada' });
    assert.deepEqual((await call(app, 'GET', '/members?passwordHash=nope')).body.data, [{ id: 1, login: 'ada' }]);
    assert.equal((await call(app, 'GET', '/members?sort=passwordHash')).status, 422);
    const logins = (await call(app, 'GET', '/logins?include=member')).body.data;
    assert.deepEqual(logins[0]?.member, { id: 1, login: 'ada' });
    // Still written on create, as an excluded field is.
    const created = await call(app, 'POST', '/members', { login: 'bob', passwordHash: 'HASH' });
    assert.deepEqual(created.body, { id: 2, login: 'bob' });
  } finally {
    await app.close();
    await sequelize.close();
  }
});

test("a model's own toJSON() that cannot be read is refused, naming the model", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  const attributes = { secret: DataTypes.STRING };
  const options = { sequelize, timestamps: false };
  class Throwing extends Model {
    override toJSON(): object {
      throw new Error('no');
    }
  }
  Throwing.init(attributes, { ...options, tableName: 'throwing' });
  class Masking extends Model {
    override toJSON() {
      return { ...this.get(), secret: '***' };
    }
  }
  Masking.init(attributes, { ...options, tableName: 'masking' });
  try {
    const refused = (model: typeof Model & (new () => Model), why: RegExp) =>
      assert.throws(() => new SequelizeAdapter({ model }).describe(), why);
    refused(Throwing, /Throwing's own toJSON\(\) threw \(no\).*list the attributes it hides in .*excludeFields/);
    refused(Masking, /Masking's own toJSON\(\) changes secret/);
  } finally {
    await sequelize.close();
  }
});

test("a model's own toJSON() that leaves an attribute out of some rows only is refused, naming it", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  const options = { sequelize, timestamps: false };
  class Profile extends Model {
    override toJSON() {
      const shown = { ...this.get() };
      if (!shown.emailPublic) delete shown.email;
      if (shown.role === 'guest') delete shown.phone;
      return shown;
    }
  }
  Profile.init(
    {
      email: DataTypes.STRING,
      emailPublic: { type: DataTypes.BOOLEAN, allowNull: false },
      role: { type: DataTypes.ENUM('member', 'guest'), allowNull: false },
      phone: DataTypes.STRING,
    },
    { ...options, tableName: 'profile' },
  );
  class Compact extends Model {
    override toJSON() {
      return Object.fromEntries(Object.entries(this.get()).filter(([, value]) => value !== null));
    }
  }
  Compact.init({ note: DataTypes.STRING }, { ...options, tableName: 'compact' });
  try {
    assert.throws(
      () => new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Profile }) }),
      /Profile's own toJSON\(\) leaves email \(as emailPublic varies\), phone \(as role varies\) out of some rows only/,
    );
    // Leaving a null out hides nothing: the adapter serves it as null.
    const compact = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Compact }) });
    await sequelize.sync();
    await Compact.create({ note: null });
    const app = await routersApp('fastify', [compact.getRouter({ prefix: '/compact' })]);
    try {
      assert.deepEqual((await call(app, 'GET', '/compact/1')).body, { id: 1, note: null });
    } finally {
      await app.close();
    }
  } finally {
    await sequelize.close();
  }
});

test("an attribute's built-in validators a JSON Schema states are checked, a 422 naming the field", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  const member = sequelize.define(
    'member',
    {
      nick: {
        type: DataTypes.STRING(50),
        allowNull: false,
        validate: { len: [3, 10], notEmpty: true, is: '^[a-z ]+$' },
      },
      age: { type: DataTypes.INTEGER, allowNull: true, validate: { min: 0, max: 150 } },
      color: { type: DataTypes.STRING, allowNull: true, validate: { isIn: [['red', 'green']] } },
      shelf: { type: DataTypes.INTEGER, allowNull: true, validate: { notIn: [[13, '04']] } },
      token: { type: DataTypes.UUID, allowNull: true, validate: { isUUID: 4 } },
    },
    { tableName: 'member', timestamps: false },
  );
  await sequelize.sync();
  const router = new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: member }) }).getRouter({
    prefix: '/members',
  });
  const app = await routersApp('fastify', [router]);
  try {
    const refused = async (body: object, path: string, message: string) => {
      const res = await call(app, 'POST', '/members', { nick: 'ada', ...body });
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.deepEqual(res.body.errors, [{ path, message }]);
    };
    await refused({ nick: 'ab' }, 'body.nick', 'must NOT have fewer than 3 characters');
    await refused({ nick: 'a very long one' }, 'body.nick', 'must NOT have more than 10 characters');
    await refused({ nick: '   ' }, 'body.nick', 'must match the pattern \\S');
    await refused({ nick: 'Ada' }, 'body.nick', 'must match the pattern ^[a-z ]+$');
    await refused({ age: -1 }, 'body.age', 'must be >= 0');
    await refused({ age: 151 }, 'body.age', 'must be <= 150');
    await refused({ color: 'blue' }, 'body.color', 'must be one of: red, green');
    await refused({ shelf: 13 }, 'body.shelf', 'must not be one of: 13');
    await refused({ token: '0b5e4a6c-8f7d-1e2a-9c1b-3d5f7a9b1c2d' }, 'body.token', 'is not in the expected format');
    const body = { nick: 'ada', age: 36, color: 'red', shelf: 4, token: '0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d' };
    const created = await call(app, 'POST', '/members', body);
    assert.deepEqual(created.body, { id: 1, ...body });
    assert.equal((await call(app, 'PATCH', '/members/1', { age: 200 })).status, 422);
    assert.equal((await call(app, 'PATCH', '/members/1', { age: null, color: null })).status, 200);
    const document = createOpenApiDocument([router], { info: { title: 'members', version: '1' } });
    const schemas = document.components?.schemas as Record<string, { properties: Record<string, object> }>;
    assert.deepEqual(schemas.MemberCreate?.properties.age, { type: ['integer', 'null'], minimum: 0, maximum: 150 });
  } finally {
    await app.close();
    await sequelize.close();
  }
});

test("a model's hooks and the validators no schema states are refused when the adapter is built, naming each", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  const instance = new Sequelize('sqlite::memory:', { logging: false });
  const refused = (model: ReturnType<typeof sequelize.define>, what: RegExp) =>
    assert.throws(() => new SequelizeAdapter({ model }), what);
  const upper = (row: { set(key: string, value: unknown): void; get(key: string): unknown }) =>
    row.set('name', String(row.get('name')).toUpperCase());
  try {
    const hooked = sequelize.define('hooked', { name: DataTypes.STRING }, { hooks: { beforeCreate: upper } });
    hooked.addHook('afterFind', 'mask', () => {});
    refused(
      hooked,
      /hooked runs what the adapter's statements would not: hook beforeCreate "upper", hook afterFind "mask"\./,
    );
    refused(hooked, /or pass hooks: 'skip' to serve the model knowing they do not run/);
    const validated = sequelize.define(
      'validated',
      {
        email: { type: DataTypes.STRING, validate: { isEmail: true } },
        nick: { type: DataTypes.STRING, validate: { len: [2, 9], notAdmin: (value: string) => value !== 'admin' } },
      },
      { validate: { bothOrNone() {} } },
    );
    refused(
      validated,
      /validated runs .*: validator isEmail of email, validator notAdmin of nick, model validator bothOrNone\./,
    );
    // Its Sequelize instance's hooks on rows run for every model of it; its query hooks are no rows'.
    instance.addHook('beforeQuery', () => {});
    const queried = instance.define('queried', { name: DataTypes.STRING });
    assert.doesNotThrow(() => new SequelizeAdapter({ model: queried }));
    instance.addHook('beforeUpdate', 'audit', () => {});
    refused(queried, /queried runs .*: the Sequelize instance's hook beforeUpdate "audit"\./);
    assert.throws(
      () => new SequelizeAdapter({ model: queried, hooks: 'run' as 'skip' }),
      /hooks takes 'skip' only, not "run"/,
    );
  } finally {
    await sequelize.close();
    await instance.close();
  }
});

test("with hooks: 'skip' a model with hooks is served, its hooks not run, the validators stated still checked", async () => {
  const sequelize = new Sequelize('sqlite::memory:', { logging: false });
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  type Account = { get(key: string): string; set(key: string, value: string): void };
  const account = sequelize.define(
    'account',
    {
      email: { type: DataTypes.STRING, allowNull: false, validate: { isEmail: true } },
      password: { type: DataTypes.STRING, allowNull: false, validate: { len: [8, 64] } },
    },
    {
      tableName: 'account',
      timestamps: false,
      hooks: { beforeCreate: (row: Account) => row.set('password', hash(row.get('password'))) },
    },
  );
  await sequelize.sync();
  const adapter = new SequelizeAdapter({ model: account, hooks: 'skip' });
  const app = await routersApp('fastify', [new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/a' })]);
  try {
    const short = await call(app, 'POST', '/a', { email: 'ada@example.com', password: 'short' });
    assert.deepEqual(short.body.errors, [{ path: 'body.password', message: 'must NOT have fewer than 8 characters' }]);
    const created = await call(app, 'POST', '/a', { email: 'not an email', password: 'long enough' });
    assert.deepEqual(created.body, { id: 1, email: 'not an email', password: 'long enough' });
  } finally {
    await app.close();
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

test('a relation to a table name two schemas share is refused, naming both', async () => {
  const sequelize = new Sequelize('postgres://nobody@127.0.0.1:1/none', { logging: false });
  const options = { freezeTableName: true, timestamps: false };
  const current = sequelize.define('log_a', {}, { ...options, tableName: 'log', schema: 'sa' });
  sequelize.define('log_b', {}, { ...options, tableName: 'log', schema: 'sb' });
  const note = sequelize.define('note', {}, options);
  note.belongsTo(current, { as: 'log', foreignKey: 'logId' });
  const serve = () => new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: note }) }).getRouter();
  assert.throws(serve, /"log" names two tables \(sa\.log and sb\.log\)/);
});
