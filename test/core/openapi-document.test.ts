/**
 * `createOpenApiDocument` from route tables alone: named component schemas
 * per model and role, without clashes; each operation's real success and
 * error responses; security from documented dependencies; short, unique
 * operation ids; descriptions from the ORM's column comments.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import {
  CRUDCollection,
  type CrudRoute,
  createOpenApiDocument,
  documentDependency,
  NestedConfig,
  type OpenApiDocument,
  type SecurityRequirement,
} from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';
import { z } from 'zod';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';
import { documentOf } from '../support/openapi.ts';

const require = createRequire(import.meta.url);

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON
type Json = any;

const operation = (doc: OpenApiDocument, method: string, path: string): Json => {
  const found = doc.paths[path]?.[method];
  assert.ok(found, `${method} ${path} is documented`);
  return found;
};
/** The statuses an operation names one by one (its `4XX` and `5XX` ranges left out). */
const statuses = (op: Json) =>
  Object.keys(op.responses)
    .filter((key) => /^\d+$/.test(key))
    .map(Number);
const bodyRef = (op: Json) => op.requestBody?.content['application/json'].schema.$ref;
const successSchema = (op: Json, status: number) => op.responses[status]?.content?.['application/json']?.schema;

describe('createOpenApiDocument', () => {
  let h: DrizzleForumHarness;
  before(async () => {
    h = await openSqliteForum();
  });
  after(() => h.close());
  const collection = (model: keyof DrizzleForumHarness['adapters'], options = {}) =>
    new CRUDCollection({ ormAdapter: h.adapters[model], ...options });

  test('one named schema per model and role, referenced from every operation, and Problem', () => {
    const doc = documentOf(collection('category').getRouter({ prefix: '/categories', tags: ['categories'] }));
    const names = Object.keys(doc.components.schemas).sort();
    assert.deepEqual(names, ['Category', 'CategoryCreate', 'CategoryPage', 'CategoryUpdate', 'Problem']);
    assert.equal(doc.openapi, '3.1.0');
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    assert.deepEqual(successSchema(operation(doc, 'get', '/categories'), 200), ref('CategoryPage'));
    assert.deepEqual(successSchema(operation(doc, 'get', '/categories/{category_id}'), 200), ref('Category'));
    assert.deepEqual(successSchema(operation(doc, 'post', '/categories'), 201), ref('Category'));
    assert.deepEqual(successSchema(operation(doc, 'delete', '/categories/{category_id}'), 200), ref('Category'));
    assert.equal(bodyRef(operation(doc, 'post', '/categories')), '#/components/schemas/CategoryCreate');
    assert.equal(bodyRef(operation(doc, 'patch', '/categories/{category_id}')), '#/components/schemas/CategoryUpdate');
    const page: Json = doc.components.schemas.CategoryPage;
    assert.deepEqual(page.properties.data.items, ref('Category'));
  });

  test('the shallowest path keeps a name, whatever the order of the routers', () => {
    // A `/me`-style path has no parameter: the flat `/threads` is still shallower than `/categories/mine/threads`.
    class Mine extends CRUDCollection {
      override getIdPath(): string {
        return '/mine';
      }
    }
    const mine = new Mine({ ormAdapter: h.adapters.category, disableGetMany: true, disableCreate: true });
    mine.addNestedCollection('/threads', collection('thread'));
    const threads = collection('thread').getRouter({ prefix: '/threads' });
    const nested = mine.getRouter({ prefix: '/categories' });
    for (const routers of [
      [nested, threads],
      [threads, nested],
    ]) {
      const doc = documentOf(...routers);
      assert.equal(bodyRef(operation(doc, 'post', '/threads')), '#/components/schemas/ThreadCreate');
      assert.notEqual(bodyRef(operation(doc, 'post', '/categories/mine/threads')), '#/components/schemas/ThreadCreate');
    }
  });

  test('relation keys are required and nullable; bodies never claim additionalProperties: false', () => {
    const doc = documentOf(collection('thread').getRouter({ prefix: '/threads' }));
    const thread: Json = doc.components.schemas.Thread;
    assert.ok(thread.required.includes('category') && thread.required.includes('posts'));
    assert.deepEqual(thread.properties.posts.type, ['array', 'null']);
    assert.deepEqual(thread.properties.category.type, ['object', 'null']);
    for (const name of ['ThreadCreate', 'ThreadUpdate']) {
      assert.ok(!JSON.stringify(doc.components.schemas[name]).includes('additionalProperties'), name);
    }
  });

  test('a nullable JSON column is `{}`, which admits null, without an anyOf', () => {
    const sequelize = new Sequelize('sqlite::memory:', { logging: false });
    const doc = sequelize.define(
      'doc',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        meta: { type: DataTypes.JSON, allowNull: true },
      },
      { tableName: 'doc', timestamps: false },
    );
    const document = documentOf(new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: doc }) }).getRouter());
    const schemas: Json = document.components.schemas;
    for (const name of ['Doc', 'DocCreate']) assert.deepEqual(schemas[name].properties.meta, {}, name);
  });

  test('a nested create without the parent key, and two field sets of one model, take distinct names', () => {
    const threads = collection('thread');
    const routers = [
      collection('category').addNestedCollection('/threads', threads).getRouter({ prefix: '/categories' }),
      collection('thread').getRouter({ prefix: '/threads' }),
      collection('thread', { publicFields: ['id', 'title'] }).getRouter({ prefix: '/admin/threads' }),
    ];
    const doc = createOpenApiDocument(routers, { info: { title: 't', version: '1' } });
    const schemas: Json = doc.components.schemas;
    assert.deepEqual(Object.keys(schemas.ThreadCreate.properties).sort(), ['category_id', 'title']);
    assert.deepEqual(Object.keys(schemas.CategoryThreadCreate.properties), ['title']);
    assert.equal(bodyRef(operation(doc, 'post', '/threads')), '#/components/schemas/ThreadCreate');
    assert.equal(
      bodyRef(operation(doc, 'post', '/categories/{category_id}/threads')),
      '#/components/schemas/CategoryThreadCreate',
    );
    assert.deepEqual(Object.keys(schemas.AdminThread.properties).sort(), ['category', 'id', 'posts', 'title']);
    assert.equal(
      successSchema(operation(doc, 'get', '/admin/threads/{thread_id}'), 200)
        .$ref.split('/')
        .pop(),
      'AdminThread',
    );
    assert.equal(
      successSchema(operation(doc, 'get', '/threads/{thread_id}'), 200)
        .$ref.split('/')
        .pop(),
      'Thread',
    );
    assert.deepEqual(schemas.AdminThreadPage.properties.data.items, { $ref: '#/components/schemas/AdminThread' });
  });

  test('PATCH documents 200 null, or its updateOutSchema; a 201 documents Location', () => {
    const plain = documentOf(collection('tag').getRouter({ prefix: '/tags' }));
    assert.deepEqual(successSchema(operation(plain, 'patch', '/tags/{tag_id}'), 200), { type: 'null' });
    const created = operation(plain, 'post', '/tags').responses[201];
    assert.deepEqual(created.headers, { Location: { $ref: '#/components/headers/Location' } });
    assert.ok(plain.components.headers.Location);
    const out = z.object({ id: z.int(), name: z.string() });
    const shaped = documentOf(collection('tag', { updateOutSchema: out }).getRouter({ prefix: '/tags' }));
    const updated = successSchema(operation(shaped, 'patch', '/tags/{tag_id}'), 200);
    assert.equal(updated.$ref, '#/components/schemas/TagUpdated');
    assert.deepEqual(Object.keys((shaped.components.schemas.TagUpdated as Json).properties), ['id', 'name']);
  });

  test('extra routes document their status and response schema, or a free-form body', () => {
    const tags = collection('tag');
    tags.extra.get('/count', { response: z.object({ count: z.int() }), summary: 'Count' }, () => ({ count: 1 }));
    tags.extra.collection.get('/raw', () => ({ anything: true }));
    tags.extra.post('/touch', { status: 204, errors: ['not_found'] }, () => undefined);
    const doc = documentOf(tags.getRouter({ prefix: '/tags' }));
    const count = operation(doc, 'get', '/tags/{tag_id}/count');
    assert.equal(successSchema(count, 200).properties.count.type, 'integer');
    assert.deepEqual(operation(doc, 'get', '/tags/raw').responses[200].content, {
      'application/json': { schema: {} },
      'text/plain': { schema: { type: 'string' } },
    });
    const touch = operation(doc, 'post', '/tags/{tag_id}/touch');
    assert.deepEqual(touch.responses[204], { description: 'No Content' });
    assert.ok(statuses(touch).includes(404));
    assert.equal(operation(doc, 'get', '/tags/raw').summary, 'GET /tags/raw');
  });

  test('each operation lists its real error statuses as problem+json', () => {
    const threads = collection('thread');
    const categories = collection('category', { disableDelete: true }).addNestedCollection('/threads', threads);
    const doc = documentOf(categories.getRouter({ prefix: '/c' }));
    assert.deepEqual(statuses(operation(doc, 'get', '/c')), [200, 405, 422, 503]);
    assert.deepEqual(statuses(operation(doc, 'post', '/c')), [201, 405, 409, 413, 415, 422, 503]);
    assert.deepEqual(statuses(operation(doc, 'get', '/c/{category_id}')), [200, 404, 405, 422, 503]);
    assert.deepEqual(statuses(operation(doc, 'patch', '/c/{category_id}')), [200, 404, 405, 409, 413, 415, 422, 503]);
    // Under a missing parent a list is empty and a create a 404 `parent_not_found`.
    assert.deepEqual(statuses(operation(doc, 'get', '/c/{category_id}/threads')), [200, 405, 422, 503]);
    assert.deepEqual(
      statuses(operation(doc, 'post', '/c/{category_id}/threads')),
      [201, 404, 405, 409, 413, 415, 422, 503],
    );
    assert.deepEqual(
      statuses(operation(doc, 'delete', '/c/{category_id}/threads/{thread_id}')),
      [200, 404, 405, 409, 422, 503],
    );
    assert.equal(doc.paths['/c/{category_id}']?.delete, undefined, 'a disabled route is not documented');
    const responses: Json = doc.components.responses;
    for (const response of Object.values(responses) as Json[]) {
      assert.deepEqual(response.content, {
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      });
    }
    assert.deepEqual(responses.MethodNotAllowed.headers, { Allow: { $ref: '#/components/headers/Allow' } });
    assert.deepEqual(operation(doc, 'get', '/c').responses[422], { $ref: '#/components/responses/ValidationFailed' });
    // Whatever else an operation answers (a malformed URL's 400, a DELETE body's 415) is covered as a problem.
    const { responses: ops } = operation(doc, 'delete', '/c/{category_id}/threads/{thread_id}');
    assert.deepEqual(
      [ops['4XX'], ops['5XX']],
      [{ $ref: '#/components/responses/ClientError' }, { $ref: '#/components/responses/ServerError' }],
    );
  });

  test('a documented dependency marks its operations with security, 401 and its own errors', () => {
    const requireUser = documentDependency(() => undefined, { security: [{ bearer: [] }] });
    const requireAdmin = documentDependency(() => undefined, { errors: ['forbidden'] });
    const tags = collection('tag', { dependencies: [requireUser], deleteDependencies: [requireAdmin] });
    const doc = createOpenApiDocument([tags.getRouter({ prefix: '/tags' })], {
      info: { title: 't', version: '1' },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    });
    const get = operation(doc, 'get', '/tags');
    assert.deepEqual(get.security, [{ bearer: [] }]);
    assert.ok(statuses(get).includes(401) && !statuses(get).includes(403));
    assert.ok(statuses(operation(doc, 'delete', '/tags/{tag_id}')).includes(403));
    const unauthorized: Json = doc.components.responses.Unauthorized;
    assert.deepEqual(unauthorized.headers, { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } });
    assert.deepEqual(doc.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer' } });
    assert.deepEqual(doc.security, []);
    assert.equal(documentOf(collection('tag').getRouter({ prefix: '/tags' })).paths['/tags']?.get?.security, undefined);
  });

  test("a dependency's 401s claim a Bearer challenge only for a scheme that takes a bearer token", () => {
    const securitySchemes = {
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      basic: { type: 'http', scheme: 'basic' },
      bearer: { type: 'http', scheme: 'Bearer' },
      oauth: { type: 'oauth2', flows: {} },
    };
    const documentWith = (...docs: Parameters<typeof documentDependency>[1][]) => {
      const dependencies = docs.map((d) => documentDependency(() => undefined, d));
      const router = collection('tag', { dependencies }).getRouter({ prefix: '/tags' });
      return () => createOpenApiDocument([router], { info: { title: 't', version: '1' }, securitySchemes });
    };
    const refused: [SecurityRequirement[], string][] = [
      [[{ apiKey: [] }], 'apiKey (apiKey)'],
      [[{ basic: [] }], 'basic (http)'],
      [[{ apiKey: [] }, { basic: [] }], 'apiKey (apiKey), basic (http)'],
    ];
    for (const [security, types] of refused) {
      assert.throws(documentWith({ security: [{ bearer: [] }] }, { security }), {
        name: 'TypeError',
        message:
          `GET /tags: a dependency's 401s would claim "WWW-Authenticate: Bearer", but its schemes ${types} take ` +
          "no bearer token; give documentDependency its challenge (`challenge: 'ApiKey'`)",
      });
    }
    // Said by the dependency, a bearer-token scheme among its schemes, a scheme the document lacks, or none.
    documentWith({ security: [{ apiKey: [] }], challenge: 'ApiKey' })();
    documentWith({ security: [{ apiKey: [] }, { bearer: [] }] }, { security: [{ oauth: ['read'] }] })();
    documentWith({ security: [{ session: [] }] }, { security: [] })();
  });

  test('two dependencies that both declare security require both', () => {
    const a = documentDependency(() => undefined, { security: [{ bearer: [] }, { cookie: [] }] });
    const b = documentDependency(() => undefined, { security: [{ oauth: ['read'] }] });
    const doc = documentOf(collection('tag', { dependencies: [a, b] }).getRouter({ prefix: '/tags' }));
    assert.deepEqual(operation(doc, 'get', '/tags').security, [
      { bearer: [], oauth: ['read'] },
      { cookie: [], oauth: ['read'] },
    ]);
  });

  test('the headers and cookies documented dependencies read are parameters of the operations they guard', () => {
    const tenant = { in: 'header', name: 'X-Tenant', description: 'The tenant' } as const;
    const a = documentDependency(() => undefined, { parameters: [tenant, { in: 'cookie', name: 'session' }] });
    const b = documentDependency(() => undefined, { parameters: [{ in: 'header', name: 'x-tenant', required: true }] });
    const doc = documentOf(
      collection('tag', { dependencies: [a], deleteDependencies: [b] }).getRouter({ prefix: '/tags' }),
    );
    const read = (method: string, path: string) =>
      operation(doc, method, path).parameters.filter((p: Json) => p.in === 'header' || p.in === 'cookie');
    assert.deepEqual(read('get', '/tags'), [
      { in: 'header', name: 'X-Tenant', required: false, description: 'The tenant', schema: { type: 'string' } },
      { in: 'cookie', name: 'session', required: false, schema: { type: 'string' } },
    ]);
    // Declared twice in two spellings: once, required since one dependency requires it.
    assert.deepEqual(
      read('delete', '/tags/{tag_id}').map((p: Json) => [p.name, p.required]),
      [
        ['X-Tenant', true],
        ['session', false],
      ],
    );
    assert.throws(
      () => documentDependency(() => undefined, { parameters: [{ in: 'header', name: 'Authorization' }] }),
      /declare credentials as security/,
    );
    for (const [parameter, message] of [
      [{ in: 'header', name: 'X Tenant' }, /"X Tenant" is no header name/],
      [{ in: 'cookie', name: '' }, /"" is no cookie name/],
      [{ in: 'query', name: 'tenant' }, /a header or a cookie, not "query"/],
    ] as const) {
      assert.throws(() => documentDependency(() => undefined, { parameters: [parameter as never] }), message);
    }
  });

  test('two routers serving one path are refused: each would answer 405 for the methods of the other', () => {
    const reads = collection('tag', { disableCreate: true, disableUpdate: true, disableDelete: true });
    const creates = collection('tag', { disableGetMany: true, disableGetOne: true });
    const first = reads.getRouter({ prefix: '/tags' });
    const second = creates.getRouter({ prefix: '/tags' });
    assert.throws(() => documentOf(first, second), /Two routers serve \/tags: serve a path from one collection/);
    // The same requests under another parameter name, or a trailing slash, are one path.
    const users = collection('user', { disableGetMany: true, disableCreate: true, disableUpdate: true });
    const posts = collection('post', { disableGetMany: true, disableCreate: true, disableGetOne: true });
    const named = [users.getRouter({ prefix: '/users' }), posts.getRouter({ prefix: '/users' })];
    assert.throws(() => documentOf(...named), /Two routers serve \/users\/\{post_id\}/);
    const slashed = [reads.getRouter({ prefix: '/tags' }), reads.getRouter({ prefix: '/tags/' })];
    assert.throws(() => documentOf(...slashed), /Two routers serve \/tags\//);
    // One router twice, or two on one prefix serving other paths (the forum's `/users` and `/users/me`), is fine.
    assert.doesNotThrow(() => documentOf(first, first));
  });

  test('operation ids are short, unique in the document, and generateUniqueId still decides them', () => {
    const threads = collection('thread');
    const routers = [
      collection('category').addNestedCollection('/threads', threads).getRouter({ prefix: '/categories' }),
      collection('category').getRouter({ prefix: '/categories-again' }),
      collection('tag').getRouter({ prefix: '/tags' }),
    ];
    const doc = documentOf(...routers);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op: Json) => op.operationId));
    assert.equal(new Set(ids).size, ids.length);
    for (const id of [
      'listCategories',
      'getCategory',
      'createCategory',
      'updateCategory',
      'deleteCategory',
      'listCategoryThreads',
      'getCategoryThread',
      'createCategoryThread',
      'updateCategoryThread',
      'deleteCategoryThread',
      'listCategoriesAgain',
    ]) {
      assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
    }
    class Prefixed extends CRUDCollection {
      override generateUniqueId(route: Pick<CrudRoute, 'name' | 'path' | 'method'>) {
        return `forum_${super.generateUniqueId(route)}`;
      }
    }
    const custom = documentOf(new Prefixed({ ormAdapter: h.adapters.tag }).getRouter({ prefix: '/tags' }));
    assert.equal(operation(custom, 'get', '/tags').operationId, 'forum_listTags');
  });

  test('an item is named by its mount in the singular, whatever its table and key are called', () => {
    const sequelize = new Sequelize('sqlite::memory:', { logging: false });
    const options = { timestamps: false, freezeTableName: true };
    const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
    const users = sequelize.define('users', { id }, options);
    const posts = sequelize.define(
      'posts',
      { id, author_id: DataTypes.INTEGER, editor_id: DataTypes.INTEGER },
      options,
    );
    posts.belongsTo(users, { as: 'author', foreignKey: 'author_id' });
    posts.belongsTo(users, { as: 'editor', foreignKey: 'editor_id' });
    const on = (model: typeof users) => new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model }) });
    const root = on(users);
    for (const [path, relation] of [
      ['/authored-posts', 'author'],
      ['/edited-posts', 'editor'],
    ] as const) {
      root.addNestedCollection(path, on(posts), new NestedConfig({ relation }));
    }
    const doc = documentOf(root.getRouter({ prefix: '/users' }));
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op: Json) => op.operationId));
    for (const wanted of [
      'getUser',
      'updateUser',
      'createUser',
      'listUserAuthoredPosts',
      'getUserAuthoredPost',
      'updateUserEditedPost',
    ]) {
      assert.ok(ids.includes(wanted), `${wanted} in ${ids.join(', ')}`);
    }
  });

  test('HEAD, OPTIONS, 405 fillers and hidden routes stay out of the document', () => {
    const threads = collection('thread');
    // `routerKwargs`, the seed's name, is `routerOptions` too.
    for (const config of [
      new NestedConfig({ routerOptions: { includeInSchema: false } }),
      new NestedConfig({ routerKwargs: { includeInSchema: false } }),
    ]) {
      const nested = collection('category').addNestedCollection('/threads', collection('thread'), config);
      assert.deepEqual(Object.keys(documentOf(nested.getRouter()).paths), ['/', '/{category_id}']);
    }
    // Both at once, one would be dropped unseen, guards and all.
    const both = { routerOptions: { tags: ['x'] }, routerKwargs: { dependencies: [() => {}] } };
    assert.throws(() => new NestedConfig(both), /routerOptions or routerKwargs, not both/);
    const config = new NestedConfig({ routerOptions: { includeInSchema: false } });
    const doc = documentOf(collection('category').addNestedCollection('/threads', threads, config).getRouter());
    for (const item of Object.values(doc.paths)) {
      for (const method of Object.keys(item)) assert.ok(['get', 'post', 'patch', 'delete'].includes(method), method);
    }
  });
});

describe('field descriptions from the ORM', () => {
  test('a Sequelize attribute comment describes the field', () => {
    const sequelize = new Sequelize('sqlite::memory:', { logging: false });
    const note = sequelize.define(
      'note',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        title: { type: DataTypes.STRING(40), allowNull: false, comment: 'What the note is about' },
      },
      { tableName: 'note', timestamps: false },
    );
    const doc = documentOf(new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: note }) }).getRouter());
    const schemas: Json = doc.components.schemas;
    assert.equal(schemas.Note.properties.title.description, 'What the note is about');
    assert.equal(schemas.NoteCreate.properties.title.description, 'What the note is about');
    assert.equal(schemas.Note.properties.id.description, undefined);
    const filter = operation(doc, 'get', '/').parameters.find((p: Json) => p.name === 'title');
    assert.equal(filter.schema.type, 'string');
  });

  test('a TypeORM column comment describes the field', async () => {
    const NoteSchema = new EntitySchema<{ id: number; title: string }>({
      name: 'Note',
      tableName: 'note',
      columns: {
        id: { type: 'integer', primary: true, generated: 'increment' },
        title: { type: 'varchar', length: 40, comment: 'What the note is about' },
      },
    });
    const dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      driver: require('libsql'),
      entities: [NoteSchema],
    }).initialize();
    try {
      const adapter = new TypeORMAdapter({ dataSource, model: NoteSchema });
      const doc = documentOf(new CRUDCollection({ ormAdapter: adapter }).getRouter());
      const schemas: Json = doc.components.schemas;
      assert.equal(schemas.Note.properties.title.description, 'What the note is about');
      assert.equal(schemas.NoteUpdate.properties.title.description, 'What the note is about');
    } finally {
      await dataSource.destroy();
    }
  });
});
