/**
 * The examples the documentation shows (examples/docs/) do what the pages say
 * they do. Each builds its own app on its own in-memory database.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import Fastify from 'fastify';
import { inject } from 'light-my-request';
import { toFastify } from 'ormcrud/fastify';
import { Sequelize } from 'sequelize';
import * as drizzleExample from '../../examples/docs/adapters-drizzle.ts';
import * as sequelizeExample from '../../examples/docs/adapters-sequelize.ts';
import * as typeormExample from '../../examples/docs/adapters-typeorm.ts';
import { app as dependencies } from '../../examples/docs/dependencies.ts';
import { app as extraRoutes } from '../../examples/docs/extra-routes.ts';
import { app as fields } from '../../examples/docs/fields.ts';
import { app as me } from '../../examples/docs/me.ts';
import { app as nesting } from '../../examples/docs/nesting.ts';
import { app as openapi } from '../../examples/docs/openapi.ts';
import { app as querying } from '../../examples/docs/querying.ts';
import { app as security } from '../../examples/docs/security.ts';
import { app as subclass } from '../../examples/docs/subclass.ts';
import { app as tenants } from '../../examples/docs/tenants.ts';
import { app as typedRows } from '../../examples/docs/typed-rows.ts';

const apps = [
  dependencies,
  extraRoutes,
  fields,
  me,
  nesting,
  openapi,
  querying,
  security,
  subclass,
  tenants,
  typedRows,
];
after(() => Promise.all(apps.map((app) => app.close())));

const bearer = (id: number) => ({ authorization: `Bearer user-${id}` });
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/docs/${name}`, import.meta.url), 'utf8'));

test('docs adapters: Drizzle with a fixed db and with getSession', async () => {
  const app = Fastify();
  await app.register(toFastify(drizzleExample.categories.getRouter({ prefix: '/categories' })));
  await app.register(toFastify(drizzleExample.threads.getRouter({ prefix: '/threads' })));
  try {
    assert.deepEqual((await app.inject('/categories/2')).json(), { id: 2, name: 'Help', threads: null });
    const thread = await app.inject('/threads/3?include=category');
    assert.deepEqual(thread.json(), {
      id: 3,
      category_id: 2,
      title: 'Install fails',
      category: { id: 2, name: 'Help' },
      posts: null,
    });
  } finally {
    await app.close();
  }
});

test('docs adapters: TypeORM over a data source', async () => {
  const dataSource = await typeormExample.openSqliteDataSource(':memory:');
  await dataSource.synchronize();
  await crudRoundTrip(typeormExample.categoryCollection(dataSource), () => dataSource.destroy());
});

test('docs adapters: Sequelize over a model', async () => {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
  const collection = sequelizeExample.categoryCollection(sequelize);
  await sequelize.sync();
  await crudRoundTrip(collection, () => sequelize.close());
});

async function crudRoundTrip(
  collection: { getRouter: typeof drizzleExample.categories.getRouter },
  close: () => Promise<void>,
) {
  const app = Fastify();
  await app.register(toFastify(collection.getRouter({ prefix: '/categories' })));
  try {
    const created = await app.inject({ method: 'POST', url: '/categories', payload: { name: 'General' } });
    assert.equal(created.statusCode, 201);
    assert.deepEqual(created.json(), { id: 1, name: 'General' });
    assert.deepEqual((await app.inject('/categories?name=General')).json().data, [{ id: 1, name: 'General' }]);
  } finally {
    await app.close();
    await close();
  }
}

test('docs nesting: children are scoped to the parents in the URL', async () => {
  const threads = await nesting.inject('/categories/1/threads?sort=title');
  assert.deepEqual(
    threads.json().data.map((t: { title: string }) => t.title),
    ['Rules', 'Welcome'],
  );
  assert.equal((await nesting.inject('/categories/2/threads/1')).statusCode, 404);
  const created = await nesting.inject({
    method: 'POST',
    url: '/categories/1/threads/2/posts',
    payload: { author_id: 1, body: 'Be nice', thread_id: 3 },
  });
  assert.equal(created.statusCode, 201);
  assert.equal(created.json().thread_id, 2, 'the thread comes from the URL, not the body');
  const wrongParent = await nesting.inject({
    method: 'POST',
    url: '/categories/2/threads/2/posts',
    payload: { author_id: 1, body: 'Lost' },
  });
  assert.equal(wrongParent.statusCode, 404);
  assert.equal(wrongParent.json().code, 'parent_not_found');
  const moved = await nesting.inject({
    method: 'PATCH',
    url: '/categories/1/threads/2',
    payload: { category_id: 2, title: 'House rules' },
  });
  assert.equal(moved.statusCode, 200);
  const thread = await nesting.inject('/categories/1/threads/2');
  assert.deepEqual([thread.json().category_id, thread.json().title], [1, 'House rules'], 'PATCH cannot move it');
});

test('docs /me: the caller’s own user and posts, without an id in the path', async () => {
  assert.equal((await me.inject('/users/me')).statusCode, 401);
  const user = await me.inject({ url: '/users/me', headers: bearer(2) });
  assert.deepEqual(user.json(), { id: 2, username: 'brian', posts: null });
  const posts = await me.inject({ url: '/users/me/posts', headers: bearer(2) });
  assert.deepEqual(
    posts.json().data.map((p: { author_id: number }) => p.author_id),
    [2, 2],
  );
  const created = await me.inject({
    method: 'POST',
    url: '/users/me/posts',
    headers: bearer(1),
    payload: { thread_id: 1, body: 'Mine', author_id: 2 },
  });
  assert.equal(created.statusCode, 201);
  assert.equal(created.json().author_id, 1);
  const renamed = await me.inject({
    method: 'PATCH',
    url: '/users/me',
    headers: bearer(1),
    payload: { username: 'ada2', password_hash: 'mine now' },
  });
  assert.equal(renamed.statusCode, 200);
  assert.deepEqual((await me.inject({ url: '/users/me', headers: bearer(1) })).json().username, 'ada2');
  assert.equal((await me.inject({ method: 'DELETE', url: '/users/me', headers: bearer(1) })).statusCode, 405);
});

test('docs tenants: members only, on the tenant and below it; posts authored by the caller', async () => {
  const get = (url: string, user: number) => tenants.inject({ url, headers: bearer(user) });
  assert.deepEqual((await get('/categories', 1)).json().data, [{ id: 1, name: 'General', threads: null }]);
  assert.deepEqual((await get('/categories?id=2', 1)).json().count, 1, 'the list keeps to the caller');
  for (const url of ['/categories/1', '/categories/1/threads', '/categories/1/threads/1/posts']) {
    assert.deepEqual([(await get(url, 1)).statusCode, (await get(url, 2)).statusCode], [200, 404], url);
  }
  const post = (user: number, payload: object) =>
    tenants.inject({ method: 'POST', url: '/categories/1/threads/1/posts', headers: bearer(user), payload });
  const created = await post(1, { body: 'Mine', author_id: 2, thread_id: 3 });
  assert.equal(created.statusCode, 201);
  assert.deepEqual([created.json().author_id, created.json().thread_id], [1, 1]);
  assert.equal((await post(1, { author_id: 1 })).statusCode, 422, 'the declared body is validated');
  assert.equal((await post(2, { body: 'Not mine' })).statusCode, 404);
});

test('docs dependencies: 401 without a user, 403 for a delete by a non-admin', async () => {
  const anonymous = await dependencies.inject('/categories');
  assert.equal(anonymous.statusCode, 401);
  assert.match(String(anonymous.headers['content-type']), /^application\/problem\+json/);
  assert.equal((await dependencies.inject({ url: '/categories', headers: bearer(2) })).statusCode, 200);
  const created = await dependencies.inject({
    method: 'POST',
    url: '/categories',
    headers: bearer(2),
    payload: { name: 'Temp' },
  });
  const path = `/categories/${created.json().id}`;
  const denied = await dependencies.inject({ method: 'DELETE', url: path, headers: bearer(2) });
  assert.deepEqual([denied.statusCode, denied.json().code], [403, 'forbidden']);
  assert.equal((await dependencies.inject({ method: 'DELETE', url: path, headers: bearer(1) })).statusCode, 200);
});

test('docs field sets: the excluded field is accepted on create and never answered', async () => {
  const created = await fields.inject({
    method: 'POST',
    url: '/users',
    payload: { username: 'carol', password_hash: 'h' },
  });
  assert.equal(created.statusCode, 201);
  assert.deepEqual(created.json(), { id: 3, username: 'carol', posts: null });
  assert.ok(!(await fields.inject('/users')).body.includes('password_hash'));
  const tooShort = await fields.inject({ method: 'POST', url: '/categories', payload: { name: 'ab' } });
  assert.deepEqual(tooShort.json().errors, [{ path: 'body.name', message: 'must NOT have fewer than 3 characters' }]);
  const patched = await fields.inject({ method: 'PATCH', url: '/categories/1', payload: { name: 'Main' } });
  assert.deepEqual(patched.json(), { id: 1, name: 'Main', threads: null });
});

test('docs subclass: statics inherit, constructor options win, overrides run', async () => {
  const missing = await subclass.inject('/threads/99');
  assert.deepEqual([missing.statusCode, missing.json().detail], [404, 'There is no thread 99']);
  const created = await subclass.inject({
    method: 'POST',
    url: '/threads',
    payload: { category_id: 1, title: '  Spaced  ' },
  });
  assert.equal(created.json().title, 'Spaced');
  assert.equal((await subclass.inject({ method: 'DELETE', url: '/threads/1' })).statusCode, 405);
  const category = await subclass.inject({ method: 'POST', url: '/categories', payload: { name: 'Temp' } });
  const deleted = await subclass.inject({ method: 'DELETE', url: `/categories/${category.json().id}` });
  assert.equal(deleted.statusCode, 200);
});

test('docs typed rows: typed overrides and extra route run', async () => {
  const missing = await typedRows.inject('/threads/99');
  assert.deepEqual([missing.statusCode, missing.json().detail], [404, 'There is no thread 99']);
  const created = await typedRows.inject({
    method: 'POST',
    url: '/threads',
    payload: { category_id: 1, title: ' Hi ' },
  });
  assert.equal(created.json().title, 'Hi');
  const rename = (id: number, title: string) =>
    typedRows.inject({ method: 'POST', url: `/threads/${id}/rename`, payload: { title } });
  assert.deepEqual((await rename(1, 'Hello')).json(), { id: 1, title: 'Hello' });
  assert.equal((await typedRows.inject('/threads/1')).json().title, 'Hello');
  assert.equal((await rename(1, '')).statusCode, 422);
  assert.equal((await rename(99, 'Gone')).statusCode, 404);
});

test('docs extra routes: item and collection anchors', async () => {
  assert.deepEqual((await extraRoutes.inject('/categories/1/stats')).json(), { threads: 2 });
  const merge = (from: number, into: number) =>
    extraRoutes.inject({ method: 'POST', url: '/categories/merge', payload: { from, into } });
  assert.equal((await merge(1, 1)).statusCode, 422);
  assert.equal((await merge(2, 1)).statusCode, 204);
  assert.deepEqual((await extraRoutes.inject('/categories/1/stats')).json(), { threads: 3 });
  assert.equal((await extraRoutes.inject('/categories/2')).statusCode, 404);
});

test('docs querying: the page and the problem the pages show', async () => {
  const page = await querying.inject('/threads?sort=title&include=category&per_page=2');
  assert.deepEqual(page.json(), fixture('list-response.json'));
  assert.equal((await querying.inject('/threads')).json().per_page, 50);
  assert.equal((await querying.inject('/threads?per_page=1000')).statusCode, 200);
  const bad = await querying.inject('/threads?per_page=0&sort=nope&include=posts');
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(bad.json(), fixture('problem-422.json'));
});

test('docs OpenAPI: security from a documented dependency, its 401, a hidden router', async () => {
  const document = (await openapi.inject('/docs/json')).json();
  assert.deepEqual(document.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer' } });
  assert.deepEqual(Object.keys(document.paths).sort(), ['/categories', '/categories/{category_id}']);
  const list = document.paths['/categories'].get;
  assert.deepEqual(list.security, [{ bearer: [] }]);
  assert.deepEqual(list.responses['401'], { $ref: '#/components/responses/Unauthorized' });
  assert.deepEqual([list.operationId, list.tags], ['listCategories', ['categories']]);
  const denied = await openapi.inject('/categories');
  assert.deepEqual([denied.statusCode, denied.headers['www-authenticate']], [401, 'Bearer']);
  assert.equal((await openapi.inject('/internal/users/1')).statusCode, 200);
  assert.equal((await openapi.inject('/docs')).statusCode, 200);
});

test('docs security: no route answers the hash, no include reaches it, bodies are capped', async () => {
  assert.deepEqual((await security.inject('/users/1')).json(), { id: 1, username: 'ada', posts: null });
  assert.equal((await security.inject({ method: 'POST', url: '/users', payload: {} })).statusCode, 405);
  const author = await security.inject('/posts/1?include=author');
  assert.deepEqual(author.json().author, { id: 1, username: 'ada' });
  assert.ok(!author.body.includes('x1'));
  assert.equal((await security.inject('/posts/1?include=thread')).json().thread.title, 'Welcome');
  const big = await security.inject({
    method: 'PATCH',
    url: '/users/1',
    payload: { username: 'x'.repeat(70 * 1024) },
  });
  assert.deepEqual([big.statusCode, big.json().code], [413, 'payload_too_large']);
});

test('docs examples: every app answers unknown methods with 405 and an Allow header', async () => {
  const res = await nesting.inject({ method: 'PUT', url: '/categories/1' });
  assert.equal(res.statusCode, 405);
  assert.ok(String(res.headers.allow).includes('GET'));
});

test('docs frameworks: the router under /api on Hono and Express, with a body limit', async () => {
  const { app, hono } = await import('../../examples/docs/frameworks.ts');
  const listeners = [getRequestListener(hono.fetch), app];
  for (const listener of listeners) {
    const send = (method: string, url: string, payload?: object) =>
      inject(listener, { method: method as 'GET', url, ...(payload && { payload }) });
    const created = await send('POST', '/api/categories', { name: 'Mounted' });
    assert.equal(created.statusCode, 201);
    assert.equal(created.headers.location, `/api/categories/${created.json().id}`);
    assert.equal((await send('POST', '/api/categories', { name: 'x'.repeat(70_000) })).statusCode, 413);
    assert.equal((await send('GET', '/categories')).statusCode, 404);
  }
});
